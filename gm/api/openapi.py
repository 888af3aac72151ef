"""The OpenAPI 3.1 document of the running app, generated from its routes and marshmallow schemas.

Nothing here restates a schema: request and answer bodies come from :mod:`gm.api.schemas` through
apispec's MarshmallowPlugin, the game names from the registry, the routes from the app's URL map.
What this module adds is the per-route prose (summary, description, which errors can happen), kept
in :data:`OPERATIONS`, one entry per route. A route of the app without an entry is left out of the
document and the tests name it.

The document is shaped to be pasted into a custom GPT's Actions as is: one server (GM_PUBLIC_URL),
an ``operationId`` per operation (the same names as the tool definitions in :mod:`gm.api.tools`),
short summaries and descriptions, parameters inline, every object schema with ``properties``,
``x-openai-isConsequential: false`` on every operation, the operator key as the only security
scheme, every error as ``application/problem+json``.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Flask
from marshmallow import Schema, fields

import gm
from gm.api import schemas as s
from gm.config import Settings
from gm.games import REGISTRY

PROBLEM_JSON = "application/problem+json"
SECURITY_SCHEME = "operatorKey"

# Why each error status can happen; the operation lists which apply to it.
ERRORS: dict[int, str] = {
    401: "The server has an operator key (GM_API_KEY) and the request did not send it.",
    404: "Unknown game, game id, seat token or invite.",
    409: "Conflict: the game moved on since expected_version, the invite was used, or the game "
    "is over.",
    413: "The request body is too large.",
    422: "Invalid request body or query parameter (the detail says which and how to fix it).",
    503: "The game store (Redis) cannot be reached; nothing was changed. Try again.",
}

PATH_PARAMETERS: dict[str, dict[str, Any]] = {
    "token": {
        "description": "Your seat token, from new_game or join_game (the form is "
        "'<game_id>.<secret>'). It is the seat's secret: whoever holds it plays that seat, so "
        "never show it to other players.",
        "schema": {"type": "string"},
    },
    "game_id": {
        "description": "The game id from new_game (game_id in its answer; also the part of a "
        "seat token or invite before the dot).",
        "schema": {"type": "string"},
    },
    "game": {
        "description": "The API name of a game; list_games lists them with their titles.",
        "schema": {"type": "string", "x-gm-enum": "games"},
    },
}


@dataclass(frozen=True)
class Operation:
    """The prose and error list of one route; schemas are marshmallow classes."""

    operation_id: str
    summary: str
    description: str
    tag: str
    answer: type[Schema] | dict[str, Any]
    status: int = 200
    body: type[Schema] | None = None
    errors: tuple[int, ...] = (503,)
    query: tuple[dict[str, Any], ...] = ()
    alternatives: dict[str, dict[str, Any]] = field(default_factory=dict)  # media type → schema


# The meta routes' answers (the documents this package serves).
class OpenAPIDocumentSchema(Schema):
    openapi = fields.String(required=True, metadata={"description": "'3.1.0'."})
    info = fields.Dict(required=True)
    servers = fields.List(fields.Dict(), required=True)
    paths = fields.Dict(required=True)
    components = fields.Dict(required=True)
    security = fields.List(fields.Dict())


class ToolFileSchema(Schema):
    about = fields.String(required=True, metadata={"description": "What the file holds."})
    server = fields.String(required=True, metadata={"description": "Base URL for the routes."})
    dispatch = fields.List(
        fields.String(), required=True, metadata={"description": "How to turn a call into HTTP."}
    )
    routes = fields.Dict(required=True, metadata={"description": "Tool name → its HTTP route."})


class OpenAIToolFileSchema(ToolFileSchema):
    chat_completions = fields.List(
        fields.Dict(), required=True, metadata={"description": "Chat Completions `tools`."}
    )
    responses = fields.List(
        fields.Dict(), required=True, metadata={"description": "Responses API `tools`."}
    )


class AnthropicToolFileSchema(ToolFileSchema):
    tools = fields.List(
        fields.Dict(), required=True, metadata={"description": "Messages API `tools`."}
    )


_STRING = {"type": "string"}

# (METHOD, OpenAPI path) → Operation. Keep descriptions ≤ 300 characters (GPT Actions' limit).
OPERATIONS: dict[tuple[str, str], Operation] = {
    ("GET", "/rules"): Operation(
        "list_games",
        "List the games",
        "The catalogue: every game this server runs, with its seats, options, move syntax, "
        "example moves and AI levels. Start here to pick a game.",
        "rules",
        s.CatalogueSchema,
        errors=(),
    ),
    ("GET", "/rules/{game}"): Operation(
        "get_rules",
        "Read one game's rules",
        "One game's descriptor plus its full rules text (Markdown): how to play, the board "
        "notation and the move syntax. Read it before the first move.",
        "rules",
        s.RulesSchema,
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
        alternatives={"text/markdown": _STRING},
    ),
    ("POST", "/games"): Operation(
        "new_game",
        "Start a new game",
        "Create a game and take a seat. Default: you against the AI. The answer holds your seat "
        "token (keep it secret: it is how you play), invites for other human seats, and your "
        "view with the board and your legal moves.",
        "games",
        s.CreateAnswerSchema,
        status=201,
        body=s.CreateGameSchema,
        errors=(404, 413, 422, 503),
    ),
    ("POST", "/games/{game_id}/join"): Operation(
        "join_game",
        "Join a game with an invite",
        "Take the human seat an invite was made for. The answer holds your own seat token and "
        "your view.",
        "games",
        s.JoinAnswerSchema,
        body=s.JoinSchema,
        errors=(404, 409, 413, 422, 503),
    ),
    ("GET", "/games/{game_id}"): Operation(
        "spectate_game",
        "Watch a game",
        "The spectator view: the board and state with public information only (no hidden cards), "
        "whose turn it is, the seats and the result.",
        "games",
        s.ViewSchema,
        errors=(404, 503),
    ),
    ("GET", "/games/{game_id}/history"): Operation(
        "get_game_history",
        "Read a game's move log as a spectator",
        "Every move so far, numbered, as a spectator may see it (face-down cards stay hidden).",
        "games",
        s.HistorySchema,
        errors=(404, 503),
    ),
    ("GET", "/play/{token}"): Operation(
        "view_game",
        "See your seat's view",
        "Your view of the game: the board text (show it as is), the state as JSON, your legal "
        "moves when it is your turn, whose turn it is, the status, the result once it is over, "
        "and the version to send as expected_version.",
        "play",
        s.ViewSchema,
        errors=(404, 503),
    ),
    ("GET", "/play/{token}/board"): Operation(
        "get_board",
        "Get your board as plain text",
        "The board as your seat sees it, in the game's text notation, as text/plain.",
        "play",
        _STRING,
        errors=(404, 503),
    ),
    ("GET", "/play/{token}/history"): Operation(
        "get_history",
        "Read the move log",
        "Every move so far as your seat may see it: your own face-down cards named, other seats' "
        "hidden cards shown face down.",
        "play",
        s.HistorySchema,
        errors=(404, 503),
    ),
    ("POST", "/play/{token}/moves"): Operation(
        "play_move",
        "Play a move",
        "Send one move as text. Legal: echoed canonically, applied, and the AI's reply comes in "
        "the same answer. Illegal: a normal answer with legal=false, the reason, a hint and the "
        "legal moves; nothing changes. Either way the answer has the new board.",
        "play",
        s.MoveAnswerSchema,
        body=s.MoveSchema,
        errors=(404, 409, 413, 422, 503),
    ),
    ("POST", "/play/{token}/say"): Operation(
        "say",
        "Send a chat message",
        "One chat message: a move in any phrasing, or a request such as 'board', 'legal moves', "
        "'whose turn', 'history', 'rules', 'resign' or 'help'. The answer has a short reply to "
        "relay as is, plus your view.",
        "play",
        s.SayAnswerSchema,
        body=s.SaySchema,
        errors=(404, 409, 413, 422, 503),
    ),
    ("GET", "/healthz"): Operation(
        "health",
        "Check the server",
        "Whether the server and its game store (Redis) are up.",
        "meta",
        s.HealthSchema,
    ),
    ("GET", "/openapi.json"): Operation(
        "get_openapi",
        "This OpenAPI document",
        "The OpenAPI 3.1 description of this API, ready for a GPT Action.",
        "meta",
        OpenAPIDocumentSchema,
        errors=(),
    ),
    ("GET", "/tools/openai.json"): Operation(
        "get_openai_tools",
        "Tool definitions for OpenAI",
        "Function-calling tools (strict mode) for the Chat Completions and Responses APIs, with "
        "the HTTP route of each tool and an example call.",
        "meta",
        OpenAIToolFileSchema,
        errors=(),
    ),
    ("GET", "/tools/anthropic.json"): Operation(
        "get_anthropic_tools",
        "Tool definitions for Anthropic",
        "Tool definitions for the Anthropic Messages API, with the HTTP route of each tool and "
        "an example call.",
        "meta",
        AnthropicToolFileSchema,
        errors=(),
    ),
}

TAGS = [
    {"name": "rules", "description": "The games this server runs and their rules."},
    {"name": "games", "description": "Create, join and watch games."},
    {"name": "play", "description": "Play your seat with its secret token."},
    {"name": "meta", "description": "Health and the machine-readable descriptions."},
]


def game_names() -> list[str]:
    return list(REGISTRY)


def _option_schemas() -> dict[str, dict[str, Any]]:
    """Every registered game's options as JSON Schema properties, merged by option name."""
    merged: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for name, engine in REGISTRY.items():
        for option in engine.info.options:
            merged.setdefault(option.name, []).append((name, _option_schema(option)))
    properties = {}
    for option_name, variants in merged.items():
        descriptions = [f"{game}: {schema.pop('description')}" for game, schema in variants]
        distinct: list[dict[str, Any]] = []
        for _, schema in variants:
            for i, seen in enumerate(distinct):
                merged = _merge_option_schemas(seen, schema)
                if merged is not None:
                    distinct[i] = merged
                    break
            else:
                distinct.append(schema)
        prop = distinct[0] if len(distinct) == 1 else {"anyOf": distinct}
        prop = {**prop, "description": " ".join(descriptions)}
        properties[option_name] = prop
    return properties


def _merge_option_schemas(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any] | None:
    """One schema for two games' same-named options of one type (limits widened, choices
    joined: each engine still checks its own), or None when their types differ."""
    if a["type"] != b["type"] or ("enum" in a) != ("enum" in b):
        return None
    merged = dict(a)
    if "enum" in a:
        merged["enum"] = [*a["enum"], *(c for c in b["enum"] if c not in a["enum"])]
    for key, pick in (("minimum", min), ("maximum", max)):
        if key in a and key in b:
            merged[key] = pick(a[key], b[key])
        else:
            merged.pop(key, None)
    return merged


def _option_schema(option: Any) -> dict[str, Any]:
    schema: dict[str, Any]
    if option.type == "bool":
        schema = {"type": "boolean"}
    elif option.type == "int":
        schema = {"type": "integer"}
        if option.minimum is not None:
            schema["minimum"] = option.minimum
        if option.maximum is not None:
            schema["maximum"] = option.maximum
    elif option.type == "choice":
        kinds = {_JSON_TYPES.get(type(c), "string") for c in option.choices if c is not None}
        schema = {"type": kinds.pop() if len(kinds) == 1 else sorted(kinds)}
        schema["enum"] = list(option.choices)
    else:
        schema = {"type": "string"}
    # null is accepted and means the default (the tool files rely on it)
    types = schema["type"]
    schema["type"] = [*types, "null"] if isinstance(types, list) else [types, "null"]
    if "enum" in schema and None not in schema["enum"]:
        schema["enum"] = [*schema["enum"], None]
    limits = ""
    if option.minimum is not None and option.maximum is not None:
        limits = f" From {option.minimum} to {option.maximum}."
    default = json.dumps(option.default, ensure_ascii=False)
    schema["description"] = f"{option.description}{limits} Default: {default}."
    return schema


_JSON_TYPES = {bool: "boolean", int: "integer", float: "number", str: "string"}


def _expand_markers(node: Any) -> Any:
    """Replace the generator's markers (``x-gm-enum``, ``x-gm-options``) by registry data."""
    if isinstance(node, list):
        return [_expand_markers(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _expand_markers(value) for key, value in node.items()}
    if out.pop("x-gm-enum", None) == "games":
        names = game_names()
        types = out.get("type")
        out["enum"] = [*names, None] if isinstance(types, list) and "null" in types else names
        out.pop("minLength", None)
        out.pop("maxLength", None)
    if out.pop("x-gm-options", None):
        out["properties"] = _option_schemas()
        out["additionalProperties"] = False
    return out


def _close_objects(node: Any) -> Any:
    """Give every object schema ``properties`` (GPT Actions refuses objects without them)."""
    if isinstance(node, list):
        return [_close_objects(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _close_objects(value) for key, value in node.items()}
    types = out.get("type")
    is_object = types == "object" or (isinstance(types, list) and "object" in types)
    if is_object and "properties" not in out:
        out["properties"] = {}
    return out


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _schema_name(schema: type[Schema]) -> str:
    name = schema.__name__
    return name[: -len("Schema")] if name.endswith("Schema") and name != "Schema" else name


def openapi_path(rule: str) -> str:
    """Flask's ``/play/<token>/moves`` (or ``<string:token>``) as ``/play/{token}/moves``."""
    out, rest = "", rule
    while "<" in rest:
        before, _, after = rest.partition("<")
        inner, _, rest = after.partition(">")
        out += before + "{" + inner.split(":")[-1] + "}"
    return out + rest


def app_routes(app: Flask) -> list[tuple[str, str]]:
    """(METHOD, OpenAPI path) of every route of the app, in URL-map order."""
    routes = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            routes.append((method, openapi_path(rule.rule)))
    return routes


def undocumented_routes(app: Flask) -> list[tuple[str, str]]:
    return [route for route in app_routes(app) if route not in OPERATIONS]


def build_openapi(app: Flask) -> dict[str, Any]:
    """The OpenAPI 3.1 document for ``app`` (its routes, settings and the game registry)."""
    settings: Settings = app.extensions.get("gm.settings") or Settings()
    spec = APISpec(
        title="gm — a game master for chat assistants",
        version=gm.__version__,
        openapi_version="3.1.0",
        plugins=[MarshmallowPlugin()],
        info={
            "description": "Card games held by the server: start a game, read your board, send "
            "moves as text and get legal/illegal with the reason; the server plays the other "
            "seats. Games: " + ", ".join(game_names()) + "."
        },
        servers=[{"url": settings.public_url.rstrip("/") or "/"}],
        tags=TAGS,
    )
    spec.components.security_scheme(
        SECURITY_SCHEME,
        {
            "type": "http",
            "scheme": "bearer",
            "description": "The operator key (GM_API_KEY), needed only when the server sets one.",
        },
    )
    spec.components.schema("Problem", schema=s.ProblemSchema)

    paths: dict[str, dict[str, Any]] = {}
    for method, path in app_routes(app):
        operation = OPERATIONS.get((method, path))
        if operation is None:
            continue
        paths.setdefault(path, {})[method.lower()] = _operation(spec, operation, path)
    for path, operations in paths.items():
        spec.path(path=path, operations=operations)

    raw = spec.to_dict()
    if settings.api_key:  # the key is wanted on every route; without one, none is
        raw["security"] = [{SECURITY_SCHEME: []}]
    order = ("openapi", "info", "servers", "security", "tags", "paths", "components")
    doc = {key: raw[key] for key in order if key in raw}
    doc.update({key: value for key, value in raw.items() if key not in doc})
    return _close_objects(_expand_markers(doc))


def _schema_or_ref(spec: APISpec, schema: type[Schema] | dict[str, Any]) -> dict[str, Any]:
    if isinstance(schema, dict):
        return copy.deepcopy(schema)
    name = _schema_name(schema)
    if name not in spec.components.schemas:
        spec.components.schema(name, schema=schema)
    return _ref(name)


def _operation(spec: APISpec, op: Operation, path: str) -> dict[str, Any]:
    parameters = []
    for name in _path_names(path):
        param = PATH_PARAMETERS.get(name, {"description": name, "schema": {"type": "string"}})
        parameters.append({"name": name, "in": "path", "required": True, **copy.deepcopy(param)})
    parameters.extend(copy.deepcopy(q) for q in op.query)

    answer = _schema_or_ref(spec, op.answer)
    content = (
        {"text/plain": {"schema": answer}}
        if answer == _STRING and not op.alternatives
        else {"application/json": {"schema": answer}}
    )
    for media_type, schema in op.alternatives.items():
        content[media_type] = {"schema": copy.deepcopy(schema)}
    responses: dict[str, Any] = {
        str(op.status): {"description": op.summary + ".", "content": content}
    }
    for status in sorted({*op.errors, 401}):
        responses[str(status)] = {
            "description": ERRORS[status],
            "content": {PROBLEM_JSON: {"schema": _ref("Problem")}},
        }

    out: dict[str, Any] = {
        "operationId": op.operation_id,
        "summary": op.summary,
        "description": op.description,
        "tags": [op.tag],
        "responses": responses,
        "x-openai-isConsequential": False,
    }
    if parameters:
        out["parameters"] = parameters
    if op.body is not None:
        out["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": _schema_or_ref(spec, op.body)}},
        }
    return out


def _path_names(path: str) -> list[str]:
    names = []
    rest = path
    while "{" in rest:
        _, _, after = rest.partition("{")
        name, _, rest = after.partition("}")
        names.append(name)
    return names
