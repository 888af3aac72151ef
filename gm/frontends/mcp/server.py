"""gm as an MCP server (the official ``mcp`` SDK): ``gm mcp`` over stdio, ``gm mcp --http`` over
Streamable HTTP.

The tools are the operations of gm/contract/operations.py marked ``mcp``: same names, prose and
service calls as the HTTP API, the input schema of each derived from the same marshmallow schemas
(through the OpenAPI document, as in /tools/anthropic.json), and every call's arguments validated by
the same schemas (:func:`gm.contract.arguments.load_arguments`): unknown arguments and values
outside an enum are refused in the words HTTP's 422 uses. They use the same :class:`GameService` and
Redis as the HTTP API (``REDIS_URL``, or else the embedded server of ``--data-dir`` — reused when a
``gm serve`` already runs on it), so verdicts and seat secrecy are the HTTP API's too. A refusal is
a tool error result whose text is ``Title (status): detail`` from the one error map
(gm/contract/errors.py); an illegal move is a normal result with ``legal: false``.

Over HTTP (gm/frontends/mcp/http.py) the server sits behind gm's door — the operator key,
Host/Origin checks, ``/healthz`` — and tool calls count against the HTTP API's rate limits
(gm/store/ratelimits.py).

Each result has the full answer as structured content, and as text: the answer as JSON (without
the board) followed by the board as plain text, to be shown exactly as it is. The tools that answer
a view also link gm's board app (gm/frontends/mcp/app.py), which hosts with MCP Apps show in the
chat.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import anyio
from mcp.server import MCPServer
from mcp.server.mcpserver.tools import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase, FuncMetadata
from mcp.types import CallToolResult, ContentBlock, TextContent, ToolAnnotations

from gm import __version__, composition
from gm.contract.arguments import perform
from gm.contract.errors import problem_for
from gm.contract.openapi import build_openapi
from gm.contract.operations import OPERATIONS, Operation
from gm.contract.tools import input_schema
from gm.frontends.mcp import app as mcp_app
from gm.frontends.mcp.http import serve_http
from gm.frontends.security import client_address, is_loopback
from gm.play.service import GameService
from gm.settings import Settings
from gm.store.ratelimits import Limiter

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

ANNOTATIONS = {
    "read": ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False),
    "write": ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False),
    "destructive": ToolAnnotations(
        read_only_hint=False, destructive_hint=True, open_world_hint=False
    ),
}


def _result(answer: dict[str, Any]) -> CallToolResult:
    """Structured content: the answer. Text: the answer as JSON, then the board (when there is
    one) as its own block so a client can show it verbatim."""
    board = answer.get("board")
    if board is None and isinstance(answer.get("view"), dict):
        board = answer["view"].get("board")
    content: list[ContentBlock] = [
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


def call(
    op: Operation,
    service: GameService,
    arguments: dict[str, Any],
    limiter: Limiter | None = None,
    address: str | None = None,
) -> CallToolResult:
    """One tool call: the arguments validated by the operation's schema, the service call, the
    answer as a result; every refusal a tool error ``Title (status): detail``, never a crash.
    Over HTTP (``address`` known) the HTTP API's rate limits count the call first."""
    if limiter is not None and address is not None:
        path_args = arguments if isinstance(arguments, dict) else {}
        try:
            refusal = limiter.check(op.name, address, path_args)
        except Exception as err:  # noqa: BLE001 — Redis unreachable: the error map's words
            return _error(problem_for(err).text())
        if refusal is not None:
            return _error(refusal.text())
    try:
        return _result(perform(op, service, arguments))
    except Exception as err:  # noqa: BLE001 — the error map words every kind, 500 included
        return _error(problem_for(err).text())


def _error(text: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)], is_error=True)


class _NoArguments(ArgModelBase):
    """The SDK's argument model, unused: :class:`OperationTool` validates with marshmallow."""


class OperationTool(Tool):
    """A tool that is an operation of the contract: advertised with the operation's JSON schema,
    run by :func:`call` on the raw arguments (the SDK's pydantic validation is not used)."""

    trusted_proxies: int = 0

    async def run(self, arguments: dict[str, Any], context: Any, convert_result: bool = False):
        address = _client_address(context, self.trusted_proxies)
        # a call that may wait (up to 25 s) takes a thread of its own pool, never one of the
        # pool every other call shares (gm/play/live.py's caps bound the waits per seat)
        waits = self.name == "wait_for_turn" or (
            isinstance(arguments, dict) and bool(arguments.get("wait"))
        )
        limiter = _waiting_threads() if waits else None
        return await anyio.to_thread.run_sync(self.fn, arguments, address, limiter=limiter)


_WAITING: list[anyio.CapacityLimiter] = []


def _waiting_threads() -> anyio.CapacityLimiter:
    """The thread pool of the calls that wait (made in the event loop, on first use)."""
    if not _WAITING:
        _WAITING.append(anyio.CapacityLimiter(200))
    return _WAITING[0]


def _client_address(context: Any, trusted_proxies: int) -> str | None:
    """The HTTP client's address (gm/frontends/security.py's rule), None over stdio."""
    try:
        request = context.request_context.request
    except (AttributeError, ValueError):
        return None
    client = getattr(request, "client", None)
    if request is None or client is None:
        return None
    return client_address(client.host, request.headers, trusted_proxies)


def tools(
    service: GameService, limiter: Limiter | None = None, trusted_proxies: int = 0
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
                fn=lambda arguments, address=None, op=op: call(
                    op, service, arguments, limiter, address
                ),
                trusted_proxies=trusted_proxies,
                name=op.name,
                title=None,
                description=f"{op.summary}. {op.description}",
                parameters=input_schema(openapi, op.name),
                fn_metadata=FuncMetadata(arg_model=_NoArguments),
                is_async=False,
                context_kwarg=None,
                annotations=ANNOTATIONS[op.effect],
                meta=mcp_app.TOOL_META if op.ui else None,
            )
        )
    out.append(_picture_tool(service, limiter, trusted_proxies))
    return out


def _picture_tool(service: GameService, limiter: Limiter | None, trusted_proxies: int) -> Tool:
    """The board app's own tool (gm/frontends/mcp/app.py, hidden from the model by its
    ``_meta.ui.visibility``): the view and its picture, rate-limited as view_game."""

    def run(arguments: Any, address: str | None = None) -> CallToolResult:
        if limiter is not None and address is not None:
            try:
                refusal = limiter.check("view_game", address, arguments or {})
            except Exception as err:  # noqa: BLE001 — Redis unreachable: the error map's words
                return _error(problem_for(err).text())
            if refusal is not None:
                return _error(refusal.text())
        try:
            return mcp_app.picture_result(service, arguments)
        except Exception as err:  # noqa: BLE001 — the error map words every kind
            return _error(problem_for(err).text())

    return OperationTool(
        fn=run,
        trusted_proxies=trusted_proxies,
        name=mcp_app.PICTURE_TOOL,
        title="Board picture (for the board app)",
        description="The board app's own call: the live view and the board picture.",
        parameters=mcp_app.PICTURE_SCHEMA,
        fn_metadata=FuncMetadata(arg_model=_NoArguments),
        is_async=False,
        context_kwarg=None,
        annotations=ANNOTATIONS["read"],
        meta=mcp_app.PICTURE_META,
    )


def build_server(
    service: GameService, limiter: Limiter | None = None, trusted_proxies: int = 0
) -> MCPServer:
    """The MCP server with gm's tools, on ``service``."""
    return MCPServer(
        "gm",
        instructions=INSTRUCTIONS,
        version=__version__,
        log_level="WARNING",
        tools=tools(service, limiter, trusted_proxies),
        extensions=[mcp_app.extension()],
    )


# ---------------------------------------------------------------- running it


def run(args: argparse.Namespace) -> int:
    """``gm mcp [--http] [--host H] [--port P] [--data-dir D] [--allow-unauthenticated]``."""
    settings = Settings.from_env()
    if args.http and not settings.api_key and not is_loopback(args.host):
        if not args.allow_unauthenticated:
            print(
                f"gm: refusing to serve MCP over HTTP on {args.host} without an operator key: "
                "anyone who reaches it would play every game. Set GM_API_KEY (clients then send "
                "'Authorization: Bearer <key>'), listen on 127.0.0.1, or pass "
                "--allow-unauthenticated.",
                file=sys.stderr,
            )
            return 2
    with composition.connect(settings, args.data_dir) as client:
        parts = composition.build(settings, client)  # the same parts as every other door
        if args.http:
            server = build_server(parts.service, parts.limiter, settings.trusted_proxies)
            serve_http(server, parts.service, settings, args.host, args.port)
        else:
            build_server(parts.service).run("stdio")
    return 0
