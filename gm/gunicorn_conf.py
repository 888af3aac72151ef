"""gunicorn configuration of ``gm serve`` and the Procfile: ``gunicorn -c python:gm.gunicorn_conf``.
Command-line flags still override any setting here."""

from gm import gunicorn_errors

# gunicorn's own 400/414/431 answers: problem+json instead of HTML (gm/gunicorn_errors.py)
gunicorn_errors.install()
