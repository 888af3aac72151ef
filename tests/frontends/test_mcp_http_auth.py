"""`gm mcp --http` on the open internet: the operator key (Bearer, any case), /healthz without it,
foreign Host and Origin refused, the HTTP API's rate limits, and no listening on a non-loopback
address without a key unless told. Each against a real `gm mcp --http` and a real Redis."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import anyio
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from tests.answers import answer_of
from tests.real_server import free_port

pytestmark = pytest.mark.slow  # the slow tier: gm mcp --http as a process

ROOT = Path(__file__).resolve().parents[2]
KEY = "mcp-operator-key-7Hq"
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "test", "version": "0"},
    },
}


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "GM_API_KEY")}
    env["PYTHONPATH"] = str(ROOT)
    env.update(extra)
    return env


def _start(args: list[str], env: dict[str, str], port: int) -> subprocess.Popen:
    process = subprocess.Popen(
        [sys.executable, "-m", "gm", "mcp", "--http", "--port", str(port), *args],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise AssertionError(process.stderr.read().decode()) from None
            time.sleep(0.1)


def _stop(process: subprocess.Popen) -> None:
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="module")
def keyed(redis_url):
    """`gm mcp --http` with GM_API_KEY, an allowed public name and a small creation limit."""
    port = free_port()
    env = _env(
        REDIS_URL=redis_url,
        GM_API_KEY=KEY,
        GM_ALLOWED_HOSTS="gm.example",
        GM_LIMIT_CREATE="5/minute",
    )
    process = _start([], env, port)
    yield f"http://127.0.0.1:{port}"
    _stop(process)


def _post(url: str, body=None, **headers: str):
    request = urllib.request.Request(
        url,
        data=json.dumps(body or INITIALIZE).encode(),
        method="POST",
        headers={
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
            **headers,
        },
    )
    return _open(request)


def _get(url: str, **headers: str):
    return _open(urllib.request.Request(url, headers=headers))


def _open(request):
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.headers, err.read().decode()


def _client(url: str, **headers: str) -> Client:
    return Client(streamable_http_client(url, http_client=create_mcp_http_client(headers=headers)))


def test_a_call_without_the_key_is_refused(keyed, redis_client):
    status, headers, body = _post(keyed + "/mcp")
    assert status == 401, body
    assert headers["Content-Type"] == "application/problem+json"
    assert headers["WWW-Authenticate"] == 'Bearer realm="gm"'
    assert "Authorization: Bearer <GM_API_KEY>" in json.loads(body)["detail"]
    for wrong in ("Bearer nope", f"Basic {KEY}", KEY, f"Bearer {KEY}x"):
        assert _post(keyed + "/mcp", Authorization=wrong)[0] == 401

    async def main():
        with pytest.raises(Exception):  # noqa: B017 — the SDK's client fails to connect
            async with _client(keyed + "/mcp") as client:
                await client.list_tools()
        for scheme in ("Bearer", "bearer"):  # the scheme in any case
            async with _client(keyed + "/mcp", Authorization=f"{scheme} {KEY}") as client:
                game = answer_of(await client.call_tool("new_game", {"game": "masul"}))
                assert game["token"]

    anyio.run(main)


def test_healthz_answers_without_the_key(keyed):
    status, headers, body = _get(keyed + "/healthz")
    assert status == 200 and json.loads(body) == {"status": "ok", "redis": "ok"}


def test_a_foreign_host_or_origin_is_refused_even_with_the_key(keyed):
    auth = {"Authorization": f"Bearer {KEY}"}
    status, headers, body = _post(keyed + "/mcp", Host="evil.example", **auth)
    assert status == 421 and headers["Content-Type"] == "application/problem+json"
    assert "GM_ALLOWED_HOSTS" in json.loads(body)["detail"]
    assert _get(keyed + "/healthz", Host="evil.example:80")[0] == 421
    status, _, body = _post(keyed + "/mcp", Origin="http://evil.example", **auth)
    assert status == 403, body
    assert _post(keyed + "/mcp", Origin="null", **auth)[0] == 403
    # the allowed names pass the door (then the key decides)
    assert _post(keyed + "/mcp", Host="gm.example")[0] == 401
    assert _post(keyed + "/mcp", Host="localhost:8001", Origin="http://localhost:8001")[0] == 401
    # the same host name on another port is another origin (another server on the machine)
    status, _, body = _post(keyed + "/mcp", Host="localhost:8001", Origin="http://localhost:3000")
    assert status == 403, body
    assert _post(keyed + "/mcp", Host="gm.example", Origin="https://gm.example:8443")[0] == 403
    status, _, body = _post(keyed + "/mcp", Host="gm.example", Origin="https://gm.example", **auth)
    assert status == 200, body


def test_tool_calls_over_http_meet_the_rate_limits(keyed, redis_client):
    async def main():
        async with _client(keyed + "/mcp", Authorization=f"Bearer {KEY}") as client:
            for _ in range(5):
                result = await client.call_tool("new_game", {"game": "masul"})
                assert not result.is_error
            refused = await client.call_tool("new_game", {"game": "masul"})
            assert refused.is_error
            text = refused.content[0].text
            assert text.startswith("Too many requests: Too many new games from your address")
            assert "Wait " in text

    anyio.run(main)
    assert len(redis_client.keys("gm:{*}:doc")) == 5, "the refused call created nothing"


def test_a_non_loopback_address_without_a_key_is_refused_unless_allowed(redis_url):
    port = free_port()
    command = [sys.executable, "-m", "gm", "mcp", "--http", "--host", "0.0.0.0"]
    refused = subprocess.run(
        [*command, "--port", str(port)],
        env=_env(REDIS_URL=redis_url),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert refused.returncode == 2
    assert "GM_API_KEY" in refused.stderr and "--allow-unauthenticated" in refused.stderr
    process = _start(
        ["--host", "0.0.0.0", "--allow-unauthenticated"], _env(REDIS_URL=redis_url), port
    )
    try:
        assert _get(f"http://127.0.0.1:{port}/healthz")[0] == 200
        assert _post(f"http://127.0.0.1:{port}/mcp")[0] == 200, "no key asked"
        assert _post(f"http://127.0.0.1:{port}/mcp", Host="203.0.113.5")[0] == 421
    finally:
        _stop(process)
