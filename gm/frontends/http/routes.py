"""The HTTP routes, generated from gm/contract/operations.py: one generic view per operation — the
path arguments and the JSON body (loaded with the operation's schema) go to the operation's service
call, and the answer comes back as JSON with the operation's success status.

What only HTTP has is here: the text answers (``GET /play/<token>/board`` as text/plain, the rules
as text/markdown with ``?format=text``) and the board pictures (``board.svg``, image/svg+xml,
``Cache-Control: no-store``). Operations whose call is None (gm's own documents) get
their views from gm/frontends/http/documents.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request
from werkzeug.exceptions import UnsupportedMediaType

from gm.contract.arguments import load_body, load_query
from gm.contract.errors import InvalidArguments
from gm.contract.inputs import parse_json
from gm.contract.lean_schemas import HEADER, LEAN, VERSIONS
from gm.contract.operations import OPERATIONS, Operation
from gm.frontends.http import offload
from gm.frontends.http.errors import problem
from gm.frontends.security import client_address
from gm.play.compact import API_VERSION, lean
from gm.play.service import GameService

bp = Blueprint("gm", __name__)


def service() -> GameService:
    return current_app.extensions["gm.service"]


def _rules(op: Operation, answer: dict[str, Any]) -> Any:
    fmt = request.args.get("format", "json")
    if fmt not in ("json", "text"):
        return problem(
            422,
            "Invalid format",
            f"'format' must be 'text' (the rules as Markdown) or 'json' (the default), "
            f"not {fmt!r}.",
        )
    if "text/markdown" in request.headers.get("Accept", "") or fmt == "text":
        return Response(answer["rules"], mimetype="text/markdown")
    return jsonify(answer), op.status


def _text(op: Operation, answer: str) -> Any:
    return Response(answer + "\n", mimetype="text/plain", status=op.status)


def _picture(op: Operation, answer: str) -> Any:
    """A board picture: a live position, never kept by a cache."""
    response = Response(answer, mimetype=op.media_type, status=op.status)
    response.headers["Cache-Control"] = "no-store"
    return response


def _json(op: Operation, answer: Any) -> Any:
    return jsonify(answer), op.status


# How an answer becomes a response, where it is not JSON with the success status.
RESPONDERS: dict[str, Callable[[Operation, Any], Any]] = {
    "get_rules": _rules,
    "get_board": _text,
    "get_board_svg": _picture,
    "get_spectator_board_svg": _picture,
}


def view_for(op: Operation) -> Callable[..., Any]:
    respond = RESPONDERS.get(op.name, _json)

    shaped = op.name in LEAN

    def view(**path_args: str) -> Any:
        version = api_version() if shaped else None
        body = load_body(op, _json_body(op)) if op.body is not None else {}
        query = load_query(op, request.args)
        # a hint or a verify runs in a helper process of lower priority (offload.py)
        answer = offload.call(op, service(), {**path_args, **query, **body}, _address())
        if version is None:
            return respond(op, answer)
        response = current_app.make_response(
            respond(op, lean(answer) if version == API_VERSION else answer)
        )
        response.headers[HEADER] = str(version)
        return response

    view.__name__ = op.name
    return view


def _address() -> str | None:
    settings = current_app.extensions["gm.settings"]
    return client_address(request.remote_addr, request.headers, settings.trusted_proxies)


def api_version() -> int:
    """The answer's shape the request asks for: ``?api_version=`` or the ``GM-API-Version``
    header, 2 (lean) when neither; anything else is refused before any work."""
    raw = request.args.get("api_version") or request.headers.get(HEADER) or str(API_VERSION)
    if raw.strip() not in {str(v) for v in VERSIONS}:
        raise InvalidArguments(
            f"api_version: must be 1 (the full answer) or 2 (the lean one, the default), not "
            f"{raw[:20]!r}."
        )
    return int(raw)


def _json_body(op: Operation) -> Any:
    """The body read as JSON, only when it says it is (``application/json`` or ``…+json``): a
    text/plain or form body, which any web page can make its visitors' browsers send without a
    CORS preflight, is refused (415) before it is read, so no other site can create games or
    play in a visitor's name."""
    raw = request.get_data()
    if not op.body_required and not raw:
        return None  # an optional body left out (resign's: its token is the secret)
    if not _is_json(request.mimetype):
        raise UnsupportedMediaType()
    return parse_json(raw)


def _is_json(mimetype: str) -> bool:
    return mimetype == "application/json" or (
        mimetype.startswith("application/") and mimetype.endswith("+json")
    )


for _op in OPERATIONS:
    if _op.call is not None:
        bp.add_url_rule(_op.path, _op.name, view_for(_op), methods=[_op.method])


@bp.after_app_request
def _bare_options(response: Response) -> Response:
    """Flask answers OPTIONS itself, with an empty text/html 200: make it an empty 204 that keeps
    its ``Allow`` header (never HTML)."""
    if (
        request.method == "OPTIONS"
        and response.status_code == 200
        and not response.is_streamed
        and not response.get_data()
    ):
        response.status_code = 204
        response.headers.pop("Content-Type", None)
    return response
