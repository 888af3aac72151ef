"""gunicorn's settings for gm, in one module: ``gunicorn -c python:gm.gunicorn_conf
'gm.app:create_app()'`` (the Procfile) and ``gm serve`` (which adds ``--bind`` and ``--workers``
from its options) both load it. Each concern is one block below; a block reads only its own
environment variables. gunicorn imports this module in its master process: it must not import
gm's application (nor redis) — the workers load the app after forking.
"""

from __future__ import annotations

import os

from gm.env import int_env as _env_int

# ---------------------------------------------------------------- serving: slow and idle clients
# A connection costs a greenlet, never a worker: with the gevent worker class each worker process
# holds up to `worker_connections` connections at once, so clients that trickle their headers,
# sit idle on keep-alive, or hold a long poll or an event stream (gm/live.py: a wait or stream
# sleeps in its greenlet, woken by the process's one pub/sub connection) do not starve the others.
# A stream outlives graceful_timeout: on a restart it is cut and EventSource reconnects.
# gunicorn's gevent worker reads every request's line and headers under one deadline of
# `keepalive` seconds (the whole head, not per byte) and closes the connection past it, and an idle
# kept-alive connection is closed after the same time. CPU work (the AI) is shared between
# greenlets: the AI's budget clock yields between AI moves (gm/app.py), so a probe waits at most
# one AI move, not a whole budget. `GM_WORKER_CLASS=gthread` falls back to threads (then
# `GM_THREADS` threads per worker, each connection holding one while its headers arrive).
bind = f"{os.environ.get('GM_HOST', '127.0.0.1')}:{_env_int('PORT', 8000)}"
workers = _env_int("GM_WORKERS", 2)
worker_class = os.environ.get("GM_WORKER_CLASS", "").strip() or "gevent"
worker_connections = _env_int("GM_WORKER_CONNECTIONS", 1000)
threads = _env_int("GM_THREADS", 4)  # only for GM_WORKER_CLASS=gthread
keepalive = _env_int("GM_KEEPALIVE", 5)  # seconds: deadline for a request's head; idle keep-alive
timeout = 30  # a worker whose loop is blocked this long is killed and replaced
graceful_timeout = 10
limit_request_line = 4094  # bytes in the request line (a token path is ~80)
limit_request_fields = 50
limit_request_field_size = 8190
control_socket_disable = True  # gunicorn ≥ 25's runtime control socket: one per user, not needed
# ---------------------------------------------------------------- end of serving block


# ---------------------------------------------------------------- errors: gunicorn's own answers
# gunicorn's own 400/414/431 answers: problem+json instead of HTML (gm/gunicorn_errors.py)
from gm import gunicorn_errors  # noqa: E402

gunicorn_errors.install()
# ---------------------------------------------------------------- end of errors block


# ---------------------------------------------------------------- logging: no secrets in logs
# The access log on stdout, one line per request. Seat tokens and invites are cut out of every
# atom (request line, path, query, Referer); request headers are not logged (the operator key in
# Authorization never is); the error log is redacted too. See gm/requestlog.py.
accesslog = "-"
logger_class = "gm.requestlog.RedactingLogger"
access_log_format = '%(h)s %(t)s "%(r)s" %(s)s %(b)s %(M)sms "%(f)s" "%(a)s"'
# ---------------------------------------------------------------- end of logging block
