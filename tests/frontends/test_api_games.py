"""Every registered game played to the end through HTTP: against its strongest AI, between humans,
and at mixed tables of humans and AIs. Nothing here is game-specific but the table shapes."""

from __future__ import annotations

import random

import pytest

from gm.contract.schemas import CreateAnswerSchema, MoveAnswerSchema, ViewSchema
from gm.games import REGISTRY

MAX_REQUESTS = 3000


def _check(schema, response, status=200):
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert not schema().validate(body), schema().validate(body)
    return body


def _play_to_end(client, tokens: dict[str, str], seed: int) -> dict:
    """Humans (seat name → token) pick random legal moves until the game ends."""
    rng = random.Random(seed)
    any_token = next(iter(tokens.values()))
    for _ in range(MAX_REQUESTS):
        view = _check(ViewSchema, client.get(f"/play/{any_token}"))
        if view["status"] == "finished":
            return view
        seat = view["to_move"]
        assert seat in tokens, f"the AI left {seat} to move"
        mine = _check(ViewSchema, client.get(f"/play/{tokens[seat]}"))
        assert mine["your_turn"] and mine["legal_moves"]
        move = rng.choice(mine["legal_moves"])
        answer = _check(
            MoveAnswerSchema, client.post(f"/play/{tokens[seat]}/moves", json={"move": move})
        )
        assert answer["legal"], answer
        assert answer["move"] == move
    raise AssertionError("game did not end")


def _seat_tokens(client, created: dict) -> dict[str, str]:
    tokens = {created["seat"]: created["token"]}
    for name, invite in created["invites"].items():
        joined = client.post(f"/games/{created['game_id']}/join", json={"invite": invite})
        tokens[name] = joined.get_json()["token"]
    return tokens


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_each_game_plays_to_the_end_against_its_strongest_ai(client, game):
    created = _check(CreateAnswerSchema, client.post("/games", json={"game": game, "seed": 8}), 201)
    assert created["seats"][1]["kind"] == "ai"
    final = _play_to_end(client, {created["seat"]: created["token"]}, seed=8)
    result = final["result"]
    assert result["draw"] or result["winners"], result
    assert result["reason"]
    history = client.get(f"/games/{created['game_id']}/history").get_json()
    ai_seat = created["seats"][1]["name"]
    assert any(m["seat"] == ai_seat for m in history["moves"]), "the AI moved"


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_each_game_plays_to_the_end_between_two_humans(client, game):
    created = _check(
        CreateAnswerSchema,
        client.post("/games", json={"game": game, "opponent": "human", "seed": 5}),
        201,
    )
    tokens = _seat_tokens(client, created)
    assert len(tokens) == 2
    final = _play_to_end(client, tokens, seed=5)
    assert final["result"]["reason"]


@pytest.mark.parametrize(
    "game",
    sorted(name for name, engine in REGISTRY.items() if engine.info.max_players >= 4),
)
@pytest.mark.slow
def test_a_four_seat_table_of_two_humans_and_two_ais(client, game):
    engine = REGISTRY[game]
    seats = [
        {"kind": "human"},
        {"kind": "ai", "level": "random"},
        {"kind": "human"},
        {"kind": "ai"},
    ]
    created = _check(
        CreateAnswerSchema,
        client.post("/games", json={"game": game, "seats": seats, "seed": 3}),
        201,
    )
    names = list(engine.info.seat_names[:4])
    assert [s["kind"] for s in created["seats"]] == ["human", "ai", "human", "ai"]
    assert list(created["invites"]) == [names[2]]
    tokens = _seat_tokens(client, created)
    assert set(tokens) == {names[0], names[2]}
    final = _play_to_end(client, tokens, seed=3)
    history = client.get(f"/games/{created['game_id']}/history").get_json()["moves"]
    assert {m["seat"] for m in history} == set(names), "every seat, human and AI, moved"
    assert final["result"]["reason"]


@pytest.mark.parametrize(
    "game",
    sorted(name for name, engine in REGISTRY.items() if engine.info.max_players >= 3),
)
def test_ai_seats_move_in_order_until_a_human_is_to_act(client, game):
    seats = [
        {"kind": "ai", "level": "random"},
        {"kind": "ai", "level": "random"},
        {"kind": "human"},
    ]
    created = _check(
        CreateAnswerSchema,
        client.post("/games", json={"game": game, "seats": seats, "seed": 1}),
        201,
    )
    human = created["seat"]
    assert created["view"]["to_move"] == human, "both AIs moved at creation"
    assert {e["seat"] for e in created["events"]} >= {s["name"] for s in created["seats"][:2]}
