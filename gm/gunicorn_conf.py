"""The public path of gunicorn's settings: ``gunicorn --config python:gm.gunicorn_conf`` (the
settings themselves are gm/frontends/http/gunicorn_conf.py)."""

from gm.frontends.http.gunicorn_conf import *  # noqa: F403
