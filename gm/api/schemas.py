"""marshmallow schemas for every request body (unknown fields are rejected) and for the answers.

The answer schemas document the API (OpenAPI) and are what the tests check responses against.
"""

from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate


class _Strict(Schema):
    class Meta:
        unknown = RAISE


class SeatSpecSchema(_Strict):
    kind = fields.String(
        required=True,
        validate=validate.OneOf(["human", "ai"]),
        metadata={"description": "Who plays this seat: 'human' (gets a token) or 'ai'."},
    )
    level = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(min=1, max=40),
        metadata={"description": "AI level for an 'ai' seat (GET /rules/<game> lists them)."},
    )


class CreateGameSchema(_Strict):
    game = fields.String(
        required=True,
        validate=validate.Length(min=1, max=40),
        metadata={"description": "API name of the game, e.g. 'masul' (GET /rules lists them)."},
    )
    opponent = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.OneOf(["ai", "human"]),
        metadata={"description": "Two-seat shorthand: 'ai' (default) or 'human' (gets an invite)."},
    )
    ai_level = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(min=1, max=40),
        metadata={"description": "AI level with opponent 'ai'; default: the strongest."},
    )
    seats = fields.List(
        fields.Nested(SeatSpecSchema),
        load_default=None,
        allow_none=True,
        validate=validate.Length(min=1, max=8),
        metadata={"description": "The whole table in turn order, instead of 'opponent'."},
    )
    seat = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(min=1, max=40),
        metadata={"description": "Which seat the creator takes (default: the first human seat)."},
    )
    seed = fields.Integer(
        load_default=None,
        allow_none=True,
        strict=True,
        validate=validate.Range(min=0, max=2**63 - 1),
        metadata={
            "description": "Shuffle seed, for a reproducible game (default: random, secret)."
        },
    )
    options = fields.Dict(
        keys=fields.String(),
        load_default=None,
        allow_none=True,
        metadata={"description": "Game options by name (GET /rules/<game> lists them)."},
    )


class JoinSchema(_Strict):
    invite = fields.String(
        required=True,
        validate=validate.Length(min=1, max=200),
        metadata={"description": "The invite token from POST /games."},
    )


class MoveSchema(_Strict):
    move = fields.String(
        required=True,
        validate=validate.Length(min=1, max=500),
        metadata={
            "description": "The move as text, e.g. '7♠ C3 FD' or 'play the 10 of hearts "
            "face down in column 3'."
        },
    )
    expected_version = fields.Integer(
        load_default=None,
        allow_none=True,
        strict=True,
        metadata={"description": "Refuse (409) unless the game is still at this version."},
    )
    idempotency_key = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(min=1, max=200),
        metadata={"description": "Resending with the same key returns the first answer."},
    )


def first_error(messages: dict | list | str, path: str = "") -> str:
    """The marshmallow error dict as one readable sentence: 'seed: Not a valid integer.'"""
    if isinstance(messages, dict):
        parts = []
        for key, value in messages.items():
            sub = f"{path}.{key}" if path else str(key)
            parts.append(first_error(value, sub))
        return " ".join(parts)
    if isinstance(messages, list):
        texts = [m if isinstance(m, str) else first_error(m, path) for m in messages]
        return (
            f"{path}: {' '.join(texts)}"
            if path and all(isinstance(m, str) for m in messages)
            else " ".join(texts)
        )
    return f"{path}: {messages}" if path else str(messages)
