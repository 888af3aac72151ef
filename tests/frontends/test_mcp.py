"""The MCP server through the SDK's own client: in-process, over stdio (`gm mcp` as a subprocess)
and over Streamable HTTP (`gm mcp --http`), each against a real Redis server."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters

from gm.frontends.mcp.server import build_server
from gm.games import REGISTRY
from tests.answers import answer_of
from tests.real_server import free_port

TOOLS = {
    "list_games",
    "get_rules",
    "new_game",
    "join_game",
    "spectate_game",
    "verify_deal",
    "view_game",
    "play_move",
    "say",
    "resign",
    "rematch",
    "get_history",
    "wait_for_turn",
    "suggest_move",
}
# the board app's own (gm/frontends/mcp/app.py), hidden from models
APP_TOOLS = {"board_picture", "board_move"}


def _texts(result) -> str:
    return "\n".join(c.text for c in result.content)


async def _ok(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, _texts(result)
    return answer_of(result)


async def _error(client: Client, tool: str, **arguments: Any) -> str:
    result = await client.call_tool(tool, arguments)
    assert result.is_error
    return _texts(result)


def _leaks(text: str, hidden: set[str]) -> list[str]:
    return [t for t in hidden if re.search(rf"(?<![0-9A-Za-z]){re.escape(t)}(?![0-9A-Za-z])", text)]


async def _play_to_the_end(client: Client, check=None) -> dict[str, Any]:
    """A Masul game against the AI (seed 2024): always the first legal move, until the end."""
    game = await _ok(client, "new_game", game="masul", seed=2024, ai_level="seed")
    token = game["token"]
    if check:
        check(token, game)
    view = game["view"]
    plies = 0
    while view["status"] == "active":
        view = await _ok(client, "play_move", token=token, move=view["legal_moves"][0])
        assert view["legal"] is True
        if check:
            check(token, view)
        plies += 1
        assert plies <= 20
    final = await _ok(client, "view_game", token=token)
    assert final["status"] == "finished" and final["result"]["reason"]
    lines = final["board"].splitlines()
    assert lines[-1].startswith("Game over: ") and lines[-2].startswith("Final Score: Row 3 ")
    assert set(final["result"]["scores"]) == {"row3", "row1"}
    return final


# ---------------------------------------------------------------- in-process


def test_the_tools_are_listed_with_descriptions_and_schemas(service):
    async def main():
        async with Client(build_server(service)) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            assert set(tools) == TOOLS | APP_TOOLS
            for tool in tools.values():
                assert tool.description and tool.input_schema["type"] == "object"
            assert tools["play_move"].input_schema["required"] == ["token", "move"]
            assert tools["view_game"].annotations.read_only_hint is True

    anyio.run(main)


def test_a_masul_game_is_played_to_the_end_and_no_answer_shows_a_hidden_card(service):
    engine = REGISTRY["masul"]

    def check(token: str, answer: dict[str, Any]) -> None:
        doc = service.store.load(token.split(".")[0])
        hidden = engine.hidden_tokens(engine.from_dict(doc["state"]), 0)
        text = json.dumps(answer, ensure_ascii=False)
        assert not _leaks(text, hidden), _leaks(text, hidden)

    async def main():
        async with Client(build_server(service)) as client:
            final = await _play_to_the_end(client, check)
            token_game = final["game_id"]
            history = await _ok(client, "spectate_game", game_id=token_game)
            assert history["status"] == "finished"

    anyio.run(main)


def test_an_illegal_move_is_a_verdict_not_an_error(service):
    async def main():
        async with Client(build_server(service)) as client:
            game = await _ok(client, "new_game", game="masul", seed=2024)
            result = await client.call_tool(
                "play_move", {"token": game["token"], "move": "play the ace of spades in column 9"}
            )
            assert not result.is_error
            answer = answer_of(result)
            assert answer["legal"] is False and answer["kind"] == "unparsable"
            assert "There is no column 9" in answer["reason"]
            # the text content: the answer as JSON without the board, then the board verbatim
            assert json.loads(result.content[0].text)["reason"] == answer["reason"]
            assert "board" not in json.loads(result.content[0].text)
            assert result.content[1].text == answer["board"]
            illegal = await _ok(client, "play_move", token=game["token"], move="K♠ C1")
            assert illegal["legal"] is False and illegal["rule"] == "not-in-hand"
            assert illegal["board"] == game["view"]["board"]  # the game did not change
            assert illegal["version"] == game["view"]["version"]  # no limit: nothing written

    anyio.run(main)


def test_service_refusals_are_tool_errors_with_the_detail(service):
    async def main():
        async with Client(build_server(service)) as client:
            text = await _error(client, "view_game", token="nope.nope")
            assert "Unknown seat token: " in text and "No game seat has this token" in text
            text = await _error(client, "get_rules", game="chess")
            assert "Unknown game: " in text and "masul" in text
            text = await _error(client, "new_game", game="masul", ai_level="grandmaster")
            assert "Unknown AI level: " in text
            text = await _error(client, "play_move", token="x.y")  # 'move' missing
            assert "move" in text
            game = await _ok(client, "new_game", game="masul", seed=1)
            stale = await _error(
                client, "play_move", token=game["token"], move="x", expected_version=99
            )
            assert "Stale version: " in stale
            # and the server still answers
            assert (await _ok(client, "list_games"))["games"][0]["name"] == "masul"

    anyio.run(main)


def test_say_resign_history_rules_and_a_second_human_seat(service, reproducible_deals):
    async def main():
        async with Client(build_server(service)) as client:
            rules = await _ok(client, "get_rules", game="masul")
            assert rules["name"] == "masul" and rules["rules"]
            game = await _ok(client, "new_game", game="masul", opponent="human", seed=2024)
            joined = await _ok(
                client, "join_game", game_id=game["game_id"], invite=game["invites"]["row1"]
            )
            assert joined["seat"] == "row1" and joined["token"] != game["token"]
            said = await _ok(client, "say", token=game["token"], text="3 of clubs in column 1")
            assert said["reply"].startswith("Played 3♣ C1.")
            other = await _ok(client, "view_game", token=joined["token"])
            assert other["your_turn"] is True and "3♣" in other["board"]
            history = await _ok(client, "get_history", token=joined["token"])
            assert [m["events"] for m in history["moves"]] == [["Row 3 plays 3♣ in C1"]]
            table = await _ok(
                client,
                "new_game",
                game="masul",
                seats=[{"kind": "ai", "level": "random"}, {"kind": "human"}],
                seat="row1",
            )
            assert table["seat"] == "row1" and table["seats"][0]["level"] == "random"
            assert table["view"]["your_turn"] is True  # the AI (row3) has played its first card
            assert [e["seat"] for e in table["events"]] == ["row3"]
            resigned = await _ok(client, "resign", token=joined["token"])
            assert resigned["result"]["winners"] == ["row3"]
            text = await _error(client, "resign", token=joined["token"])
            assert "Game over: " in text

    anyio.run(main)


@pytest.mark.parametrize(
    "body",
    [
        {"game": "masul", "colour": "red"},  # an unknown argument
        {"game": "masul", "opponent": "robot"},  # outside the enum
        {"game": "masul", "seed": "twelve"},  # the wrong type
        {"opponent": "ai"},  # a required one missing
    ],
)
def test_arguments_are_refused_in_the_words_of_http_s_422(client, service, body):
    problem = client.post("/games", json=body).get_json()
    assert problem["status"] == 422 and problem["title"] == "Invalid request body"

    async def main():
        async with Client(build_server(service)) as client_:
            return await _error(client_, "new_game", **body)

    # the same detail, under a title in a chat's words (no HTTP status, no "request body")
    assert anyio.run(main) == f"Invalid arguments: {problem['detail']}"


def test_the_tool_schemas_are_the_contract_s(service):
    async def main():
        tools = {t.name: t for t in await build_server(service).list_tools()}
        new_game = tools["new_game"].input_schema
        assert new_game["additionalProperties"] is False
        # one type per property (the portable dialect): leaving it out is the null gm accepts
        assert new_game["properties"]["opponent"] == {
            **new_game["properties"]["opponent"],
            "type": "string",
            "enum": ["ai", "human"],
        }
        assert new_game["properties"]["game"]["enum"] == list(REGISTRY)
        assert tools["resign"].annotations.destructive_hint is True
        assert tools["resign"].input_schema["required"] == ["token"]
        async with Client(build_server(service)) as client:
            game = await _ok(client, "new_game", game="masul", seed=2024)
            text = await _error(client, "view_game", token=game["token"], colour="red")
            assert text.startswith("Invalid arguments: colour: Unknown field.")
            text = await _error(client, "play_move", move="3♣ C1")
            assert text.startswith("Invalid arguments: token: Missing data")
            resigned = await _ok(client, "resign", token=game["token"], idempotency_key="k")
            assert resigned["resigned"] is True and resigned["result"]["winners"] == ["row1"]
            again = await _ok(client, "resign", token=game["token"], idempotency_key="k")
            assert again == resigned

    anyio.run(main)


# ---------------------------------------------------------------- `gm mcp` as a subprocess


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update(extra)
    return env


@pytest.mark.slow
def test_gm_mcp_over_stdio_plays_a_masul_game_to_the_end(redis_url):
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "gm", "mcp"], env=_env(REDIS_URL=redis_url)
    )

    async def main():
        async with Client(params) as client:
            assert {t.name for t in (await client.list_tools()).tools} == TOOLS | APP_TOOLS
            await _play_to_the_end(client)
            bad = await client.call_tool("play_move", {"token": "nope.x", "move": "3c c1"})
            assert bad.is_error and "Unknown seat token" in _texts(bad)
            bad = await client.call_tool("new_game", {"game": "masul", "colour": "red"})
            assert bad.is_error and "colour: Unknown field." in _texts(bad)

    anyio.run(main)


@pytest.mark.slow
def test_gm_mcp_without_redis_url_starts_the_embedded_server_in_its_data_dir(tmp_path):
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "gm", "mcp", "--data-dir", str(tmp_path)],
        env=_env(),
    )

    async def main():
        async with Client(params) as client:
            game = await _ok(client, "new_game", game="masul", seed=7)
            assert (await _ok(client, "view_game", token=game["token"]))["status"] == "active"

    anyio.run(main)
    assert (tmp_path / "redis.log").exists()  # the server ran there, and is stopped again
    assert not (tmp_path / "redis.sock").exists() or not _answers(tmp_path / "redis.sock")


def _answers(path) -> bool:
    import redis

    try:
        return bool(redis.Redis(unix_socket_path=str(path), socket_timeout=1).ping())
    except (redis.ConnectionError, OSError):
        return False


@pytest.mark.slow
def test_gm_mcp_http_serves_streamable_http(redis_url):
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "gm", "mcp", "--http", "--port", str(port)],
        env=_env(REDIS_URL=redis_url),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert process.poll() is None, "gm mcp --http exited"
                assert time.monotonic() < deadline, "gm mcp --http did not listen"
                time.sleep(0.1)

        async def main():
            async with Client(f"http://127.0.0.1:{port}/mcp") as client:
                assert "new_game" in {t.name for t in (await client.list_tools()).tools}
                game = await _ok(client, "new_game", game="masul", seed=2024)
                move = game["view"]["legal_moves"][0]
                answer = await _ok(client, "play_move", token=game["token"], move=move)
                assert answer["legal"] is True and answer["move"] == move

        anyio.run(main)
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.mark.parametrize("tool", sorted(TOOLS))
def test_every_tool_is_described_for_a_model(service, tool):
    async def main():
        tools = {t.name: t for t in await build_server(service).list_tools()}
        description = tools[tool].description
        assert len(description) >= 40 and description[0].isupper()
        for name, spec in tools[tool].input_schema.get("properties", {}).items():
            assert spec.get("description"), (tool, name)

    anyio.run(main)
