"""One contract for every front end: each operation of gm declared once.

An :class:`Operation` holds its name (the OpenAPI ``operationId``, the tool name of /tools/*.json
and the MCP tool name), its HTTP method and path, its prose, its body and answer schemas
(marshmallow, gm/api/schemas.py), the errors it can give, which front ends show it, what it does
to a game (read, write, destructive) and the service call. From :data:`OPERATIONS` come:

- the Flask routes (gm/api/__init__.py, one generic view per operation);
- the OpenAPI document (gm/api/openapi.py: the served one, a GPT Action's schema, shows only the
  operations with ``in_openapi``, those a model should call) and the tool files (gm/api/tools.py);
- the MCP tools (gm/mcp_server.py): input schemas from the same marshmallow schemas, arguments
  validated by :func:`gm.arguments.load_arguments`, so an MCP call is refused in the words HTTP
  uses;
- the operation names the prompts use (gm/prompts.py) and the terminal's calls (gm/terminal.py).

Errors are mapped once, in gm/errors.py; a call's arguments are loaded in gm/arguments.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from marshmallow import Schema, validate

from gm import chat
from gm.api import schemas as s

Effect = Literal["read", "write", "destructive"]
Call = Callable[[Any, dict[str, Any]], Any]  # (GameService, path arguments + loaded body)

# Why each error status can happen; an operation lists which apply to it.
ERRORS: dict[int, str] = {
    401: "The server has an operator key (GM_API_KEY) and the request did not send it.",
    404: "Unknown game, game id, seat token or invite.",
    409: "Conflict: the game moved on since expected_version, the invite was used, or the game "
    "is over.",
    413: "The request body is too large.",
    422: "Invalid request body or query parameter (the detail says which and how to fix it).",
    429: "Too many requests from this address or for this seat (rate limits): nothing was "
    "changed. Wait the seconds of Retry-After, then send it again.",
    503: "The game store (Redis) cannot be reached; nothing was changed. Try again.",
    507: "The game store is full: nothing was changed. Saved games can still be viewed.",
}

# The path parameters: their prose, their JSON schema, what an example call puts there.
PATH_PARAMETERS: dict[str, dict[str, Any]] = {
    "token": {
        "description": "Your seat token, from new_game or join_game (the form is "
        "'<game_id>.<secret>'). It is the seat's secret: whoever holds it plays that seat, so "
        "never show it to other players.",
        "schema": {"type": "string"},
        "example": "<token from new_game>",
    },
    "game_id": {
        "description": "The game id from new_game (game_id in its answer; also the part of a "
        "seat token or invite before the dot).",
        "schema": {"type": "string"},
        "example": "<game_id from new_game>",
    },
    "game": {
        "description": "The API name of a game; list_games lists them with their titles.",
        "schema": {"type": "string", "x-gm-enum": "games"},
        "example": "masul",
    },
}

TEXT = {"type": "string"}


def query_parameters(schema: type[Schema]) -> tuple[dict[str, Any], ...]:
    """OpenAPI query parameters of a schema of optional whole numbers (``x-gm-argument``: the
    tools and MCP take them as arguments too)."""
    out = []
    for name, field_ in schema().fields.items():
        spec: dict[str, Any] = {"type": "integer"}
        for check in field_.validators:
            if isinstance(check, validate.Range):
                spec.update({"minimum": check.min} if check.min is not None else {})
                spec.update({"maximum": check.max} if check.max is not None else {})
        out.append(
            {
                "name": name,
                "in": "query",
                "required": False,
                "description": field_.metadata["description"],
                "schema": spec,
                "x-gm-argument": True,
            }
        )
    return tuple(out)


@dataclass(frozen=True)
class Operation:
    name: str
    method: str
    path: str  # Flask's form: /play/<token>/moves
    summary: str
    description: str  # ≤ 300 characters (GPT Actions' limit)
    tag: str
    answer: type[Schema] | dict[str, Any]  # a dict: a plain JSON schema (text answers)
    call: Call | None  # None: served by the HTTP front end itself (its own documents)
    body: type[Schema] | None = None
    body_required: bool = True
    example: dict[str, Any] | None = None  # a valid body, shown when one is refused
    status: int = 200
    errors: tuple[int, ...] = (503,)
    query: tuple[dict[str, Any], ...] = ()
    params: type[Schema] | None = None  # query parameters that are also tool arguments
    alternatives: dict[str, dict[str, Any]] = field(default_factory=dict)  # media type → schema
    tool: bool = False  # in /tools/openai.json and /tools/anthropic.json
    mcp: bool = False  # an MCP tool
    # in the served /openapi.json, the GPT Action's schema: only what a model should call (the
    # tool operations); the others are in build_openapi(every=True), which tests walk
    in_openapi: bool = True
    effect: Effect = "read"

    @property
    def path_params(self) -> list[str]:
        return [part[1:-1].split(":")[-1] for part in self.path.split("/") if part[:1] == "<"]

    @property
    def openapi_path(self) -> str:
        """``/play/{token}/moves``."""
        out = self.path
        for name in self.path_params:
            out = out.replace(f"<{name}>", "{" + name + "}")
        return out

    @property
    def consequential(self) -> bool:
        """Whether a GPT should confirm with the player first (x-openai-isConsequential)."""
        return self.effect == "destructive"

    def mention(self) -> str:
        """How texts name it: ``name`` (``METHOD /path``)."""
        return f"`{self.name}` (`{self.method} {self.path}`)"


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "list_games",
        "GET",
        "/rules",
        "List the games",
        "The catalogue: every game this server runs, with its seats, options, move syntax, "
        "example moves and AI levels. Start here to pick a game.",
        "rules",
        s.CatalogueSchema,
        lambda svc, a: {"games": svc.catalogue()},
        errors=(),
        tool=True,
        mcp=True,
    ),
    Operation(
        "get_rules",
        "GET",
        "/rules/<game>",
        "Read one game's rules",
        "One game's descriptor plus its full rules text (Markdown): how to play, the board "
        "notation and the move syntax. Read it before the first move.",
        "rules",
        s.RulesSchema,
        lambda svc, a: svc.rules(a["game"]),
        errors=(404, 422),
        query=(
            {
                "name": "format",
                "in": "query",
                "required": False,
                "description": "'text' answers the rules as text/markdown alone (so does "
                "'Accept: text/markdown'); 'json' (the default) answers the JSON descriptor with "
                "the rules in it.",
                "schema": {"type": "string", "enum": ["json", "text"]},
            },
        ),
        alternatives={"text/markdown": TEXT},
        tool=True,
        mcp=True,
    ),
    Operation(
        "new_game",
        "POST",
        "/games",
        "Start a new game",
        "Create a game and take a seat. Default: you against the AI. The answer holds your seat "
        "token (keep it secret: it is how you play), invites for other human seats, and your "
        "view with the board and your legal moves.",
        "games",
        s.CreateAnswerSchema,
        lambda svc, a: svc.create(**a),
        body=s.CreateGameSchema,
        example={"game": "masul", "opponent": "ai"},
        status=201,
        errors=(404, 413, 422, 429, 503, 507),
        tool=True,
        mcp=True,
        effect="write",
    ),
    Operation(
        "join_game",
        "POST",
        "/games/<game_id>/join",
        "Join a game with an invite",
        "Take the human seat an invite was made for. The answer holds your own seat token and "
        "your view.",
        "games",
        s.JoinAnswerSchema,
        lambda svc, a: svc.join(a["game_id"], a["invite"]),
        body=s.JoinSchema,
        example={"invite": "<invite from new_game>"},
        errors=(404, 409, 413, 422, 429, 503, 507),
        tool=True,
        mcp=True,
        effect="write",
    ),
    Operation(
        "spectate_game",
        "GET",
        "/games/<game_id>",
        "Watch a game",
        "The spectator view: the board and state with public information only (no hidden cards), "
        "whose turn it is, the seats and the result.",
        "games",
        s.ViewSchema,
        lambda svc, a: svc.spectate(a["game_id"]),
        errors=(404, 503),
        tool=True,
        mcp=True,
    ),
    Operation(
        "get_game_history",
        "GET",
        "/games/<game_id>/history",
        "Read a game's move log as a spectator",
        "The move log, numbered, as a spectator may see it (face-down cards stay hidden): the "
        "last page, or the entries after 'after'; 'total' and 'next_after' page on.",
        "games",
        s.HistorySchema,
        lambda svc, a: svc.history(game_id=a["game_id"], after=a["after"], limit=a["limit"]),
        errors=(404, 422, 503),
        query=query_parameters(s.HistoryQuerySchema),
        params=s.HistoryQuerySchema,
        in_openapi=False,
    ),
    Operation(
        "verify_deal",
        "GET",
        "/games/<game_id>/verify",
        "Verify a game's deal",
        "Once a game is over: recompute the commitment and the engine seed from the revealed "
        "server secret and client seed, and replay the logged moves from that seed, saying what "
        "matched and what did not. While it runs: only whether the deal is committed.",
        "games",
        s.VerifyAnswerSchema,
        lambda svc, a: svc.verify(a["game_id"]),
        errors=(404, 503),
        tool=True,
        mcp=True,
    ),
    Operation(
        "view_game",
        "GET",
        "/play/<token>",
        "See your seat's view",
        "Your view of the game: the board text (show it as is), the state as JSON, your legal "
        "moves when it is your turn, whose turn it is, the status, the result once it is over, "
        "and the version to send as expected_version.",
        "play",
        s.ViewSchema,
        lambda svc, a: svc.seat_view(a["token"]),
        errors=(404, 503),
        tool=True,
        mcp=True,
    ),
    Operation(
        "suggest_move",
        "GET",
        "/play/<token>/hint",
        "Ask the coach what to play",
        "The strong AI's suggested move for your seat, worked out from your view only (it knows "
        "no more than you), with a one-line reason; off when the game was created with "
        "hints: false. Nothing is played.",
        "play",
        s.HintAnswerSchema,
        lambda svc, a: svc.suggest(a["token"]),
        errors=(404, 503),
        tool=True,
        mcp=True,
    ),
    Operation(
        "get_board",
        "GET",
        "/play/<token>/board",
        "Get your board as plain text",
        "The board as your seat sees it, in the game's text notation, as text/plain.",
        "play",
        TEXT,
        lambda svc, a: svc.board(a["token"]),
        errors=(404, 503),
        in_openapi=False,
    ),
    Operation(
        "get_history",
        "GET",
        "/play/<token>/history",
        "Read the move log",
        "The move log as your seat may see it (your face-down cards named, others' hidden): the "
        "last page, or the entries after 'after'; 'total' and 'next_after' page on.",
        "play",
        s.HistorySchema,
        lambda svc, a: svc.history(token=a["token"], after=a["after"], limit=a["limit"]),
        errors=(404, 422, 503),
        query=query_parameters(s.HistoryQuerySchema),
        params=s.HistoryQuerySchema,
        tool=True,
        mcp=True,
    ),
    Operation(
        "play_move",
        "POST",
        "/play/<token>/moves",
        "Play a move",
        "Send one move as text. Legal: echoed canonically, applied, and the AI's reply comes in "
        "the same answer. Illegal: a normal answer with legal=false, the reason, a hint and the "
        "legal moves; nothing changes. Either way the answer has the new board.",
        "play",
        s.MoveAnswerSchema,
        lambda svc, a: svc.move(a["token"], a["move"], a["expected_version"], a["idempotency_key"]),
        body=s.MoveSchema,
        example={"move": "7♠ C3", "expected_version": 3},
        errors=(404, 409, 413, 422, 429, 503, 507),
        tool=True,
        mcp=True,
        effect="write",
    ),
    Operation(
        "say",
        "POST",
        "/play/<token>/say",
        "Send a chat message",
        "One chat message: a move in any phrasing, or a request such as 'board', 'legal moves', "
        "'whose turn', 'history', 'rules', 'resign' or 'help'. The answer has a short reply to "
        "relay as is, plus your view.",
        "play",
        s.SayAnswerSchema,
        lambda svc, a: chat.say(
            svc, a["token"], a["text"], a["expected_version"], a["idempotency_key"]
        ),
        body=s.SaySchema,
        example={"text": "show the board"},
        errors=(404, 409, 413, 422, 429, 503, 507),
        tool=True,
        mcp=True,
        effect="write",
    ),
    Operation(
        "resign",
        "POST",
        "/play/<token>/resign",
        "Resign the game",
        "Your seat forfeits: the game ends at once and every other seat wins. Only when the "
        "player clearly asks for it. The answer is your view with the result and the event.",
        "play",
        s.ResignAnswerSchema,
        lambda svc, a: svc.resign(a["token"], a["idempotency_key"]),
        body=s.ResignSchema,
        body_required=False,
        example={"idempotency_key": "resign-1"},
        errors=(404, 409, 413, 422, 429, 503, 507),
        tool=True,
        mcp=True,
        effect="destructive",
    ),
    Operation(
        "rematch",
        "POST",
        "/play/<token>/rematch",
        "Start a rematch",
        "Once the game is over: a new game with the same settings, the seats rotated (two seats "
        "swap) and a fresh deal. The answer holds your new token and the new game id. The other "
        "player asks for the rematch with their own token to get theirs; asking again gives the "
        "same game.",
        "play",
        s.RematchAnswerSchema,
        lambda svc, a: svc.rematch(a["token"]),
        errors=(404, 409, 429, 503, 507),
        tool=True,
        mcp=True,
        effect="write",
    ),
    Operation(
        "health",
        "GET",
        "/healthz",
        "Check the server",
        "Whether the server and its game store (Redis) are up.",
        "meta",
        s.HealthSchema,
        lambda svc, a: (svc.store.ping(), {"status": "ok", "redis": "ok"})[1],
        in_openapi=False,
    ),
    Operation(
        "get_openapi",
        "GET",
        "/openapi.json",
        "This OpenAPI document",
        "The OpenAPI 3.1 description of this API, ready for a GPT Action.",
        "meta",
        s.OpenAPIDocumentSchema,
        None,
        errors=(),
        in_openapi=False,
    ),
    Operation(
        "get_openai_tools",
        "GET",
        "/tools/openai.json",
        "Tool definitions for OpenAI",
        "Function-calling tools (strict mode) for the Chat Completions and Responses APIs, with "
        "the HTTP route of each tool and an example call.",
        "meta",
        s.OpenAIToolFileSchema,
        None,
        errors=(),
        in_openapi=False,
    ),
    Operation(
        "get_anthropic_tools",
        "GET",
        "/tools/anthropic.json",
        "Tool definitions for Anthropic",
        "Tool definitions for the Anthropic Messages API, with the HTTP route of each tool and "
        "an example call.",
        "meta",
        s.AnthropicToolFileSchema,
        None,
        errors=(),
        in_openapi=False,
    ),
)

BY_NAME: dict[str, Operation] = {op.name: op for op in OPERATIONS}
assert len(BY_NAME) == len(OPERATIONS), "operation names must be unique"


def operation(name: str) -> Operation:
    return BY_NAME[name]
