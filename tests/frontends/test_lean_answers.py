"""The lean answers (api_version 2, the default) and the full ones on request, over HTTP and MCP:
what a model reads holds each answer once, the legal moves' one-line description names exactly the
legal moves, every structured result validates against its tool's output schema, and an
idempotent replay answers the same bytes."""

from __future__ import annotations

import json
import random
import re
import zlib
from itertools import product
from typing import Any

import anyio
import jsonschema
import pytest
from mcp import Client

from gm.contract.tools import tool_examples
from gm.frontends.mcp.server import ANSWER_META, build_server
from gm.games import GAMES
from gm.play.compact import describe_moves
from tests.answers import answer_of, model_text

FULL_ONLY = ("state", "seats", "deal", "legal_moves", "legal_moves_total", "game")


# ---------------------------------------------------------------- HTTP


def test_a_move_answer_is_lean_by_default_and_full_on_request(lean_client):
    game = lean_client.post("/games", json={"game": "masul", "seed": 2024})
    assert game.status_code == 201 and game.headers["GM-API-Version"] == "2"
    created = game.get_json()
    assert set(created) >= {"game_id", "token", "view"} and "seats" not in created
    view = created["view"]
    assert view["your_turn"] is True and view["board"] and view["legal_moves_text"]
    assert not set(view) & set(FULL_ONLY)
    token = created["token"]
    full = lean_client.get(f"/play/{token}?api_version=1")
    assert full.headers["GM-API-Version"] == "1"
    move = full.get_json()["legal_moves"][0]
    answer = lean_client.post(f"/play/{token}/moves", json={"move": move}).get_json()
    assert answer["legal"] is True and answer["move"] == move
    assert answer["events"] and all(isinstance(e, str) for e in answer["events"])
    assert not set(answer) & set(FULL_ONLY) and "input" not in answer
    # the header asks for the full shape too, and the same view comes back in both shapes
    again = lean_client.get(f"/play/{token}", headers={"GM-API-Version": "1"}).get_json()
    lean = lean_client.get(f"/play/{token}").get_json()
    assert again["board"] == lean["board"] and again["version"] == lean["version"]
    assert again["legal_moves_text"] == lean["legal_moves_text"]


@pytest.mark.parametrize("value", ["3", "0", "two", "1.0"])
def test_an_unknown_api_version_is_a_422_and_plays_nothing(lean_client, value):
    created = lean_client.post("/games", json={"game": "masul", "seed": 2024}).get_json()
    token = created["token"]
    response = lean_client.post(f"/play/{token}/moves?api_version={value}", json={"move": "zz"})
    assert response.status_code == 422 and "api_version" in response.get_json()["detail"]
    assert lean_client.get(f"/play/{token}").get_json()["version"] == created["view"]["version"]


# ---------------------------------------------------------------- the legal moves in one line


def _expand(pattern: str) -> set[str]:
    """Every move a description names (the reading gm/play/compact.py documents)."""
    out: set[str] = set()
    for part in _split(pattern, ";"):
        part = part.strip()
        if part.startswith("… and "):
            raise AssertionError(f"the description left moves out: {pattern}")
        two = part.endswith(" (two different)")
        words = _words(part.removesuffix(" (two different)"))
        for combo in product(*[_choices(w) for w in words]):
            tokens = [t for piece in combo for t in piece.split()]
            if two and len(set(tokens[1:])) < len(tokens[1:]):
                continue
            out.add(" ".join(tokens))
    return out


def _split(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` outside braces and brackets."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch in "{[" and 1 or ch in "}]" and -1 or 0
        if ch == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    return [*parts, text[start:]]


def _words(text: str) -> list[str]:
    return [w for w in _split(text, " ") if w]


def _choices(word: str) -> list[str]:
    if word.startswith("[") and word.endswith("]"):
        return ["", *_choices_of(word[1:-1])]
    return _choices_of(word)


def _choices_of(text: str) -> list[str]:
    if text.startswith("{") and text.endswith("}"):
        return [c for alt in _split(text[1:-1], "|") for c in _phrase(alt)]
    return _phrase(text)


def _phrase(text: str) -> list[str]:
    words = _words(text)
    if len(words) > 1:
        return [" ".join(p).strip() for p in product(*[_choices(w) for w in words])]
    match = re.fullmatch(r"(\D*?)(\d+)–(\D*?)(\d+)", text)
    if match and match.group(1) == match.group(3):
        low, high = int(match.group(2)), int(match.group(4))
        return [f"{match.group(1)}{n}" for n in range(low, high + 1)]
    return [text]


@pytest.mark.parametrize("game", list(GAMES))
def test_the_description_names_exactly_the_legal_moves(service, game):
    created = service.create(game, ai_level="random", seed=7)
    token, rng, checked = created["token"], random.Random(3), 0
    for _ in range(12):
        view = service.seat_view(token)
        if view["status"] != "active":
            break
        if view["your_turn"] and view["legal_moves_rule"] is None:
            assert _expand(view["legal_moves_text"]) == set(view["legal_moves"]), view["board"]
            checked += 1
        if view["your_turn"]:
            service.move(token, rng.choice(view["legal_moves"]))
    assert checked or game == "n-in-a-row"


def test_a_long_list_is_cut_at_an_alternative_and_says_how_many_are_left():
    moves = [f"M{i} X{j}" for i in range(0, 90, 2) for j in range(i % 7)]
    text = describe_moves(moves, limit=80)
    assert text.endswith("(api_version 1 lists them)") and len(text.encode()) < 200
    assert describe_moves(["PICK 1", "PICK 2", "PICK 3"]) == "PICK 1–3"
    assert describe_moves(["A C1", "A C1 FD", "B C1", "B C1 FD"]) == "{A|B} C1 [FD]"


# ---------------------------------------------------------------- MCP: each answer once


def _fill(value: Any, setup: dict[str, Any]) -> Any:
    if isinstance(value, dict):
        return {k: _fill(v, setup) for k, v in value.items()}
    if isinstance(value, str) and value.startswith("{{setup."):
        out: Any = setup
        for part in value[len("{{setup.") : -2].split("."):
            out = out[int(part)] if isinstance(out, list) else out[part]
        return out
    return value


async def _example_call(client: Client, tool: str) -> Any:
    example = tool_examples()[tool]
    setup: dict[str, Any] = {}
    if "setup" in example:
        setup = answer_of(
            await client.call_tool(example["setup"]["tool"], example["setup"]["arguments"])
        )
    if "then" in example:
        await client.call_tool(example["then"]["tool"], _fill(example["then"]["arguments"], setup))
    return await client.call_tool(tool, _fill(example["arguments"], setup))


def _long_texts(node: Any) -> list[str]:
    """The answer's texts a model would pay for twice: every string of 24 bytes or more."""
    if isinstance(node, dict):
        return [t for v in node.values() for t in _long_texts(v)]
    if isinstance(node, list):
        return [t for v in node for t in _long_texts(v)]
    return [node] if isinstance(node, str) and len(node.encode()) >= 24 else []


MCP_TOOLS = [
    "list_games",
    "get_rules",
    "new_game",
    "join_game",
    "spectate_game",
    "verify_deal",
    "view_game",
    "wait_for_turn",
    "suggest_move",
    "get_history",
    "play_move",
    "say",
    "resign",
    "rematch",
]


@pytest.mark.parametrize("tool", MCP_TOOLS)
def test_what_the_model_reads_holds_each_answer_once(service, tool):
    """The text content (what every host shows the model) and the structured content (what
    ChatGPT shows it too) hold no long text twice; the whole answer is only in ``_meta``; the
    structured content validates against the tool's output schema."""

    async def main():
        async with Client(build_server(service)) as client:
            listed = {t.name: t for t in (await client.list_tools()).tools}
            # the board app's own tool is hidden from the model (its picture is for the app)
            for name in ("board_picture", "board_move"):
                app_only = listed.pop(name)
                assert (app_only.meta or {})["ui"]["visibility"] == ["app"]
            assert set(listed) == set(MCP_TOOLS)
            result = await _example_call(client, tool)
            assert not result.is_error, model_text(result)
            text = model_text(result)
            if len(result.content) > 1:  # the board: its own block, not in the JSON too
                assert result.content[1].text not in result.content[0].text, tool
            if result.structured_content is not None:
                schema = listed[tool].output_schema
                assert schema is not None, f"{tool}: structured content without an output schema"
                jsonschema.validate(result.structured_content, schema)
                for long in _long_texts(result.structured_content):
                    assert long not in text, (tool, long[:60])
                assert len(json.dumps(result.structured_content)) < 120, tool
            else:
                assert listed[tool].output_schema is None
            whole = (result.meta or {}).get(ANSWER_META)
            if whole is not None:  # the whole answer is for the app: the model reads it lean
                assert '"state"' not in text and '"seats"' not in text, tool
                assert answer_of(result) == whole

    anyio.run(main)


def test_every_tool_and_the_server_have_a_title_and_every_hint(service):
    async def main():
        async with Client(build_server(service)) as client:
            info = client.server_info
            assert info.title and info.website_url and info.icons
            for tool in (await client.list_tools()).tools:
                hints = tool.annotations
                assert tool.title and hints is not None, tool.name
                for hint in ("read_only_hint", "destructive_hint", "idempotent_hint"):
                    assert isinstance(getattr(hints, hint), bool), (tool.name, hint)
                assert hints.open_world_hint is False
                assert not re.search(r"\b(GET|POST) /", tool.description or ""), tool.name
                assert not re.search(r"\b(GET|POST) /", json.dumps(tool.input_schema)), tool.name

    anyio.run(main)


# ---------------------------------------------------------------- replays


def test_an_idempotent_replay_answers_the_same_bytes_and_keeps_little(
    lean_client, client, service, redis_client
):
    created = client.post("/games", json={"game": "trumps", "seed": 11}).get_json()
    token = created["token"]
    move = created["view"]["legal_moves"][0]
    for shaped, key in ((lean_client, "lean-1"), (client, "full-1")):
        body = {"move": move, "idempotency_key": key}
        first = shaped.post(f"/play/{token}/moves", json=body)
        again = shaped.post(f"/play/{token}/moves", json=body)
        assert first.status_code == again.status_code == 200
        assert first.get_data() == again.get_data(), key
        move = client.get(f"/play/{token}").get_json()["legal_moves"][0]
    keys = redis_client.keys(f"gm:{{{created['game_id']}}}:idem:*")  # the seat's last answer
    assert len(keys) == 1 and redis_client.hlen(f"gm:{{{created['game_id']}}}:idem") == 2
    for key in keys:
        stored = redis_client.get(key)
        assert stored[:1] == b"x", "kept compressed"
        assert len(stored) < len(zlib.decompress(stored)) / 2

    async def main():
        async with Client(build_server(service)) as mcp:
            args = {"token": token, "move": move, "idempotency_key": "mcp-1"}
            first = await mcp.call_tool("play_move", args)
            again = await mcp.call_tool("play_move", args)
            assert [c.text for c in first.content] == [c.text for c in again.content]
            assert first.structured_content == again.structured_content
            assert first.meta == again.meta

    anyio.run(main)


def test_the_tool_definitions_the_model_reads_fit_in_8_kb(service):
    """Names, titles, descriptions and input schemas of every tool the model sees (the board
    app's own tools are kept from it by the hosts): ≤ 8 KB together (bench/answer_bytes.py
    prints the figure and the output schemas beside it)."""
    from bench.answer_bytes import app_only, definition_bytes

    async def main():
        async with Client(build_server(service)) as client:
            return (await client.list_tools()).tools

    tools = anyio.run(main)
    seen = [t for t in tools if not app_only(t)]
    assert {t.name for t in tools} - {t.name for t in seen} == {"board_picture", "board_move"}
    core, _, _ = definition_bytes(seen)
    assert core <= 8 * 1024, core
