"""GET /openapi.json: a valid OpenAPI 3.1 document that a custom GPT's Actions accept as is."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from openapi_spec_validator import validate

from gm.contract.openapi import app_routes, build_openapi, undocumented_routes
from gm.contract.operations import OPERATIONS
from gm.contract.tools import TOOLS
from gm.games import REGISTRY
from gm.settings import Settings

ROOT = Path(__file__).resolve().parents[2]

PUBLIC_URL = "https://gm.example.org"
OPERATION_ID = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


@pytest.fixture
def settings(redis_url) -> Settings:
    return Settings(redis_url=redis_url, public_url=PUBLIC_URL)


@pytest.fixture
def doc(client) -> dict[str, Any]:
    response = client.get("/openapi.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    return response.get_json()


def _operations(doc):
    for path, item in doc["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield method, path, operation


def _schemas(node, where="$"):
    """Every schema object in the document (components, parameters, bodies, responses)."""
    if isinstance(node, dict):
        if "type" in node or "properties" in node or "$ref" in node or "enum" in node:
            yield where, node
        for key, value in node.items():
            yield from _schemas(value, f"{where}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _schemas(value, f"{where}[{i}]")


def test_the_document_is_valid_openapi_3_1(doc):
    assert doc["openapi"] == "3.1.0"
    validate(doc)  # raises on the first error


def test_one_server_the_public_url(doc):
    assert doc["servers"] == [{"url": PUBLIC_URL}]


def test_every_route_of_the_app_is_documented_and_nothing_else(app, settings):
    assert undocumented_routes(app) == []
    every = build_openapi(settings, every=True)
    validate(every)
    documented = {(m.upper(), p) for m, p, _ in _operations(every)}
    assert documented == set(app_routes(app))
    assert {"/rules", "/games", "/play/{token}/moves", "/openapi.json"} <= set(every["paths"])


def test_the_action_shows_the_model_only_the_operations_it_should_call(doc):
    """The served document (a GPT Action's schema) holds exactly the tool operations: no health
    check, no documents about the API, no plain-text board nor spectator history."""
    ids = {op["operationId"] for _, _, op in _operations(doc)}
    assert ids == set(TOOLS) == {op.name for op in OPERATIONS if op.in_openapi}
    assert {"rematch", "say", "resign", "verify_deal"} <= ids
    for hidden in ("/healthz", "/openapi.json", "/tools/openai.json", "/tools/anthropic.json"):
        assert hidden not in doc["paths"]


def test_gpt_actions_rules_hold_for_every_operation(doc):
    ids = [op["operationId"] for _, _, op in _operations(doc)]
    assert len(ids) == len(set(ids)), "operationIds must be unique"
    assert len(ids) <= 30, "GPT Actions take at most 30 operations"
    for method, path, op in _operations(doc):
        where = f"{method.upper()} {path}"
        assert OPERATION_ID.match(op["operationId"]), where
        assert op["summary"] and len(op["summary"]) <= 300, where
        assert op["description"] and len(op["description"]) <= 300, where
        # only resign asks the GPT for the player's confirmation: play is not interrupted
        assert op["x-openai-isConsequential"] is (op["operationId"] == "resign"), where
        for param in op.get("parameters", []):
            assert "$ref" not in param, f"{where}: $ref parameters are not supported"
            assert param["in"] in {"path", "query"}, f"{where}: no custom headers or cookies"
            assert param["description"] and len(param["description"]) <= 700, where
            if param["in"] == "path":
                assert param["required"] is True and "{" + param["name"] + "}" in path
        body = op.get("requestBody")
        if body:
            assert set(body["content"]) == {"application/json"}, where
    assert "parameters" not in doc["components"], "no shared ($ref) parameters"
    assert len(doc["info"]["description"]) <= 300


def test_every_object_schema_has_properties(doc):
    for where, schema in _schemas(doc):
        types = schema.get("type")
        if types == "object" or (isinstance(types, list) and "object" in types):
            assert "properties" in schema, f"{where}: object schema without properties"


def test_every_response_is_documented_with_its_schema(doc):
    problem = {"$ref": "#/components/schemas/Problem"}
    for method, path, op in _operations(doc):
        where = f"{method.upper()} {path}"
        statuses = set(op["responses"])
        assert any(s.startswith("2") for s in statuses), where
        assert {"401"} <= statuses, where
        for status, response in op["responses"].items():
            assert response["description"], where
            content = response["content"]
            if status.startswith("2"):
                assert content and all("schema" in c for c in content.values()), where
            else:
                assert content == {"application/problem+json": {"schema": problem}}, (
                    f"{where} {status}"
                )
    assert set(doc["components"]["schemas"]["Problem"]["properties"]) >= {
        "type",
        "title",
        "status",
        "detail",
    }


def test_the_operator_key_is_the_only_security_scheme(doc):
    schemes = doc["components"]["securitySchemes"]
    assert list(schemes) == ["operatorKey"]
    assert schemes["operatorKey"]["type"] == "http"
    assert schemes["operatorKey"]["scheme"] == "bearer"
    assert doc["security"] == [{}]  # this server has no key: none is wanted, and it says so
    for _, _, op in _operations(doc):
        assert "security" not in op


def test_with_an_operator_key_every_route_wants_it_but_the_documents_answer(
    redis_url, redis_client
):
    from gm.frontends.http.app import create_app

    app = create_app(Settings(redis_url=redis_url, api_key="s3cret"), client=redis_client)
    client = app.test_client()
    answer = client.get("/openapi.json")  # a GPT Action's importer sends no key
    assert answer.status_code == 200
    doc = answer.get_json()
    assert doc["security"] == [{"operatorKey": []}]
    assert "s3cret" not in answer.get_data(as_text=True)
    validate(doc)
    for path in ("/tools/openai.json", "/tools/anthropic.json"):
        assert client.get(path).status_code == 200
    assert client.get("/rules").status_code == 401  # every operation still wants it


def test_licence_contact_and_absolute_problem_types(doc, redis_url, redis_client):
    from gm.frontends.http.app import create_app

    assert doc["info"]["license"] == {"name": "MIT", "identifier": "MIT"}
    assert doc["info"]["contact"]["url"].startswith("https://")
    client = create_app(Settings(redis_url=redis_url), client=redis_client).test_client()
    unknown = client.get("/play/0123456789abcdef.nope").get_json()
    assert unknown["type"].startswith("https://") and unknown["type"].endswith(
        "/docs/problems.md#unknown-seat-token"
    )
    anchors = {
        line[3:].strip().lower().replace(" ", "-")
        for line in (ROOT / "docs" / "problems.md").read_text().splitlines()
        if line.startswith("## ")
    }
    assert unknown["type"].rsplit("#", 1)[1] in anchors
    assert client.get("/no-such-route").get_json()["type"] == "about:blank"  # "Not Found"


@pytest.mark.parametrize(
    ("base", "headers", "proxies", "server"),
    [
        ("http://gm.test:8123", {}, 0, "http://gm.test:8123"),
        ("https://gm.test", {}, 0, "https://gm.test"),
        ("http://gm.test:8123", {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "play.example"},
         0, "http://gm.test:8123"),  # not believed without a trusted proxy
        ("http://gm.test:8123", {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "play.example"},
         1, "https://play.example"),
        ("http://gm.test:8123", {"X-Forwarded-Host": "evil.example, play.example"}, 1,
         "http://play.example"),
        ("http://gm.test:8123", {"X-Forwarded-Host": "<script>"}, 1, "http://localhost:8000"),
    ],
)  # fmt: skip
def test_the_server_is_the_request_s_own_address_without_gm_public_url(
    redis_url, redis_client, base, headers, proxies, server
):
    from gm.frontends.http.app import create_app

    settings = Settings(redis_url=redis_url, trusted_proxies=proxies)
    client = create_app(settings, client=redis_client).test_client()
    doc = client.get("/openapi.json", headers=headers, base_url=base).get_json()
    assert doc["servers"] == [{"url": server}]
    tools = client.get("/tools/openai.json", headers=headers, base_url=base).get_json()
    assert server in json.dumps(tools)


def test_text_variants_are_alternative_content(settings):
    doc = build_openapi(settings, every=True)
    board = doc["paths"]["/play/{token}/board"]["get"]["responses"]["200"]["content"]
    assert board == {"text/plain": {"schema": {"type": "string"}}}
    rules = doc["paths"]["/rules/{game}"]["get"]
    assert set(rules["responses"]["200"]["content"]) == {"application/json", "text/markdown"}
    fmt = next(p for p in rules["parameters"] if p["name"] == "format")
    assert fmt["in"] == "query" and "text" in fmt["schema"]["enum"]


def test_game_names_are_an_enum_from_the_registry(doc):
    rules = doc["paths"]["/rules/{game}"]["get"]
    game = next(p for p in rules["parameters"] if p["name"] == "game")
    assert game["schema"]["enum"] == list(REGISTRY)
    create = doc["components"]["schemas"]["CreateGame"]["properties"]
    assert create["game"]["enum"] == list(REGISTRY)
    assert not [
        where for where, schema in _schemas(doc) if any(k.startswith("x-gm-") for k in schema)
    ]


def test_game_options_are_properties_from_the_registry(doc):
    options = doc["components"]["schemas"]["CreateGame"]["properties"]["options"]
    assert options["additionalProperties"] is False
    names = {o.name for engine in REGISTRY.values() for o in engine.info.all_options}
    assert set(options["properties"]) == names
    for name, prop in options["properties"].items():
        branches = prop.get("anyOf", [prop])
        assert all("null" in branch["type"] for branch in branches), name  # null: the default
        assert prop["description"], name


def test_success_statuses_and_schemas_match_the_routes(doc):
    create = doc["paths"]["/games"]["post"]["responses"]
    # the lean answer by default, the full one with api_version=1 (a documented query parameter)
    assert create["201"]["content"]["application/json"]["schema"] == {
        "anyOf": [
            {"$ref": "#/components/schemas/LeanCreateAnswer"},
            {"$ref": "#/components/schemas/CreateAnswer"},
        ]
    }
    version = next(p for p in doc["paths"]["/games"]["post"]["parameters"] if p["in"] == "query")
    assert version["name"] == "api_version" and version["schema"]["enum"] == [1, 2]
    move = doc["paths"]["/play/{token}/moves"]["post"]
    assert move["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Move"
    }
    assert {"404", "409", "422"} <= set(move["responses"])


@pytest.mark.parametrize("every", [False, True], ids=["served", "every"])
def test_the_document_is_the_contract(settings, every):
    doc = build_openapi(settings, every=every)
    by_id = {op["operationId"]: (method.upper(), path, op) for method, path, op in _operations(doc)}
    declared_ops = [op for op in OPERATIONS if every or op.in_openapi]
    assert list(by_id) == [op.name for op in declared_ops]
    for declared in declared_ops:
        method, path, op = by_id[declared.name]
        assert (method, path) == (declared.method, declared.openapi_path)
        assert (op["summary"], op["description"]) == (declared.summary, declared.description)
        assert str(declared.status) in op["responses"]


def test_resign_is_documented_as_consequential_with_an_optional_body(doc):
    resign = doc["paths"]["/play/{token}/resign"]["post"]
    assert resign["operationId"] == "resign" and resign["x-openai-isConsequential"] is True
    assert resign["requestBody"]["required"] is False
    body = doc["components"]["schemas"]["Resign"]
    assert set(body["properties"]) == {"idempotency_key"} and not body.get("required")
    answer = resign["responses"]["200"]["content"]["application/json"]["schema"]
    assert answer == {
        "anyOf": [
            {"$ref": "#/components/schemas/LeanResignAnswer"},
            {"$ref": "#/components/schemas/ResignAnswer"},
        ]
    }
    assert {"404", "409", "422"} <= set(resign["responses"])
