"""One contract for every front end: each operation of gm declared once.

An :class:`Operation` holds its name (the OpenAPI ``operationId``, the tool name of /tools/*.json
and the MCP tool name), its HTTP method and path, its prose, its body and answer schemas
(marshmallow, gm/contract/schemas.py), the errors it can give, which front ends show it, what it
does to a game (read, write, destructive) and the service call. From :data:`OPERATIONS` come:

- the Flask routes (gm/frontends/http/routes.py, one generic view per operation);
- the OpenAPI document (gm/contract/openapi.py: the served one, a GPT Action's schema, shows
  only the operations with ``in_openapi``, those a model should call) and the tool files
  (gm/contract/tools.py);
- the MCP tools (gm/frontends/mcp/server.py): input schemas from the same marshmallow schemas,
  arguments validated by :func:`gm.contract.arguments.load_arguments`, so an MCP call is refused
  in the words HTTP uses; those with ``ui`` link the board app that MCP Apps hosts show
  (gm/frontends/mcp/app.py);
- the operation names the prompts use (gm/frontends/cli/prompts.py) and the terminal's calls
  (gm/frontends/cli/terminal.py).

Errors are mapped once, in gm/contract/errors.py; a call's arguments are loaded in
gm/contract/arguments.py.
"""

from __future__ import annotations

from gm import version
from gm.contract import live_schemas as ls
from gm.contract import schemas as s
from gm.contract.operation import ERRORS, PATH_PARAMETERS, TEXT, Operation, query_parameters
from gm.play import chat, live, readiness

__all__ = [
    "BY_NAME",
    "ERRORS",
    "OPERATIONS",
    "PATH_PARAMETERS",
    "SVG",
    "TEXT",
    "Operation",
    "operation",
]

SVG = "image/svg+xml"


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "list_games",
        "GET",
        "/rules",
        "List the games",
        "Every game here: seats, options, move syntax, AI levels.",
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
        "One game's rules (Markdown): how to play, the board notation, the move syntax. Read "
        "it before the first move.",
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
        "Create a game and take a seat (default: against the AI). The answer holds your seat "
        "token (secret: it is how you play), invites for other human seats, and your view.",
        "games",
        s.CreateAnswerSchema,
        lambda svc, a: svc.create(**a),
        body=s.CreateGameSchema,
        example={"game": "masul", "opponent": "ai"},
        status=201,
        errors=(404, 413, 422, 429, 503, 507),
        tool=True,
        mcp=True,
        ui=True,
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
        ui=True,
        effect="write",
    ),
    Operation(
        "spectate_game",
        "GET",
        "/games/<game_id>",
        "Watch a game",
        "The spectator's view: public information only, whose turn it is, the result. With "
        "wait: once the game changes.",
        "games",
        s.ViewSchema,
        lambda svc, a: live.of(svc).spectate(a["game_id"], a["wait"], a["after_version"]),
        errors=(404, 422, 429, 503),
        query=query_parameters(ls.WaitQuerySchema),
        params=ls.WaitQuerySchema,
        tool=True,
        mcp=True,
        ui=True,
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
        "Once a game is over: check the deal's commitment and replay the logged moves from the "
        "revealed seed, saying what matched. While it runs: whether the deal is committed.",
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
        "Your view: the board text (show it as is), whose turn it is, your legal moves, the "
        "result once over, the version. api_version 1: the full answer (state as JSON, every "
        "legal move listed).",
        "play",
        s.ViewSchema,
        lambda svc, a: chat.in_seat_language(
            svc, a["token"], live.of(svc).seat_view(a["token"], a["wait"], a["after_version"])
        ),
        errors=(404, 422, 429, 503),
        query=query_parameters(ls.WaitQuerySchema),
        params=ls.WaitQuerySchema,
        tool=True,
        mcp=True,
        ui=True,
    ),
    Operation(
        "wait_for_turn",
        "GET",
        "/play/<token>/turn",
        "Wait for your turn",
        "Wait (up to 25 s) until it is your turn or the game is over, then get your view; at "
        "the timeout your unchanged view. Use it when another human is to move.",
        "play",
        s.ViewSchema,
        lambda svc, a: chat.in_seat_language(
            svc, a["token"], live.of(svc).wait_for_turn(a["token"], a["wait"])
        ),
        errors=(404, 422, 429, 503),
        query=query_parameters(ls.TurnQuerySchema),
        params=ls.TurnQuerySchema,
        tool=True,
        mcp=True,
        ui=True,
    ),
    Operation(
        "play_events",
        "GET",
        "/play/<token>/events",
        "Follow your seat live",
        "Server-Sent Events (text/event-stream): your view now, then one 'change' event per "
        "change (id: the version; data: JSON with version, view and the new events), a comment "
        "every 15 s; Last-Event-ID resumes. The stream ends after 5 minutes: reconnect.",
        "play",
        TEXT,
        None,  # gm/frontends/http/events.py
        errors=(404, 429, 503),
        alternatives={"text/event-stream": ls.EVENT_SCHEMA},
        in_openapi=False,
    ),
    Operation(
        "game_events",
        "GET",
        "/games/<game_id>/events",
        "Watch a game live",
        "Server-Sent Events (text/event-stream) of the spectator view: the view now, then one "
        "'change' event per change (id: the version; data: JSON with version, view and the new "
        "events, public information only). Last-Event-ID resumes.",
        "games",
        TEXT,
        None,  # gm/frontends/http/events.py
        errors=(404, 429, 503),
        alternatives={"text/event-stream": ls.EVENT_SCHEMA},
        in_openapi=False,
    ),
    Operation(
        "suggest_move",
        "GET",
        "/play/<token>/hint",
        "Ask the coach what to play",
        "The coach's move for your seat, from your view only, with a one-line reason. Nothing "
        "is played; off when the game has hints: false.",
        "play",
        s.HintAnswerSchema,
        lambda svc, a: svc.suggest(a["token"]),
        errors=(404, 429, 503),
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
        "get_board_svg",
        "GET",
        "/play/<token>/board.svg",
        "Get your board as a picture",
        "The board as your seat sees it, drawn as an SVG picture (image/svg+xml): the cards, "
        "face-down cards as backs, whose turn it is, the last move marked, the result at the end.",
        "play",
        TEXT,
        lambda svc, a: svc.board_picture(a["token"]),
        errors=(404, 503),
        media_type=SVG,
        in_openapi=False,
    ),
    Operation(
        "get_spectator_board_svg",
        "GET",
        "/games/<game_id>/board.svg",
        "Watch a game's board as a picture",
        "The spectator's board drawn as an SVG picture (image/svg+xml): public information only, "
        "whose turn it is, the last move marked, the result at the end.",
        "games",
        TEXT,
        lambda svc, a: svc.spectator_picture(a["game_id"]),
        errors=(404, 503),
        media_type=SVG,
        in_openapi=False,
    ),
    Operation(
        "get_history",
        "GET",
        "/play/<token>/history",
        "Read the move log",
        "The move log as your seat may see it: the last page, or the entries after 'after'; "
        "'next_after' pages on.",
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
        "One move as text. Legal: played, the AI's reply in the same answer. Illegal: legal="
        "false with the reason and a hint; nothing changes. Either way: the events, the board, "
        "whose turn, the legal moves described.",
        "play",
        s.MoveAnswerSchema,
        lambda svc, a: svc.move(a["token"], a["move"], a["expected_version"], a["idempotency_key"]),
        body=s.MoveSchema,
        example={"move": "7♠ C3", "expected_version": 3},
        errors=(404, 409, 413, 422, 429, 503, 507),
        tool=True,
        mcp=True,
        ui=True,
        effect="write",
    ),
    Operation(
        "say",
        "POST",
        "/play/<token>/say",
        "Send a chat message",
        "One chat message: a move in any phrasing, a question ('can I play 7♠ C3?', '7♠ C3?': "
        "answered, never played; a yes after it plays it) or a request ('legal moves', "
        "'rules', 'help'…); chat never counts as illegal. Relay the reply as is. To resign, use "
        "resign.",
        "play",
        s.SayAnswerSchema,
        lambda svc, a: chat.say(
            svc,
            a["token"],
            a["text"],
            a["expected_version"],
            a["idempotency_key"],
            language=a.get("language"),
        ),
        body=s.SaySchema,
        example={"text": "show the board"},
        errors=(404, 409, 413, 422, 429, 503, 507),
        tool=True,
        mcp=True,
        ui=True,
        effect="write",
    ),
    Operation(
        "resign",
        "POST",
        "/play/<token>/resign",
        "Resign the game",
        "Your seat forfeits: the game ends at once, every other seat wins. Only when the player "
        "clearly asks for it.",
        "play",
        s.ResignAnswerSchema,
        lambda svc, a: svc.resign(a["token"], a["idempotency_key"]),
        body=s.ResignSchema,
        body_required=False,
        example={"idempotency_key": "resign-1"},
        errors=(404, 409, 413, 422, 429, 503, 507),
        tool=True,
        mcp=True,
        ui=True,
        effect="destructive",
    ),
    Operation(
        "rematch",
        "POST",
        "/play/<token>/rematch",
        "Start a rematch",
        "Once the game is over: a new game, same settings, seats rotated, a fresh deal; your "
        "new token. Each player asks with their own token; asking again gives the same game.",
        "play",
        s.RematchAnswerSchema,
        lambda svc, a: svc.rematch(a["token"]),
        errors=(404, 409, 429, 503, 507),
        tool=True,
        mcp=True,
        ui=True,
        effect="write",
    ),
    Operation(
        "health",
        "GET",
        "/healthz",
        "Check the server",
        "Liveness: whether the server process answers (the game store is not asked: see "
        "readiness).",
        "meta",
        s.HealthSchema,
        lambda svc, a: readiness.liveness(),
        errors=(),
        in_openapi=False,
    ),
    Operation(
        "readiness",
        "GET",
        "/readyz",
        "Check the game store",
        "Readiness: which Redis the server uses (a single server or a cluster) and whether it "
        "answers now; 503 when it does not.",
        "meta",
        s.ReadinessSchema,
        lambda svc, a: readiness.readiness(svc.store.redis, svc.store.guard),
        in_openapi=False,
    ),
    Operation(
        "version",
        "GET",
        "/version",
        "This server's version",
        "The distribution's name and version, the API version and the git commit (null when "
        "unknown).",
        "meta",
        s.VersionSchema,
        lambda svc, a: version.about(),
        errors=(),
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
