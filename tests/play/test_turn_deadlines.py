"""Turn deadlines (option ``turn_timeout``), kept by the table whenever the game is read (no
background job; the clock comes from the play layer): shown in views and pictures, a forfeit by
time in the history and the result, waiting seats told; a game waiting for its second seat says
so; wait answers carry the events since the caller's version. Through HTTP and MCP."""

from __future__ import annotations

import anyio
import pytest
from mcp import Client

from gm.frontends.mcp.server import build_server
from gm.games import REGISTRY
from tests.answers import answer_of

# a legal first move is taken from the view's legal_moves; these games' first seat is known
GAMES = sorted(REGISTRY)


def _two_humans(client, game, **options):
    body = {"game": game, "opponent": "human", "options": options}
    created = client.post("/games", json=body).get_json()
    assert "token" in created, created
    return created


def _join(client, created):
    (invite,) = created["invites"].values()
    joined = client.post(f"/games/{created['game_id']}/join", json={"invite": invite})
    return joined.get_json()


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_that_lets_its_deadline_pass_forfeits_by_time(client, service, game):
    now = [1_000_000.0]
    service.clock = lambda: now[0]
    created = _two_humans(client, game, turn_timeout=3600)
    first = created["view"]
    assert first["deadline"] is None, "the clock waits for the second seat"
    assert first["waiting_for"]["text"].startswith("Waiting for your friend to join")
    joined = _join(client, created)
    tokens = [created["token"], joined["token"]]
    views = [client.get(f"/play/{t}").get_json() for t in tokens]
    assert all(v["waiting_for"] is None for v in views)
    mover = 0 if views[0]["your_turn"] else 1
    due = views[mover]["deadline"]
    label = next(s["label"] for s in views[0]["seats"] if s["name"] == views[0]["to_move"])
    assert due["seat"] == views[0]["to_move"] and due["at"] == "1970-01-12T14:46:40Z"
    assert due["text"] == f"{label} must move within 1 h or forfeits by time"
    assert views[1 - mover]["deadline"] == due, "every seat sees the deadline"
    svg = client.get(f"/games/{created['game_id']}/board.svg").get_data(as_text=True)
    assert f"{label} must move within 1 h" in svg
    now[0] += 1800
    assert "within 30 min" in client.get(f"/play/{tokens[0]}").get_json()["deadline"]["text"]
    now[0] += 1800
    over = client.get(f"/play/{tokens[1 - mover]}").get_json()  # any read enforces it
    assert over["status"] == "finished", over
    result = over["result"]
    assert result["termination"] == "timeout" and result["winners"] == [views[1 - mover]["seat"]]
    assert f"{label} ran out of time: no move within 1 h" in result["reason"]
    assert over["deadline"] is None and over["version"] == views[0]["version"] + 1
    history = client.get(f"/play/{tokens[1 - mover]}/history").get_json()["moves"]
    assert history[-1]["events"] == [f"{label} ran out of time: no move within 1 h."]
    late = {"move": views[mover]["legal_moves"][0]}
    assert client.post(f"/play/{tokens[mover]}/moves", json=late).get_json()["rule"] == "game-over"
    svg = client.get(f"/games/{created['game_id']}/board.svg").get_data(as_text=True)
    assert "ran out of time" in svg and "must move within" not in svg


def test_the_default_deadline_is_a_day_between_humans_and_none_against_the_ai(client):
    humans = _two_humans(client, "n-in-a-row")
    view = _join(client, humans)["view"]
    assert "must move within 24 h" in view["deadline"]["text"]
    ai = client.post("/games", json={"game": "n-in-a-row"}).get_json()
    assert ai["view"]["deadline"] is None and ai["view"]["waiting_for"] is None
    off = _two_humans(client, "n-in-a-row", turn_timeout=0)
    assert _join(client, off)["view"]["deadline"] is None
    bad = client.post("/games", json={"game": "n-in-a-row", "options": {"turn_timeout": -5}})
    assert bad.status_code == 422 and "turn_timeout" in bad.get_json()["detail"]


def test_a_waiting_seat_is_told_when_the_other_runs_out_of_time(client):
    created = _two_humans(client, "n-in-a-row", turn_timeout=1)  # a real one-second deadline
    joined = _join(client, created)
    waiter = joined["token"]  # o waits while x is to move
    answer = client.get(f"/play/{waiter}/turn", query_string={"wait": 10}).get_json()
    assert answer["status"] == "finished" and answer["result"]["termination"] == "timeout"
    assert [e["kind"] for e in answer["events"]] == ["forfeit"]
    assert answer["events"][0]["text"] == "x ran out of time: no move within 1 s."


def test_a_wait_answer_carries_the_events_since_the_callers_version(client):
    created = _two_humans(client, "n-in-a-row")
    joined = _join(client, created)
    mark = joined["view"]["version"]
    client.post(f"/play/{created['token']}/moves", json={"move": "X 0,0"})
    answer = client.get(
        f"/play/{joined['token']}", query_string={"wait": 5, "after_version": mark}
    ).get_json()
    assert answer["version"] == mark + 1 and answer["your_turn"]
    assert any("0,0" in e["text"] for e in answer["events"]), answer["events"]


def test_deadlines_through_mcp(service):
    async def main():
        async with Client(build_server(service)) as client:
            created = await client.call_tool(
                "new_game",
                {"game": "masul", "opponent": "human", "options": {"turn_timeout": 1}},
            )
            game = answer_of(created)
            assert game["view"]["waiting_for"]["seats"] == ["row1"]
            (invite,) = game["invites"].values()
            joined = await client.call_tool(
                "join_game", {"game_id": game["game_id"], "invite": invite}
            )
            other = answer_of(joined)["token"]
            assert answer_of(joined)["view"]["deadline"]["seat"] == "row3"
            waited = await client.call_tool("wait_for_turn", {"token": other, "wait": 10})
            answer = answer_of(waited)
            assert answer["status"] == "finished" and answer["result"]["termination"] == "timeout"
            assert answer["events"][0]["text"] == "Row 3 ran out of time: no move within 1 s."

    anyio.run(main)
