"""The Flask application factory: ``gunicorn 'gm.app:create_app()'``
(gm/frontends/http/gunicorn_conf.py names it), and ``flask --app gm.app run`` (Flask finds
:func:`create_app`; without REDIS_URL it uses the embedded Redis server of GM_DATA_DIR, as ``gm
serve`` does)."""

from __future__ import annotations

import atexit
import os
import signal
import sys
import threading
import time
from collections.abc import Callable

import redis
from flask import Flask, Response, has_request_context, request
from werkzeug.datastructures import EnvironHeaders

from gm import composition
from gm.frontends.http import requestlog, turns
from gm.frontends.http.documents import bp as frontends_bp
from gm.frontends.http.errors import problem, register
from gm.frontends.http.events import bp as events_bp
from gm.frontends.http.mcp_door import bp as mcp_bp
from gm.frontends.http.routes import bp
from gm.frontends.security import bearer_ok, client_address
from gm.frontends.web import bp as pages_bp
from gm.games import search
from gm.play import work
from gm.settings import Settings
from gm.store.connect import client_for
from gm.store.fastjson import FastJSONProvider
from gm.store.ratelimits import PRICES


def _yielding_clock() -> Callable[[], float]:
    """A clock for one request's AI budget, read between AI moves: every 10 ms of AI work it
    sleeps 1 ms first, so under gunicorn's gevent workers (``time`` monkey-patched: a timer, so
    the event loop polls its sockets) other connections are served between AI moves instead of
    waiting for the whole budget; under threads it offers the GIL."""
    last = time.monotonic()

    def clock() -> float:
        nonlocal last
        now = time.monotonic()
        if now - last >= YIELD_EVERY_S:
            time.sleep(0.001)
            now = last = time.monotonic()
        return now

    return clock


YIELD_EVERY_S = 0.01
# answered without the operator key: the probes, and the documents (they hold no secret, and a
# GPT Action's importer cannot send a key)
OPEN_ENDPOINTS = frozenset(
    {
        "gm.health", "gm.readiness", "gm_frontends.get_openapi", "gm_frontends.get_openai_tools",
        "gm_frontends.get_anthropic_tools",
    }
)  # fmt: skip


def _lending_pause() -> Callable[[], None]:
    """What a search (a hint, a strong AI move) and a verify's replay call between steps
    (gm/games/search.py ``pause``): every 2 ms of their work, a ``sleep(0)`` — under gevent the
    other connections' ready work runs (nothing waits when none is); under threads the GIL is
    offered."""
    last = time.monotonic()

    def pause() -> None:
        nonlocal last
        now = time.monotonic()
        if now - last >= LEND_EVERY_S:
            time.sleep(0)
            last = time.monotonic()

    return pause


LEND_EVERY_S = 0.002


def _flask_cli_embedded(settings: Settings) -> str:
    """The URL of the embedded server of ``settings.data_dir`` for ``flask --app gm.app run``:
    the one already running there (a ``gm serve``, or the reloader's parent process), or one
    started now, supervised, and stopped when this process exits."""
    running = composition.running_at(settings.data_dir)
    if running:
        return running
    server = composition.start_embedded(settings)
    atexit.register(server.stop)
    if threading.current_thread() is threading.main_thread():
        # SIGTERM would end the process without atexit, leaving the server behind: exit instead.
        signal.signal(signal.SIGTERM, lambda _signum, _frame: sys.exit(0))
    print(
        f"gm: embedded Redis server at {server.url} (data in {server.data_dir})",
        file=sys.stderr,
        flush=True,
    )
    return server.url


def _connect(settings: Settings) -> redis.Redis:
    """A client for ``settings.redis_url`` (REDIS_URL); under ``flask run`` without it, for the
    embedded server; else stop with a message."""
    if settings.redis_url:
        url = settings.redis_url
    elif os.environ.get("FLASK_RUN_FROM_CLI") == "true":  # `flask --app gm.app run`
        url = _flask_cli_embedded(settings)
    else:
        raise SystemExit(
            "gm: REDIS_URL is not set. Run `gm serve` (it starts an embedded Redis server), "
            "or set REDIS_URL=redis://host:6379/0."
        )
    return waiting_pool(client_for(url))  # short connect timeout, explicit retries


#: Redis connections one worker opens at most. redis-py's plain pool refuses the next one ("Too
#: many connections": a 503); this one makes the request wait for a free connection, at most
#: POOL_WAIT_S, so a burst of thousands of requests (a crowd opening event streams) queues.
POOL_MAX = 100
POOL_WAIT_S = 10


def waiting_pool(client: redis.Redis) -> redis.Redis:
    """``client`` on a pool that waits for a free connection (a Redis Cluster client as is)."""
    if type(client) is not redis.Redis:  # a RedisCluster has a pool per node, unbounded
        return client
    pool = client.connection_pool
    if type(pool) is not redis.ConnectionPool:
        return client
    waiting = redis.BlockingConnectionPool(
        max_connections=POOL_MAX,
        timeout=POOL_WAIT_S,
        connection_class=pool.connection_class,
        **pool.connection_kwargs,
    )
    return redis.Redis(connection_pool=waiting)


def create_app(settings: Settings | None = None, client: redis.Redis | None = None) -> Flask:
    """Build the app. Without ``client``, connect to ``settings.redis_url`` (REDIS_URL); under
    ``flask run`` without it, to the embedded server; else stop with a message."""
    settings = settings or Settings.from_env()
    client = client if client is not None else _connect(settings)
    app = Flask("gm")
    app.json = FastJSONProvider(app)  # Flask's bytes, through orjson (gm/store/fastjson.py)
    app.config["MAX_CONTENT_LENGTH"] = settings.max_body_bytes
    app.json.ensure_ascii = False
    app.json.sort_keys = False
    app.extensions["gm.settings"] = settings
    parts = composition.build(  # the one composition root: store, use cases, AI budget, live hub
        settings,
        client,
        clock=_yielding_clock,
        address=lambda: (
            client_address(request.remote_addr, request.headers, settings.trusted_proxies)
            if has_request_context()
            else None
        ),
    )
    app.extensions["gm.service"] = parts.service
    if os.environ.get("GM_WORKER_HEADER") == "1":  # tests: which gunicorn worker answered

        @app.after_request
        def _worker(response: Response) -> Response:
            response.headers["X-GM-Worker"] = str(os.getpid())
            return response

    requestlog.install(app)  # the request line; no-store, no-referrer on token URLs

    if settings.api_key:
        key = settings.api_key

        @app.before_request
        def _require_key() -> Response | None:
            if request.endpoint in OPEN_ENDPOINTS:
                return None  # the probes and documents reveal nothing: no key wanted
            if settings.auth_mode and (request.endpoint or "").startswith("gm_mcp."):
                return None  # /mcp with sign-in: the MCP server checks the player's token
            if not bearer_ok(request.headers.get("Authorization"), key):
                response = problem(
                    401,
                    "Missing or wrong API key",
                    "This server wants the operator key: send the header "
                    "'Authorization: Bearer <GM_API_KEY>'.",
                )
                response.headers["WWW-Authenticate"] = 'Bearer realm="gm"'
                return response
            return None

    limiter = parts.limiter
    app.extensions["gm.limiter"] = limiter

    @app.before_request
    def _limit() -> Response | None:
        operation = (request.endpoint or "").rsplit(".", 1)[-1]
        address = client_address(request.remote_addr, request.headers, settings.trusted_proxies)
        refusal = limiter.check(operation, address, request.view_args or {})
        if refusal is None:
            work.start(prepaid=PRICES.get(operation, 0))  # what the request turns out to cost
            # a search (a hint, a strong AI move) lends the worker to others every 2 ms
            search.pause_between_iterations(_lending_pause())
            return None
        response = problem(
            refusal.status, refusal.title, refusal.detail, retry_after=refusal.retry_after
        )
        response.headers["Retry-After"] = str(refusal.retry_after)
        return response

    @app.after_request
    def _charge(response: Response) -> Response:
        owed = work.owed(work.stop())
        if owed:  # an AI move on a read, a hint through /say…: the next request meets it
            address = client_address(request.remote_addr, request.headers, settings.trusted_proxies)
            try:
                limiter.charge(address, request.view_args or {}, owed)
            except redis.exceptions.RedisError:  # answered already: the charge is best effort
                requestlog.log.warning("work of a request not counted", exc_info=True)
        return response

    # at most GM_TURNS_PER_ADDRESS requests of one address work at once (turns.py)
    app.wsgi_app = turns.middleware(  # type: ignore[method-assign]
        app.wsgi_app,
        lambda environ: client_address(
            environ.get("REMOTE_ADDR"), EnvironHeaders(environ), settings.trusted_proxies
        ),
    )
    register(app)
    app.register_blueprint(bp)  # every operation of gm/contract/operations.py with a service call
    app.register_blueprint(frontends_bp)  # /openapi.json, /tools/*.json
    app.register_blueprint(events_bp)  # /play/<token>/events, /games/<game_id>/events (SSE)
    app.register_blueprint(pages_bp)  # the pages for people: /, /watch/<id>, /seat, /join
    app.register_blueprint(mcp_bp)  # /mcp, relayed to gm serve's MCP server
    return app
