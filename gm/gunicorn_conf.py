"""gunicorn's settings for gm: ``gunicorn -c python:gm.gunicorn_conf 'gm.app:create_app()'``, as
`gm serve` and the Procfile run it. Settings given on the command line override these.

Each part of issue 10 keeps its settings in its own section below, so they merge cleanly.
"""

# ---------------------------------------------------------------- logging: no secrets in logs
# The access log on stdout, one line per request. Seat tokens and invites are cut out of every
# atom (request line, path, query, Referer); request headers are not logged (the operator key in
# Authorization never is); the error log is redacted too. See gm/requestlog.py.
accesslog = "-"
logger_class = "gm.requestlog.RedactingLogger"
access_log_format = '%(h)s %(t)s "%(r)s" %(s)s %(b)s %(M)sms "%(f)s" "%(a)s"'
