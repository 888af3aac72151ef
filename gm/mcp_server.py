"""gm as an MCP server (the official ``mcp`` SDK): ``gm mcp`` over stdio, ``gm mcp --http`` over
Streamable HTTP.

The tools call the same :class:`GameService` and the same Redis as the HTTP API (``REDIS_URL``, or
else the embedded server of ``--data-dir`` — reused when a ``gm serve`` already runs on it), so
verdicts, errors and seat secrecy are the HTTP API's: tools that touch a seat take its token and
answer with that seat's view only. A :class:`ServiceError` becomes a tool error result carrying its
detail; an illegal move is a normal result with ``legal: false``.

Each result has the full answer as structured content, and as text: the answer as JSON (without
the board) followed by the board as plain text, to be shown exactly as it is.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import redis
from mcp.server import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

from gm import __version__, chat
from gm.config import Settings
from gm.service import GameService, ServiceError
from gm.store import ConflictError, Store

INSTRUCTIONS = """\
gm is a game master: it holds the only true copy of each card game, checks every move and renders \
the board. Start with new_game (keep the returned token: it is the player's seat and secret), then \
send moves as text with play_move (or any chat message with say). Show the 'board' text exactly as \
returned, in a code block. Never invent, guess or reveal cards: only what the tools return exists. \
When a move is illegal, relay the reason and offer moves from legal_moves. list_games and \
get_rules describe the games; view_game shows the seat's view at any time; get_history the moves."""

Token = Annotated[
    str, Field(description="The seat token from new_game or join_game; it is the seat's secret.")
]
IdempotencyKey = Annotated[
    str | None,
    Field(description="Optional; resending with the same key returns the first answer."),
]

READ = ToolAnnotations(readOnlyHint=True, idempotentHint=True, openWorldHint=False)
WRITE = ToolAnnotations(readOnlyHint=False, destructiveHint=False, openWorldHint=False)


def _result(answer: dict[str, Any]) -> CallToolResult:
    """Structured content: the answer. Text: the answer as JSON, then the board (when there is
    one) as its own block so a client can show it verbatim."""
    board = answer.get("board")
    if board is None and isinstance(answer.get("view"), dict):
        board = answer["view"].get("board")
    content = [
        TextContent(type="text", text=json.dumps(_without_board(answer), ensure_ascii=False))
    ]
    if board is not None:
        content.append(TextContent(type="text", text=board))
    return CallToolResult(content=content, structured_content=answer)


def _without_board(answer: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in answer.items() if k != "board"}
    if isinstance(out.get("view"), dict):
        out["view"] = {k: v for k, v in out["view"].items() if k != "board"}
    return out


def _call(fn: Callable[[], dict[str, Any]]) -> CallToolResult:
    """Run a service call; its refusals become tool errors (is_error results), never crashes."""
    try:
        return _result(fn())
    except ServiceError as err:
        raise ToolError(f"{err.title} ({err.status}): {err.detail}") from None
    except ConflictError:
        raise ToolError(
            "Busy game (409): too many moves reached this game at once. Call view_game, then "
            "send the move again."
        ) from None
    except (redis.ConnectionError, redis.TimeoutError):
        raise ToolError(
            "Store unavailable (503): the game store (Redis) cannot be reached; nothing was "
            "changed. Try again shortly."
        ) from None


def build_server(service: GameService) -> MCPServer:
    """The MCP server with gm's tools, on ``service``."""
    mcp = MCPServer("gm", instructions=INSTRUCTIONS, version=__version__, log_level="WARNING")

    @mcp.tool(annotations=READ)
    def list_games() -> CallToolResult:
        """List the games gm can run: name, title, seats, options, move syntax and AI levels."""
        return _call(lambda: {"games": service.catalogue()})

    @mcp.tool(annotations=READ)
    def get_rules(
        game: Annotated[str, Field(description="API name of the game, e.g. 'masul'.")],
    ) -> CallToolResult:
        """The rules of one game (Markdown), with its notation and move syntax."""
        return _call(lambda: service.rules(game))

    @mcp.tool(annotations=WRITE)
    def new_game(
        game: Annotated[str, Field(description="API name of the game (list_games lists them).")],
        opponent: Annotated[
            str | None,
            Field(description="'ai' (the default) or 'human' (returns an invite to pass on)."),
        ] = None,
        ai_level: Annotated[
            str | None, Field(description="AI level (list_games lists them); default strongest.")
        ] = None,
        seed: Annotated[
            int | None, Field(description="Shuffle seed for a reproducible game; default random.")
        ] = None,
        options: Annotated[
            dict[str, Any] | None, Field(description="Game options by name (see list_games).")
        ] = None,
        seat: Annotated[
            str | None, Field(description="Which seat to take (default: the first human one).")
        ] = None,
        seats: Annotated[
            list[dict[str, Any]] | None,
            Field(
                description="Instead of 'opponent', the whole table in turn order, e.g. "
                "[{'kind': 'human'}, {'kind': 'ai', 'level': 'random'}, {'kind': 'ai'}]."
            ),
        ] = None,
        illegal_move_limit: Annotated[
            int | None,
            Field(description="A seat forfeits after this many illegal moves; default no limit."),
        ] = None,
    ) -> CallToolResult:
        """Start a game. Returns the seat 'token' (keep it: every other tool needs it, and it is
        the player's secret), the seat name, invites for other human seats, and the first view
        with the board."""
        return _call(
            lambda: service.create(
                game,
                opponent=opponent,
                ai_level=ai_level,
                seats=seats,
                seed=seed,
                options=options,
                seat=seat,
                illegal_move_limit=illegal_move_limit,
            )
        )

    @mcp.tool(annotations=WRITE)
    def join_game(
        game_id: Annotated[str, Field(description="The game_id from new_game.")],
        invite: Annotated[str, Field(description="An invite from new_game's 'invites'.")],
    ) -> CallToolResult:
        """Take a human seat with an invite; returns that seat's own token and view."""
        return _call(lambda: service.join(game_id, invite))

    @mcp.tool(annotations=READ)
    def spectate_game(
        game_id: Annotated[str, Field(description="The game_id from new_game.")],
    ) -> CallToolResult:
        """A spectator's view of a game: public information only, no hand, no hidden card."""
        return _call(lambda: service.spectate(game_id))

    @mcp.tool(annotations=READ)
    def view_game(token: Token) -> CallToolResult:
        """The seat's view: board text, whose turn, legal moves (on your turn), result."""
        return _call(lambda: service.seat_view(token))

    @mcp.tool(annotations=WRITE)
    def play_move(
        token: Token,
        move: Annotated[
            str,
            Field(description="The move as text in any phrasing the game reads, e.g. '7♠ C3'."),
        ],
        expected_version: Annotated[
            int | None,
            Field(description="Optional; refuse unless the game is still at this version."),
        ] = None,
        idempotency_key: IdempotencyKey = None,
    ) -> CallToolResult:
        """Play a move. Legal: 'legal' true, the canonical move, what happened (the AI's reply
        too) and the new board. Illegal: 'legal' false with the reason, a hint and the legal
        moves; nothing changes."""
        return _call(lambda: service.move(token, move, expected_version, idempotency_key))

    @mcp.tool(annotations=WRITE)
    def say(
        token: Token,
        text: Annotated[
            str,
            Field(
                description="A chat message: a move, or 'board', 'legal moves', 'whose turn', "
                "'history', 'rules', 'resign', 'help'."
            ),
        ],
        idempotency_key: IdempotencyKey = None,
    ) -> CallToolResult:
        """Pass a player's chat message on as it is: a move in any phrasing or a request. The
        answer has a short 'reply' to relay verbatim, plus the board and the view."""
        return _call(lambda: chat.say(service, token, text, idempotency_key=idempotency_key))

    @mcp.tool(annotations=ToolAnnotations(destructiveHint=True, openWorldHint=False))
    def resign(token: Token, idempotency_key: IdempotencyKey = None) -> CallToolResult:
        """Resign: the seat forfeits and the game ends at once, every other seat winning. Only
        when the player asks for it."""
        return _call(lambda: service.resign(token, idempotency_key))

    @mcp.tool(annotations=READ)
    def get_history(token: Token) -> CallToolResult:
        """The moves so far, as this seat may see them (the other seat's hidden cards stay
        hidden)."""
        return _call(lambda: service.history(token=token))

    return mcp


# ---------------------------------------------------------------- running it


@contextmanager
def connect(settings: Settings, data_dir: str | None = None) -> Iterator[redis.Redis]:
    """A Redis client: ``REDIS_URL``, or the embedded server of ``data_dir`` — the one already
    running there (a ``gm serve`` on the same data) or one started now and stopped on exit."""
    server = None
    if settings.redis_url:
        url = settings.redis_url
    else:
        data_dir = data_dir or settings.data_dir
        socket_path = Path(data_dir).resolve() / "redis.sock"
        if _answers(socket_path):
            url = f"unix://{socket_path}"
        else:
            from gm.redis_server import EmbeddedRedis

            server = EmbeddedRedis(data_dir).start()
            url = server.url
        print(f"gm: Redis at {url} (data in {Path(data_dir).resolve()})", file=sys.stderr)
    client = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5)
    try:
        yield client
    finally:
        client.close()
        if server is not None:
            server.stop()


def _answers(socket_path: Path) -> bool:
    if not socket_path.exists():
        return False
    probe = redis.Redis(unix_socket_path=str(socket_path), socket_timeout=1)
    try:
        return bool(probe.ping())
    except (redis.ConnectionError, redis.TimeoutError, OSError):
        return False
    finally:
        probe.close()


def run(args: argparse.Namespace) -> int:
    """``gm mcp [--http] [--host H] [--port P] [--data-dir D]``."""
    settings = Settings.from_env()
    with connect(settings, args.data_dir) as client:
        store = Store(
            client, ttl_s=settings.game_ttl_s, idempotency_ttl_s=settings.idempotency_ttl_s
        )
        server = build_server(GameService(store))
        if args.http:
            print(
                f"gm: MCP over Streamable HTTP at http://{args.host}:{args.port}/mcp",
                file=sys.stderr,
                flush=True,
            )
            server.run("streamable-http", host=args.host, port=args.port)
        else:
            server.run("stdio")
    return 0
