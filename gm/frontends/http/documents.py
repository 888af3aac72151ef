"""The machine-readable front doors: ``GET /openapi.json`` (a GPT Action's schema),
``GET /tools/openai.json`` and ``GET /tools/anthropic.json`` (function-calling tool definitions),
at the paths gm/contract/operations.py declares for them.

Each document is generated once per app (and server URL) from the contract, the marshmallow
schemas and the game registry, then served from memory. They hold no secret: they answer without
the operator key (a GPT Action's importer cannot send one), and say how to send it.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from flask import Blueprint, current_app, jsonify, request

from gm.contract.openapi import build_openapi
from gm.contract.operations import operation
from gm.contract.tools import anthropic_tools, openai_tools
from gm.frontends.security import public_base

bp = Blueprint("gm_frontends", __name__)


def _cached(key: str, build: Any) -> Any:
    """``build()`` once per key and server URL (the few most recent: a stranger's Host header
    cannot grow it)."""
    cache: OrderedDict[tuple[str, str], Any] = current_app.extensions.setdefault(
        "gm.frontends", OrderedDict()
    )
    entry = (key, server_url())
    if entry not in cache:
        cache[entry] = build()
        while len(cache) > CACHED:
            cache.popitem(last=False)
    cache.move_to_end(entry)
    return cache[entry]


CACHED = 24  # documents kept: 3 kinds x 8 server URLs
DEFAULT_SERVER = "http://localhost:8000"


def server_url() -> str:
    """The server the documents name: GM_PUBLIC_URL when set, else this request's own scheme and
    host (behind GM_TRUSTED_PROXIES proxies, the ``X-Forwarded-Proto``/``X-Forwarded-Host``
    they set) — so an Action imported from any address calls that address."""
    settings = current_app.extensions["gm.settings"]
    if settings.public_url:
        return str(settings.public_url).rstrip("/")
    return public_base(
        request.scheme, request.host, request.headers, settings.trusted_proxies, DEFAULT_SERVER
    )


def openapi_document() -> dict[str, Any]:
    def build() -> dict[str, Any]:
        doc = build_openapi(current_app.extensions.get("gm.settings"))
        return {**doc, "servers": [{"url": server_url()}]}

    return _cached("openapi", build)


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
