"""The structured part of gm's MCP tool results: a small record a program drives its next
call with (the version to send as expected_version, the verdict of a move, the game id when the
call made or joined a game; the seat token is in the text), and its JSON schema, the
``outputSchema`` of every tool that answers a view.

The model reads the lean answer in the text content (gm/frontends/mcp/server.py); hosts that show
the model the structured content too (ChatGPT) read these few fields beside it, never the board
again.
"""

from __future__ import annotations

from typing import Any

OUTPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "game_id": {"type": "string"},
        "version": {"type": "integer"},
        "legal": {"type": "boolean"},
    },
    "required": ["version"],
    "additionalProperties": False,
}


def handle(answer: dict[str, Any]) -> dict[str, Any] | None:
    """The record of an answer that holds a view (None for any other answer)."""
    view: dict[str, Any] = answer["view"] if isinstance(answer.get("view"), dict) else answer
    if "version" not in view or "status" not in view:
        return None
    out: dict[str, Any] = {"version": view["version"]}
    if isinstance(answer.get("view"), dict):  # a game made or joined: its id
        out["game_id"] = answer["game_id"]
    if isinstance(answer.get("legal"), bool):
        out["legal"] = answer["legal"]
    return out
