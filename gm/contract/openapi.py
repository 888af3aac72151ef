"""The OpenAPI 3.1 document, generated from the contract (gm/contract/operations.py) and its
marshmallow schemas.

Nothing here restates an operation or a schema: the operations, their prose and their errors come
from :data:`gm.contract.operations.OPERATIONS`, request and answer bodies from
:mod:`gm.contract.schemas` through apispec's MarshmallowPlugin, the game names from the registry. A
route of the app that the contract does not declare is named by :func:`undocumented_routes` (the
tests check there is none).

The served document is shaped to be pasted into a custom GPT's Actions as is, showing the model
only the operations it should call (the tool operations; not the health check, the documents
themselves, the plain-text board or the spectator's history): one server (GM_PUBLIC_URL),
an ``operationId`` per operation (the same names as the tool definitions in
:mod:`gm.contract.tools`), short summaries and descriptions, parameters inline, every object schema
with ``properties``,
``x-openai-isConsequential`` true only for a destructive operation (resign), the operator key as
the only security scheme, every error as ``application/problem+json``.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Flask
from marshmallow import Schema

import gm
from gm.contract import schemas as s
from gm.contract.lean_schemas import API_VERSION_PARAMETER, LEAN
from gm.contract.operations import ERRORS, OPERATIONS, PATH_PARAMETERS, TEXT, Operation
from gm.games import REGISTRY
from gm.settings import Settings

PROBLEM_JSON = "application/problem+json"
SECURITY_SCHEME = "operatorKey"
_STRING = TEXT

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
        for option in engine.info.all_options:
            merged.setdefault(option.name, []).append((name, _option_schema(option)))
    properties = {}
    for option_name, variants in merged.items():
        descriptions = [f"{game}: {schema.pop('description')}" for game, schema in variants]
        distinct: list[dict[str, Any]] = []
        for _, schema in variants:
            for i, seen in enumerate(distinct):
                union = _merge_option_schemas(seen, schema)
                if union is not None:
                    distinct[i] = union
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
        if not option.spellings:  # else the engine reads other spellings too ('hearts' for ♥)
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
        if rule.endpoint == "static" or rule.endpoint.startswith(("pages.", "gm_mcp.")):
            continue  # the pages for people (gm/web) are HTML, /mcp is MCP: not operations
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            routes.append((method, openapi_path(rule.rule)))
    return routes


def undocumented_routes(app: Flask) -> list[tuple[str, str]]:
    declared = {(op.method, op.openapi_path) for op in OPERATIONS}
    return [route for route in app_routes(app) if route not in declared]


DEFAULT_SERVER = "http://localhost:8000"  # without GM_PUBLIC_URL and outside a request
CONTACT_URL = "https://github.com/gm-gamemaster/gm/issues"


def build_openapi(settings: Settings | None = None, every: bool = False) -> dict[str, Any]:
    """The OpenAPI 3.1 document for ``settings`` (the public URL, the operator key) and the game
    registry: of the operations a model should call (``in_openapi``: the served document, a GPT
    Action's schema), or with ``every`` of every declared operation (what the tests walk)."""
    settings = settings or Settings()
    spec = APISpec(
        title="gm — a game master for chat assistants",
        version=gm.__version__,
        openapi_version="3.1.0",
        plugins=[MarshmallowPlugin()],
        info={
            "description": "Card games held by the server: start a game, read your board, send "
            "moves as text and get legal/illegal with the reason; the server plays the other "
            "seats. Games: " + ", ".join(game_names()) + ".",
            "license": {"name": "MIT", "identifier": "MIT"},
            "contact": {"name": "gm maintainers", "url": CONTACT_URL},
        },
        servers=[{"url": settings.public_url.rstrip("/") or DEFAULT_SERVER}],
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
    for op in (op for op in OPERATIONS if every or op.in_openapi):
        paths.setdefault(op.openapi_path, {})[op.method.lower()] = _operation(spec, op)
    for path, operations in paths.items():
        spec.path(path=path, operations=operations)

    raw = spec.to_dict()
    # the key is wanted on every route; without one, none is (an empty requirement: stated)
    raw["security"] = [{SECURITY_SCHEME: []}] if settings.api_key else [{}]
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


def _operation(spec: APISpec, op: Operation) -> dict[str, Any]:
    parameters = []
    for name in op.path_params:
        param = {k: v for k, v in PATH_PARAMETERS[name].items() if k != "example"}
        parameters.append({"name": name, "in": "path", "required": True, **copy.deepcopy(param)})
    parameters.extend(copy.deepcopy(q) for q in op.query)

    answer = _schema_or_ref(spec, op.answer)
    if op.name in LEAN:  # the lean answer by default, the full one with api_version=1
        parameters.append(copy.deepcopy(API_VERSION_PARAMETER))
        answer = {"anyOf": [_schema_or_ref(spec, LEAN[op.name]), answer]}
    content = (
        {"text/plain": {"schema": answer}}
        if answer == _STRING and not op.alternatives
        else {}  # a text answer in other media types only (an event stream)
        if answer == _STRING
        else {"application/json": {"schema": answer}}
    )
    if op.media_type is not None:
        content = {op.media_type: {"schema": answer}}
    for media_type, schema in op.alternatives.items():
        content[media_type] = {"schema": copy.deepcopy(schema)}
    responses: dict[str, Any] = {
        str(op.status): {"description": op.summary + ".", "content": content}
    }
    errors = {*op.errors, 401} | ({422} if op.name in LEAN else set())  # a wrong api_version
    for status in sorted(errors):
        responses[str(status)] = {
            "description": ERRORS[status],
            "content": {PROBLEM_JSON: {"schema": _ref("Problem")}},
        }

    out: dict[str, Any] = {
        "operationId": op.name,
        "summary": op.summary,
        "description": op.description,
        "tags": [op.tag],
        "responses": responses,
        "x-openai-isConsequential": op.consequential,
    }
    if parameters:
        out["parameters"] = parameters
    if op.body is not None:
        out["requestBody"] = {
            "required": op.body_required,
            "content": {"application/json": {"schema": _schema_or_ref(spec, op.body)}},
        }
    return out
