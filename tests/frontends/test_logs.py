"""No secrets in logs: a real gunicorn with gm's config (gm/frontends/http/gunicorn_conf.py) serves
a few games; afterwards neither its access log nor the `gm` logger holds any seat token, invite or
the operator key. Token URLs answer with Cache-Control: no-store and Referrer-Policy:
no-referrer."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from gm.frontends.security import redact
from tests.real_server import free_port

pytestmark = pytest.mark.slow  # the slow tier: gunicorn as a process

ROOT = Path(__file__).resolve().parents[2]
KEY = "operator-key-Zq81x"


def _call(url: str, method: str = "GET", body=None, headers=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Authorization", f"Bearer {KEY}")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), err.read()


def test_no_secret_survives_in_any_log_line(redis_url, redis_client, tmp_path):
    port = free_port()
    env = {**os.environ, "REDIS_URL": redis_url, "GM_API_KEY": KEY, "PYTHONPATH": str(ROOT)}
    out, err = tmp_path / "stdout.log", tmp_path / "stderr.log"
    with out.open("wb") as stdout, err.open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--config", "python:gm.gunicorn_conf",
             "--bind", f"127.0.0.1:{port}", "--workers", "1", "gm.app:create_app()"],
            env=env, stdout=stdout, stderr=stderr, cwd=tmp_path,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(url + "/healthz", timeout=2).close()
                break
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline, err.read_text()
                time.sleep(0.2)
        minted = _play_a_few_games(url)
    finally:
        process.terminate()
        process.wait(timeout=20)
    text = out.read_text() + err.read_text()
    for secret in minted:
        game_id, _, part = secret.partition(".")
        assert part not in text, f"a secret of game {game_id} is in the log"
        assert f"{game_id}.…" in text, "the request lines are there, redacted"
    assert KEY not in text
    access = [line for line in text.splitlines() if '"GET /' in line or '"POST /' in line]
    assert len(access) >= 15, text
    requests = [json.loads(line) for line in text.splitlines() if line.startswith('{"event"')]
    assert len(requests) >= 15, "the gm logger writes one line per request"
    routes = {r["route"] for r in requests}
    assert {"/games", "/games/<game_id>/join", "/play/<token>/moves", "/play/<token>"} <= routes
    moves = [r for r in requests if r["route"] == "/play/<token>/moves"]
    assert all(r["status"] == 200 and r["game_id"] and r["ms"] >= 0 for r in moves)


def _play_a_few_games(url: str) -> list[str]:
    """Games created, joined and played; every token and invite minted on the way."""
    minted: list[str] = []
    status, headers, body = _call(url + "/games", "POST", {"game": "masul", "opponent": "human"})
    assert status == 201
    game = json.loads(body)
    token, game_id = game["token"], game["game_id"]
    (invite,) = game["invites"].values()
    minted += [token, invite]
    assert headers["Cache-Control"] == "no-store" and headers["Referrer-Policy"] == "no-referrer"
    status, headers, body = _call(f"{url}/games/{game_id}/join", "POST", {"invite": invite})
    assert status == 200 and headers["Cache-Control"] == "no-store"
    other = json.loads(body)["token"]
    minted.append(other)
    ai = json.loads(_call(url + "/games", "POST", {"game": "trumps", "seed": 3})[2])
    minted.append(ai["token"])
    for seat in (token, ai["token"], ai["token"]):
        view = json.loads(_call(f"{url}/play/{seat}")[2])
        move = (view.get("legal_moves") or ["pass"])[0]
        status, headers, _ = _call(f"{url}/play/{seat}/moves", "POST", {"move": move})
        assert status == 200 and headers["Cache-Control"] == "no-store"
        assert headers["Referrer-Policy"] == "no-referrer"
    _call(f"{url}/play/{other}/say", "POST", {"text": "board"})
    _call(f"{url}/play/{other}/board")
    _call(f"{url}/play/{other}/history")
    status, headers, _ = _call(f"{url}/play/{other}/nowhere")  # no route: still a token URL
    assert status == 404 and headers["Cache-Control"] == "no-store"
    _call(f"{url}/play/{token}?again={token}", headers={"Referer": f"{url}/play/{token}"})
    assert _call(f"{url}/play/{token}", headers={"Authorization": "Bearer wrong"})[0] == 401
    _call(f"{url}/play/{other}/resign", "POST")
    status, headers, _ = _call(f"{url}/rules")
    assert status == 200 and "no-store" not in headers.get("Cache-Control", "")
    assert _call(f"{url}/games/{game_id}")[0] == 200
    return minted


def test_redact_cuts_tokens_and_invites_wherever_they_are():
    token = "0123456789abcdef.Ab-_9xYz" + "q" * 38
    assert redact(f"POST /play/{token}/moves HTTP/1.1") == (
        "POST /play/0123456789abcdef.…/moves HTTP/1.1"
    )
    assert redact(f"?t={token}&x=1") == "?t=0123456789abcdef.…&x=1"
    assert redact(f"/play/0123456789abcdef%2E{token[17:]}") == "/play/0123456789abcdef.…"
    assert redact("GET /games/0123456789abcdef HTTP/1.1") == "GET /games/0123456789abcdef HTTP/1.1"
