"""The Redis repository against a real server: atomic document + log, version races, bounded
retries, idempotency, TTLs and Cluster hash tags."""

from __future__ import annotations

import json
import threading

import pytest

from gm.store.repository import WRITES, ConflictError, NotFoundError, Store, Update
from tests.conftest import connect


def _doc(game_id="g1", version=1, counter=0):
    return {"id": game_id, "version": version, "counter": counter}


def _game(store, game_id="g1"):
    """The stored document without the store's own field (the ids of the last writes)."""
    doc = store.load(game_id)
    assert len(doc.pop(WRITES)["ids"]) >= 1
    return doc


def _increment(doc):
    doc["counter"] += 1
    doc["version"] += 1
    return Update(response=doc["counter"], doc=doc, log_entries=[{"n": doc["counter"]}])


def test_create_load_and_log(redis_client):
    store = Store(redis_client, ttl_s=600)
    assert store.create(_doc(), [{"n": 0}])
    assert _game(store) == _doc()
    assert store.log("g1") == [{"n": 0}]
    assert not store.create(_doc(counter=5), []), "an existing id is never overwritten"
    assert store.load("g1")["counter"] == 0


def test_keys_share_one_cluster_hash_tag_and_carry_a_ttl(redis_client):
    store = Store(redis_client, ttl_s=600)
    store.create(_doc("abc"), [{"n": 0}])
    keys = sorted(k.decode() for k in redis_client.keys("gm:*"))
    assert keys == ["gm:{abc}:doc", "gm:{abc}:log"]
    for key in keys:
        assert 0 < redis_client.ttl(key) <= 600


def test_update_writes_document_and_log_together(redis_client):
    store = Store(redis_client)
    store.create(_doc(), [])
    answer, replayed = store.update("g1", _increment)
    assert (answer, replayed) == (1, False)
    assert _game(store) == {"id": "g1", "version": 2, "counter": 1}
    assert store.log("g1") == [{"n": 1}]


def test_unknown_game_raises_not_found(redis_client):
    store = Store(redis_client)
    with pytest.raises(NotFoundError):
        store.load("nope")
    with pytest.raises(NotFoundError):
        store.update("nope", _increment)


def test_concurrent_updates_never_lose_or_double_a_write(redis_url, redis_client):
    Store(redis_client).create(_doc(), [])
    threads, per_thread = 8, 25

    def work():
        store = Store(connect(redis_url), retries=1000)
        for _ in range(per_thread):
            store.update("g1", _increment)

    pool = [threading.Thread(target=work) for _ in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    store = Store(redis_client)
    assert store.load("g1")["counter"] == threads * per_thread
    assert [e["n"] for e in store.log("g1")] == list(range(1, threads * per_thread + 1))


def test_retries_are_bounded(redis_url, redis_client):
    store = Store(redis_client, retries=3)
    store.create(_doc(), [])
    meddler = connect(redis_url)
    calls = []

    def step(doc):
        calls.append(1)
        rival = {"id": "g1", "version": 98 + len(calls), "counter": 0}
        meddler.set(Store.doc_key("g1"), json.dumps(rival))  # a rival write
        return _increment(doc)

    with pytest.raises(ConflictError):
        store.update("g1", step)
    assert len(calls) == 3
    assert store.load("g1")["version"] == 101, "the losing steps wrote nothing"
    assert store.log("g1") == []


def test_idempotency_key_returns_the_first_answer_and_applies_once(redis_client):
    store = Store(redis_client)
    store.create(_doc(), [])

    def remembered(doc):
        result = _increment(doc)
        result.remember = True
        return result

    first = store.update("g1", remembered, seat=0, idempotency_key="k1")
    again = store.update("g1", remembered, seat=0, idempotency_key="k1")
    other = store.update("g1", remembered, seat=0, idempotency_key="k2")
    assert first == (1, False)
    assert again == (1, True)
    assert other == (2, False)
    assert store.load("g1")["counter"] == 2
    for key in (Store.markers_key("g1"), Store.answer_key("g1", 0)):
        assert 0 < redis_client.ttl(key) <= store.idempotency_ttl_s


def test_a_step_that_writes_nothing_leaves_the_store_alone(redis_client):
    store = Store(redis_client)
    store.create(_doc(), [])
    assert store.update("g1", lambda doc: Update(response="read only")) == ("read only", False)
    assert _game(store) == _doc()


def _stored(n, ids):
    return json.dumps({"id": "g1", WRITES: {"n": n, "ids": ids}}).encode()


def test_a_lost_write_is_settled_by_the_ids_and_the_counter_in_the_document():
    from gm.store.repository import OutcomeUnknownError, _Attempt, _settle

    lost = _Attempt("rid-1", read_n=4, response="mine", writes_doc=True)
    # landed: its id is there, even after a few more writes
    assert _settle(_stored(7, ["x", "rid-1", "y", "z"]), [lost]) == (lost, [])
    # not landed, and cannot land any more: the document moved on without it
    assert _settle(_stored(5, ["rival"]), [lost]) == (None, [])
    # not landed yet: the document is the one it read, so it may still arrive (and only one
    # write of that document can land): kept, to be looked for after the next attempt
    assert _settle(_stored(4, ["older"]), [lost]) == (None, [lost])
    # so many writes since that its id may have been pushed out: nobody can tell
    with pytest.raises(OutcomeUnknownError):
        _settle(_stored(4 + 1 + 8, [f"r{i}" for i in range(8)]), [lost])
