"""gunicorn's settings for gm, in one module, the only place they are written: ``gm serve`` runs
``gunicorn --config python:gm.gunicorn_conf`` with its options passed as the environment variables
read below (GM_HOST, PORT, GM_WORKERS, GM_THREADS), and the Procfile runs the same command with
no other flag. Each concern is one block below; a block reads only its own environment variables.
gunicorn imports this module in its master process: it must not import gm's application (nor
redis) — the workers load the app after forking.
"""

from __future__ import annotations

import os

from gm.settings.env import int_env as _env_int

# ---------------------------------------------------------------- serving: slow and idle clients
# A connection costs a greenlet, never a worker: with the gevent worker class each worker process
# holds up to `worker_connections` connections at once, so clients that trickle their headers,
# sit idle on keep-alive, or hold a long poll or an event stream (gm/play/live.py: a wait or stream
# sleeps in its greenlet, woken by the process's one pub/sub connection) do not starve the others.
# A stream outlives graceful_timeout: on a restart it is cut and EventSource reconnects.
# gunicorn's gevent worker reads every request's line and headers under one deadline of
# `keepalive` seconds (the whole head, not per byte) and closes the connection past it, and an idle
# kept-alive connection is closed after the same time. CPU work (the AI) is shared between
# greenlets: the AI's budget clock yields between AI moves (gm/frontends/http/app.py), so a probe
# waits at most one AI move, not a whole budget. `GM_WORKER_CLASS=gthread` falls back to threads
# (then `GM_THREADS` threads per worker, each connection holding one while its headers arrive).
wsgi_app = "gm.app:create_app()"
bind = f"{os.environ.get('GM_HOST', '').strip() or '127.0.0.1'}:{_env_int('PORT', 8000)}"
workers = _env_int("GM_WORKERS", 2)
# gunicorn's gevent worker, stopping fast (ends waits and streams first: gunicorn_worker.py)
worker_class = (
    os.environ.get("GM_WORKER_CLASS", "").strip() or "gm.frontends.http.gunicorn_worker.Worker"
)
# 5000: a crowd of 80 addresses at GM_CONN_PER_ADDRESS (64) each fits in one worker, and the
# others' connections still find room (the worker raises its open-files limit to the hard one)
worker_connections = _env_int("GM_WORKER_CONNECTIONS", 5000)
threads = _env_int("GM_THREADS", 4)  # only for GM_WORKER_CLASS=gthread
backlog = _env_int("GM_BACKLOG", 4096)  # connections waiting to be accepted (a crowd's burst)
keepalive = _env_int("GM_KEEPALIVE", 5)  # seconds: deadline for a request's head; idle keep-alive
timeout = 30  # a worker whose loop is blocked this long is killed and replaced
graceful_timeout = 4  # requests in flight finish (waits and streams end at once)
limit_request_line = 4094  # bytes in the request line (a token path is ~80)
limit_request_fields = 50
limit_request_field_size = 8190
# gunicorn ≥ 25's runtime control socket (for `gunicornc`) defaults to one path per user
# ($XDG_RUNTIME_DIR/gunicorn.ctl or ~/.gunicorn/gunicorn.ctl), which every gunicorn of that user
# would share — the last to start takes it, the first to stop deletes it. gm uses none.
control_socket_disable = True
# ---------------------------------------------------------------- end of serving block


# ---------------------------------------------------------------- errors: gunicorn's own answers
# gunicorn's own 400/414/431 answers: problem+json instead of HTML
# (gm/frontends/http/gunicorn_errors.py)
from gm.frontends.http import gunicorn_errors  # noqa: E402

gunicorn_errors.install()
# ---------------------------------------------------------------- end of errors block


# ---------------------------------------------------------------- logging: no secrets in logs
# The access log on stdout, one line per request. Seat tokens and invites are cut out of every
# atom (request line, path, query, Referer); request headers are not logged (the operator key in
# Authorization never is); the error log is redacted too. See gm/frontends/http/requestlog.py.
accesslog = "-"
logger_class = "gm.frontends.http.requestlog.RedactingLogger"
access_log_format = '%(h)s %(t)s "%(r)s" %(s)s %(b)s %(M)sms "%(f)s" "%(a)s"'
# ---------------------------------------------------------------- end of logging block
