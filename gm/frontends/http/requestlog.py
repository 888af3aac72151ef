"""No secrets in logs: the ``gm`` logger (one structured line per request, no token), the headers
that keep token URLs out of caches and Referer headers, and gunicorn's logger with seat tokens,
invites and the operator key redacted (used by gm/frontends/http/gunicorn_conf.py).

A request's line, on the ``gm`` logger at INFO, is JSON::

    {"event": "request", "method": "POST", "route": "/play/<token>/moves", "status": 200,
     "ms": 4.1, "game_id": "0123456789abcdef"}

The route is the template, never the path; the game id (public: a spectator URL holds it) comes
from the path's token or game id. Every record of the ``gm`` logger passes through
:func:`gm.frontends.security.redact` and is written as one line (tracebacks included, escaped).
"""

from __future__ import annotations

import json
import logging
import os
import sys
import time
from typing import Any

from flask import Flask, Response, g, request
from gunicorn.glogging import Logger as GunicornLogger

from gm.frontends.security import has_secret, redact

log = logging.getLogger("gm")

# Operations whose answers hold a seat token or an invite although their URL does not.
TOKEN_ANSWERS = {"new_game", "join_game"}


class RedactFilter(logging.Filter):
    """Cuts every seat token and invite out of a record's message (formatted once, here)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if has_secret(message):
            record.msg, record.args = redact(message), None
        return True


class JsonLines(logging.Formatter):
    """One JSON object per record: a ``request`` line's fields as they are, any other record as
    ``{"level", "logger", "message", "exc"?}``; secrets redacted, tracebacks included."""

    def format(self, record: logging.LogRecord) -> str:
        fields = getattr(record, "gm_fields", None)
        out: dict[str, Any] = (
            dict(fields)
            if fields
            else {"level": record.levelname, "logger": record.name, "message": record.getMessage()}
        )
        if record.exc_info:
            out["exc"] = redact(self.formatException(record.exc_info))
        return json.dumps(out, ensure_ascii=False, default=str)


def configure_logging() -> None:
    """The ``gm`` logger writes JSON lines to stderr at GM_LOG_LEVEL (default INFO), once per
    process; left alone when something (a test runner, an operator) gave it handlers already."""
    if getattr(log, "_gm_configured", False):
        return
    log._gm_configured = True  # type: ignore[attr-defined]
    log.addFilter(RedactFilter())
    level = os.environ.get("GM_LOG_LEVEL", "INFO").strip().upper() or "INFO"
    log.setLevel(level if level in logging.getLevelNamesMapping() else "INFO")
    if not log.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(JsonLines())
        log.addHandler(handler)


def _game_id(view_args: dict[str, Any] | None) -> str | None:
    args = view_args or {}
    if args.get("game_id"):
        return str(args["game_id"])[:32]
    if args.get("token"):
        game_id, dot, _ = str(args["token"]).partition(".")
        return game_id[:32] if dot else None  # no dot: all of it may be the secret
    return None


def install(app: Flask) -> None:
    """The request line and the no-store / no-referrer headers, on every request of ``app``."""
    configure_logging()

    @app.before_request
    def _start() -> None:
        g.gm_started = time.perf_counter()

    @app.after_request
    def _finish(response: Response) -> Response:
        rule = request.url_rule.rule if request.url_rule is not None else None
        secret = (
            (rule is not None and "<token>" in rule)
            or (request.endpoint or "").rsplit(".", 1)[-1] in TOKEN_ANSWERS
            or has_secret(request.path)
        )
        if secret:
            response.headers["Cache-Control"] = "no-store"
            response.headers["Referrer-Policy"] = "no-referrer"
        started = g.get("gm_started")
        fields = {
            "event": "request",
            "method": request.method,
            "route": rule or "(no route)",
            "status": response.status_code,
            "ms": round((time.perf_counter() - started) * 1000, 1) if started else None,
            "game_id": _game_id(request.view_args),
        }
        log.info(
            "%s %s %s %sms",
            fields["method"],
            fields["route"],
            fields["status"],
            fields["ms"],
            extra={"gm_fields": fields},
        )
        return response


class RedactingLogger(GunicornLogger):
    """gunicorn's logger, with seat tokens and invites cut out of every access-log atom (the
    request line, path, query, Referer…), request headers other than a few harmless ones left
    out of the atoms (the Authorization header is never logged), and the error log redacted."""

    SAFE_HEADERS = frozenset({"user-agent", "content-type", "content-length", "x-request-id"})

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        for logger in (self.error_log, self.access_log):
            if not any(isinstance(f, RedactFilter) for f in logger.filters):
                logger.addFilter(RedactFilter())

    def atoms(self, resp: Any, req: Any, environ: Any, request_time: Any) -> dict[str, Any]:
        atoms = super().atoms(resp, req, environ, request_time)
        out: dict[str, Any] = {}
        for name, value in atoms.items():
            if name.startswith("{") and name.endswith("}i"):
                if name[1:-2] not in self.SAFE_HEADERS:
                    continue
            if name == "u":
                value = "-"  # Basic-auth user names are not logged either
            out[name] = redact(value) if isinstance(value, str) else value
        return out
