"""Function-calling tool definitions, generated from the OpenAPI document (so from the same
marshmallow schemas and game registry), for OpenAI (strict mode) and Anthropic.

A tool is one API operation: its name is the operation's ``operationId``, its parameters are the
route's path parameters plus the JSON body's fields, plus the query parameters marked
``x-gm-argument`` (the history's paging; others, such as the rules' ``format``, are not exposed:
the tools always get JSON). Each file also carries ``routes`` — tool name → HTTP method, path, which
arguments go in the path and which in the body, the success status and an example call — and
``dispatch``, the rules that turn a tool call into an HTTP request mechanically.

OpenAI strict mode accepts a subset of JSON Schema: every object closes (``additionalProperties:
false``) and lists every property in ``required``, optional fields become nullable, and keywords
outside :data:`STRICT_KEYWORDS` are dropped (``default``, ``minLength``, ``pattern``, ``format``,
``minimum``…). The API reads ``null`` as "not given" in every body field, so the model's nulls can
be sent as they are.
"""

from __future__ import annotations

import copy
from typing import Any

from gm.contract.operations import OPERATIONS
from gm.games import REGISTRY

# Tools, in the contract's order; each is the operationId of an operation.
TOOLS = tuple(op.name for op in OPERATIONS if op.tool)

# Keywords kept in strict schemas: those OpenAI's structured outputs accept everywhere.
STRICT_KEYWORDS = frozenset(
    {"type", "description", "properties", "required", "additionalProperties", "items", "enum"}
    | {"anyOf"}
)

DISPATCH = [
    "Look up routes[<tool name>].",
    "URL: the server, then the route's path with each {name} replaced by the argument of that "
    "name, percent-encoded (path_params).",
    "POST: send the other arguments (body_params) as a JSON object body, as they are: null "
    "means 'not given'. GET: no body; the arguments in query_params that are not null go in "
    "the query string (?after=10&limit=20).",
    "When the server has an operator key (GM_API_KEY): header 'Authorization: Bearer <key>'.",
    "Hand the response body to the model as the tool result whatever the status: a success is "
    "the JSON answer, an error is application/problem+json whose 'detail' says how to fix the "
    "call.",
    "Examples: run example.setup (a tool call) first when present, then example.then (a tool "
    "call) when present; a string '{{setup.a.b.0}}' in example.then or example.arguments stands "
    "for that field of the setup call's answer.",
]


def openai_tools(openapi: dict[str, Any]) -> dict[str, Any]:
    """``/tools/openai.json``: Chat Completions and Responses tools, strict mode."""
    chat: list[dict[str, Any]] = []
    responses: list[dict[str, Any]] = []
    for name, operation in _tool_operations(openapi):
        parameters = strict_schema(_parameters(openapi, operation))
        description = _description(operation)
        chat.append(
            {
                "type": "function",
                "function": {
                    "name": name,
                    "description": description,
                    "parameters": parameters,
                    "strict": True,
                },
            }
        )
        responses.append(
            {
                "type": "function",
                "name": name,
                "description": description,
                "parameters": copy.deepcopy(parameters),
                "strict": True,
            }
        )
    schemas = {t["function"]["name"]: t["function"]["parameters"] for t in chat}
    return {
        "about": "gm tools for OpenAI function calling (strict mode). 'chat_completions' is the "
        "Chat Completions API's `tools`, 'responses' the Responses API's; 'routes' maps each "
        "tool to its HTTP route and 'dispatch' says how to send a call.",
        "server": _server(openapi),
        "dispatch": DISPATCH,
        "chat_completions": chat,
        "responses": responses,
        "routes": _routes(openapi, schemas, fill_nulls=True),
    }


def anthropic_tools(openapi: dict[str, Any]) -> dict[str, Any]:
    """``/tools/anthropic.json``: Messages API tools (``name``, ``description``,
    ``input_schema``)."""
    tools: list[dict[str, Any]] = [
        {
            "name": name,
            "description": _description(operation),
            "input_schema": _parameters(openapi, operation),
        }
        for name, operation in _tool_operations(openapi)
    ]
    schemas = {t["name"]: t["input_schema"] for t in tools}
    return {
        "about": "gm tools for the Anthropic Messages API. 'tools' is the request's `tools`; "
        "'routes' maps each tool to its HTTP route and 'dispatch' says how to send a call.",
        "server": _server(openapi),
        "dispatch": DISPATCH,
        "tools": tools,
        "routes": _routes(openapi, schemas, fill_nulls=False),
    }


# ---------------------------------------------------------------- schemas


def strict_schema(schema: dict[str, Any], *, nullable: bool = False) -> dict[str, Any]:
    """``schema`` (refs resolved) in OpenAI's strict subset; ``nullable`` adds ``null``."""
    out = {key: copy.deepcopy(value) for key, value in schema.items() if key in STRICT_KEYWORDS}
    if "properties" in out:
        required = set(schema.get("required", ()))
        out["properties"] = {
            name: strict_schema(prop, nullable=name not in required)
            for name, prop in schema["properties"].items()
        }
        out["required"] = list(out["properties"])
        out["additionalProperties"] = False
    if "items" in out:
        out["items"] = strict_schema(schema["items"])
    if "anyOf" in out:
        out["anyOf"] = [strict_schema(branch) for branch in schema["anyOf"]]
    if nullable:
        out = _nullable(out)
    return out


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    out = dict(schema)
    if "anyOf" in out:
        if {"type": "null"} not in out["anyOf"]:
            out["anyOf"] = [*out["anyOf"], {"type": "null"}]
        return out
    types = out.get("type")
    if isinstance(types, str) and types != "null":
        out["type"] = [types, "null"]
    elif isinstance(types, list) and "null" not in types:
        out["type"] = [*types, "null"]
    if "enum" in out and None not in out["enum"]:
        out["enum"] = [*out["enum"], None]
    return out


def resolve_refs(node: Any, openapi: dict[str, Any]) -> Any:
    """``node`` with every local ``$ref`` replaced by (a copy of) its target."""
    if isinstance(node, list):
        return [resolve_refs(item, openapi) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        target: Any = openapi
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        extra = {k: v for k, v in node.items() if k != "$ref"}
        return resolve_refs({**target, **extra}, openapi)
    return {key: resolve_refs(value, openapi) for key, value in node.items()}


def input_schema(openapi: dict[str, Any], name: str) -> dict[str, Any]:
    """The closed JSON schema of operation ``name``'s arguments (refs resolved): what
    /tools/anthropic.json and the MCP tools advertise."""
    by_id = {op["operationId"]: op for _, _, op in _operations(openapi)}
    return _parameters(openapi, by_id[name])


# What the MCP tools leave out of their input schemas (gm checks every bound itself, and says
# so in words): the bounds, the defaults, and each game's options (get_rules lists them).
_LEAN_DROP = frozenset({"default", "minLength", "maxLength", "minimum", "maximum"} | {"minItems"})
_LEAN_DROP |= {"maxItems"}
SHORT_DESCRIPTIONS = {
    "token": "Your seat token (secret).",
    "game_id": "The game id.",
    "idempotency_key": "Resent with this key: the first answer again.",
    "expected_version": "Refused unless the game is at this version.",
    "wait": "Seconds (up to 25) to wait for a change.",
    "after_version": "With wait: wait past this version.",
    "after": "Entries after this n (default: the last page).",
    "limit": "Entries per page (up to 200).",
    "opponent": "'ai' (default) or 'human' (gets an invite).",
    "ai_level": "The AI's level (default: the strongest).",
    "seat": "Which seat you take (default: the first human one).",
    "illegal_move_limit": "A seat forfeits after this many illegal moves (default: no limit).",
    "seed": "Shuffle seed, for a reproducible game.",
    "game": "The game's API name.",
    "move": "The move, in the game's notation or in words.",
    "invite": "The invite from new_game.",
    "text": "A chat message: a move in any phrasing, a question or a request.",
    "language": "Your seat's reply language from now on.",
}


def lean_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """An input schema for the MCP tools: no bounds or defaults, short shared descriptions of
    the token, game id and idempotency key, the game options as one open object."""
    out = {k: v for k, v in schema.items() if k not in _LEAN_DROP}
    if "properties" in out:
        props = {}
        for name, prop in out["properties"].items():
            prop = lean_schema(prop)
            if name in SHORT_DESCRIPTIONS:
                prop["description"] = SHORT_DESCRIPTIONS[name]
            if name == "options":
                prop = {"type": "object", "description": prop["description"]}
            props[name] = prop
        out["properties"] = props
    if isinstance(out.get("items"), dict):
        out["items"] = lean_schema(out["items"])
    return _one_type(out)


def _one_type(schema: dict[str, Any]) -> dict[str, Any]:
    """A nullable field advertised by its one type (``["string", "null"]`` → ``"string"``):
    leaving it out means null, and single-type schemas are the portable dialect (the MCP
    Inspector's ``--strict`` check; Gemini's function declarations). gm still accepts null."""
    kind = schema.get("type")
    if isinstance(kind, list) and "null" in kind and len(kind) == 2:
        schema["type"] = next(k for k in kind if k != "null")
        if isinstance(schema.get("enum"), list):
            schema["enum"] = [v for v in schema["enum"] if v is not None]
    return schema


def _parameters(openapi: dict[str, Any], operation: dict[str, Any]) -> dict[str, Any]:
    """One object schema: the path parameters (required) and the JSON body's fields."""
    properties: dict[str, Any] = {}
    required: list[str] = []
    for param in operation.get("parameters", []):
        if param["in"] == "query" and param.get("x-gm-argument"):
            schema = resolve_refs(param["schema"], openapi)
            properties[param["name"]] = {
                **schema,
                "type": [schema["type"], "null"],
                "description": param["description"],
            }
            continue
        if param["in"] != "path":
            continue
        properties[param["name"]] = {
            **resolve_refs(param["schema"], openapi),
            "description": param["description"],
        }
        required.append(param["name"])
    body = _body_schema(openapi, operation)
    if body:
        for name, prop in body.get("properties", {}).items():
            if name in properties:
                raise ValueError(f"body field {name!r} clashes with a path parameter")
            properties[name] = prop
        required.extend(body.get("required", []))
    return {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


def _body_schema(openapi: dict[str, Any], operation: dict[str, Any]) -> dict[str, Any] | None:
    body = operation.get("requestBody")
    if not body:
        return None
    return resolve_refs(body["content"]["application/json"]["schema"], openapi)


# ---------------------------------------------------------------- routes and examples


def _tool_operations(openapi: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    by_id = {op["operationId"]: op for _, _, op in _operations(openapi)}
    return [(name, by_id[name]) for name in TOOLS if name in by_id]


def _operations(openapi: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (method.upper(), path, operation)
        for path, item in openapi["paths"].items()
        for method, operation in item.items()
    ]


def _description(operation: dict[str, Any]) -> str:
    return f"{operation['summary']}. {operation['description']}"


def _server(openapi: dict[str, Any]) -> str:
    return openapi["servers"][0]["url"]


def _routes(
    openapi: dict[str, Any], schemas: dict[str, dict[str, Any]], *, fill_nulls: bool
) -> dict[str, Any]:
    examples = tool_examples()
    routes = {}
    for method, path, operation in _operations(openapi):
        name = operation["operationId"]
        if name not in schemas:
            continue
        path_params = [p["name"] for p in operation.get("parameters", []) if p["in"] == "path"]
        query_params = [
            p["name"] for p in operation.get("parameters", []) if p.get("x-gm-argument")
        ]
        body = _body_schema(openapi, operation)
        success = min(int(status) for status in operation["responses"] if status.startswith("2"))
        example = copy.deepcopy(examples[name])
        if fill_nulls:
            example["arguments"] = fill_nulls_for(example["arguments"], schemas[name])
            for step in ("setup", "then"):
                if step in example:
                    call = example[step]
                    call["arguments"] = fill_nulls_for(call["arguments"], schemas[call["tool"]])
        example["request"] = _example_request(method, path, path_params, example["arguments"])
        routes[name] = {
            "method": method,
            "path": path,
            "path_params": path_params,
            "body_params": list(body["properties"]) if body else [],
            "query_params": query_params,
            "success_status": success,
            "operationId": name,
            "example": example,
        }
    return routes


def _example_request(
    method: str, path: str, path_params: list[str], arguments: dict[str, Any]
) -> dict[str, Any]:
    for name in path_params:
        path = path.replace("{" + name + "}", str(arguments[name]))
    request: dict[str, Any] = {"method": method, "path": path}
    if method == "POST":
        request["json"] = {k: v for k, v in arguments.items() if k not in path_params}
    else:
        query = {k: v for k, v in arguments.items() if k not in path_params and v is not None}
        if query:
            request["query"] = query
    return request


def fill_nulls_for(arguments: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """``arguments`` with every property of a (strict) object schema present, null if not given
    — what a strict-mode model sends."""
    out = {}
    for name, prop in schema.get("properties", {}).items():
        value = arguments.get(name)
        if isinstance(value, dict) and "properties" in prop:
            value = fill_nulls_for(value, prop)
        elif isinstance(value, list) and isinstance(prop.get("items"), dict):
            items = prop["items"]
            value = [fill_nulls_for(v, items) if isinstance(v, dict) else v for v in value]
        out[name] = value
    return out


SEED = 2024  # the examples' deal


def first_move(game: str) -> str:
    """A legal first move of ``game`` dealt with :data:`SEED`, the creator's seat to move (the
    answers are lean: they describe the legal moves rather than list them)."""
    engine = REGISTRY[game]
    state = engine.new_state(SEED, engine.options({}), engine.info.min_players)
    if engine.to_move(state) != 0:
        return "{{setup.view.legal_moves_text}}"  # not the creator's turn: no example move
    return engine.render_move(engine.legal_moves(state, 0)[0])


def tool_examples() -> dict[str, dict[str, Any]]:
    """One example call per tool, for the first registered game."""
    game = next(iter(REGISTRY))
    info = REGISTRY[game].info
    new_game = {"tool": "new_game", "arguments": {"game": game, "opponent": "ai"}}
    with_invite = {"tool": "new_game", "arguments": {"game": game, "opponent": "human"}}
    token = "{{setup.token}}"
    return {
        "list_games": {"arguments": {}},
        "get_rules": {"arguments": {"game": game}},
        "new_game": {"arguments": {"game": game, "opponent": "ai", "seed": SEED}},
        "join_game": {
            "setup": with_invite,
            "arguments": {
                "game_id": "{{setup.game_id}}",
                "invite": "{{setup.invites." + info.seat_names[1] + "}}",
            },
        },
        "view_game": {"setup": new_game, "arguments": {"token": token}},
        "play_move": {
            "setup": {
                "tool": "new_game",
                "arguments": {"game": game, "opponent": "ai", "seed": SEED},
            },
            "arguments": {
                "token": token,
                "move": first_move(game),
                "expected_version": "{{setup.view.version}}",
            },
        },
        "get_history": {"setup": new_game, "arguments": {"token": token}},
        "suggest_move": {"setup": new_game, "arguments": {"token": token}},
        "spectate_game": {"setup": new_game, "arguments": {"game_id": "{{setup.game_id}}"}},
        "verify_deal": {"setup": new_game, "arguments": {"game_id": "{{setup.game_id}}"}},
        "say": {"setup": new_game, "arguments": {"token": token, "text": "show the board"}},
        "resign": {"setup": new_game, "arguments": {"token": token}},
        "rematch": {  # a finished game: the setup's seat resigns first
            "setup": new_game,
            "then": {"tool": "resign", "arguments": {"token": token}},
            "arguments": {"token": token},
        },
        "get_board": {"setup": new_game, "arguments": {"token": token}},
        # against the AI it is the seat's turn once new_game answers: no wait
        "wait_for_turn": {"setup": new_game, "arguments": {"token": token, "wait": 20}},
        "get_game_history": {"setup": new_game, "arguments": {"game_id": "{{setup.game_id}}"}},
    }
