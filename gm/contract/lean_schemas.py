"""The lean answers' schemas (``api_version`` 2, the default: gm/play/compact.py) and the query
parameter that asks for the full shape instead (``api_version=1``, or the header
``GM-API-Version: 1``): the verdict, the events' texts, the board text, whose turn it is and the
legal moves described in one line. The full answers keep their schemas (gm/contract/schemas.py);
OpenAPI documents each of these operations' answer as either."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from gm.contract import schemas as s
from gm.play.compact import API_VERSION

VERSIONS = (1, API_VERSION)
HEADER = "GM-API-Version"

API_VERSION_PARAMETER: dict[str, Any] = {
    "name": "api_version",
    "in": "query",
    "required": False,
    "description": "The answer's shape: 2 (the default) the lean answer a model reads (verdict, "
    "events, board, whose turn, legal moves described in one line); 1 the full answer (state as "
    "JSON, seats, deal, every legal move listed up to 100). The header GM-API-Version does the "
    "same.",
    "schema": {"type": "integer", "enum": list(VERSIONS)},
}


class LeanResultSchema(Schema):
    winners = fields.List(fields.String(), required=True)
    draw = fields.Boolean(required=True)
    reason = fields.String(required=True)
    termination = fields.String(required=True)
    scores = fields.Dict(keys=fields.String(), values=fields.Float(), required=True)


class LeanViewSchema(Schema):
    board = fields.String(required=True, metadata={"description": "Board text; show it as is."})
    status = fields.String(
        validate=validate.Equal("finished"),
        metadata={"description": "'finished' once the game is over (absent while it runs)."},
    )
    to_move = fields.String(
        allow_none=True, metadata={"description": "Whose turn, when it is not yours."}
    )
    your_turn = fields.Boolean(metadata={"description": "Absent once the game is over."})
    version = fields.Integer(required=True, metadata={"description": "Send as expected_version."})
    legal_moves_text = fields.String(
        metadata={
            "description": "Your turn: the legal moves in one line, e.g. '{7♣|8♣} C1–C7 [FD]; "
            "EXCHANGE' ({a|b} one of, [x] may be added, C1–C7 a range)."
        }
    )
    result = fields.Nested(LeanResultSchema, metadata={"description": "Once it is over."})
    rematch = fields.String(metadata={"description": "The rematch's game id, once one started."})
    deadline = fields.String(metadata={"description": "Who must move by when, or forfeit."})
    waiting_for = fields.String(metadata={"description": "The seats nobody has taken yet."})
    events = fields.List(
        fields.String(), metadata={"description": "After a wait: what happened since."}
    )


class LeanMoveAnswerSchema(LeanViewSchema):
    legal = fields.Boolean(required=True, metadata={"description": "Whether the move was played."})
    move = fields.String(metadata={"description": "Canonical form of the accepted move."})
    kind = fields.String(metadata={"description": "'unparsable', 'illegal' or 'ambiguous'."})
    reason = fields.String(metadata={"description": "Why the move was refused."})
    hint = fields.String(metadata={"description": "What would be accepted."})
    rule = fields.String(metadata={"description": "The rule the move breaks."})
    candidates = fields.List(
        fields.String(),
        metadata={
            "description": "For ambiguous moves; on a chat answer, also the one move a remark "
            "was read as, asked back before it is played ('yes' plays it)."
        },
    )
    events = fields.List(
        fields.String(), required=True, metadata={"description": "What happened, in order."}
    )


class LeanResignAnswerSchema(LeanViewSchema):
    resigned = fields.Boolean(required=True)
    events = fields.List(fields.String(), required=True)


class LeanHintAnswerSchema(LeanViewSchema):
    suggestion = fields.String(allow_none=True, required=True)
    reason = fields.String(required=True)
    reply = fields.String(required=True)


class LeanSayAnswerSchema(LeanMoveAnswerSchema):
    legal = fields.Boolean()
    events = fields.List(fields.String())
    intent = fields.String(
        metadata={"description": "What the message was read as (absent for a move: see legal)."}
    )
    reply = fields.String(required=True, metadata={"description": "Relay it as is."})
    resigned = fields.Boolean()
    history = fields.List(fields.Nested(s.HistoryEntrySchema))
    rules = fields.String()
    suggestion = fields.String(allow_none=True)
    token = fields.String()
    rematch_of = fields.String()
    first_claim = fields.Boolean()
    invites = fields.Dict(keys=fields.String(), values=fields.String())


class LeanCreateAnswerSchema(Schema):
    game_id = fields.String(required=True)
    token = fields.String(metadata={"description": "Your seat token: keep it secret."})
    invites = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        metadata={"description": "Seat name → invite for each other human seat."},
    )
    seed = fields.Integer()
    events = fields.List(fields.String())
    view = fields.Nested(LeanViewSchema, required=True)


class LeanRematchAnswerSchema(LeanCreateAnswerSchema):
    rematch_of = fields.String(allow_none=True)
    first_claim = fields.Boolean()
    reply = fields.String()


# operation → its lean answer's schema
LEAN: dict[str, type[Schema]] = {
    "new_game": LeanCreateAnswerSchema,
    "join_game": LeanCreateAnswerSchema,
    "rematch": LeanRematchAnswerSchema,
    "spectate_game": LeanViewSchema,
    "view_game": LeanViewSchema,
    "wait_for_turn": LeanViewSchema,
    "suggest_move": LeanHintAnswerSchema,
    "play_move": LeanMoveAnswerSchema,
    "say": LeanSayAnswerSchema,
    "resign": LeanResignAnswerSchema,
}
