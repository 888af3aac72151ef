"""The machine-readable front doors: ``GET /openapi.json`` (a GPT Action's schema),
``GET /tools/openai.json`` and ``GET /tools/anthropic.json`` (function-calling tool definitions).

Each document is generated once per app from its routes, the marshmallow schemas and the game
registry, then served from memory.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify

from gm.api.openapi import build_openapi
from gm.api.tools import anthropic_tools, openai_tools

bp = Blueprint("gm_frontends", __name__)


def _cached(key: str, build: Any) -> Any:
    cache = current_app.extensions.setdefault("gm.frontends", {})
    if key not in cache:
        cache[key] = build()
    return cache[key]


def openapi_document() -> dict[str, Any]:
    return _cached("openapi", lambda: build_openapi(current_app))


@bp.get("/openapi.json")
def openapi_json() -> Any:
    return jsonify(openapi_document())


@bp.get("/tools/openai.json")
def openai_json() -> Any:
    return jsonify(_cached("openai", lambda: openai_tools(openapi_document())))


@bp.get("/tools/anthropic.json")
def anthropic_json() -> Any:
    return jsonify(_cached("anthropic", lambda: anthropic_tools(openapi_document())))
