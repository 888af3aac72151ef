"""Every game, every front end: after a resignation and after a forfeit by the illegal-move
limit, the view, the board text, ``state`` and ``result`` agree (no seat to move, no turn line,
the one game-over line, scores for every seat) — over HTTP and over MCP."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from mcp import Client

from gm.frontends.mcp.server import build_server
from gm.games import REGISTRY
from tests.answers import answer_of

GAMES = sorted(REGISTRY)
JUNK = "xyzzy plugh"  # no game reads it as a move


def assert_finished(answer: dict[str, Any], termination: str) -> None:
    assert answer["status"] == "finished", answer["status"]
    assert answer["to_move"] is None and answer["your_turn"] is False
    assert answer["legal_moves"] == []
    assert answer["state"]["over"] is True and answer["state"]["to_move"] is None
    result = answer["result"]
    assert result["termination"] == termination and result["winners"] and not result["draw"]
    assert sorted(result["scores"]) == sorted(s["name"] for s in answer["seats"])
    lines = answer["board"].rstrip("\n").splitlines()
    for line in lines:
        low = line.strip().lower()
        assert not low.startswith("turn:") and "to move" not in low and "your turn" not in low
    assert lines[-1].startswith("Game over: ") and result["reason"] in lines[-1], lines[-1]
    assert sum(line.startswith("Game over") for line in lines) == 1


def _seats(name: str) -> list[dict[str, Any]]:
    return [{"kind": "human"}, {"kind": "ai", "level": "random"}]


@pytest.mark.parametrize("name", GAMES)
def test_resignation_over_http(client, name):
    created = client.post("/games", json={"game": name, "seats": _seats(name), "seed": 7})
    assert created.status_code == 201, created.json
    token = created.json["token"]
    answer = client.post(f"/play/{token}/resign", json={})
    assert answer.status_code == 200, answer.json
    assert_finished(answer.json, "resignation")
    view = client.get(f"/play/{token}").json
    assert_finished(view, "resignation")
    assert client.get(f"/play/{token}/board").text.rstrip("\n") == view["board"]
    spectator = client.get(f"/games/{created.json['game_id']}").json
    assert_finished(spectator, "resignation")
    assert spectator["result"] == view["result"]


@pytest.mark.parametrize("name", GAMES)
def test_illegal_move_forfeit_over_http(client, name):
    body = {"game": name, "seats": _seats(name), "seed": 7, "illegal_move_limit": 2}
    token = client.post("/games", json=body).json["token"]
    first = client.post(f"/play/{token}/moves", json={"move": JUNK}).json
    assert first["legal"] is False and first["status"] == "active"
    answer = client.post(f"/play/{token}/moves", json={"move": JUNK}).json
    assert_finished(answer, "illegal-moves")
    assert "forfeited after 2 illegal moves" in answer["result"]["reason"]
    assert_finished(client.get(f"/play/{token}").json, "illegal-moves")


@pytest.mark.parametrize("name", GAMES)
def test_resignation_and_forfeit_over_mcp(service, name):
    async def main() -> None:
        async with Client(build_server(service)) as mcp:
            for how in ("resign", "limit"):
                result = await mcp.call_tool(
                    "new_game",
                    {"game": name, "seats": _seats(name), "seed": 7, "illegal_move_limit": 1},
                )
                assert not result.is_error, result.content
                token = answer_of(result)["token"]
                if how == "resign":
                    result = await mcp.call_tool("resign", {"token": token})
                    termination = "resignation"
                else:
                    result = await mcp.call_tool("play_move", {"token": token, "move": JUNK})
                    termination = "illegal-moves"
                assert not result.is_error, result.content
                assert_finished(answer_of(result), termination)
                assert result.content[-1].text == answer_of(result)["board"]
                view = await mcp.call_tool("view_game", {"token": token})
                assert_finished(answer_of(view), termination)

    anyio.run(main)


@pytest.mark.parametrize("name", GAMES)
def test_out_of_turn_and_after_the_end_are_verdicts_that_do_not_count(service, name):
    """The table's guards, for every game: the seat not to move is told so (or the engine's own
    reason), the game over is told so; neither counts as an illegal attempt."""
    game = service.create(name, opponent="human", seed=5, illegal_move_limit=1)
    first = game["token"]
    second = service.join(game["game_id"], game["invites"][game["seats"][1]["name"]])["token"]
    view = service.seat_view(first)
    waiting = second if view["your_turn"] else first
    mover = first if waiting is second else second
    legal = service.seat_view(mover)["legal_moves"]
    verdict = service.move(waiting, legal[0])
    assert verdict["legal"] is False and verdict["rule"] in ("not-your-turn", "cannot-act")
    assert verdict["status"] == "active"
    assert all(s["illegal_attempts"] == 0 for s in verdict["seats"])
    service.resign(mover)
    for token in (first, second):
        after = service.move(token, legal[0])
        assert after["legal"] is False and after["rule"] == "game-over"
        assert after["result"]["termination"] == "resignation"
    assert all(s["illegal_attempts"] == 0 for s in service.seat_view(first)["seats"])
