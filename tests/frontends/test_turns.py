"""Turns (gm/frontends/http/turns.py): one address's requests work at most PER_ADDRESS at a time,
others are not held up by them, a request that gets no turn is a 503 with ``Retry-After``; and a
body its client abandoned mid-way is no request at all (gm/frontends/http/gunicorn_worker.py)."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest

from gm.frontends.http.turns import NoTurn, Turns, middleware
from tests.real_server import GmServe, call


def _crowd(turns: Turns, address: str, count: int, hold: float) -> tuple[list[int], list[str]]:
    """``count`` requests of ``address`` each holding its turn ``hold`` s: the most inside at
    once, and what each met."""
    inside, most, met = [0], [0], []
    lock = threading.Lock()

    def one() -> None:
        try:
            with turns.turn(address):
                with lock:
                    inside[0] += 1
                    most[0] = max(most[0], inside[0])
                time.sleep(hold)
                with lock:
                    inside[0] -= 1
            met.append("ran")
        except NoTurn:
            met.append("no turn")

    threads = [threading.Thread(target=one) for _ in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return most, met


def test_an_address_works_at_most_its_turns_at_once_and_holds_up_no_other():
    turns = Turns(per_address=2, wait_s=10)
    started = threading.Event()

    def other() -> float:
        started.wait()
        time.sleep(0.05)  # the crowd is inside and queued
        begin = time.monotonic()
        with turns.turn("10.0.0.2"):
            return time.monotonic() - begin

    waited: list[float] = []
    thread = threading.Thread(target=lambda: waited.append(other()))
    thread.start()
    started.set()
    most, met = _crowd(turns, "10.0.0.1", 6, 0.2)
    thread.join()
    assert most == [2] and met == ["ran"] * 6
    assert waited[0] < 0.1  # the other address never waited for the crowd
    assert turns.waiting() == 0  # nothing kept once every request is done


def test_a_request_without_a_turn_in_time_gets_no_turn():
    turns = Turns(per_address=1, wait_s=0.1)
    _, met = _crowd(turns, "10.0.0.1", 3, 0.3)
    assert sorted(met) == ["no turn", "no turn", "ran"]


def test_the_middleware_answers_503_with_retry_after_when_no_turn_comes(monkeypatch):
    from gm.frontends.http import turns as module

    monkeypatch.setattr(module, "TURNS", Turns(per_address=1, wait_s=0.05))
    release = threading.Event()

    def slow_app(environ, start_response):
        release.wait(2)
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"ok"]

    app = middleware(slow_app, lambda environ: environ["REMOTE_ADDR"])
    answers: list[tuple[str, dict[str, str], bytes]] = []

    def request(path: str = "/play/x", query: str = "") -> None:
        got: dict[str, object] = {}

        def start_response(status, headers):
            got.update(status=status, headers=dict(headers))

        body = b"".join(app({"REMOTE_ADDR": "10.0.0.1", "PATH_INFO": path,
                             "QUERY_STRING": query}, start_response))  # fmt: skip
        answers.append((str(got["status"]), got["headers"], body))  # type: ignore[arg-type]

    first = threading.Thread(target=request)
    first.start()
    time.sleep(0.02)
    request()  # the same address, while the first holds its only turn
    release.set()
    first.join()
    refused = [a for a in answers if a[0].startswith("503")]
    assert len(refused) == 1
    status, headers, body = refused[0]
    assert headers["Retry-After"] == "2" and headers["Content-Type"] == "application/problem+json"
    assert json.loads(body)["status"] == 503
    # a long poll, a hint and the MCP door take no turn (they wait elsewhere, capped there)
    release.clear()
    first = threading.Thread(target=request)
    first.start()
    time.sleep(0.02)
    threading.Timer(0.1, release.set).start()
    request(query="wait=20")
    request(path="/play/x/hint")
    request(path="/mcp")  # relayed: a platform's users behind one address never queue here
    first.join()
    assert [a[0] for a in answers[2:]] == ["200 OK"] * 4


@pytest.mark.slow
def test_a_body_abandoned_midway_is_no_request(tmp_path):
    with GmServe(tmp_path / "data", workers=1) as gm:
        for _ in range(3):
            with socket.create_connection(("127.0.0.1", gm.port)) as sock:
                sock.sendall(
                    b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    b"Content-Length: 200\r\n\r\n" + b'{"game": "n-in-a-row", "opponent": "human"'
                )
                time.sleep(0.1)
        assert call(gm.port, "GET", "/healthz")[0] == 200
        time.sleep(0.5)
        posts = [line for line in gm.output().splitlines() if '"POST"' in line]
        assert posts == []  # none ran (nor was refused: no request reached the app)
        status, _, game, _ = call(gm.port, "POST", "/games", {"game": "n-in-a-row"})
        assert status == 201, game
        time.sleep(0.5)
        assert len([line for line in gm.output().splitlines() if '"POST"' in line]) == 1


def test_a_worker_s_redis_pool_waits_for_a_free_connection_instead_of_failing(
    redis_url, monkeypatch
):
    """redis-py's plain pool refuses its 101st connection ("Too many connections", a 503 under a
    burst); the workers' pool makes the request wait for one (gm/frontends/http/app.py)."""
    from gm.frontends.http import app as app_module
    from gm.store.cluster import is_cluster_url
    from gm.store.connect import client_for

    monkeypatch.setattr(app_module, "POOL_MAX", 1)
    client = app_module.waiting_pool(client_for(redis_url))
    if is_cluster_url(redis_url):  # a cluster client keeps its pools per node, unbounded
        assert client.ping() and not hasattr(client, "connection_pool")
        return
    held = client.connection_pool.get_connection()
    threading.Timer(0.3, client.connection_pool.release, args=(held,)).start()
    start = time.monotonic()
    assert client.ping()  # waited for the one connection, then used it
    assert time.monotonic() - start >= 0.25
