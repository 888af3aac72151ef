"""The Flask application factory: ``gunicorn 'gm.app:create_app()'``."""

from __future__ import annotations

import time
from collections.abc import Callable

import redis
from flask import Flask, request

from gm import requestlog
from gm.ai import search
from gm.api.errors import problem, register
from gm.api.frontends import bp as frontends_bp
from gm.api.routes import bp
from gm.config import Settings
from gm.games.table import Budget
from gm.limits import Limiter
from gm.redis_server import client_for
from gm.security import bearer_ok, client_address
from gm.service import GameService
from gm.store import Store


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


def create_app(settings: Settings | None = None, client: redis.Redis | None = None) -> Flask:
    """Build the app. Without ``client``, connect to ``settings.redis_url`` (REDIS_URL)."""
    settings = settings or Settings.from_env()
    if client is None:
        if not settings.redis_url:
            raise RuntimeError(
                "REDIS_URL is not set. Run `gm serve` (it starts an embedded Redis server) or "
                "set REDIS_URL=redis://host:6379/0."
            )
        client = client_for(settings.redis_url)  # short connect timeout, explicit retries
    app = Flask("gm")
    app.config["MAX_CONTENT_LENGTH"] = settings.max_body_bytes
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    app.json.sort_keys = False  # type: ignore[attr-defined]
    store = Store(client, ttl_s=settings.game_ttl_s, idempotency_ttl_s=settings.idempotency_ttl_s)
    app.extensions["gm.settings"] = settings
    seconds = max(settings.ai_budget_ms, 1) / 1000
    # a strong move thinks GM_AI_THINK_MS, never more than a request's whole AI budget
    search.set_think_ms(min(settings.ai_think_ms, settings.ai_budget_ms))
    app.extensions["gm.service"] = GameService(
        store, budget=lambda: Budget(seconds=seconds, clock=_yielding_clock())
    )

    requestlog.install(app)  # the request line; no-store, no-referrer on token URLs

    if settings.api_key:
        key = settings.api_key

        @app.before_request
        def _require_key():  # type: ignore[no-untyped-def]
            if request.endpoint == "gm.health":
                return None  # /healthz reveals nothing: it answers without the key
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

    limiter = Limiter.from_settings(client, settings)
    app.extensions["gm.limiter"] = limiter

    @app.before_request
    def _limit():  # type: ignore[no-untyped-def]
        operation = (request.endpoint or "").rsplit(".", 1)[-1]
        address = client_address(request.remote_addr, request.headers, settings.trusted_proxies)
        refusal = limiter.check(operation, address, request.view_args or {})
        if refusal is None:
            return None
        response = problem(
            refusal.status, refusal.title, refusal.detail, retry_after=refusal.retry_after
        )
        response.headers["Retry-After"] = str(refusal.retry_after)
        return response

    register(app)
    app.register_blueprint(bp)  # every operation of gm/contract.py with a service call
    app.register_blueprint(frontends_bp)  # /openapi.json, /tools/*.json
    return app
