"""RFC 9457 problem details for every error the API gives: never HTML, never a stack trace.
The words come from the one error map (gm/contract/errors.py); only HTTP's own errors (unknown
route, wrong method, body too large) are worded here."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, json
from werkzeug.exceptions import HTTPException

from gm.contract.errors import Problem, problem_for, problem_type
from gm.frontends.http.offload import Offloaded

_HTTP_DETAILS = {
    404: "No such route. GET /rules lists the games; the README lists every route.",
    405: "This route does not take that method. The README lists every route with its method.",
    413: "The body is too large. Moves and requests are a few hundred bytes; send less.",
    415: "Send the body as JSON (Content-Type: application/json).",
}


def problem(status: int, title: str, detail: str, **extra: Any) -> Response:
    body = {"type": problem_type(title, status), "title": title, "status": status,
            "detail": detail, **extra}  # fmt: skip
    return Response(
        json.dumps(body, ensure_ascii=False),
        status=status,
        mimetype="application/problem+json",
    )


def render(p: Problem) -> Response:
    response = problem(p.status, p.title, p.detail, **p.extra)
    response.headers.update(p.headers)
    return response


def register(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def _http(err: HTTPException) -> Response:
        status = err.code or 500
        detail = _HTTP_DETAILS.get(status, err.description or err.name)
        response = problem(status, err.name, detail)
        if status == 405 and err.valid_methods:  # type: ignore[attr-defined]
            response.headers["Allow"] = ", ".join(err.valid_methods)  # type: ignore[attr-defined]
        return response

    @app.errorhandler(Offloaded)
    def _offloaded(err: Offloaded) -> Response:  # met in a helper process, worded there
        return render(err.problem)

    @app.errorhandler(Exception)
    def _any(err: Exception) -> Response:
        return render(problem_for(err))
