"""GET /tools/openai.json and /tools/anthropic.json: valid tool definitions (OpenAI strict mode),
a route per tool, and each tool's example call dispatched to the API mechanically gets a 2xx."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

import jsonschema
import pytest

from gm.games import REGISTRY

NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
EXPECTED_TOOLS = {
    "list_games",
    "get_rules",
    "new_game",
    "join_game",
    "view_game",
    "play_move",
    "get_history",
    "resign",
}
# OpenAI structured outputs' strict mode: the keywords a schema may use (a conservative subset
# of the documented one: no default, no length/number/format/pattern constraints).
STRICT_KEYWORDS = {
    "type",
    "description",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "enum",
    "anyOf",
}
JSON_TYPES = {"string", "number", "integer", "boolean", "object", "array", "null"}


@pytest.fixture
def openai_file(client) -> dict[str, Any]:
    response = client.get("/tools/openai.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    return response.get_json()


@pytest.fixture
def anthropic_file(client) -> dict[str, Any]:
    response = client.get("/tools/anthropic.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    return response.get_json()


@pytest.fixture
def openapi(client) -> dict[str, Any]:
    return client.get("/openapi.json").get_json()


def _openai_tools(openai_file):
    """(name, description, parameters) of the Chat Completions tools."""
    return [
        (t["function"]["name"], t["function"]["description"], t["function"]["parameters"])
        for t in openai_file["chat_completions"]
    ]


def _anthropic_tools(anthropic_file):
    return [(t["name"], t["description"], t["input_schema"]) for t in anthropic_file["tools"]]


def assert_strict(schema: dict[str, Any], where: str = "parameters", root: bool = True) -> None:
    """OpenAI strict mode: every object closed and fully required, optional ones nullable, only
    supported keywords."""
    unknown = set(schema) - STRICT_KEYWORDS
    assert not unknown, f"{where}: unsupported keywords {sorted(unknown)}"
    if root:
        assert schema.get("type") == "object" and "anyOf" not in schema, where
    types = schema.get("type")
    type_list = types if isinstance(types, list) else [types] if types else []
    assert set(type_list) <= JSON_TYPES, where
    assert type_list or "anyOf" in schema, f"{where}: no type"
    if "object" in type_list:
        assert schema.get("additionalProperties") is False, f"{where}: not closed"
        assert "properties" in schema, where
        assert schema["required"] == list(schema["properties"]), f"{where}: not all required"
        for name, prop in schema["properties"].items():
            assert prop.get("description"), f"{where}.{name}: no description"
            assert_strict(prop, f"{where}.{name}", root=False)
    else:
        assert "properties" not in schema and "required" not in schema, where
    if "array" in type_list:
        assert_strict(schema["items"], f"{where}[]", root=False)
    if "enum" in schema:
        assert "null" in type_list or None not in schema["enum"], where
    for i, branch in enumerate(schema.get("anyOf", [])):
        assert_strict(branch, f"{where}.anyOf[{i}]", root=False)


# ---------------------------------------------------------------- shape


def test_openai_file_has_both_api_shapes_with_the_same_tools(openai_file):
    chat, responses = openai_file["chat_completions"], openai_file["responses"]
    assert [t["type"] for t in chat + responses] == ["function"] * (len(chat) + len(responses))
    for c, r in zip(chat, responses, strict=True):
        assert set(c) == {"type", "function"}
        assert set(c["function"]) == {"name", "description", "parameters", "strict"}
        assert set(r) == {"type", "name", "description", "parameters", "strict"}
        assert c["function"]["strict"] is True and r["strict"] is True
        assert {k: v for k, v in r.items() if k != "type"} == c["function"]


def test_tool_names_are_unique_valid_and_cover_the_game(openai_file, anthropic_file):
    for tools in (_openai_tools(openai_file), _anthropic_tools(anthropic_file)):
        names = [name for name, _, _ in tools]
        assert len(names) == len(set(names))
        assert all(NAME.match(name) for name in names), names
        assert EXPECTED_TOOLS <= set(names)
        assert all(description for _, description, _ in tools)
    assert [n for n, _, _ in _openai_tools(openai_file)] == [
        n for n, _, _ in _anthropic_tools(anthropic_file)
    ]


def test_openai_parameters_follow_strict_mode(openai_file):
    for name, _, parameters in _openai_tools(openai_file):
        assert_strict(parameters, name)
        jsonschema.Draft202012Validator.check_schema(parameters)


def test_anthropic_input_schemas_are_closed_json_schemas(anthropic_file):
    for name, _, schema in _anthropic_tools(anthropic_file):
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["type"] == "object" and schema["additionalProperties"] is False, name
        assert "$ref" not in str(schema), name
        assert set(schema["required"]) <= set(schema["properties"]), name


def test_the_game_argument_lists_the_registered_games(openai_file, anthropic_file):
    for tools in (_openai_tools(openai_file), _anthropic_tools(anthropic_file)):
        by_name = {name: parameters for name, _, parameters in tools}
        assert by_name["new_game"]["properties"]["game"]["enum"] == list(REGISTRY)
        assert by_name["get_rules"]["properties"]["game"]["enum"] == list(REGISTRY)


# ---------------------------------------------------------------- routes


def test_every_tool_has_a_route_matching_its_openapi_operation(
    openai_file, anthropic_file, openapi
):
    operations = {
        op["operationId"]: (method.upper(), path, op)
        for path, item in openapi["paths"].items()
        for method, op in item.items()
    }
    for file, tools in (
        (openai_file, _openai_tools(openai_file)),
        (anthropic_file, _anthropic_tools(anthropic_file)),
    ):
        assert file["server"] == openapi["servers"][0]["url"]
        assert file["dispatch"] and set(file["routes"]) == {name for name, _, _ in tools}
        for name, _, parameters in tools:
            route = file["routes"][name]
            method, path, op = operations[route["operationId"]]
            assert route["operationId"] == name
            assert (route["method"], route["path"]) == (method, path)
            assert str(route["success_status"]) in op["responses"]
            assert 200 <= route["success_status"] < 300
            assert set(route["path_params"]) == set(re.findall(r"{(\w+)}", path))
            # every argument goes somewhere, and only once
            assert sorted(
                route["path_params"] + route["body_params"] + route["query_params"]
            ) == sorted(parameters["properties"])
            assert route["body_params"] == [] or method == "POST"
            assert route["query_params"] == [] or method == "GET"


# ---------------------------------------------------------------- dispatch


def dispatch(client, route: dict[str, Any], arguments: dict[str, Any]):
    """The file's dispatch rules, done mechanically: path parameters into the path, the rest as
    the JSON body of a POST or, for a GET, the query parameters that are not null."""
    path = route["path"]
    for name in route["path_params"]:
        path = path.replace("{" + name + "}", quote(str(arguments[name]), safe=""))
    if route["method"] == "GET":
        assert set(arguments) <= set(route["path_params"]) | set(route["query_params"])
        query = {n: arguments[n] for n in route["query_params"] if arguments.get(n) is not None}
        return client.get(path, query_string=query)
    body = {name: arguments[name] for name in route["body_params"] if name in arguments}
    return client.open(path, method=route["method"], json=body)


def _substitute(value: Any, answer: dict[str, Any]) -> Any:
    if isinstance(value, dict):
        return {k: _substitute(v, answer) for k, v in value.items()}
    if isinstance(value, str):
        match = re.fullmatch(r"\{\{setup\.([\w.]+)\}\}", value)
        if match:
            for part in match.group(1).split("."):
                answer = answer[int(part)] if isinstance(answer, list) else answer[part]
            return answer
    return value


@pytest.mark.parametrize("shape", ["openai", "anthropic"])
def test_each_tool_example_dispatched_through_its_route_is_accepted(
    client, openai_file, anthropic_file, shape
):
    file = openai_file if shape == "openai" else anthropic_file
    tools = _openai_tools(file) if shape == "openai" else _anthropic_tools(file)
    schemas = {name: parameters for name, _, parameters in tools}
    for name, route in file["routes"].items():
        example = route["example"]
        answer: dict[str, Any] = {}
        if "setup" in example:
            setup = example["setup"]
            jsonschema.validate(setup["arguments"], schemas[setup["tool"]])
            response = dispatch(client, file["routes"][setup["tool"]], setup["arguments"])
            assert response.status_code == file["routes"][setup["tool"]]["success_status"]
            answer = response.get_json()
        if "then" in example:
            then = example["then"]
            then_arguments = _substitute(then["arguments"], answer)
            jsonschema.validate(then_arguments, schemas[then["tool"]])
            response = dispatch(client, file["routes"][then["tool"]], then_arguments)
            assert response.status_code == file["routes"][then["tool"]]["success_status"]
        arguments = _substitute(example["arguments"], answer)
        jsonschema.validate(arguments, schemas[name])  # what the model would send
        response = dispatch(client, route, arguments)
        assert response.status_code == route["success_status"], (
            name,
            response.get_data(as_text=True),
        )
        assert response.mimetype == "application/json"
        request = example["request"]
        assert request["method"] == route["method"]
        assert set(request.get("json", {})) == set(route["body_params"]) & set(example["arguments"])


def test_a_strict_call_with_every_option_null_takes_the_defaults(client, openai_file):
    route = openai_file["routes"]["new_game"]
    schema = {n: p for n, _, p in _openai_tools(openai_file)}["new_game"]
    options = dict.fromkeys(schema["properties"]["options"]["properties"])
    arguments = {name: None for name in schema["properties"]} | {
        "game": next(iter(REGISTRY)),
        "options": options,
    }
    jsonschema.validate(arguments, schema)
    response = dispatch(client, route, arguments)
    assert response.status_code == 201, response.get_data(as_text=True)


def test_an_error_is_problem_json_the_model_can_read(client, openai_file):
    route = openai_file["routes"]["play_move"]
    response = dispatch(
        client,
        route,
        {"token": "nope.nope", "move": "x", "expected_version": None, "idempotency_key": None},
    )
    assert response.status_code == 404 and response.mimetype == "application/problem+json"
    assert "token" in response.get_json()["detail"]
