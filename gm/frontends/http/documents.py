"""The machine-readable front doors: ``GET /openapi.json`` (a GPT Action's schema),
``GET /tools/openai.json`` and ``GET /tools/anthropic.json`` (function-calling tool definitions),
at the paths gm/contract/operations.py declares for them.

Each document is generated once per app from the contract, the marshmallow schemas and the game
registry, then served from memory.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify

from gm.contract.openapi import build_openapi
from gm.contract.operations import operation
from gm.contract.tools import anthropic_tools, openai_tools

bp = Blueprint("gm_frontends", __name__)


def _cached(key: str, build: Any) -> Any:
    cache = current_app.extensions.setdefault("gm.frontends", {})
    if key not in cache:
        cache[key] = build()
    return cache[key]


def openapi_document() -> dict[str, Any]:
    return _cached("openapi", lambda: build_openapi(current_app.extensions.get("gm.settings")))


def openapi_json() -> Any:
    return jsonify(openapi_document())


def openai_json() -> Any:
    return jsonify(_cached("openai", lambda: openai_tools(openapi_document())))


def anthropic_json() -> Any:
    return jsonify(_cached("anthropic", lambda: anthropic_tools(openapi_document())))


for _name, _view in (
    ("get_openapi", openapi_json),
    ("get_openai_tools", openai_json),
    ("get_anthropic_tools", anthropic_json),
):
    _op = operation(_name)
    bp.add_url_rule(_op.path, _name, _view, methods=[_op.method])
