"""What Redis keeps of a finished game (``Store.finish``, gm/play/logbook.py): its log compacted
to the moves, the idempotency markers dropped, each seat's last answer kept.
Every reader answers the same bytes before the compaction and after (history pages, the
verification, views, pictures, the events a waiting seat or a watcher gets, the retried last
key), and a retried key never applies twice, before the end or after it. docs/storage.md says
why; bench/storage.py prints the bytes."""

from __future__ import annotations

import json
import random
import threading
import zlib
from typing import Any

import pytest

from gm.frontends.http import events as event_streams
from gm.games import GAMES
from gm.play import logbook, work
from gm.play.seats import holder
from gm.store.repository import Store

LONG = {"trumps", "maze", "card-chess"}  # hundreds of plies: the slow tier


def _keys(redis_client, game_id: str) -> set[str]:
    return {k.decode().split(":", 2)[2] for k in redis_client.keys(f"gm:{{{game_id}}}:*")}


def _play(client, service, game: str, seed: int) -> tuple[dict[str, Any], list[tuple[dict, bytes]]]:
    """A whole game against the AI (random moves), an idempotency key on every move: the
    creation's answer and every (move body, answer bytes)."""
    rng = random.Random(seed)
    body = {"game": game, "opponent": "ai", "ai_level": "random", "seed": seed}
    created = client.post("/games", json=body).get_json()
    token, sent = created["token"], []
    for _ in range(2000):
        view = service.seat_view(token)
        if view["status"] != "active":
            break
        if not view["legal_moves"]:
            continue  # the AI to move: the read played it
        move = {"move": rng.choice(view["legal_moves"]), "idempotency_key": f"k-{len(sent)}"}
        response = client.post(f"/play/{token}/moves", json=move)
        assert response.status_code == 200, response.get_json()
        sent.append((move, response.get_data()))
    assert service.seat_view(token)["status"] == "finished"
    return created, sent


def _reads(client, service, created: dict[str, Any]) -> dict[str, bytes]:
    """Every reader of a finished game's log and of what it keeps, as bytes."""
    token, game_id = created["token"], created["game_id"]
    out: dict[str, bytes] = {}
    for who, base in (("seat", f"/play/{token}"), ("spectator", f"/games/{game_id}")):
        after: int | None = 0
        while after is not None:  # every page, from the first
            page = client.get(f"{base}/history?after={after}")
            assert page.status_code == 200
            out[f"{who} history after {after}"] = page.get_data()
            after = page.get_json()["next_after"]
        for limit in (1, 7, 200):  # the last entries
            out[f"{who} last {limit}"] = client.get(f"{base}/history?limit={limit}").get_data()
        out[f"{who} view"] = client.get(base).get_data()
        out[f"{who} picture"] = client.get(f"{base}/board.svg").get_data()
    out["verify"] = client.get(f"/games/{game_id}/verify").get_data()
    version = service.seat_view(token)["version"]
    for since in range(max(0, version - 6), version):  # what a waiting seat is told
        out[f"events since {since}"] = json.dumps(service.events_since(token, since)).encode()
    total = service.history(game_id=game_id, limit=1)["total"]
    watch = event_streams._events_since(service, None)  # what the watch page's stream sends
    view = service.spectate(game_id)
    for after in (None, 0, max(0, total - 3), total - 1):
        out[f"stream after {after}"] = json.dumps(watch(view, after)).encode()
    return out


@pytest.mark.parametrize(
    "game", [pytest.param(g, marks=pytest.mark.slow) if g in LONG else g for g in sorted(GAMES)]
)
def test_a_finished_game_reads_the_same_bytes_once_compacted(
    game, client, service, redis_client, monkeypatch
):
    monkeypatch.setattr(service, "finished", lambda game_id: None)  # the end, not compacted yet
    created, sent = _play(client, service, game, seed=1)
    game_id, token = created["game_id"], created["token"]
    assert {"doc", "log", "idem"} <= _keys(redis_client, game_id)
    last_body, last_answer = sent[-1]
    store: Store = service.store
    _, digest = store.log_with_digest(game_id, store.load(game_id))
    before = _reads(client, service, created)
    before["retry"] = client.post(f"/play/{token}/moves", json=last_body).get_data()
    assert before["retry"] == last_answer, "the last key answers its first bytes"

    monkeypatch.undo()
    service.finished(game_id)
    kept = _keys(redis_client, game_id)
    assert "log" not in kept and "logz" in kept, "the log compacted"
    assert "idem" not in kept, "the markers dropped"
    assert [k for k in kept if k.startswith("idem:")] == [f"idem:{holder(token)}"], "the answer"
    assert redis_client.ttl(store.logz_key(game_id)) > 0
    assert redis_client.get(store.doc_key(game_id))[:1] == b"x", "the document compressed"
    assert store.log_with_digest(game_id, store.load(game_id))[1] == digest, "the same entries"

    logbook.forget()  # the first read rebuilds the log from the moves, priced like a verify
    with work.metered() as cold:
        service.history(game_id=game_id)
    with work.metered() as warm:
        service.history(game_id=game_id)
    assert (cold.units, warm.units) == (work.VERIFY, 0)
    logbook.forget()
    after = _reads(client, service, created)
    after["retry"] = client.post(f"/play/{token}/moves", json=last_body).get_data()
    assert after.keys() == before.keys()
    assert [k for k in before if before[k] != after[k]] == []
    # the verification made again from the rebuilt log, not the one kept: the same bytes
    redis_client.delete(store.verified_key(game_id))
    assert client.get(f"/games/{game_id}/verify").get_data() == before["verify"]
    assert json.loads(before["verify"])["verified"] is True
    # the finished game goes on being written (the rematch's pointer): its log stays readable
    assert client.post(f"/play/{token}/rematch").status_code == 200
    assert "logz" in _keys(redis_client, game_id)
    page = client.get(f"/games/{game_id}/history?after=0").get_data()
    assert page == before["spectator history after 0"]


def _two_humans(client, game="masul"):
    body = {"game": game, "opponent": "human", "seed": 3}
    created = client.post("/games", json=body).get_json()
    invite = next(iter(created["invites"].values()))
    joined = client.post(f"/games/{created['game_id']}/join", json={"invite": invite}).get_json()
    return created["game_id"], [created["token"], joined["token"]]


def _move_of(client, tokens, key_prefix: str, keys: dict[str, list]) -> tuple[str, dict, bytes]:
    """One legal move of the seat to move, with a fresh key: (token, body, answer bytes)."""
    for seat, token in enumerate(tokens):
        view = client.get(f"/play/{token}").get_json()
        if view.get("your_turn"):
            body = {"move": view["legal_moves"][0], "idempotency_key": f"{key_prefix}-{seat}"}
            answer = client.post(f"/play/{token}/moves", json=body)
            assert answer.status_code == 200
            keys.setdefault(token, []).append((body, answer.get_data()))
            return token, body, answer.get_data()
    raise AssertionError("nobody to move")


def _over(service):
    return lambda doc: service.table_of(doc).is_over()


def _total(client, game_id) -> int:
    return client.get(f"/games/{game_id}/history?limit=1").get_json()["total"]


def test_a_retried_key_never_applies_twice_before_the_end_or_after_it(client, redis_client):
    game_id, tokens = _two_humans(client)
    sent: dict[str, list] = {}
    for i in range(4):
        _move_of(client, tokens, f"m{i}", sent)
    total, version = _total(client, game_id), client.get(f"/games/{game_id}").get_json()["version"]
    # while the game runs: the seat's last key answers its first bytes; an older key its brief
    # and the view as it is now (a marker), and neither plays again
    for token in tokens:
        (old_body, old_answer), (last_body, last_answer) = sent[token][-2:]
        again = client.post(f"/play/{token}/moves", json=last_body)
        assert again.get_data() == last_answer
        older = client.post(f"/play/{token}/moves", json=old_body).get_json()
        first = json.loads(old_answer)
        assert (older["legal"], older["input"]) == (True, old_body["move"])
        assert older["move"] == first["move"]
        assert older["version"] == version and older["events"] == []
        reused = client.post(f"/play/{token}/moves", json={**old_body, "move": "resign"})
        assert reused.status_code == 422, "a marker still checks the request"
    assert _total(client, game_id) == total
    # the last seat resigns: the game is over, what it keeps shrinks
    resigner = tokens[1]
    resigned = client.post(f"/play/{resigner}/resign", json={"idempotency_key": "r"})
    assert resigned.status_code == 200
    kept = _keys(redis_client, game_id)
    assert {"logz", *(f"idem:{holder(t)}" for t in tokens)} <= kept and not {"log", "idem"} & kept
    total, version = _total(client, game_id), client.get(f"/games/{game_id}").get_json()["version"]
    # after the end: each seat's last answer, byte for byte (a reply lost at the end)
    again = client.post(f"/play/{resigner}/resign", json={"idempotency_key": "r"})
    assert again.get_data() == resigned.get_data()
    other = tokens[0]
    (old_body, _), (last_body, last_answer) = sent[other][-2:]
    assert client.post(f"/play/{other}/moves", json=last_body).get_data() == last_answer
    assert client.post(f"/play/{other}/moves", json={**last_body, "move": "X"}).status_code == 422
    # an older key: the finished game answers it like any request, and nothing changes
    older = client.post(f"/play/{other}/moves", json=old_body).get_json()
    assert older["legal"] is False and older["status"] == "finished"
    assert "over" in older["reason"]
    resign = {"idempotency_key": old_body["idempotency_key"]}
    assert client.post(f"/play/{other}/resign", json=resign).status_code == 409
    assert _total(client, game_id) == total
    assert client.get(f"/games/{game_id}").get_json()["version"] == version


def test_the_finishing_key_sent_twice_at_once_ends_the_game_once(client, redis_client):
    game_id, tokens = _two_humans(client)
    answers: list[bytes] = []

    def resign() -> None:
        sent = client.post(f"/play/{tokens[0]}/resign", json={"idempotency_key": "end"})
        answers.append(sent.get_data())

    threads = [threading.Thread(target=resign) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(answers)) == 1 and json.loads(answers[0])["resigned"] is True
    assert _total(client, game_id) == 1, "one resignation logged"
    assert "logz" in _keys(redis_client, game_id)


def test_a_log_its_moves_do_not_rebuild_is_kept_as_written(client, service, redis_client):
    monkeypatch_free = service.finished
    service.finished = lambda game_id: None
    try:
        game_id, tokens = _two_humans(client)
        for i in range(3):
            _move_of(client, tokens, f"m{i}", {})
        client.post(f"/play/{tokens[0]}/resign")
    finally:
        service.finished = monkeypatch_free
    key = Store.log_key(game_id)
    entry = json.loads(redis_client.lindex(key, 0))
    entry["events"][0]["text"] += " (written by another engine)"
    redis_client.lset(key, 0, json.dumps(entry, ensure_ascii=False, separators=(",", ":")))
    before = client.get(f"/games/{game_id}/history?after=0").get_data()
    assert service.store.finish(game_id, logbook.pack, _over(service)) == 1, (
        "markers dropped, log kept"
    )
    assert "log" in _keys(redis_client, game_id) and "logz" not in _keys(redis_client, game_id)
    assert client.get(f"/games/{game_id}/history?after=0").get_data() == before


@pytest.mark.parametrize("ending", ["resign", "illegal", "timeout"])
def test_every_ending_compacts_to_the_same_entries(ending, client, service, redis_client):
    """A resignation, a forfeit by the illegal-move limit and one by time are log entries the
    compact form records by kind: the rebuilt log is the written one, byte for byte."""
    now = [1_000_000.0]
    service.clock = lambda: now[0]
    kept_finished = service.finished
    service.finished = lambda game_id: None
    body = {"game": "masul", "opponent": "human", "seed": 3, "illegal_move_limit": 2}
    body["options"] = {"turn_timeout": 3600}
    created = client.post("/games", json=body).get_json()
    invite = next(iter(created["invites"].values()))
    joined = client.post(f"/games/{created['game_id']}/join", json={"invite": invite}).get_json()
    game_id, tokens = created["game_id"], [created["token"], joined["token"]]
    for i in range(3):
        _move_of(client, tokens, f"m{i}", {})
    mover = next(t for t in tokens if client.get(f"/play/{t}").get_json()["your_turn"])
    if ending == "resign":
        client.post(f"/play/{mover}/resign")
    elif ending == "illegal":
        for _ in range(2):
            client.post(f"/play/{mover}/moves", json={"move": "nonsense"})
    else:
        now[0] += 3601
        client.get(f"/games/{game_id}")  # any read enforces the deadline
    service.finished = kept_finished
    terminations = {"resign": "resignation", "illegal": "illegal-moves", "timeout": "timeout"}
    view = client.get(f"/games/{game_id}").get_json()
    assert view["status"] == "finished"
    assert view["result"]["termination"] == terminations[ending]
    paths = [f"/games/{game_id}/history?after=0", f"/play/{tokens[0]}/history?after=0"]
    pages = [client.get(path).get_data() for path in paths]
    assert service.store.finish(game_id, logbook.pack, _over(service)) == 2, "compacted"
    logbook.forget()
    assert [client.get(path).get_data() for path in paths] == pages


def test_a_compacted_log_that_no_longer_replays_stays_readable(client, service, redis_client):
    """Should a later engine refuse an old game's moves, its history still answers: the entries
    up to there as written, the rest bare (seat, move, version), none lost."""
    game_id, tokens = _two_humans(client)
    for i in range(4):
        _move_of(client, tokens, f"m{i}", {})
    client.post(f"/play/{tokens[0]}/resign")
    key = Store.logz_key(game_id)
    packed = redis_client.get(key)
    form = json.loads(zlib.decompress(packed[len(logbook.MAGIC) :]))
    form["moves"][2][2] = "no such move"  # what the engine of the day refuses
    changed = logbook.MAGIC + zlib.compress(json.dumps(form, ensure_ascii=False).encode())
    redis_client.set(key, changed, keepttl=True)
    page = client.get(f"/games/{game_id}/history?after=0")
    assert page.status_code == 200
    moves = page.get_json()["moves"]
    assert [m["n"] for m in moves] == [1, 2, 3, 4, 5]
    assert all(m["events"] for m in moves[:2]) and not any(m["events"] for m in moves[2:])
    verify = client.get(f"/games/{game_id}/verify").get_json()
    assert verify["verified"] is False, "the verification says the log no longer replays"


def test_a_running_game_is_never_compacted(client, service, redis_client):
    """``finish`` asks whether the game read is over: a running game keeps its markers and its
    log whatever calls it (a retry's replay, a race), and its next moves log on."""
    game_id, tokens = _two_humans(client)
    for i in range(2):
        _move_of(client, tokens, f"m{i}", {})
    kept = _keys(redis_client, game_id)
    assert service.store.finish(game_id, logbook.pack, _over(service)) == 0
    assert _keys(redis_client, game_id) == kept and {"log", "idem"} <= kept
    _move_of(client, tokens, "m2", {})
    assert _total(client, game_id) == 3
