"""The public entry point of the HTTP app: ``gunicorn 'gm.app:create_app()'`` and
``flask --app gm.app run`` (the app itself is gm/frontends/http/app.py)."""

from gm.frontends.http.app import create_app

__all__ = ["create_app"]
