"""marshmallow schemas for every request body (unknown fields are rejected) and for the answers.

The answer schemas document the API (OpenAPI) and are what the tests check responses against.
"""

from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate

from gm.contract.deal_schemas import (  # noqa: F401 (re-exported)
    CheckSchema,
    DealSchema,
    RevealedDealSchema,
    VerifyAnswerSchema,
)
from gm.play.answers import HISTORY_LIMIT, HISTORY_MAX_LIMIT
from gm.play.chat.language import LANGUAGES


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
        metadata={"description": "AI level for an 'ai' seat (get_rules lists them)."},
    )


class CreateGameSchema(_Strict):
    game = fields.String(
        required=True,
        validate=validate.Length(min=1, max=40),
        metadata={
            "description": "API name of the game, e.g. 'masul' (list_games lists them).",
            # OpenAPI: the registered names as an enum (gm/contract/openapi.py)
            "x-gm-enum": "games",
        },
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
    illegal_move_limit = fields.Integer(
        load_default=None,
        allow_none=True,
        strict=True,
        validate=validate.Range(min=1, max=1000),
        metadata={
            "description": "Invalid-move policy: a seat forfeits after this many illegal or "
            "unreadable moves (default: null, no limit)."
        },
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
        metadata={
            "description": "Game options by name (get_rules lists them); a null value means "
            "the option's default.",
            "x-gm-options": True,  # OpenAPI: every registered game's options as properties
        },
    )


class JoinSchema(_Strict):
    invite = fields.String(
        required=True,
        validate=validate.Length(min=1, max=200),
        metadata={"description": "The invite from new_game."},
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


class ResignSchema(_Strict):
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


# ---------------------------------------------------------------- answers
# (the deal's and its verification's schemas are in gm/contract/deal_schemas.py)


class ProblemSchema(Schema):
    type = fields.String(
        metadata={
            "description": "The problem type: a URI of gm's problem list (docs/problems.md), or "
            "'about:blank' when the title is the HTTP status's own phrase."
        }
    )
    title = fields.String(required=True, metadata={"description": "Short summary of the problem."})
    status = fields.Integer(required=True, metadata={"description": "The HTTP status code."})
    detail = fields.String(required=True, metadata={"description": "How to fix the call."})
    errors = fields.Dict(metadata={"description": "Field-by-field validation messages."})
    version = fields.Integer(metadata={"description": "The game's current version (on 409)."})
    redis = fields.Dict(metadata={"description": "On readiness's 503: the store's kind, state."})


class SeatSchema(Schema):
    name = fields.String(required=True, metadata={"description": "Seat name, e.g. 'row3'."})
    label = fields.String(
        required=True,
        metadata={"description": "The seat as the board and replies name it, e.g. 'Row 3'."},
    )
    kind = fields.String(required=True, metadata={"description": "'human' or 'ai'."})
    level = fields.String(allow_none=True, metadata={"description": "AI level, for AI seats."})
    joined = fields.Boolean(required=True, metadata={"description": "Whether a player holds it."})
    illegal_attempts = fields.Integer(
        required=True,
        metadata={
            "description": "Illegal or unreadable moves this seat has sent so far (counted only "
            "with an illegal_move_limit; without one a refused move changes nothing)."
        },
    )
    illegal_attempts_left = fields.Integer(
        allow_none=True,
        metadata={"description": "How many more before the seat forfeits (null: no limit)."},
    )


class EventSchema(Schema):
    seat = fields.String(allow_none=True, metadata={"description": "Who acted (none: the game)."})
    kind = fields.String(required=True, metadata={"description": "What sort of event."})
    text = fields.String(required=True, metadata={"description": "What happened, in notation."})


class ResultSchema(Schema):
    winners = fields.List(fields.String(), required=True)
    draw = fields.Boolean(required=True)
    reason = fields.String(required=True, metadata={"description": "Why the game ended so."})
    termination = fields.String(
        required=True,
        validate=validate.OneOf(["rules", "resignation", "illegal-moves", "move-cap", "timeout"]),
        metadata={
            "description": "What ended it: 'rules', 'resignation', 'illegal-moves' (the "
            "illegal-move limit), 'move-cap' (the game's move cap, a draw) or 'timeout' (the "
            "seat to move let its turn deadline pass)."
        },
    )
    scores = fields.Dict(keys=fields.String(), values=fields.Float(), required=True)
    seed = fields.Integer(metadata={"description": "The shuffle seed, revealed at the end."})
    deal = fields.Nested(
        RevealedDealSchema,
        metadata={"description": "The deal's revealed values; check them with verify_deal."},
    )


class DeadlineSchema(Schema):
    seat = fields.String(required=True, metadata={"description": "The seat that must move."})
    at = fields.String(required=True, metadata={"description": "By when (UTC, ISO 8601)."})
    text = fields.String(required=True, metadata={"description": "The deadline, to relay."})


class WaitingSchema(Schema):
    seats = fields.List(fields.String(), required=True)
    text = fields.String(required=True, metadata={"description": "Whom the game waits for."})


class ViewSchema(Schema):
    game_id = fields.String(required=True)
    game = fields.String(required=True)
    seat = fields.String(required=True, metadata={"description": "Whose view ('spectator')."})
    status = fields.String(required=True, metadata={"description": "'active' or 'finished'."})
    to_move = fields.String(allow_none=True, metadata={"description": "Seat to act, if any."})
    your_turn = fields.Boolean(required=True)
    version = fields.Integer(required=True, metadata={"description": "Send as expected_version."})
    board = fields.String(required=True, metadata={"description": "Board text; show it as is."})
    state = fields.Dict(required=True, metadata={"description": "The board as structured data."})
    legal_moves = fields.List(
        fields.String(),
        required=True,
        metadata={
            "description": "Canonical legal moves, at most 100 (legal_moves_total counts all the "
            "listed ones; legal_moves_rule, when set, says which other moves are legal)."
        },
    )
    legal_moves_total = fields.Integer(
        required=True,
        metadata={"description": "How many legal moves there are to list (may exceed 100)."},
    )
    legal_moves_rule = fields.String(
        allow_none=True,
        required=True,
        metadata={
            "description": "Null when legal_moves is every legal move; else a sentence saying "
            "which moves are legal beyond the list."
        },
    )
    legal_moves_text = fields.String(
        required=True,
        metadata={
            "description": "The legal moves in one line: {a|b} one of, [x] may be added, C1–C7 "
            "a range (what the lean answer, api_version 2, gives instead of the list)."
        },
    )
    seats = fields.List(fields.Nested(SeatSchema), required=True)
    result = fields.Nested(ResultSchema, allow_none=True, required=True)
    deal = fields.Nested(DealSchema, required=True, metadata={"description": "Is the deal fair?"})
    events = fields.List(
        fields.Nested(EventSchema),
        metadata={
            "description": "In a wait answer (?wait=, wait_for_turn): the events written since "
            "the version the caller had (after_version, or the version when the wait began)."
        },
    )
    deadline = fields.Nested(
        DeadlineSchema,
        allow_none=True,
        metadata={
            "description": "The seat to move's turn deadline (option turn_timeout): it forfeits "
            "by time after it. Null when none runs."
        },
    )
    waiting_for = fields.Nested(
        WaitingSchema,
        allow_none=True,
        metadata={"description": "Human seats not taken yet (the game waits for them), or null."},
    )
    rematch = fields.String(
        allow_none=True,
        metadata={"description": "The rematch's game id once one started (ask rematch to play)."},
    )


class HintAnswerSchema(ViewSchema):
    suggestion = fields.String(
        allow_none=True,
        required=True,
        metadata={"description": "The coach's suggested move (canonical text), or null."},
    )
    reason = fields.String(required=True, metadata={"description": "Why, in one line."})
    reply = fields.String(required=True, metadata={"description": "A line to relay as is."})


class MoveAnswerSchema(ViewSchema):
    legal = fields.Boolean(required=True, metadata={"description": "Whether the move was played."})
    input = fields.String(required=True, metadata={"description": "The text that was sent."})
    move = fields.String(metadata={"description": "Canonical form of the accepted move."})
    kind = fields.String(
        metadata={
            "description": "'unparsable', 'illegal', 'ambiguous' or 'confirm' (legal, with a "
            "risk: not played until the text in 'candidates' is sent)."
        }
    )
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
    events = fields.List(fields.Nested(EventSchema), required=True)


class ResignAnswerSchema(ViewSchema):
    resigned = fields.Boolean(required=True, metadata={"description": "Always true."})
    events = fields.List(
        fields.Nested(EventSchema),
        required=True,
        metadata={"description": "The resignation, as the game's event."},
    )


class CreateAnswerSchema(Schema):
    game_id = fields.String(required=True)
    game = fields.String(required=True)
    seat = fields.String(metadata={"description": "The creator's seat."})
    token = fields.String(metadata={"description": "The creator's seat token: keep it secret."})
    invites = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        required=True,
        metadata={"description": "Seat name → invite for each other human seat."},
    )
    seed = fields.Integer(metadata={"description": "Echoed when a seed was given."})
    seats = fields.List(fields.Nested(SeatSchema), required=True)
    events = fields.List(fields.Nested(EventSchema), required=True)
    view = fields.Nested(ViewSchema, required=True)


class RematchAnswerSchema(CreateAnswerSchema):
    seat = fields.String(required=True, metadata={"description": "Your seat in the rematch."})
    token = fields.String(required=True, metadata={"description": "Your new seat token."})
    rematch_of = fields.String(allow_none=True, metadata={"description": "The finished game."})
    first_claim = fields.Boolean(
        required=True, metadata={"description": "False when this seat had its token already."}
    )
    reply = fields.String(required=True, metadata={"description": "A sentence to relay as is."})


class JoinAnswerSchema(Schema):
    game_id = fields.String(required=True)
    game = fields.String(required=True)
    seat = fields.String(required=True)
    token = fields.String(required=True, metadata={"description": "Your seat token."})
    view = fields.Nested(ViewSchema, required=True)


class HistoryEntrySchema(Schema):
    n = fields.Integer(required=True, metadata={"description": "Ply number, from 1."})
    seat = fields.String(required=True)
    events = fields.List(fields.String(), required=True)
    move = fields.String(metadata={"description": "Canonical move (your own moves only)."})


#: The largest ``after`` of a history page: JSON's exact integers (Redis's list indexes are 64-bit,
#: so 2**63 and above would be its error, not an empty page).
HISTORY_MAX_AFTER = 2**53 - 1


class HistoryQuerySchema(_Strict):
    """The query parameters of the history routes (and the same tool arguments)."""

    after = fields.Integer(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=0, max=HISTORY_MAX_AFTER),  # Redis indexes are 64-bit
        metadata={
            "description": "Page forward: the entries numbered after this n (0: from the "
            "start). Not given: the last page (the most recent entries)."
        },
    )
    limit = fields.Integer(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=1, max=HISTORY_MAX_LIMIT),
        metadata={
            "description": f"Entries per page, 1..{HISTORY_MAX_LIMIT} (default "
            f"{HISTORY_LIMIT}); a page also stops before 8 KB of entries."
        },
    )


class HistorySchema(Schema):
    game_id = fields.String(required=True)
    game = fields.String(required=True)
    viewer = fields.String(required=True)
    moves = fields.List(
        fields.Nested(HistoryEntrySchema),
        required=True,
        metadata={"description": "One page of the log, oldest first."},
    )
    total = fields.Integer(required=True, metadata={"description": "Entries in the whole log."})
    next_after = fields.Integer(
        allow_none=True,
        required=True,
        metadata={"description": "Pass as 'after' for the next page; null: no later entries."},
    )
    previous_after = fields.Integer(
        allow_none=True,
        required=True,
        metadata={
            "description": "Pass as 'after' for the page before this one; null: this page "
            "starts at entry 1."
        },
    )


# ------------------------------------------------------- chat text (POST /play/<token>/say)

SAY_LANGUAGES = LANGUAGES  # the chat's languages


class SaySchema(_Strict):
    text = fields.String(
        required=True,
        validate=validate.Length(min=1, max=500),
        metadata={
            "description": "A chat message: a move in any phrasing the game reads (e.g. 'play "
            "the 7 of spades face down in column 3') or a request: 'board', 'legal moves', "
            "'whose turn', 'history', 'rules', 'resign', 'help'."
        },
    )
    expected_version = fields.Integer(
        load_default=None,
        allow_none=True,
        strict=True,
        metadata={"description": "For a move: refuse (409) unless the game is at this version."},
    )
    idempotency_key = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(min=1, max=200),
        metadata={
            "description": "For a move or resign: a resend with the same key is answered "
            "with the first answer."
        },
    )
    language = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.OneOf(SAY_LANGUAGES),
        metadata={
            "description": "The language of this seat's replies from now on: 'en', 'ko' or "
            "'es'. Kept with the seat; wins over the language of the messages. Null: unchanged."
        },
    )


class SayAnswerSchema(MoveAnswerSchema):
    intent = fields.String(
        required=True,
        metadata={
            "description": "What the message was read as: 'move' (only a try at a move can be "
            "an illegal attempt), 'board', 'legal', 'hint', 'status', 'score', 'history', "
            "'rules', 'help', 'question', 'chat', 'unclear', 'undo', 'new_game', 'rematch' or "
            "'resign' (without 'resigned': asks for confirmation, 'yes, resign' resigns)."
        },
    )
    reply = fields.String(
        required=True, metadata={"description": "A short answer to relay to the player as is."}
    )
    legal = fields.Boolean(metadata={"description": "For a move: whether it was played."})
    input = fields.String(metadata={"description": "For a move: the text that was sent."})
    events = fields.List(
        fields.Nested(EventSchema), metadata={"description": "What happened (moves, resign)."}
    )
    resigned = fields.Boolean(metadata={"description": "True after a resignation."})
    history = fields.List(
        fields.Nested(HistoryEntrySchema),
        metadata={"description": "For 'history': the last 12 entries of the log."},
    )
    rules = fields.String(
        metadata={
            "description": "For 'rules': the rules text (Markdown), its first 5,000 characters."
        }
    )
    suggestion = fields.String(
        allow_none=True, metadata={"description": "For 'hint': the coach's suggested move."}
    )
    reason = fields.String(metadata={"description": "For 'hint': why, in one line."})
    token = fields.String(metadata={"description": "For 'rematch': your new seat token."})
    rematch_of = fields.String(metadata={"description": "For 'rematch': the finished game."})
    first_claim = fields.Boolean(metadata={"description": "For 'rematch': a new token or not."})
    invites = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        metadata={"description": "For 'rematch': invites for seats that never joined."},
    )


# The catalogue's and the documents' schemas live in gm/contract/meta_schemas.py.
from gm.contract.meta_schemas import (  # noqa: E402, F401 (re-exported)
    AnthropicToolFileSchema,
    CatalogueSchema,
    GameInfoSchema,
    HealthSchema,
    OpenAIToolFileSchema,
    OpenAPIDocumentSchema,
    OptionSchema,
    ReadinessSchema,
    RulesSchema,
    ToolFileSchema,
    VersionSchema,
)
