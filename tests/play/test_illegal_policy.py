"""The invalid-move policy: illegal attempts are counted per seat and shown in every view;
unlimited by default, or a seat forfeits after `illegal_move_limit` of them."""

from __future__ import annotations

import pytest

from gm.games import REGISTRY


def _create(client, **body):
    response = client.post("/games", json={"game": "masul", "seed": 5, **body})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def _say_move(client, token, move):
    return client.post(f"/play/{token}/moves", json={"move": move}).get_json()


def _attempts(view, seat):
    return next(s["illegal_attempts"] for s in view["seats"] if s["name"] == seat)


def test_attempts_are_counted_and_shown_but_unlimited_by_default(client):
    game = _create(client)
    token = game["token"]
    for n in range(1, 13):
        answer = _say_move(client, token, "xyzzy")
        assert answer["legal"] is False and answer["kind"] == "unparsable"
        assert _attempts(answer, "row3") == n
        assert answer["status"] == "active"
    view = client.get(f"/play/{token}").get_json()
    assert _attempts(view, "row3") == 12 and _attempts(view, "row1") == 0
    assert view["version"] == game["view"]["version"] + 12, "each counted attempt is a version"
    assert view["board"] == game["view"]["board"], "the game itself did not change"
    spectator = client.get(f"/games/{game['game_id']}").get_json()
    assert _attempts(spectator, "row3") == 12


def test_a_seat_forfeits_when_it_reaches_the_limit(client):
    game = _create(client, opponent="human", illegal_move_limit=3)
    token = game["token"]
    hand_card = game["view"]["legal_moves"][0].split()[0]
    assert _say_move(client, token, f"{hand_card} C9")["status"] == "active"
    assert _say_move(client, token, "not a move")["status"] == "active"
    third = _say_move(client, token, "still not a move")
    assert third["status"] == "finished"
    assert third["result"]["winners"] == ["row1"]
    assert third["result"]["reason"] == (
        "Row 3 forfeited after 3 illegal moves (the limit is 3); Row 1 wins"
    )
    assert third["events"] == [
        {
            "seat": "row3",
            "kind": "forfeit",
            "text": "Row 3 forfeited after 3 illegal moves (the limit is 3).",
        }
    ]
    history = client.get(f"/games/{game['game_id']}/history").get_json()["moves"]
    assert history[-1]["events"] == ["Row 3 forfeited after 3 illegal moves (the limit is 3)."]
    after = _say_move(client, token, game["view"]["legal_moves"][0])
    assert after["legal"] is False and after["rule"] == "game-over"


def test_ambiguous_texts_and_moves_out_of_turn_do_not_count(client):
    game = _create(client, opponent="human", illegal_move_limit=1)
    invite = game["invites"]["row1"]
    other = client.post(f"/games/{game['game_id']}/join", json={"invite": invite}).get_json()
    out_of_turn = _say_move(client, other["token"], "7♠ C3")
    assert out_of_turn["rule"] == "not-your-turn" and out_of_turn["status"] == "active"
    assert _attempts(out_of_turn, "row1") == 0
    card = game["view"]["legal_moves"][0].split()[0]
    ambiguous = _say_move(client, game["token"], card)
    assert ambiguous["kind"] == "ambiguous" and ambiguous["status"] == "active"
    assert _attempts(ambiguous, "row3") == 0


@pytest.mark.parametrize("limit", [0, -1, "3", 1.5, True])
def test_a_bad_limit_is_a_422(client, redis_client, limit):
    response = client.post("/games", json={"game": "masul", "illegal_move_limit": limit})
    assert response.status_code == 422
    assert "illegal_move_limit" in response.get_json()["detail"]
    assert redis_client.keys("gm:*") == []


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_the_policy_works_for_every_game(service, game):
    created = service.create(game, opponent="human", illegal_move_limit=1, seed=2)
    answer = service.move(created["token"], "definitely not a move")
    assert answer["status"] == "finished"
    assert answer["result"]["winners"] == [created["seats"][1]["name"]]
