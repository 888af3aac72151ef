"""Bounded work per request, against a real gunicorn server: all-AI tables of every game with
their options at their maxima finish (advanced by later requests) or are refused up front, and
``/healthz`` keeps answering within a second while they run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest

from gm.games import GAMES
from tests.real_server import free_port, wait_up

pytestmark = pytest.mark.slow  # the slow tier: gunicorn as a process, all-AI tables


@pytest.fixture
def server(redis_url, redis_client):
    port = free_port()
    # the work limits off: this test reads all-AI tables to their end from one address, which
    # GM_LIMIT_WORK prices (tests/store/test_quotas.py shows that price)
    env = {**os.environ, "REDIS_URL": redis_url}
    env.update(GM_LIMIT_WORK="off", GM_LIMIT_WORK_SEAT="off")
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}", "--workers", "2",
         "--worker-class", "gthread", "--threads", "4", "gm.app:create_app()"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    wait_up(url + "/healthz", process, "gunicorn")
    yield url
    process.terminate()
    process.wait(timeout=30)


def _call(url: str, method: str = "GET", body: dict | None = None, timeout: float = 30):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url,
        data=data,
        method=method,
        headers={"Content-Type": "application/json", "GM-API-Version": "1"},  # the full answers
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def _maxima(name: str) -> dict:
    return {o.name: o.maximum for o in GAMES[name].engine.info.options if o.maximum is not None}


def _tables() -> list[tuple[str, dict]]:
    tables = []
    for name, game in GAMES.items():
        info = game.engine.info
        strongest = {"kind": "ai", "level": game.default_level}
        seats = [strongest] * info.max_players
        tables.append((name, {"game": name, "seats": seats, "options": _maxima(name)}))
    # the two tables of the issue
    random_ai = {"kind": "ai", "level": "random"}
    tables.append(
        ("solonyo", {"game": "solonyo", "seats": [random_ai] * 2, "options": {"target": 100000}})
    )
    tables.append(
        ("n-in-a-row", {"game": "n-in-a-row", "seats": [random_ai] * 2,
                        "options": {"max_turns": 10000}})
    )  # fmt: skip
    return tables


def test_all_ai_tables_finish_or_are_refused_and_healthz_stays_fast(server):
    probes: list[float] = []
    stop = threading.Event()

    def probe() -> None:
        while not stop.is_set():
            start = time.monotonic()
            status, body = _call(server + "/healthz", timeout=5)
            probes.append(time.monotonic() - start)
            assert status == 200 and body["status"] == "ok"
            time.sleep(0.05)

    watcher = threading.Thread(target=probe, daemon=True)
    watcher.start()
    outcomes = {}
    try:
        for label, body in _tables():
            status, answer = _call(server + "/games", "POST", body)
            key = f"{label} {json.dumps(body['options'], sort_keys=True)}"
            if status == 422:
                option = next(iter(body["options"]))
                assert "option" in answer["detail"], answer
                assert any(name in answer["detail"] for name in body["options"]), (option, answer)
                outcomes[key] = "refused"
                continue
            assert status == 201, answer
            game_id = answer["game_id"]
            view = answer["view"]
            deadline = time.monotonic() + 120
            while view["status"] != "finished":
                assert time.monotonic() < deadline, f"{key} did not finish"
                status, view = _call(f"{server}/games/{game_id}")
                assert status == 200, view
            assert view["to_move"] is None and view["result"]["reason"]
            outcomes[key] = view["result"]["termination"]
    finally:
        stop.set()
        watcher.join(timeout=10)
    print(f"\nhealthz: {len(probes)} probes, max {max(probes, default=0):.3f} s")
    for key, outcome in outcomes.items():
        print(f"  {key}: {outcome}")
    assert probes, "healthz was never probed"
    assert max(probes) < 1.0, f"healthz took {max(probes):.2f} s while AI tables ran"
    assert set(outcomes.values()) <= {"refused", "rules", "move-cap"}
    assert outcomes['n-in-a-row {"max_turns": 10000}'] == "refused"
