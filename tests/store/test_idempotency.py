"""Idempotency keys answer one request: the same key with the same request replays the first
answer; with another move, text or route it is refused (422 naming the first request). Answers
are kept only for requests that changed something, and never beyond the size cap: every key a
marker (its request and the answer's brief) in the game's ``idem`` hash, each seat's last answer
whole (tests/store/test_storage.py: what a finished game keeps)."""

from __future__ import annotations

import pytest


def _game(client, game="solonyo", **extra):
    body = {"game": game, "opponent": "human", "seed": 3, **extra}
    created = client.post("/games", json=body).get_json()
    invite = next(iter(created["invites"].values()))
    joined = client.post(f"/games/{created['game_id']}/join", json={"invite": invite}).get_json()
    return created["token"], joined["token"]


def _markers(redis_client) -> dict[bytes, bytes]:
    """Every idempotency marker kept (the keys' fields of every game's ``idem`` hash)."""
    out = {}
    for key in redis_client.keys("gm:*:idem"):
        out.update({key + b"/" + f: v for f, v in redis_client.hgetall(key).items()})
    return out


def _answers(redis_client):
    """The seats' whole answers kept (one per seat at most)."""
    return redis_client.keys("gm:*:idem:*")


def _moves(client, token):
    return client.get(f"/play/{token}/history").get_json()["moves"]


def test_same_key_same_move_replays_the_first_answer(client):
    token, _ = _game(client)
    first = client.post(f"/play/{token}/moves", json={"move": "PICK 1", "idempotency_key": "a"})
    again = client.post(f"/play/{token}/moves", json={"move": "PICK 1", "idempotency_key": "a"})
    assert first.status_code == again.status_code == 200
    assert again.get_json() == first.get_json()
    assert len(_moves(client, token)) == 1


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("moves", {"move": "PICK 2"}),  # another move
        ("say", {"text": "PICK 1"}),  # the same text on another route
        ("resign", {}),  # another route
        ("say", {"text": "yes, resign"}),
    ],
)
def test_a_key_reused_for_another_request_is_refused_and_changes_nothing(client, path, body):
    token, _ = _game(client)
    first = client.post(f"/play/{token}/moves", json={"move": "PICK 1", "idempotency_key": "a"})
    before = client.get(f"/play/{token}").get_json()
    reused = client.post(f"/play/{token}/{path}", json={**body, "idempotency_key": "a"})
    assert reused.status_code == 422
    assert reused.content_type == "application/problem+json"
    problem = reused.get_json()
    assert "'PICK 1' on play_move" in problem["detail"]
    assert problem["first_request"] == {"operation": "play_move", "text": "PICK 1"}
    assert client.get(f"/play/{token}").get_json() == before, "nothing changed"
    assert before["version"] == first.get_json()["version"]
    assert before["status"] == "active"


def test_say_resign_with_a_reused_key_does_not_claim_a_resignation(client):
    token, _ = _game(client)
    client.post(f"/play/{token}/say", json={"text": "pick 1", "idempotency_key": "k"})
    asked = client.post(f"/play/{token}/say", json={"text": "resign", "idempotency_key": "k"})
    assert asked.status_code == 200 and asked.get_json()["reply"].startswith("Are you sure?")
    reused = client.post(f"/play/{token}/say", json={"text": "yes, resign", "idempotency_key": "k"})
    assert reused.status_code == 422
    assert "'pick 1' on say" in reused.get_json()["detail"]
    assert client.get(f"/play/{token}").get_json()["result"] is None, "the game goes on"
    # the resignation itself, sent twice with its own key: resigned once, told so twice
    first = client.post(f"/play/{token}/say", json={"text": "yes, resign", "idempotency_key": "r"})
    again = client.post(f"/play/{token}/say", json={"text": "yes, resign", "idempotency_key": "r"})
    assert first.get_json()["reply"].startswith("You resigned.")
    assert again.get_json() == first.get_json()
    assert client.get(f"/play/{token}").get_json()["result"]["termination"] == "resignation"


def test_a_key_is_scoped_to_its_seat(client):
    token, other = _game(client)
    client.post(f"/play/{token}/moves", json={"move": "PICK 1", "idempotency_key": "same"})
    answer = client.post(f"/play/{other}/resign", json={"idempotency_key": "same"})
    assert answer.status_code == 200 and answer.get_json()["resigned"] is True


def test_unreadable_moves_keep_only_a_small_head(client, redis_client):
    token, _ = _game(client, illegal_move_limit=100)
    for i in range(5):
        unreadable = client.post(
            f"/play/{token}/moves", json={"move": "gibberish", "idempotency_key": f"u{i}"}
        )
        assert unreadable.get_json()["legal"] is False
    # with a limit an unreadable move is counted (the seat's illegal_attempts): only its head is
    # kept (without a limit it changes nothing and nothing is kept: see the next test)
    markers = _markers(redis_client)
    assert len(markers) == 5 and _answers(redis_client) == []
    assert all(len(v) < 400 for v in markers.values())
    assert max(map(len, markers.values())) < len(unreadable.data) / 2
    replay = client.post(
        f"/play/{token}/moves", json={"move": "gibberish", "idempotency_key": "u4"}
    )
    assert replay.get_json() == {**unreadable.get_json(), "events": []}
    assert client.get(f"/play/{token}").get_json()["seats"][0]["illegal_attempts"] == 5
    client.post(f"/play/{token}/moves", json={"move": "PICK 1", "idempotency_key": "legal"})
    assert len(_markers(redis_client)) == 6 and len(_answers(redis_client)) == 1


def test_without_a_limit_unreadable_moves_store_nothing(client, redis_client):
    token, _ = _game(client)
    before = client.get(f"/play/{token}").get_json()
    for i in range(3):
        body = {"move": "gibberish", "idempotency_key": f"n{i}"}
        assert client.post(f"/play/{token}/moves", json=body).get_json()["legal"] is False
    assert _markers(redis_client) == {} and _answers(redis_client) == []
    assert client.get(f"/play/{token}").get_json() == before


def test_out_of_turn_moves_store_no_answer(client, redis_client):
    token, other = _game(client)
    for i in range(5):
        out_of_turn = client.post(
            f"/play/{other}/moves", json={"move": "PICK 1", "idempotency_key": f"t{i}"}
        )
        assert out_of_turn.get_json()["legal"] is False
    assert _markers(redis_client) == {} and _answers(redis_client) == []


def test_a_counted_illegal_attempt_is_remembered_and_not_counted_twice(client, redis_client):
    token, other = _game(client, "n-in-a-row", illegal_move_limit=2)
    assert client.post(f"/play/{token}/moves", json={"move": "X 0,0"}).get_json()["legal"]
    body = {"move": "O 0,0", "idempotency_key": "occupied"}  # the other seat, on a taken cell
    first = client.post(f"/play/{other}/moves", json=body)
    again = client.post(f"/play/{other}/moves", json=body)
    assert first.get_json()["legal"] is False
    assert again.get_json() == first.get_json()
    seats = client.get(f"/play/{token}").get_json()["seats"]
    assert [s["illegal_attempts"] for s in seats] == [0, 1], "counted once"
    assert len(_markers(redis_client)) == 1


def test_an_answer_over_the_cap_is_not_stored_whole_and_a_replay_shows_the_view(
    client, service, redis_client
):
    service.store.idempotency_max_bytes = 400
    token, _ = _game(client)
    body = {"move": "PICK 3", "idempotency_key": "big"}
    first = client.post(f"/play/{token}/moves", json=body).get_json()
    assert first["legal"] is True
    [marker] = _markers(redis_client).values()
    assert len(marker) <= 400 and _answers(redis_client) == [], "only the marker is kept"
    again = client.post(f"/play/{token}/moves", json=body)
    assert again.status_code == 200
    replay = again.get_json()
    assert (replay["legal"], replay["move"], replay["input"]) == (True, "PICK 3", "PICK 3")
    assert replay["version"] == first["version"] and replay["board"] == first["board"]
    assert len(_moves(client, token)) == 1
    other = client.post(f"/play/{token}/moves", json={"move": "PICK 1", "idempotency_key": "big"})
    assert other.status_code == 422, "the request is still checked"
