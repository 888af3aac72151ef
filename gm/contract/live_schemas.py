"""The query parameters of waiting (gm/play/live.py): ``?wait=&after_version=`` on the views and
``wait_for_turn``'s ``wait`` — query parameters over HTTP, arguments of the tools and MCP."""

from __future__ import annotations

from marshmallow import fields, validate

from gm.contract.schemas import _Strict
from gm.play.live import MAX_WAIT_S

WAIT_RANGE = validate.Range(
    min=0,
    max=MAX_WAIT_S,
    error=f"how many seconds to wait for a change, a whole number from 0 to {MAX_WAIT_S}.",
)


class WaitQuerySchema(_Strict):
    """A view that waits for the game to change (a long poll)."""

    wait = fields.Integer(
        load_default=None,
        allow_none=True,
        validate=WAIT_RANGE,
        metadata={
            "description": f"Wait up to this many seconds (0..{MAX_WAIT_S}; default: answer at "
            "once) for the game's version to pass after_version, then answer; at the timeout "
            "the unchanged view."
        },
    )
    after_version = fields.Integer(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=0, error="a version you already have, a whole number from 0."),
        metadata={
            "description": "With wait: answer as soon as the version is greater than this one "
            "(default: the version when the request arrives, so the next change)."
        },
    )


class TurnQuerySchema(_Strict):
    """wait_for_turn: how long to wait for the seat's turn."""

    wait = fields.Integer(
        load_default=None,
        allow_none=True,
        validate=WAIT_RANGE,
        metadata={
            "description": f"Wait up to this many seconds (0..{MAX_WAIT_S}, default "
            f"{MAX_WAIT_S}) for your turn or the end of the game."
        },
    )


# One event of the streams (gm/frontends/http/events.py) as OpenAPI 3.1 describes a
# text/event-stream's `schema`: each event an object whose `data` is one line of JSON.
EVENT_SCHEMA = {
    "type": "object",
    "required": ["event", "data"],
    "properties": {
        "event": {
            "type": "string",
            "enum": ["change", "problem"],
            "description": "'change': a new version; 'problem': the stream ends on an error.",
        },
        "id": {"type": "string", "description": "The view's version (Last-Event-ID resumes)."},
        "retry": {"type": "integer", "description": "Reconnection delay in milliseconds."},
        "data": {
            "type": "string",
            "contentMediaType": "application/json",
            "description": "change: {version, view, events}; problem: {status, title, detail}.",
        },
    },
}
