"""marshmallow schemas of a game's deal (in every view and result) and of its verification
(GET /games/<game_id>/verify). Re-exported by gm/contract/schemas.py."""

from __future__ import annotations

from marshmallow import Schema, fields


class DealSchema(Schema):
    fair = fields.Boolean(
        required=True,
        metadata={"description": "Whether no player could know or choose the deal (committed)."},
    )
    committed = fields.Boolean(
        required=True,
        metadata={"description": "Whether the server published a commitment to the deal."},
    )
    commitment = fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "SHA-256 (hex) over the server secret, the client seed and the game "
            "id (scheme gm-deal-v1); the same from creation to the end. Null when not committed."
        },
    )
    client_seed_given = fields.Boolean(
        required=True, metadata={"description": "Whether the creator gave a seed."}
    )
    scheme = fields.String(
        required=True, allow_none=True, metadata={"description": "The encoding: 'gm-deal-v1'."}
    )
    note = fields.String(required=True, metadata={"description": "What the deal is, in words."})


class RevealedDealSchema(DealSchema):
    server_secret = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "The server secret (64 hex digits), revealed at the end."},
    )
    client_seed = fields.Integer(
        required=True, allow_none=True, metadata={"description": "The seed the creator gave."}
    )
    engine_seed = fields.Integer(
        required=True, metadata={"description": "The seed the cards were dealt from."}
    )


class CheckSchema(Schema):
    check = fields.String(
        required=True, metadata={"description": "'commitment', 'engine_seed' or 'replay'."}
    )
    ok = fields.Boolean(
        required=True, allow_none=True, metadata={"description": "Matched (null: not applicable)."}
    )
    detail = fields.String(required=True, metadata={"description": "What matched or did not."})


class VerifyAnswerSchema(Schema):
    game_id = fields.String(required=True)
    game = fields.String(required=True)
    status = fields.String(required=True, metadata={"description": "'active' or 'finished'."})
    fair = fields.Boolean(required=True)
    committed = fields.Boolean(required=True)
    commitment = fields.String(required=True, allow_none=True)
    verified = fields.Boolean(
        required=True,
        allow_none=True,
        metadata={
            "description": "True: every check matched; false: one did not; null: the game "
            "is still running (or has nothing to verify)."
        },
    )
    checks = fields.List(fields.Nested(CheckSchema), required=True)
    deal = fields.Nested(
        RevealedDealSchema, required=True, allow_none=True, metadata={"description": "At the end."}
    )
    summary = fields.String(required=True, metadata={"description": "The verdict in one line."})
