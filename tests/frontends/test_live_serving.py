"""Waiting for the other seat on a real `gm serve`: gunicorn with two gevent workers and the
embedded Redis. A long poll answers within 1 s of the other seat's move; an event stream served
by one worker sees a move made through the other (the X-GM-Worker header, on only when
GM_WORKER_HEADER=1, names the worker's pid); the caps hold across workers and freed slots are
taken again; a stream of an unknown token is a 404."""

from __future__ import annotations

import http.client
import json
import threading
import time

import pytest

from tests.real_server import GmServe, call
from tests.sse import SSEClient

pytestmark = pytest.mark.slow  # the slow tier: gunicorn as a process


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    data = tmp_path_factory.mktemp("live-serve") / "data"
    env = {
        "GM_WORKER_HEADER": "1",
        "GM_LIVE_PER_SEAT": "2",
        "GM_LIVE_HEARTBEAT_S": "1",
        **{f"GM_LIMIT_{k}": "off" for k in ("CREATE", "JOIN", "PLAY", "SEAT", "WORK", "WORK_SEAT")},
        **{f"GM_QUOTA_{k}": "off" for k in ("ADDRESS", "GAME")},
    }
    with GmServe(data, workers=2, **env) as serve:
        workers: set[str] = set()  # GmServe is up when one worker answers: wait for both
        deadline = time.monotonic() + 30
        while len(workers) < 2 and time.monotonic() < deadline:
            workers.add(call(serve.port, "GET", "/healthz")[1]["x-gm-worker"])
            time.sleep(0.05)
        assert len(workers) == 2, "the second worker did not start"
        yield serve


TOKENS: list[str] = []  # every seat token of this module's games, for the log check


def _two_humans(port: int) -> tuple[str, list[str]]:
    status, _, created, _ = call(port, "POST", "/games", {"game": "masul", "opponent": "human"})
    assert status == 201, created
    invite = next(iter(created["invites"].values()))
    status, _, joined, _ = call(
        port, "POST", f"/games/{created['game_id']}/join", {"invite": invite}
    )
    assert status == 200, joined
    TOKENS.extend([created["token"], joined["token"]])
    return created["game_id"], [created["token"], joined["token"]]


def _mover(port: int, tokens: list[str]) -> tuple[str, str, dict]:
    """(seat to move, the other seat, the mover's view)."""
    for token in tokens:
        view = call(port, "GET", f"/play/{token}")[2]
        if view["your_turn"]:
            return token, next(t for t in tokens if t != token), view
    raise AssertionError("nobody to move")


def _connection_to(port: int, pid: str | None = None, other_than: str | None = None):
    """A kept-alive connection served by worker ``pid`` (or by any worker but ``other_than``),
    found by opening new ones: the kernel hands each to one of the workers."""
    for _ in range(60):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/healthz")
        response = conn.getresponse()
        response.read()
        worker = response.getheader("X-GM-Worker")
        if (pid is None or worker == pid) and worker != other_than:
            return conn, worker
        conn.close()
    raise AssertionError(f"no connection reached worker {pid or 'other than ' + other_than}")


def _move(conn: http.client.HTTPConnection, token: str, move: str) -> tuple[dict, str]:
    body = json.dumps({"move": move})
    conn.request(
        "POST", f"/play/{token}/moves", body=body, headers={"Content-Type": "application/json"}
    )
    response = conn.getresponse()
    answer = json.loads(response.read())
    assert response.status == 200 and answer["legal"], answer
    return answer, response.getheader("X-GM-Worker")


def test_a_waiting_seat_gets_the_other_seat_move_within_a_second(server):
    _, tokens = _two_humans(server.port)
    mover, waiter, view = _mover(server.port, tokens)
    got: dict = {}

    def wait() -> None:
        path = f"/play/{waiter}?wait=20&after_version={view['version']}"
        status, headers, answer, _ = call(server.port, "GET", path, timeout=30)
        got.update(status=status, answer=answer, at=time.monotonic())

    thread = threading.Thread(target=wait)
    thread.start()
    time.sleep(0.5)  # the wait is in place
    status, _, moved, _ = call(
        server.port, "POST", f"/play/{mover}/moves", {"move": view["legal_moves"][0]}
    )
    acknowledged = time.monotonic()
    assert status == 200 and moved["legal"], moved
    thread.join(20)
    assert got["status"] == 200
    assert got["answer"]["version"] == view["version"] + 1 == moved["version"]
    assert got["answer"]["your_turn"]
    assert got["at"] - acknowledged < 1.0, got["at"] - acknowledged


def test_a_stream_on_one_worker_sees_a_move_made_through_the_other(server):
    game_id, tokens = _two_humans(server.port)
    mover, watcher, view = _mover(server.port, tokens)
    streams = [
        SSEClient(server.port, f"/play/{watcher}/events"),
        SSEClient(server.port, f"/games/{game_id}/events"),
    ]
    for stream in streams:
        assert stream.status == 200 and stream.headers["content-type"].startswith(
            "text/event-stream"
        )
        assert stream.next_change()["id"] == str(view["version"])
    stream_pid = streams[0].headers["x-gm-worker"]
    conn, move_pid = _connection_to(server.port, other_than=stream_pid)
    moved, served_by = _move(conn, mover, view["legal_moves"][0])
    conn.close()
    assert served_by == move_pid != stream_pid  # two different worker processes
    for stream in streams:
        change = stream.next_change(timeout=5)
        assert change["id"] == str(moved["version"]), change
        assert change["data"]["view"]["version"] == moved["version"]
        stream.close()
    assert change["data"]["view"]["seat"] == "spectator"


def test_the_seat_cap_holds_across_workers_and_freed_slots_are_reused(server):
    _, tokens = _two_humans(server.port)
    token = tokens[0]
    held: list[SSEClient] = []
    for _ in range(40):  # one stream on each worker
        stream = SSEClient(server.port, f"/play/{token}/events")
        if stream.status == 429 and held:  # the one closed below is freed at a heartbeat: wait
            stream.close()
            time.sleep(0.5)
            continue
        assert stream.status == 200
        if held and stream.headers["x-gm-worker"] == held[0].headers["x-gm-worker"]:
            stream.close()
            time.sleep(1.2)  # the server sees it gone at the next heartbeat
            continue
        held.append(stream)
        if len(held) == 2:
            break
    assert len(held) == 2, "both streams landed on one worker"
    holders = {s.headers["x-gm-worker"] for s in held}
    assert len(holders) == 2
    for _ in range(3):  # the third is refused, whichever worker takes it
        status, headers, refusal, _ = call(server.port, "GET", f"/play/{token}?wait=5")
        assert status == 429, refusal
        assert int(headers["retry-after"]) >= 1
        assert refusal["title"] == "Too many waits"
        refused = SSEClient(server.port, f"/play/{token}/events")
        assert refused.status == 429
        assert json.loads(refused.body())["title"] == "Too many waits"
    held[0].close()
    deadline = time.monotonic() + 5
    while True:  # freed at the server's next heartbeat on that stream
        again = SSEClient(server.port, f"/play/{token}/events")
        if again.status == 200 or time.monotonic() > deadline:
            break
        again.close()
        time.sleep(0.3)
    assert again.status == 200
    assert again.next_change()["event"] == "change"
    again.close()
    held[1].close()


def test_a_stream_of_an_unknown_token_is_a_404(server):
    game_id, _ = _two_humans(server.port)
    for path in (f"/play/{game_id}.wrong-secret/events", "/games/ffffffffffffffff/events"):
        stream = SSEClient(server.port, path)
        assert stream.status == 404
        assert stream.headers["content-type"] == "application/problem+json"
        assert json.loads(stream.body())["status"] == 404
        stream.close()


def test_no_seat_token_reaches_the_log(server):
    """Waits (``?wait=`` in the query) and streams (the token in the path) are logged with the
    token cut to its game id, like every token URL (this test's own requests, and those of the
    module's tests that ran in this process before it)."""
    _, tokens = _two_humans(server.port)
    status, _, view, _ = call(server.port, "GET", f"/play/{tokens[1]}?wait=1&after_version=0")
    assert status == 200, view
    with SSEClient(server.port, f"/play/{tokens[0]}/events") as stream:
        assert stream.next(timeout=5) is not None  # the view now
    log = server.output()
    assert "/events" in log and "wait=" in log
    assert TOKENS and not [t for t in TOKENS if t.split(".", 1)[1] in log]
