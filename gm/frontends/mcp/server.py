"""gm as an MCP server (the official ``mcp`` SDK): ``gm mcp`` over stdio, ``gm mcp --http`` over
Streamable HTTP.

The tools are the operations of gm/contract/operations.py marked ``mcp``: same names, prose and
service calls as the HTTP API, the input schema of each derived from the same marshmallow schemas
(through the OpenAPI document, as in /tools/anthropic.json), and every call's arguments validated by
the same schemas (:func:`gm.contract.arguments.load_arguments`): unknown arguments and values
outside an enum are refused in the words HTTP's 422 uses. They use the same :class:`GameService` and
Redis as the HTTP API (``REDIS_URL``, or else the embedded server of ``--data-dir`` — reused when a
``gm serve`` already runs on it), so verdicts and seat secrecy are the HTTP API's too. A refusal is
a tool error result whose text is ``Title: detail`` from the one error map
(gm/contract/errors.py); an illegal move is a normal result with ``legal: false``.

Over HTTP (gm/frontends/mcp/http.py) the server sits behind gm's door — the operator key,
Host/Origin checks, ``/healthz`` — and tool calls count against the HTTP API's rate limits
(gm/store/ratelimits.py).

What the model reads is the text content, once: the lean answer (gm/play/compact.py) as JSON
without the board, then the board as plain text, to be shown exactly as it is. Hosts pass the text
content to the model; ChatGPT passes the structured content too, so that holds only a small
record (gm/frontends/mcp/results.py) validated by the tool's output schema; the whole answer rides
in ``_meta['gm/answer']``, which hosts hand to the board app (MCP Apps) and never to the model.
The tools that answer a view link gm's board app (gm/frontends/mcp/app.py).
"""

from __future__ import annotations

import argparse
import base64
import json
import logging
import os
import signal
import sys
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

import anyio
from mcp.server import MCPServer
from mcp.server.mcpserver.tools import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase, FuncMetadata
from mcp.types import CallToolResult, ContentBlock, Icon, TextContent, ToolAnnotations

from gm import __version__, composition
from gm.contract.arguments import perform
from gm.contract.errors import Problem, problem_for
from gm.contract.openapi import build_openapi
from gm.contract.operations import OPERATIONS, Operation
from gm.contract.tools import input_schema, lean_schema
from gm.frontends.mcp import app as mcp_app
from gm.frontends.mcp import auth
from gm.frontends.mcp import prompts as mcp_prompts
from gm.frontends.mcp.auth import SeatOwners, player_of
from gm.frontends.mcp.http import serve_http
from gm.frontends.mcp.results import OUTPUT_SCHEMA, handle
from gm.frontends.security import client_address, is_loopback
from gm.play import work
from gm.play.compact import lean
from gm.play.seats import game_id_of
from gm.play.service import GameService
from gm.settings import Settings
from gm.store.boardmoves import BoardMoves
from gm.store.ratelimits import PRICES, Limiter, Refusal

log = logging.getLogger("gm")

_T = {op.name: op.name for op in OPERATIONS if op.mcp}
INSTRUCTIONS = f"""\
gm is a game master: it holds the only true copy of each card game, checks every move and renders \
the board. Start with {_T["new_game"]} (keep the returned token: it is the player's seat and \
secret), then send moves as text with {_T["play_move"]} (or any chat message with {_T["say"]}). \
Show the 'board' text exactly as returned, in a code block. Never invent, guess or reveal cards: \
only what the tools return exists. When a move is illegal, relay the reason and offer moves from \
legal_moves. {_T["list_games"]} and {_T["get_rules"]} describe the games; {_T["view_game"]} shows \
the seat's view at any time; {_T["get_history"]} the moves; {_T["wait_for_turn"]} waits (up to 25 \
s) until another human seat has moved; {_T["resign"]} ends the game, only when the player asks."""

# Every hint explicit (the directories read them all): what a tool does to a game. Creating,
# joining and a rematch only add; resigning ends a game; a read changes nothing.
ANNOTATIONS = {
    "read": ToolAnnotations(
        read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
    ),
    "write": ToolAnnotations(
        read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False
    ),
    "destructive": ToolAnnotations(
        read_only_hint=False, destructive_hint=True, idempotent_hint=False, open_world_hint=False
    ),
}
# What each tool does to a game where its contract effect says less: a move (or a chat message,
# which may play one or resign) changes the game for good; asking for a rematch again gives the
# same game.
HINTS = {
    "play_move": ANNOTATIONS["destructive"],
    "say": ANNOTATIONS["destructive"],
    "rematch": ToolAnnotations(
        read_only_hint=False, destructive_hint=False, idempotent_hint=True, open_world_hint=False
    ),
}
# the answer whole (api_version 1), for the board app and programs: never in the model's context
ANSWER_META = "gm/answer"


def _result(op: Operation, answer: Any, since: str | None = None) -> CallToolResult:
    """What the model reads is the text content, once: the lean answer (gm/play/compact.py) as
    JSON without the board, then the board as its own block, to be shown as it is. The
    structured content is the small record a program drives the next call with (validated by the
    tool's output schema); the whole answer goes in ``_meta`` (:data:`ANSWER_META`), which hosts
    hand to the board app and never to the model (MCP Apps; the Apps SDK's ``_meta``)."""
    if not isinstance(answer, dict):
        return CallToolResult(content=[TextContent(type="text", text=str(answer))])
    model = lean(answer)
    if since:  # what the player played on the board since the model's last call (first: news)
        model = {mcp_app.SINCE_FIELD: since, **model}
    view = model.get("view") if isinstance(model.get("view"), dict) else model
    board = view.pop("board", None) if isinstance(view, dict) else None
    content: list[ContentBlock] = [
        TextContent(type="text", text=json.dumps(model, ensure_ascii=False, separators=(",", ":")))
    ]
    if board is not None:
        content.append(TextContent(type="text", text=board))
    record = handle(answer) if op.ui else None
    return CallToolResult(
        content=content,
        structured_content=record,
        _meta={ANSWER_META: answer} if record is not None else None,
    )


def call(
    op: Operation,
    service: GameService,
    arguments: dict[str, Any],
    limiter: Limiter | None = None,
    address: str | None = None,
    who: Who | None = None,
    from_app: bool = False,
) -> CallToolResult:
    """One tool call: the arguments validated by the operation's schema, the service call, the
    answer as a result; every refusal a tool error ``Title: detail`` in plain words, never a
    crash.
    Over HTTP (``address`` known) the HTTP API's rate limits count the call first — per player
    when signed in, per MCP session otherwise (``who``), the address with a higher ceiling.
    A move the board app plays (``from_app``) is noted for the seat; the model's next call for
    that seat carries the note once (:func:`_board_news`)."""
    who = who or Who()
    given = arguments if isinstance(arguments, dict) else {}
    if limiter is not None and address is not None:
        subjects: dict[str, Any] = {k: given[k] for k in ("token", "game_id") if k in given}
        subjects.update(who.subjects())
        try:
            refusal = limiter.check(op.name, address, subjects)
        except Exception as err:  # noqa: BLE001 — Redis unreachable: the error map's words
            return _error(problem_for(err))
        if refusal is not None:
            return _error(refusal)
    with work.metered(prepaid=PRICES.get(op.name, 0)) as meter:
        try:
            if who.owners is not None and isinstance(given.get("token"), str):
                owner = who.owners.owner(given["token"])
                if owner is not None and owner != who.player:
                    return _text_error(ANOTHER_PLAYER)
            answer = perform(op, service, arguments)
            if who.owners is not None and who.player and isinstance(answer.get("token"), str):
                who.owners.claim(answer["token"], who.player)  # new_game, join_game, rematch
            if from_app:
                _note_board_move(service, given, answer)
                return _result(op, answer)
            return _result(op, answer, _board_news(op, service, given, answer))
        except Exception as err:  # noqa: BLE001 — the error map words every kind, 500 included
            return _error(problem_for(err))
        finally:
            if limiter is not None and address is not None and work.owed(meter):
                _charge(limiter, address, arguments, work.owed(meter))


def _seat_of_answer(answer: Any) -> str | None:
    view = answer.get("view") if isinstance(answer.get("view"), dict) else answer
    # a view's seat, or get_history's viewer
    seat = (view.get("seat") or view.get("viewer")) if isinstance(view, dict) else None
    return seat if isinstance(seat, str) and seat != "spectator" else None


def _note_board_move(service: GameService, given: dict[str, Any], answer: Any) -> None:
    """Note a move the board app played, as its seat's answer words it, for the model."""
    line = mcp_app.board_line(answer) if isinstance(answer, dict) else None
    seat = _seat_of_answer(answer) if line else None
    if line and seat:
        try:
            BoardMoves(service.store).note(game_id_of(given["token"]), seat, line)
        except Exception:  # noqa: BLE001 — the move is played; the note is best effort
            log.warning("a board move not noted for the model", exc_info=True)


def _board_news(
    op: Operation, service: GameService, given: dict[str, Any], answer: Any
) -> str | None:
    """The moves the board app played for the calling seat since the model's last call for it
    (then forgotten): only after the seat's token was accepted, only that seat's."""
    if op.name == "rematch" or not isinstance(given.get("token"), str):
        return None  # a rematch answers another game's seat; new_game/join_game have no token
    seat = _seat_of_answer(answer) if isinstance(answer, dict) else None
    if seat is None:
        return None
    try:
        lines = BoardMoves(service.store).take(game_id_of(given["token"]), seat)
    except Exception:  # noqa: BLE001 — the answer stands without the note
        log.warning("the board's moves not read for the model", exc_info=True)
        return None
    return mcp_app.since_text(lines) if lines else None


def _charge(limiter: Limiter, address: str, arguments: Any, units: int) -> None:
    """What a call turned out to cost (gm/play/work.py), for the next call to meet."""
    try:
        limiter.charge(address, arguments if isinstance(arguments, dict) else {}, units)
    except Exception:  # noqa: BLE001 — the call is answered; its charge is best effort
        log.warning("work of a tool call not counted", exc_info=True)


# A refusal's title in a chat's words: no HTTP status, no request body (a tool has arguments)
PLAIN_TITLES = {"Invalid request body": "Invalid arguments"}


ANOTHER_PLAYER = (
    "Another player's seat: this seat was taken by another signed-in player; only they can "
    "play or read it. Start or join a game of your own."
)


@dataclass(frozen=True)
class Who:
    """Who makes a call over HTTP: the signed-in player, else the MCP session; ``owners`` binds
    seats to players when sign-in is on."""

    player: str | None = None
    session: str | None = None
    owners: SeatOwners | None = None

    def subjects(self) -> dict[str, str]:
        if self.player:
            return {"player": self.player}
        return {"session": self.session} if self.session else {}


def _error(problem: Problem | Refusal) -> CallToolResult:
    """A refusal as the model reads it: ``Title: detail``, in plain words (no HTTP status)."""
    title = PLAIN_TITLES.get(problem.title, problem.title)
    text = f"{title}: {problem.detail}"
    return _text_error(text)


def _text_error(text: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)], is_error=True)


class _NoArguments(ArgModelBase):
    """The SDK's argument model, unused: :class:`OperationTool` validates with marshmallow."""


class OperationTool(Tool):
    """A tool that is an operation of the contract: advertised with the operation's JSON schema,
    run by :func:`call` on the raw arguments (the SDK's pydantic validation is not used)."""

    trusted_proxies: int = 0
    owners: Any = None  # SeatOwners when sign-in is on

    async def run(self, arguments: dict[str, Any], context: Any, convert_result: bool = False):
        address = _client_address(context, self.trusted_proxies)
        who = _who(context, self.owners)
        # a call that may wait (up to 25 s) takes a thread of its own pool, never one of the
        # pool every other call shares (gm/play/live.py's caps bound the waits per seat)
        waits = self.name == "wait_for_turn" or (
            isinstance(arguments, dict) and bool(arguments.get("wait"))
        )
        limiter = _waiting_threads() if waits else None
        return await anyio.to_thread.run_sync(self.fn, arguments, address, who, limiter=limiter)


_WAITING: list[anyio.CapacityLimiter] = []


def _waiting_threads() -> anyio.CapacityLimiter:
    """The thread pool of the calls that wait (made in the event loop, on first use)."""
    if not _WAITING:
        _WAITING.append(anyio.CapacityLimiter(200))
    return _WAITING[0]


def _who(context: Any, owners: SeatOwners | None) -> Who:
    """The player (a token's subject) or the MCP session of the HTTP request of this call."""
    try:
        request = context.request_context.request
    except (AttributeError, ValueError):
        return Who(owners=owners)
    if request is None:
        return Who(owners=owners)
    session = request.headers.get("mcp-session-id") if hasattr(request, "headers") else None
    return Who(player_of(request), (session or "")[:100] or None, owners)


def _client_address(context: Any, trusted_proxies: int) -> str | None:
    """The HTTP client's address (gm/frontends/security.py's rule), None over stdio."""
    try:
        request = context.request_context.request
    except (AttributeError, ValueError):
        return None
    if request is None:
        return None
    client = getattr(request, "client", None)
    if client is None and not trusted_proxies:
        return None
    # behind gm serve's relay (a Unix socket, no peer address) the relay's X-Forwarded-For
    return client_address(client.host if client else None, request.headers, trusted_proxies)


def tools(
    service: GameService,
    limiter: Limiter | None = None,
    trusted_proxies: int = 0,
    owners: SeatOwners | None = None,
) -> list[Tool]:
    """The contract's MCP operations as SDK tools, on ``service`` (rate-limited by ``limiter``
    when called over HTTP)."""
    openapi = build_openapi(Settings())
    out: list[Tool] = []
    for op in OPERATIONS:
        if not op.mcp:
            continue
        out.append(
            OperationTool(
                fn=lambda arguments, address=None, who=None, op=op: call(
                    op, service, arguments, limiter, address, who
                ),
                trusted_proxies=trusted_proxies,
                owners=owners,
                name=op.name,
                title=op.summary,
                description=op.description,
                parameters=lean_schema(input_schema(openapi, op.name)),
                fn_metadata=FuncMetadata(
                    arg_model=_NoArguments, output_schema=OUTPUT_SCHEMA if op.ui else None
                ),
                is_async=False,
                context_kwarg=None,
                annotations=HINTS.get(op.name, ANNOTATIONS[op.effect]),
                meta=mcp_app.TOOL_META if op.ui else None,
            )
        )
    out.append(_picture_tool(service, limiter, trusted_proxies))
    out.append(_board_move_tool(service, limiter, trusted_proxies, owners))
    return out


def _picture_tool(service: GameService, limiter: Limiter | None, trusted_proxies: int) -> Tool:
    """The board app's own tool (gm/frontends/mcp/app.py, hidden from the model by its
    ``_meta.ui.visibility``): the view and its picture, rate-limited as view_game."""

    def run(arguments: Any, address: str | None = None, who: Any = None) -> CallToolResult:
        if limiter is not None and address is not None:
            try:
                refusal = limiter.check("view_game", address, arguments or {})
            except Exception as err:  # noqa: BLE001 — Redis unreachable: the error map's words
                return _error(problem_for(err))
            if refusal is not None:
                return _error(refusal)
        try:
            return mcp_app.picture_result(service, arguments)
        except Exception as err:  # noqa: BLE001 — the error map words every kind
            return _error(problem_for(err))

    return OperationTool(
        fn=run,
        trusted_proxies=trusted_proxies,
        name=mcp_app.PICTURE_TOOL,
        title="Board picture (for the board app)",
        description="The board app's own call: the live view and the board picture.",
        parameters=mcp_app.PICTURE_SCHEMA,
        fn_metadata=FuncMetadata(arg_model=_NoArguments, output_schema=mcp_app.PICTURE_OUTPUT),
        is_async=False,
        context_kwarg=None,
        annotations=ANNOTATIONS["read"],
        meta=mcp_app.PICTURE_META,
    )


def _board_move_tool(
    service: GameService, limiter: Limiter | None, trusted_proxies: int, owners: Any
) -> Tool:
    """The board app's move (hidden from the model): ``play_move`` for a move touched on the
    board — same schema checks, limits and answer — noted for the seat's next model call."""
    op = next(o for o in OPERATIONS if o.name == "play_move")
    return OperationTool(
        fn=lambda arguments, address=None, who=None: call(
            op, service, arguments, limiter, address, who, from_app=True
        ),
        trusted_proxies=trusted_proxies,
        owners=owners,
        name=mcp_app.MOVE_TOOL,
        title="Board move",
        description="The board app's move.",
        parameters=mcp_app.MOVE_SCHEMA,
        fn_metadata=FuncMetadata(arg_model=_NoArguments, output_schema=OUTPUT_SCHEMA),
        is_async=False,
        context_kwarg=None,
        annotations=ANNOTATIONS["destructive"],
        meta=mcp_app.MOVE_META,
    )


def build_server(
    service: GameService,
    limiter: Limiter | None = None,
    trusted_proxies: int = 0,
    settings: Settings | None = None,
) -> MCPServer:
    """The MCP server with gm's tools, on ``service``; with ``settings`` naming GM_AUTH (over
    HTTP), behind sign-in (gm/frontends/mcp/auth.py)."""
    options = auth.server_options(settings, service.store.redis) if settings else {}
    routes = options.pop("routes", [])
    owners = (
        auth.SeatOwners(service.store.redis, settings.game_ttl_s) if settings and options else None
    )
    server = MCPServer(
        "gm",
        title=TITLE,
        instructions=INSTRUCTIONS,
        website_url=WEBSITE,
        icons=[Icon(src=icon_uri(), mime_type="image/svg+xml", sizes=["any"])],
        version=__version__,
        log_level="WARNING",
        tools=tools(service, limiter, trusted_proxies, owners),
        extensions=[mcp_app.extension()],
        **options,
    )
    for prompt in mcp_prompts.prompts():
        server.add_prompt(prompt)
    for route in routes:
        server.custom_route(route.path, methods=sorted(route.methods or ()))(route.endpoint)
    return server


TITLE = "gm, the card game master"
WEBSITE = "https://github.com/gm-gamemaster/gm"


@cache
def icon_uri() -> str:
    """The server's icon: the pages' favicon (an SVG), as a data: URI (no request to make)."""
    svg = files("gm.frontends.web").joinpath("static/favicon.svg").read_bytes()
    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")


# ---------------------------------------------------------------- running it


def run(args: argparse.Namespace) -> int:
    """``gm mcp [--http] [--host H] [--port P] [--data-dir D] [--allow-unauthenticated]``."""
    settings = Settings.from_env()
    if args.http and not args.socket and not settings.api_key and not is_loopback(args.host):
        if not args.allow_unauthenticated:
            print(
                f"gm: refusing to serve MCP over HTTP on {args.host} without an operator key: "
                "anyone who reaches it would play every game. Set GM_API_KEY (clients then send "
                "'Authorization: Bearer <key>'), listen on 127.0.0.1, or pass "
                "--allow-unauthenticated.",
                file=sys.stderr,
            )
            return 2
    if args.http:
        with composition.connect(settings, args.data_dir) as client:
            parts = composition.build(settings, client)  # the same parts as every other door
            # behind gm serve's relay (--socket) the one hop to believe is the relay's
            proxies = 1 if args.socket else settings.trusted_proxies
            server = build_server(parts.service, parts.limiter, proxies, settings)
            serve_http(server, parts.service, settings, args.host, args.port, uds=args.socket)
        return 0
    return _run_stdio(settings, args.data_dir or desktop_data_dir())


def desktop_data_dir() -> str | None:
    """Where ``gm mcp`` over stdio keeps its embedded store when neither ``--data-dir`` nor
    GM_DATA_DIR says: the platform's user-data location (``~/.local/share/gm``,
    ``~/Library/Application Support/gm``, ``%LOCALAPPDATA%\\gm``) — desktop hosts start servers
    in ``/`` or another directory that is not the user's."""
    if os.environ.get("GM_DATA_DIR", "").strip():
        return None
    import platformdirs

    return platformdirs.user_data_dir("gm", appauthor=False)


class _Stop(Exception):
    """SIGTERM or SIGINT: stop now."""


def _run_stdio(settings: Settings, data_dir: str | None) -> int:
    """The stdio server until its input ends or SIGTERM/SIGINT: then the embedded Valkey is
    stopped and the process exits at once (the thread reading stdin would otherwise keep it
    until the host closes the pipe)."""

    def stop(_signum: int, _frame: object) -> None:
        raise _Stop

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    code = 0
    try:
        with composition.connect(settings, data_dir) as client:
            parts = composition.build(settings, client)  # the same parts as every other door
            build_server(parts.service).run("stdio")
    except (_Stop, KeyboardInterrupt):
        code = 0
    except BaseExceptionGroup as group:  # the signal raised inside the SDK's task group
        if not group.subgroup((_Stop, KeyboardInterrupt)):
            raise
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
