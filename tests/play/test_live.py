"""Waiting for the other seat, in process (the Flask app on a real Redis): ``?wait=`` long polls,
``wait_for_turn``, the event streams (frames, resume, heartbeat, lifetime, secrecy, size), the
caps and the change notices. tests/frontends/test_live_serving.py does the same across gunicorn
workers."""

from __future__ import annotations

import json
import threading
import time

import pytest

from gm.contract.operations import operation
from gm.frontends.http.events import FRAME_MAX
from gm.frontends.mcp.server import call as mcp_call
from gm.games import REGISTRY
from gm.play import live
from gm.settings import Settings
from gm.store.repository import Store
from tests.answers import answer_of, full_client
from tests.conftest import CLUSTER, NO_LIMITS
from tests.games.test_contract import _leaks
from tests.sse import parse_block

LIVE = {
    "live_heartbeat_s": 1,
    "live_stream_s": 4,
    "live_per_seat": 2,
    "live_per_game": 2,
    "live_per_address": 5,
}


@pytest.fixture
def settings(redis_url) -> Settings:
    return Settings(redis_url=redis_url, **NO_LIMITS, **LIVE)


def _two_humans(client, game: str = "n-in-a-row") -> dict:
    info = REGISTRY[game].info
    created = client.post(
        "/games", json={"game": game, "seats": [{"kind": "human"}] * info.min_players}
    ).get_json()
    tokens = [created["token"]]
    for invite in created["invites"].values():
        joined = client.post(f"/games/{created['game_id']}/join", json={"invite": invite})
        tokens.append(joined.get_json()["token"])
    return {"game_id": created["game_id"], "tokens": tokens}


def _mover(client, tokens: list[str]) -> tuple[str, dict]:
    for token in tokens:
        view = client.get(f"/play/{token}").get_json()
        if view["your_turn"]:
            return token, view
    raise AssertionError("nobody to move")


def _play(client, token: str) -> dict:
    view = client.get(f"/play/{token}").get_json()
    answer = client.post(f"/play/{token}/moves", json={"move": view["legal_moves"][0]})
    assert answer.status_code == 200 and answer.get_json()["legal"], answer.get_json()
    return answer.get_json()


class Stream:
    """An in-process event stream: the response and its blocks, read as they are yielded."""

    def __init__(self, client, path: str, headers: dict | None = None):
        self.response = client.get(path, headers=headers or {}, buffered=False)
        self.chunks = self.response.iter_encoded()
        self.raw = b""

    def next(self) -> dict | None:
        chunk = next(self.chunks, None)
        if chunk is None:
            return None
        self.raw += chunk
        return parse_block(chunk.decode().rstrip("\n"))

    def next_change(self) -> dict | None:
        while (block := self.next()) is not None and block.get("event") != "change":
            pass
        return block

    def close(self) -> None:
        self.response.close()


# ---------------------------------------------------------------- long polls and wait_for_turn


def test_a_wait_ends_at_the_timeout_with_the_unchanged_view(client):
    game = _two_humans(client)
    token = game["tokens"][0]
    plain = client.get(f"/play/{token}").get_json()
    start = time.monotonic()
    waited = client.get(f"/play/{token}?wait=1&after_version={plain['version']}")
    elapsed = time.monotonic() - start
    assert waited.status_code == 200 and waited.get_json() == {**plain, "events": []}
    assert 0.9 <= elapsed < 3, elapsed
    start = time.monotonic()  # a version already passed: at once
    early = client.get(f"/play/{token}?wait=20&after_version={plain['version'] - 1}")
    early = early.get_json()
    assert early.pop("events") == [] and early == plain and time.monotonic() - start < 1
    spectator = client.get(f"/games/{game['game_id']}").get_json()
    assert client.get(f"/games/{game['game_id']}?wait=1").get_json() == spectator


def test_a_wait_answers_when_the_other_seat_moves(client, app):
    game = _two_humans(client)
    mover, view = _mover(client, game["tokens"])
    other = next(t for t in game["tokens"] if t != mover)
    got: dict = {}

    def wait() -> None:
        answer = app.test_client().get(f"/play/{other}?wait=10&after_version={view['version']}")
        got.update(answer=answer.get_json(), at=time.monotonic())

    waiter = threading.Thread(target=wait)
    waiter.start()
    time.sleep(0.3)
    _play(client, mover)
    moved = time.monotonic()
    waiter.join(10)
    assert got["answer"]["version"] == view["version"] + 1 and got["answer"]["your_turn"]
    assert got["at"] - moved < 1


@pytest.mark.parametrize(
    "query, words",
    [
        ("wait=26", "from 0 to 25"),
        ("wait=-1", "from 0 to 25"),
        ("wait=soon", "Not a valid integer"),
        ("wait=5&after_version=-3", "after_version"),
    ],
)
def test_wait_parameters_out_of_range_are_a_clear_422(client, query, words):
    token = _two_humans(client)["tokens"][0]
    for path in (f"/play/{token}", f"/play/{token}/turn"):
        if "after_version" in query and path.endswith("/turn"):
            continue
        answer = client.get(f"{path}?{query}")
        assert answer.status_code == 422, (path, answer.get_json())
        assert words in answer.get_json()["detail"], answer.get_json()


def test_mcp_view_game_and_wait_for_turn_take_the_same_bounds(client, service):
    token = _two_humans(client)["tokens"][0]
    refused = mcp_call(operation("view_game"), service, {"token": token, "wait": 99})
    assert refused.is_error and "Invalid arguments: " in refused.content[0].text
    assert "from 0 to 25" in refused.content[0].text


def test_wait_for_turn(client, app, service):
    game = _two_humans(client)
    mover, view = _mover(client, game["tokens"])
    other = next(t for t in game["tokens"] if t != mover)
    start = time.monotonic()  # already the seat's turn: at once
    assert client.get(f"/play/{mover}/turn").get_json()["your_turn"]
    assert time.monotonic() - start < 1
    start = time.monotonic()  # not its turn, nobody moves: the unchanged view at the timeout
    timed_out = client.get(f"/play/{other}/turn?wait=1").get_json()
    assert not timed_out["your_turn"] and timed_out["version"] == view["version"]
    assert 0.9 <= time.monotonic() - start < 3
    threading.Timer(0.3, lambda: _play(full_client(app.test_client()), mover)).start()
    result = mcp_call(operation("wait_for_turn"), service, {"token": other, "wait": 10})
    assert not result.is_error, result.content[0].text
    assert answer_of(result)["your_turn"]
    assert answer_of(result)["version"] == view["version"] + 1


# ---------------------------------------------------------------- event streams


def test_a_stream_sends_the_view_then_each_change_with_its_events(client):
    game = _two_humans(client)
    mover, view = _mover(client, game["tokens"])
    other = next(t for t in game["tokens"] if t != mover)
    stream = Stream(client, f"/play/{other}/events")
    assert stream.response.status_code == 200
    assert stream.response.mimetype == "text/event-stream"
    assert stream.next() == {"retry": "2000"}
    first = stream.next()
    assert first["event"] == "change" and first["id"] == str(view["version"])
    assert first["data"]["view"] == client.get(f"/play/{other}").get_json()
    assert first["data"]["events"] == []
    moved = _play(client, mover)
    change = stream.next_change()
    assert change["id"] == str(view["version"] + 1)
    assert change["data"]["view"] == client.get(f"/play/{other}").get_json()
    assert change["data"]["view"]["your_turn"]
    assert [e["kind"] for e in change["data"]["events"]] == [e["kind"] for e in moved["events"]]
    assert stream.next() == {"comment": "keep-alive"}  # 1 s later, nothing happened
    stream.close()


def test_last_event_id_resumes_and_the_stream_ends_at_its_lifetime(client):
    game = _two_humans(client)
    token = game["tokens"][0]
    version = client.get(f"/play/{token}").get_json()["version"]
    start = time.monotonic()
    stream = Stream(client, f"/play/{token}/events", {"Last-Event-ID": str(version)})
    assert stream.next() == {"retry": "2000"}
    assert stream.next() == {"comment": "keep-alive"}  # up to date: no frame
    blocks = []
    while (block := stream.next()) is not None:
        blocks.append(block)
    assert 3.5 < time.monotonic() - start < 6  # live_stream_s = 4, then the server ends it
    assert all(b == {"comment": "keep-alive"} for b in blocks), blocks
    behind = Stream(client, f"/play/{token}/events", {"Last-Event-ID": str(version - 1)})
    assert behind.next() == {"retry": "2000"}
    assert behind.next()["id"] == str(version)  # the version moved on: the view at once
    behind.close()


def test_streams_of_unknown_seats_and_games_are_404(client):
    game = _two_humans(client)
    for path in (
        f"/play/{game['game_id']}.not-a-secret/events",
        "/play/nothing/events",
        "/games/0000000000000000/events",
    ):
        answer = client.get(path)
        assert answer.status_code == 404, path
        assert answer.mimetype == "application/problem+json"


def test_frames_carry_no_hidden_card_and_stay_under_16_kb(client, service):
    """Every game, a seat's stream and a spectator's, a few moves of each seat: no frame names
    a card its viewer may not see (the contract test's leak check), none is over 16 KB."""
    for name in REGISTRY:
        game = _two_humans(client, name)
        tokens = game["tokens"]
        watched = [
            (tokens[0], f"/play/{tokens[0]}/events"),
            (None, f"/games/{game['game_id']}/events"),
        ]
        streams = [(token, Stream(client, path)) for token, path in watched]
        for _ in range(12):
            for token, stream in streams:
                block = stream.next_change()
                table, seat = service.seat_table(token or tokens[0])
                seat = seat if token else None
                assert block["data"]["version"] == table.doc["version"]
                if table.is_over():
                    continue
                text = json.dumps(block, ensure_ascii=False)
                hidden = table.engine.hidden_tokens(table.state, seat)
                assert not _leaks(text, hidden), (name, seat, _leaks(text, hidden))
            if table.is_over():
                break
            mover, _ = _mover(client, tokens)
            _play(client, mover)
        for _, stream in streams:
            assert all(len(c) <= FRAME_MAX for c in stream.raw.split(b"\n\n")), name
            stream.close()


# ---------------------------------------------------------------- caps


def test_the_caps_hold_and_freed_slots_are_reusable(client, redis_client):
    game = _two_humans(client)
    mover, _ = _mover(client, game["tokens"])
    token = next(t for t in game["tokens"] if t != mover)  # wait_for_turn waits for this one
    streams = [Stream(client, f"/play/{token}/events") for _ in range(2)]
    for stream in streams:
        assert stream.response.status_code == 200
    for path in (f"/play/{token}/events", f"/play/{token}?wait=1", f"/play/{token}/turn?wait=1"):
        refused = client.get(path)
        assert refused.status_code == 429, path
        assert 1 <= int(refused.headers["Retry-After"]) <= 30
        assert "This seat already has 2 waits or live streams open" in refused.get_json()["detail"]
    assert client.get(f"/play/{token}").status_code == 200  # no wait: never capped
    streams[0].close()  # a freed slot is taken again
    again = Stream(client, f"/play/{token}/events")
    assert again.response.status_code == 200
    spectators = [Stream(client, f"/games/{game['game_id']}/events") for _ in range(2)]
    refused = client.get(f"/games/{game['game_id']}/events")
    assert refused.status_code == 429 and "spectators" in refused.get_json()["detail"]
    for stream in [streams[1], again, *spectators]:
        stream.close()
    assert redis_client.keys("gm-live:*") == []  # every slot given back


def test_the_address_cap_counts_every_seat_and_game(client):
    games = [_two_humans(client) for _ in range(3)]
    paths = [f"/play/{g['tokens'][i]}/events" for g in games for i in range(2)]
    streams = [Stream(client, path) for path in paths[:5]]  # live_per_address = 5
    assert all(s.response.status_code == 200 for s in streams)
    refused = client.get(paths[5])
    assert refused.status_code == 429 and "Your address" in refused.get_json()["detail"]
    for stream in streams:
        stream.close()
    assert client.get(f"{paths[5].removesuffix('/events')}?wait=0").status_code == 200


def test_a_crashed_holder_slot_expires(redis_client):
    now = [1000.0]
    slots = live.Slots(redis_client, clock=lambda: now[0])
    slots.take([("seat", "t", 1)], seconds=5)  # never released: its process died
    with pytest.raises(live.ServiceError) as refused:
        slots.take([("seat", "t", 1)], seconds=5)
    assert refused.value.status == 429 and refused.value.extra["retry_after"] == 30
    now[0] += 5 + live.SLOT_MARGIN_S + 1
    slots.take([("seat", "t", 1)], seconds=5).release()


# ---------------------------------------------------------------- change notices


def test_a_write_publishes_the_game_id_and_version_only(client, redis_client):
    game = _two_humans(client)
    pubsub = redis_client.pubsub(ignore_subscribe_messages=True)
    channel = Store.changes_channel(game["game_id"])
    if CLUSTER:  # a cluster's notices are sharded (SPUBLISH), in the game's slot
        pubsub.ssubscribe(channel)
        get = pubsub.get_sharded_message
    else:
        pubsub.subscribe(channel)
        get = pubsub.get_message
    assert channel == f"gm:{{{game['game_id']}}}:changes"
    mover, view = _mover(client, game["tokens"])
    _play(client, mover)
    message = None
    deadline = time.monotonic() + 5
    while message is None and time.monotonic() < deadline:
        message = get(timeout=1)
    assert message["data"].decode() == f"{game['game_id']} {view['version'] + 1}"
    client.get(f"/play/{mover}")  # a read writes nothing: no notice
    assert get(timeout=0.3) is None
    pubsub.close()
