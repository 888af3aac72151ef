"""RFC 9457 problem details for every error the API gives: never HTML, never a stack trace."""

from __future__ import annotations

import logging
from typing import Any

import redis
from flask import Flask, Response, json
from werkzeug.exceptions import HTTPException

from gm.service import ServiceError
from gm.store import ConflictError

log = logging.getLogger("gm")

_HTTP_DETAILS = {
    404: "No such route. GET /rules lists the games; the README lists every route.",
    405: "This route does not take that method. The README lists every route with its method.",
    413: "The body is too large. Moves and requests are a few hundred bytes; send less.",
    415: "Send the body as JSON (Content-Type: application/json).",
}


def problem(status: int, title: str, detail: str, **extra: Any) -> Response:
    body = {"type": "about:blank", "title": title, "status": status, "detail": detail, **extra}
    return Response(
        json.dumps(body, ensure_ascii=False),
        status=status,
        mimetype="application/problem+json",
    )


def register(app: Flask) -> None:
    from gm.api import BodyError

    @app.errorhandler(BodyError)
    def _body(err: BodyError) -> Response:
        extra = {"errors": err.errors} if err.errors is not None else {}
        return problem(422, "Invalid request body", err.detail, **extra)

    @app.errorhandler(ServiceError)
    def _service(err: ServiceError) -> Response:
        return problem(err.status, err.title, err.detail, **err.extra)

    @app.errorhandler(ConflictError)
    def _conflict(err: ConflictError) -> Response:
        return problem(
            409,
            "Busy game",
            "Too many moves reached this game at once. GET the view, then resend your move.",
        )

    @app.errorhandler(redis.exceptions.ConnectionError)
    @app.errorhandler(redis.exceptions.TimeoutError)
    def _redis_down(err: Exception) -> Response:
        log.error("redis unavailable: %s", err)
        return problem(
            503,
            "Store unavailable",
            "The game store (Redis) cannot be reached right now. Try again shortly; "
            "nothing was changed.",
        )

    @app.errorhandler(HTTPException)
    def _http(err: HTTPException) -> Response:
        status = err.code or 500
        detail = _HTTP_DETAILS.get(status, err.description or err.name)
        response = problem(status, err.name, detail)
        if status == 405 and err.valid_methods:  # type: ignore[attr-defined]
            response.headers["Allow"] = ", ".join(err.valid_methods)  # type: ignore[attr-defined]
        return response

    @app.errorhandler(Exception)
    def _unexpected(err: Exception) -> Response:
        log.exception("unhandled error")
        return problem(
            500,
            "Internal error",
            "Something went wrong on our side. GET your view to see whether the move was "
            "applied before you send it again; please report this.",
        )
