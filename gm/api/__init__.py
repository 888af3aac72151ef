"""The HTTP API: translates HTTP ↔ service, nothing else."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request
from marshmallow import Schema, ValidationError

from gm.api.errors import problem
from gm.api.schemas import CreateGameSchema, JoinSchema, MoveSchema, first_error
from gm.service import GameService

bp = Blueprint("gm", __name__)

EXAMPLES = {
    "POST /games": {"game": "masul", "opponent": "ai"},
    "POST /games/<game_id>/join": {"invite": "<invite from POST /games>"},
    "POST /play/<token>/moves": {"move": "7♠ C3", "expected_version": 3},
}


def service() -> GameService:
    return current_app.extensions["gm.service"]


def _body(schema: Schema, example_key: str) -> dict[str, Any]:
    """Load the JSON body with ``schema``; any problem raises a 422 that shows a valid body."""
    example = EXAMPLES[example_key]
    data = request.get_json(force=True, silent=True)
    if not isinstance(data, dict):
        raise BodyError("The body must be a JSON object, for example " + _json(example) + ".")
    try:
        return schema.load(data)
    except ValidationError as err:
        raise BodyError(
            f"{first_error(err.messages)} A valid body looks like {_json(example)}.",
            errors=err.messages,
        ) from None


class BodyError(Exception):
    def __init__(self, detail: str, errors: Any = None):
        super().__init__(detail)
        self.detail = detail
        self.errors = errors


def _json(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False)


@bp.get("/healthz")
def healthz() -> Any:
    service().store.ping()
    return jsonify({"status": "ok", "redis": "ok"})


@bp.get("/rules")
def rules_catalogue() -> Any:
    return jsonify({"games": service().catalogue()})


@bp.get("/rules/<game>")
def rules(game: str) -> Any:
    answer = service().rules(game)
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
    return jsonify(answer)


@bp.post("/games")
def create_game() -> Any:
    body = _body(CreateGameSchema(), "POST /games")
    answer = service().create(**body)
    return jsonify(answer), 201


@bp.post("/games/<game_id>/join")
def join_game(game_id: str) -> Any:
    body = _body(JoinSchema(), "POST /games/<game_id>/join")
    return jsonify(service().join(game_id, body["invite"]))


@bp.get("/games/<game_id>")
def spectate(game_id: str) -> Any:
    return jsonify(service().spectate(game_id))


@bp.get("/games/<game_id>/history")
def game_history(game_id: str) -> Any:
    return jsonify(service().history(game_id=game_id))


@bp.get("/play/<token>")
def seat_view(token: str) -> Any:
    return jsonify(service().seat_view(token))


@bp.get("/play/<token>/board")
def seat_board(token: str) -> Any:
    return Response(service().board(token) + "\n", mimetype="text/plain")


@bp.get("/play/<token>/history")
def seat_history(token: str) -> Any:
    return jsonify(service().history(token=token))


@bp.post("/play/<token>/moves")
def play_move(token: str) -> Any:
    body = _body(MoveSchema(), "POST /play/<token>/moves")
    return jsonify(
        service().move(token, body["move"], body["expected_version"], body["idempotency_key"])
    )


__all__ = ["bp", "problem", "BodyError"]
