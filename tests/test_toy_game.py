"""A game registered only here (tests/toy_game.py) appears in every front end — HTTP, MCP, the
tool files, OpenAPI and the generated prompts — with no other edit; and the game packages all
have the same shape."""

from __future__ import annotations

from pathlib import Path

import anyio
from mcp import Client

from gm.frontends.cli import prompts
from gm.frontends.mcp.server import build_server
from tests.answers import answer_of

GM = Path(__file__).resolve().parent.parent / "gm"
CORE = {"__init__.py", "engine.py", "rules.py", "notation.py", "ai.py", "picture.py", "rules.md"}
# the free-text readers of the references people make (reading.py, below the notation); Masul's
# strong level keeps its opponent model in model.py and its compact playouts (the module mypyc
# compiles) in playout.py, Maze's its exact
# evaluation and the coach's reasons in exact.py; Card Chess reads its notation in moves.py
EXTRAS = {
    "n_in_a_row": {"tactics.py", "lexicon.py"},
    "maze": {"geometry.py", "exact.py", "lexicon.py"},
    "masul": {"reading.py", "model.py", "playout.py", "lexicon.py"},
    "trumps": {"reading.py", "lexicon.py"},
    "card_chess": {"reading.py", "moves.py", "lexicon.py"},
    "solonyo": {"lexicon.py"},
}


def test_every_game_package_has_the_same_core_files():
    from gm.games.registry import PACKAGES

    for package in PACKAGES:
        files = {p.name for p in (GM / "games" / package).iterdir() if p.suffix in (".py", ".md")}
        assert files == CORE | EXTRAS.get(package, set()), (package, files)


def test_the_toy_game_is_served_over_http(client, toy_game):
    names = [g["name"] for g in client.get("/rules").json["games"]]
    assert "take-away" in names
    assert "TAKE 2" in client.get("/rules/take-away?format=text").text
    game = client.post("/games", json={"game": "take-away", "options": {"pile": 5}}).json
    token = game["token"]
    while (view := client.get(f"/play/{token}").json)["status"] == "active":
        answer = client.post(f"/play/{token}/moves", json={"move": view["legal_moves"][0]}).json
        assert answer["legal"] is True
    assert view["result"]["termination"] == "rules"


def test_the_toy_game_is_in_openapi_and_the_tool_files(client, toy_game):
    spec = client.get("/openapi.json").json
    game_enum = spec["components"]["schemas"]["CreateGame"]["properties"]["game"]["enum"]
    assert "take-away" in game_enum
    options = spec["components"]["schemas"]["CreateGame"]["properties"]["options"]["properties"]
    assert "pile" in options and "take-away" in options["pile"]["description"]
    openai = client.get("/tools/openai.json").json
    new_game = next(t for t in openai["chat_completions"] if t["function"]["name"] == "new_game")
    assert "take-away" in new_game["function"]["parameters"]["properties"]["game"]["enum"]
    anthropic = client.get("/tools/anthropic.json").json
    tool = next(t for t in anthropic["tools"] if t["name"] == "new_game")
    assert "take-away" in tool["input_schema"]["properties"]["game"]["enum"]


def test_the_toy_game_is_playable_over_mcp(service, toy_game):
    async def main() -> None:
        async with Client(build_server(service)) as mcp:
            listed = answer_of(await mcp.call_tool("list_games", {}))
            assert "take-away" in [g["name"] for g in listed["games"]]
            game = answer_of(await mcp.call_tool("new_game", {"game": "take-away"}))
            answer = await mcp.call_tool("play_move", {"token": game["token"], "move": "take 1"})
            assert answer_of(answer)["legal"] is True

    anyio.run(main)


def test_the_toy_game_gets_a_generated_prompt(toy_game):
    files = prompts.render_all()
    assert any("take-away" in name for name in files), sorted(files)
    assert "take-away" in "\n".join(files.values())
