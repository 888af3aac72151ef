"""The shape of an operation of gm's contract (gm/contract/operations.py declares them all): the
:class:`Operation` record, the error statuses an operation may list and why, the path parameters
and the query parameters made from a schema."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from marshmallow import Schema, validate

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
    media_type: str | None = None  # the answer's one media type when it is not JSON (a picture)
    tool: bool = False  # in /tools/openai.json and /tools/anthropic.json
    mcp: bool = False  # an MCP tool
    # the answer is (or holds) a view: the MCP tool links gm's board app (MCP Apps,
    # gm/frontends/mcp/app.py)
    ui: bool = False
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
