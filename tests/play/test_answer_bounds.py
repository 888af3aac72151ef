"""No answer over 16 KB, for any game at any point: long and adversarial games (bench/answers.py's
drivers: the move caps at their maxima, all-AI tables, N-in-a-row marks far apart across the whole
grid and dense blocks) played through the HTTP API and the MCP tools, every seat and the spectator
asking for everything (view, board, history pages, /say requests) every few plies and at the end,
every move answer measured too."""

from __future__ import annotations

import random

import pytest

from bench.answers import BOUND, Driver, Sizes, far_marks, plans, run_plan
from gm.games import GAMES
from gm.play.answers import EVENTS_CAP, HISTORY_BYTES, LEGAL_MOVES_CAP

PLANS = [(game, plan.label) for game in GAMES for plan in plans(game, quick=True)]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "label"), PLANS, ids=[f"{g}-{lab}" for g, lab in PLANS])
def test_every_answer_of_a_long_game_is_at_most_16_kb(client, service, game, label):
    plan = next(p for p in plans(game, quick=True) if p.label == label)
    sizes = Sizes()
    run_plan(client, service, sizes, plan, every=60)
    assert sizes.calls >= 4  # an all-AI table: its creation, spectator views, the end
    largest, where = sizes.largest[game]
    assert largest <= BOUND, f"{game} ({label}): {largest} bytes at {where}"


def test_far_apart_marks_keep_the_view_small_and_say_where_the_rest_are(client, service):
    """The issue's case: X 1000,1000 then O -1000,-1000 (it made every view 75 MB)."""
    driver = Driver(client, service, Sizes(), "n-in-a-row")
    humans = [{"kind": "human"}] * 2
    driver.create({"game": "n-in-a-row", "seats": humans, "options": {"f": "1000"}})
    rng = random.Random(3)
    for _ in range(30):
        view = driver.http("GET", f"/play/{driver.tokens[driver.ply % 2]}")
        answer = driver.http(
            "POST", f"/play/{driver.tokens[driver.ply % 2]}/moves", {"move": far_marks(view, rng)}
        )
        assert answer["legal"], answer
        driver.ply += 1
    view = driver.http("GET", f"/play/{driver.tokens[0]}")
    state = view["state"]
    assert state["marks_placed"] == 30
    assert state["bounds"] == {"xmin": -1000, "xmax": 1000, "ymin": -1000, "ymax": 1000}
    window = state["window"]
    cells = (window["xmax"] - window["xmin"] + 1) * (window["ymax"] - window["ymin"] + 1)
    assert cells <= 800, "a window around the last mark, as large as an answer allows"
    assert len(state["marks"]) + state["marks_outside"]["count"] == 30
    assert state["marks_outside"]["X"] + state["marks_outside"]["O"] == 30 - len(state["marks"])
    assert 1 <= len(state["marks_outside"]["nearest"]) <= 5
    assert "Outside: " in view["board"] and len(view["board"].splitlines()) < 40
    assert len(view["legal_moves"]) <= LEGAL_MOVES_CAP < view["legal_moves_total"]
    assert "±1000" in view["legal_moves_rule"]
    assert driver.sizes.largest["n-in-a-row"][0] <= BOUND


def test_history_pages_cover_the_whole_log_in_order(client, service, reproducible_deals):
    """A seeded game between two humans (the seed deals the cards here: the fixture), long
    enough for several pages."""
    humans = [{"kind": "human"}] * 2
    driver = Driver(client, service, Sizes(), "trumps")
    driver.create({"game": "trumps", "seats": humans, "seed": 5})
    driver.play(lambda view, rng: rng.choice(view["legal_moves"]), 5, every=10**6, max_plies=120)
    token = driver.tokens[0]
    last = driver.http("GET", f"/play/{token}/history")
    total = last["total"]
    assert total >= 120 and last["next_after"] is None and last["moves"][-1]["n"] == total
    seen, after = [], 0
    while after is not None:
        page = driver.http("GET", f"/play/{token}/history?after={after}&limit=30")
        assert page["total"] == total and 1 <= len(page["moves"]) <= 30
        seen += [m["n"] for m in page["moves"]]
        after = page["next_after"]
    assert seen == list(range(1, total + 1))
    back = driver.http("GET", f"/play/{token}/history?after={last['previous_after']}&limit=50")
    assert back["moves"][-1]["n"] == last["moves"][0]["n"] - 1
    for bad in ("after=-1", "limit=0", "limit=201", "after=x"):
        response = client.get(f"/play/{token}/history?{bad}")
        assert response.status_code == 422, bad
        assert response.mimetype == "application/problem+json"
    page = driver.mcp("get_history", {"token": token, "after": 10, "limit": 5})
    assert [m["n"] for m in page["moves"]] == [11, 12, 13, 14, 15]
    spectator = driver.http("GET", f"/games/{driver.game_id}/history?after=0&limit=3")
    assert spectator["viewer"] == "spectator" and [m["n"] for m in spectator["moves"]] == [1, 2, 3]
    assert len(str(last["moves"])) <= 2 * HISTORY_BYTES


def test_an_all_ai_table_answers_its_creation_with_the_latest_events_only(client):
    ais = [{"kind": "ai", "level": "random"}] * 2
    response = client.post("/games", json={"game": "solonyo", "seats": ais, "seed": 1})
    answer = response.get_json()
    assert response.status_code == 201 and len(response.data) <= BOUND
    assert len(answer["events"]) <= EVENTS_CAP + 1
    assert answer["events"][0]["kind"] == "skipped"
    assert "in the history" in answer["events"][0]["text"]
