"""The invalid-move policy: unlimited by default, where an illegal attempt writes nothing (same
version, same views, no change notice); with `illegal_move_limit` each is counted per seat, the
allowance shown in every view, and a seat forfeits at the limit."""

from __future__ import annotations

import pytest

from gm.games import REGISTRY
from gm.store.repository import Store
from tests.conftest import CLUSTER


def _create(client, **body):
    response = client.post("/games", json={"game": "masul", "seed": 5, **body})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def _say_move(client, token, move):
    return client.post(f"/play/{token}/moves", json={"move": move}).get_json()


def _attempts(view, seat):
    return next(s["illegal_attempts"] for s in view["seats"] if s["name"] == seat)


# kinds of illegal attempt per game, at the start of a game (unreadable, against a rule, …)
ATTEMPTS = {
    "masul": ["xyzzy", "Z♠ C9", "7♠ C99", "play the seven of spades in column nine"],
    "trumps": ["xyzzy", "LEAD 9♣", "TAKE", "BEAT Q♥"],
    "solonyo": ["xyzzy", "PICK 4", "PICK 0", "DISCARD"],
    "maze": ["xyzzy", "DRAW PILE", "DISCARD 3RC", "PILE 2BM"],
    "card-chess": ["xyzzy", "KEEP", "RC3-RK3", "REPLACE 2♠"],
    "n-in-a-row": ["xyzzy", "O 0,0", "X 0,0,0", "O 20,20"],
}


def _subscribe(redis_client, game_id):
    pubsub = redis_client.pubsub(ignore_subscribe_messages=True)
    channel = Store.changes_channel(game_id)
    if CLUSTER:  # a cluster's notices are sharded (SPUBLISH)
        pubsub.ssubscribe(channel)
        return pubsub, pubsub.get_sharded_message
    pubsub.subscribe(channel)
    return pubsub, pubsub.get_message


def _two_seats(client, game, **body):
    created = _create(client, game=game, opponent="human", **body)
    ((name, invite),) = created["invites"].items()
    joined = client.post(f"/games/{created['game_id']}/join", json={"invite": invite})
    assert joined.status_code == 200, joined.get_json()
    return created, [created["token"], joined.get_json()["token"]]


def _views(client, created, tokens):
    seats = [client.get(f"/play/{t}").get_json() for t in tokens]
    return [*seats, client.get(f"/games/{created['game_id']}").get_json()]


@pytest.mark.parametrize("game", sorted(ATTEMPTS))
def test_without_a_limit_an_illegal_attempt_writes_nothing(client, redis_client, game):
    assert set(ATTEMPTS) == set(REGISTRY)
    created, tokens = _two_seats(client, game)
    before = _views(client, created, tokens)
    mover = tokens[0] if before[0]["your_turn"] else tokens[1]
    pubsub, get = _subscribe(redis_client, created["game_id"])
    try:
        for text in ATTEMPTS[game]:
            answer = _say_move(client, mover, text)
            assert answer["legal"] is False, (text, answer)
            assert answer["version"] == before[0]["version"], text
            assert all(s["illegal_attempts"] == 0 for s in answer["seats"])
            assert all(s["illegal_attempts_left"] is None for s in answer["seats"])
        say = client.post(f"/play/{mover}/say", json={"text": ATTEMPTS[game][1]}).get_json()
        # refused as a move, or (chat that names no card) not read as one: nothing either way
        assert say.get("legal") is not True and say["version"] == before[0]["version"], say
        assert _views(client, created, tokens) == before, "every seat's view and the spectator's"
        assert get(timeout=0.3) is None, "no change notice"
    finally:
        pubsub.close()


@pytest.mark.parametrize("game", sorted(ATTEMPTS))
def test_with_a_limit_only_the_allowance_changes(client, game):
    created, tokens = _two_seats(client, game, illegal_move_limit=5)
    before = _views(client, created, tokens)
    mover = 0 if before[0]["your_turn"] else 1
    name = before[mover]["seat"]
    assert _attempts(before[0], name) == 0 and _left(before[0], name) == 5
    for n, text in enumerate(ATTEMPTS[game][:3], start=1):
        answer = _say_move(client, tokens[mover], text)
        assert answer["legal"] is False and answer["status"] == "active", (text, answer)
        assert _attempts(answer, name) == n and _left(answer, name) == 5 - n
        assert answer["version"] == before[0]["version"] + n, "a counted attempt is a version"
    after = _views(client, created, tokens)
    for was, now in zip(before, after, strict=True):
        assert _left(now, name) == 2
        for view in (was, now):
            view.pop("version")
            for seat in view["seats"]:
                seat.pop("illegal_attempts"), seat.pop("illegal_attempts_left")
        assert now == was, "the allowance is the only change"


def _left(view, seat):
    return next(s["illegal_attempts_left"] for s in view["seats"] if s["name"] == seat)


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
