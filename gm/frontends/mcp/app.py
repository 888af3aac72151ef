"""The board inside the chat: gm's MCP App (the MCP Apps extension, ``io.modelcontextprotocol/ui``,
spec 2026-01-26).

``gm mcp`` declares one ``ui://`` resource, :data:`BOARD_URI`: the HTML document
gm/frontends/mcp/app.html (``text/html;profile=mcp-app``), self-contained — its CSS and script
inline, no network at all, so its CSP metadata (``_meta.ui.csp``) names no domain. Every tool whose
operation has ``ui`` in gm/contract/operations.py links it from the tool's ``_meta.ui.resourceUri``
(and the older flat key
``ui/resourceUri``, which hosts still read). A host with apps shows the document in a sandboxed
iframe and hands it each tool result; the app renders the answer's ``structuredContent`` (the
view: board text, seats, whose turn, the result, the board picture when the answer has one) and
plays a touched legal move by calling the app-only :data:`MOVE_TOOL` through the host
(``play_move`` with its checks and limits). The result's text content stays what it was, so a
host without apps shows the text board.

A move played by the app is noted for its seat (gm/store/boardmoves.py: :func:`board_line`, the
move and what followed as the seat's own answer says it), and the model's next tool call for that
seat carries the notes once (:data:`SINCE_FIELD`, :func:`since_text`): hosts may drop the app's
``ui/update-model-context``, never the model's own tool results.

The board is the pages' board component (gm/frontends/web/static/board.js and board.css, inlined
into the document when it is served): the picture gm draws, touchable. The picture reaches the app
through one app-only tool, :data:`PICTURE_TOOL` (``_meta.ui.visibility: ["app"]``: hosts keep it
from the model), which answers the seat's (or a spectator's) current view and its SVG picture with
every legal move; the app calls it on every answer it shows, so a reload or a new frame shows the
live game. It follows the host's theme (``hostContext.styles`` variables and fonts) and offers
fullscreen where the host allows it.

ChatGPT implements MCP Apps; its Apps SDK keys (``openai/outputTemplate``, ``openai/widgetCSP``…)
point at the same document for its older clients.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from mcp.server.apps import APP_MIME_TYPE, Apps
from mcp.server.mcpserver.resources import TextResource
from mcp.types import CallToolResult, TextContent

from gm.play.problems import ServiceError
from gm.settings.env import int_env

BOARD_URI = "ui://gm/board.html"
PICTURE_TOOL = "board_picture"  # app-only: the view and the picture, for the board app
MOVE_TOOL = "board_move"  # app-only: play_move for a move touched on the board, noted for the model
WEB_STATIC = Path(__file__).resolve().parents[1] / "web" / "static"  # the board component's files
_GAME_ID = re.compile(r"[0-9a-f]{16}")

# No domain at all: no fetch/XHR/WebSocket, no script, style, font or image from anywhere (the
# board picture comes inside the tool result), no frames, no base URI.
CSP: dict[str, list[str]] = {
    "connectDomains": [],
    "resourceDomains": [],
    "frameDomains": [],
    "baseUriDomains": [],
}

TOOL_META: dict[str, Any] = {
    "ui": {"resourceUri": BOARD_URI},
    "ui/resourceUri": BOARD_URI,
    "openai/outputTemplate": BOARD_URI,
    "openai/widgetAccessible": True,  # the board may call tools (play_move) itself
}

RESOURCE_META: dict[str, Any] = {
    "ui": {"csp": CSP, "prefersBorder": True},
    "openai/widgetCSP": {"connect_domains": [], "resource_domains": []},
    "openai/widgetPrefersBorder": True,
    "openai/widgetDescription": "The game's board as the player's seat sees it, with the legal "
    "moves to click.",
}


PICTURE_META: dict[str, Any] = {
    "ui": {"resourceUri": BOARD_URI, "visibility": ["app"]},
    "openai/widgetAccessible": True,
    "openai/visibility": "private",
}

PICTURE_OUTPUT: dict[str, Any] = {  # what the app-only tool's structuredContent holds
    "type": "object",
    "properties": {
        "view": {"type": "object", "description": "The live view (the full shape)."},
        "svg": {"type": "string", "description": "The board picture (image/svg+xml)."},
        "packed": {
            "type": "string",
            "description": "Instead of view and svg when they would pass 16 KB (a large hand's "
            "picture carries every legal move): their JSON, deflated (raw) and in base64.",
        },
    },
    "anyOf": [{"required": ["view", "svg"]}, {"required": ["packed"]}],
}
#: Bytes of ``{view, svg}`` past which the picture tool's answer is packed (every answer of gm
#: stays within 16 KB; GM_MCP_PACK_FROM: tests pack every one).
PACK_FROM = int_env("GM_MCP_PACK_FROM", 12 * 1024)
PACKED_MAX = 15 * 1024  # past this even packed: the picture goes without its touch data
_TOUCH = re.compile(r'<g class="hits">.*?</g><metadata id="gm-moves">.*?</metadata>', re.S)
PICTURE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "token": {"type": "string", "maxLength": 300, "description": "The seat's token."},
        "game_id": {
            "type": "string",
            "pattern": "^[0-9a-f]{16}$",
            "description": "A game's id (the spectator's picture), when there is no token.",
        },
    },
    "additionalProperties": False,
}


@cache
def board_html() -> str:
    """The app's HTML document (gm/frontends/mcp/app.html) with the board component (board.css
    and board.js of the pages) inlined: the document needs nothing from the network."""
    html = files("gm.frontends.mcp").joinpath("app.html").read_text(encoding="utf-8")
    css = (WEB_STATIC / "board.css").read_text(encoding="utf-8")
    js = (WEB_STATIC / "board.js").read_text(encoding="utf-8")
    assert "</script" not in js and "</style" not in css
    html = html.replace("/* gm:board.css */", css).replace("/* gm:board.js */", js)
    return _slim(html)


def _slim(text: str) -> str:
    """The document without its comment lines and indentation (what the host downloads once per
    conversation; the files keep their comments)."""
    text = re.sub(r"(?ms)^[ \t]*/\*.*?\*/[ \t]*\n", "", text)
    text = re.sub(r"(?m)^[ \t]*//[^\n]*\n", "", text)
    return re.sub(r"(?m)^[ \t]+", "", text)


def picture_result(service: Any, arguments: Any) -> CallToolResult:
    """The app-only tool: ``{"view", "svg"}`` of a seat (``token``) or a spectator
    (``game_id``): the live view and its picture (every legal move in it on the seat's turn)."""
    args = arguments if isinstance(arguments, dict) else {}
    token, game_id = args.get("token"), args.get("game_id")
    if set(args) - {"token", "game_id"} or (token is None) == (game_id is None):
        raise ServiceError(422, "Invalid arguments", "Send either 'token' or 'game_id'.")
    if token is not None:
        if not isinstance(token, str) or len(token) > 300:
            raise ServiceError(422, "Invalid arguments", "'token' is a seat token (text).")
        view, svg = service.seat_view(token), service.board_picture(token)
    else:
        if not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id):
            raise ServiceError(422, "Invalid arguments", "'game_id' is 16 letters 0-9, a-f.")
        view, svg = service.spectate(game_id), service.spectator_picture(game_id)
    text = f"The board picture of game {view['game_id']}, version {view['version']} (for the app)."
    return CallToolResult(
        content=[TextContent(type="text", text=text)],
        structured_content=packed({"view": view, "svg": svg}),
    )


def packed(picture: dict[str, Any]) -> dict[str, Any]:
    """``picture`` (``{view, svg}``) as it is, or packed when its JSON passes :data:`PACK_FROM`
    bytes: ``{"packed": base64 of its raw-deflated JSON}`` (the app inflates it with the
    browser's DecompressionStream). Should even that pass the bound, the picture goes without its
    touch targets and move list (the app then offers the view's legal moves)."""
    raw = _json_bytes(picture)
    if len(raw) <= PACK_FROM:
        return picture
    out = {"packed": _deflated(raw)}
    if len(out["packed"]) > PACKED_MAX:
        bare = {**picture, "svg": _TOUCH.sub("", picture["svg"])}
        out = {"packed": _deflated(_json_bytes(bare))}
    return out


def unpacked(structured: Any) -> Any:
    """The picture tool's ``{view, svg}`` from its answer, packed or not (as the app does)."""
    if isinstance(structured, dict) and isinstance(structured.get("packed"), str):
        raw = zlib.decompress(base64.b64decode(structured["packed"]), -15)
        return json.loads(raw)
    return structured


def _json_bytes(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def _deflated(raw: bytes) -> str:
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)  # raw deflate: DecompressionStream's
    return base64.b64encode(squeeze.compress(raw) + squeeze.flush()).decode("ascii")  # deflate-raw


MOVE_META: dict[str, Any] = PICTURE_META
MOVE_SCHEMA: dict[str, Any] = {  # play_move's (its schema checks every call): hidden, so short
    "type": "object",
    "properties": {
        "token": {"type": "string"},
        "move": {"type": "string"},
        "expected_version": {"type": "integer"},
        "idempotency_key": {"type": "string"},
    },
    "required": ["token", "move"],
    "additionalProperties": False,
}
SINCE_FIELD = "player_on_board"  # in the model's next answer for the seat, once


def board_line(answer: dict[str, Any]) -> str | None:
    """What a move played on the board said, as its seat sees it: the move, then what followed
    (the AI's replies…), from the seat's own answer; None for an illegal move (nothing played)."""
    if answer.get("legal") is not True or not isinstance(answer.get("move"), str):
        return None
    seat = answer.get("seat")
    others = [
        e["text"]
        for e in answer.get("events") or ()
        if isinstance(e, dict) and e.get("seat") != seat and isinstance(e.get("text"), str)
    ]
    return answer["move"] + (f" (then {'; '.join(others)})" if others else "")


def since_text(lines: list[str]) -> str:
    """The line the model's next answer carries: the board's moves since its last call."""
    return "Since your last call the player played on the board: " + ", ".join(lines) + "."


def extension() -> Apps:
    """The MCP Apps extension of ``gm mcp``: advertises ``io.modelcontextprotocol/ui`` and serves
    the board resource (listed and read with its ``_meta``)."""
    apps = Apps()
    apps.add_resource(
        TextResource(
            uri=BOARD_URI,
            name="board",
            title="gm board",
            description="The game's board with its legal moves to click (an MCP App).",
            mime_type=APP_MIME_TYPE,
            meta=RESOURCE_META,
            text=board_html(),
        )
    )
    return apps
