"""What an answer holds for the tests: an MCP tool result, read the way each reader reads it:
the whole answer (``_meta['gm/answer']``, what the board app renders) and the lean answer the
model reads in the text content (gm/frontends/mcp/server.py); and Flask test clients that ask for
the full HTTP answers (``api_version`` 1)."""

from __future__ import annotations

import json
from typing import Any


def answer_of(result: Any) -> Any:
    """The whole answer: ``_meta['gm/answer']`` for a tool that answers a view, else the JSON of
    the text content."""
    meta = result.meta or {}
    if "gm/answer" in meta:
        return meta["gm/answer"]
    return json.loads(result.content[0].text)


def model_text(result: Any) -> str:
    """Everything the model reads: the text blocks, joined."""
    return "\n".join(c.text for c in result.content)


def full_client(client: Any) -> Any:
    """``client`` (Flask's test client) sending ``GM-API-Version: 1`` with every request."""
    client.environ_base["HTTP_GM_API_VERSION"] = "1"
    return client
