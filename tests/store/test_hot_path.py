"""The move path's economies keep its guarantees: exactly two Redis round trips per move (one read,
one compare-and-set), JSON answers byte for byte what Flask's standard encoder wrote, and a
document validated unless this process wrote those very bytes itself."""

from __future__ import annotations

import json
import math
import random

import pytest

from gm.games import GAMES
from gm.games import table as table_module
from gm.games.base import InvalidStateError
from gm.store import fastjson
from gm.store.repository import Store


def _stdlib(value) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def _round_trips(store, monkeypatch) -> list[str]:
    """The commands ``store`` sends from now on, one per round trip (a pipeline counts once)."""
    sent: list[str] = []
    client = store.redis
    command, pipeline = client.execute_command, client.pipeline

    def execute(*args, **kwargs):
        sent.append(str(args[0]).upper())
        return command(*args, **kwargs)

    def piped(*args, **kwargs):
        sent.append("PIPELINE")
        return pipeline(*args, **kwargs)

    monkeypatch.setattr(client, "execute_command", execute)
    monkeypatch.setattr(client, "pipeline", piped)
    return sent


@pytest.mark.parametrize("key", [None, "move-1"])
def test_a_move_with_the_ai_reply_costs_one_read_and_one_write(service, monkeypatch, key):
    created = service.create("masul", opponent="ai", ai_level="random")
    move = created["view"]["legal_moves"][0]
    sent = _round_trips(service.store, monkeypatch)
    answer = service.move(created["token"], move, idempotency_key=key)
    # (no byte quotas here: with GM_QUOTA_*, a new key is charged first, one pipeline more;
    # the store's use is read at most once a second, not per move)
    sent[:] = [c for c in sent if c != "INFO"]
    # (a keyed request reads the document and the key's records in one pipeline)
    assert sent == ["PIPELINE" if key else "GET", "EVALSHA"]
    assert answer["legal"] is True and len(answer["events"]) >= 2  # the AI replied
    if key:  # a replay of the same keyed request: one read, no write
        sent.clear()
        assert service.move(created["token"], move, idempotency_key=key) == answer
        assert sent == ["PIPELINE"]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_answers_are_the_standard_encoders_bytes(client, name):
    """Every answer of a game played over HTTP, and of an all-AI game to its end: orjson's bytes
    are the ones json.dumps (Flask's default provider) writes."""
    seen = 0

    def check(response) -> dict:
        nonlocal seen
        assert response.status_code < 300, response.get_json()
        assert response.data == _stdlib(json.loads(response.data)) + b"\n"
        seen += 1
        return response.get_json()

    game = check(client.post("/games", json={"game": name, "opponent": "ai"}))
    token, legal = game["token"], game["view"]["legal_moves"]
    for _ in range(12):
        if not legal:
            break
        legal = check(client.post(f"/play/{token}/moves", json={"move": legal[0]}))["legal_moves"]
    check(client.get(f"/play/{token}"))
    check(client.get(f"/play/{token}/history"))
    ai = {"kind": "ai", "level": GAMES[name].default_level}
    done = check(client.post("/games", json={"game": name, "seats": [ai, ai], "seed": 7}))
    view = done["view"]
    for _ in range(50):  # a loaded machine may spend the AI budget first: each read plays on
        if view["status"] == "finished":
            break
        view = check(client.get(f"/games/{done['game_id']}"))
    assert view["status"] == "finished" and view["result"] is not None
    check(client.get(f"/games/{done['game_id']}"))
    assert seen >= 5


def test_what_orjson_refuses_the_standard_library_writes():
    for value in ({1: "a"}, 2**70, {"x": [1.5, None, True, "é☃😀\u2028\x00"]}):
        assert fastjson.dumps_bytes(value) == _stdlib(value)
        assert fastjson.dumps(value) == _stdlib(value).decode()
    with pytest.raises(UnicodeEncodeError):  # a lone surrogate is no text, as before
        fastjson.dumps_bytes("\ud800")
    assert math.isnan(fastjson.loads(b'{"a": NaN}')["a"])  # orjson refuses it: the stdlib reads it


def test_a_document_is_validated_unless_this_process_wrote_those_bytes(
    service, redis_client, monkeypatch
):
    checked: list[str] = []
    real = table_module.validate_document
    monkeypatch.setattr(
        table_module,
        "validate_document",
        lambda game, doc: (checked.append(doc["id"]), real(game, doc)),
    )
    created = service.create("masul", opponent="ai", ai_level="random")
    game_id, token = created["game_id"], created["token"]
    answer = service.move(token, created["view"]["legal_moves"][0])
    answer = service.move(token, answer["legal_moves"][0])
    assert checked == []  # both documents were written here
    key = Store.doc_key(game_id)
    doc = json.loads(redis_client.get(key))
    # the same document written by someone else (other bytes): validated, and it plays on
    redis_client.set(key, json.dumps(doc, indent=1))
    answer = service.move(token, answer["legal_moves"][0])
    assert checked == [game_id]
    # a changed state that no game can reach (a card taken out): refused, nothing written
    doc = json.loads(redis_client.get(key))
    doc["state"]["unused"].pop()
    redis_client.set(key, json.dumps(doc))
    stored = redis_client.get(key)
    with pytest.raises(InvalidStateError):
        service.move(token, answer["legal_moves"][0])
    assert redis_client.get(key) == stored
    # another process's store (an empty memory of writes) validates what this one wrote
    fresh = Store(redis_client)
    assert not fresh.load(game_id).known


@pytest.mark.parametrize("name", ["play_move", "resign", "say", "join_game"])
def test_a_plain_body_loads_as_marshmallow_loads_it(name):
    """The plain loader of the move's (and a few other) bodies answers what marshmallow's load
    answers, key order included, and refuses in marshmallow's words (it hands over)."""
    from marshmallow import ValidationError

    from gm.contract import arguments
    from gm.contract.operations import operation

    cls = operation(name).body
    assert arguments._plain_loader(cls) is not None
    schema = arguments._schema(cls)
    values = [None, True, 0, -5, 2**70, 1.0, "", "x", "7♠ C3", "a" * 200, "a" * 201, "a" * 501]
    values += [[], {}, ["x"], "en", "ko"]  # "en", "ko": a say body's language
    names = [*schema.load_fields, "extra"]
    rng = random.Random(name)
    fast = 0
    for _ in range(1500):
        data = {k: rng.choice(values) for k in rng.sample(names, rng.randint(0, len(names)))}
        outcomes = []
        for load in (schema.load, lambda d: arguments._load(cls, d)):
            try:
                loaded = load(data)
                outcomes.append(("ok", loaded, list(loaded)))
            except ValidationError as err:
                outcomes.append(("refused", err.messages, None))
        assert outcomes[0] == outcomes[1], data
        fast += arguments._plain_loader(cls)(data) is not None
    assert fast >= 20  # the plain loader answered some of them itself


@pytest.mark.parametrize("name", sorted(GAMES))
def test_events_read_from_the_entries_are_the_events_of_the_entries(service, name):
    """The move path's events, read from the log entries' dicts, are the ones built from Event
    objects, for every viewer, private texts and the cap on events included."""
    from gm.play import answers

    ai = {"kind": "ai", "level": "random"}
    players = GAMES[name].engine.info.min_players
    done = service.create(name, seats=[ai] * players, seed=3)
    log = service.store.log(done["game_id"])
    assert log
    engine = GAMES[name].engine
    for viewer in [None, *range(players)]:
        for entries in (log, log[:1], log[-3:], log * 3):  # log * 3: past EVENTS_CAP
            expected = answers.events_for(engine, answers.entry_events(entries), viewer)
            assert answers.entries_events_for(engine, entries, viewer) == expected
