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
plays a clicked legal move by calling ``play_move`` through the host. The result's text content
stays what it was, so a host without apps shows the text board.

ChatGPT implements MCP Apps; its Apps SDK keys (``openai/outputTemplate``, ``openai/widgetCSP``…)
point at the same document for its older clients.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Any

from mcp.server.apps import APP_MIME_TYPE, Apps
from mcp.server.mcpserver.resources import TextResource

BOARD_URI = "ui://gm/board.html"

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


@cache
def board_html() -> str:
    """The app's HTML document (gm/frontends/mcp/app.html)."""
    return files("gm.frontends.mcp").joinpath("app.html").read_text(encoding="utf-8")


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
