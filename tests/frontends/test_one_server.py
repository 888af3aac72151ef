"""`gm serve` is the one server: the HTTP API, the pages and MCP over Streamable HTTP at `/mcp`, on
one port, in one process tree. The official MCP Python SDK client and the MCP Inspector CLI (npm
`@modelcontextprotocol/inspector`, tests/node_tools/) each play a whole game against a real
`gm serve` (gunicorn + its MCP server + the embedded Valkey); a SIGKILLed `gm serve` leaves no
process behind and the next start on the same data works."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from typing import Any

import anyio
import pytest
from mcp import Client

from tests.frontends.test_mcp import APP_TOOLS, TOOLS, _ok, _play_to_the_end
from tests.npm import node_tool
from tests.real_server import NO_LIMITS_ENV, GmServe, alive, call, descendants

pytestmark = pytest.mark.slow  # the slow tier: gm serve as a process


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    # whole games at machine speed: no rate limits (tests/store/ has theirs)
    data = tmp_path_factory.mktemp("one-server") / "data"
    with GmServe(data, workers=2, **NO_LIMITS_ENV) as server:
        yield server


def test_the_sdk_client_plays_a_whole_game_at_mcp_on_the_api_s_port(served):
    url = f"http://127.0.0.1:{served.port}/mcp"

    async def main() -> dict[str, Any]:
        async with Client(url) as client:
            assert {t.name for t in (await client.list_tools()).tools} == TOOLS | APP_TOOLS
            final = await _play_to_the_end(client)
            game = await _ok(client, "new_game", game="masul", seed=11)
            return {"final": final, "token": game["token"]}

    out = anyio.run(main)
    # the same port serves the HTTP API and the pages, on the same store
    status, _, view, _ = call(served.port, "GET", f"/play/{out['token']}")
    assert status == 200 and view["status"] == "active" and view["game"] == "masul"
    assert call(served.port, "GET", "/healthz")[0] == 200
    status, headers, page, _ = call(served.port, "GET", "/")
    assert status == 200 and headers["content-type"].startswith("text/html")
    # one session, whichever worker relays it (two workers here); tokens never in the log
    assert out["token"] not in served.output()


def _inspector(port: int, *args: str) -> dict[str, Any]:
    done = subprocess.run(
        [node_tool("mcp-inspector"), "--cli", f"http://127.0.0.1:{port}/mcp", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "HOME": os.environ.get("HOME", "/tmp")},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_the_mcp_inspector_cli_plays_a_whole_game(served):
    listed = _inspector(served.port, "--method", "tools/list")
    assert {t["name"] for t in listed["tools"]} == TOOLS | APP_TOOLS
    game = _inspector(
        served.port, "--method", "tools/call", "--tool-name", "new_game",
        "--tool-arg", "game=masul", "--tool-arg", "seed=2024", "--tool-arg", "ai_level=seed",
    )["_meta"]["gm/answer"]  # fmt: skip
    token, view = game["token"], game["view"]
    plies = 0
    while view["status"] == "active":
        view = _inspector(
            served.port, "--method", "tools/call", "--tool-name", "play_move",
            "--tool-arg", f"token={token}", "--tool-arg", f"move={view['legal_moves'][0]}",
        )["_meta"]["gm/answer"]  # fmt: skip
        assert view["legal"] is True
        plies += 1
        assert plies <= 20
    final = _inspector(
        served.port, "--method", "tools/call", "--tool-name", "view_game",
        "--tool-arg", f"token={token}",
    )["_meta"]["gm/answer"]  # fmt: skip
    assert final["status"] == "finished" and final["board"].splitlines()[-1].startswith("Game over")


def test_the_mcp_inspector_s_strict_check_finds_no_portability_problem(served):
    """Inspector's ``--strict`` tools/list: every tool schema in the portable dialect (one
    ``type`` per property), nothing to warn about, exit 0 (6 on an error-severity problem)."""
    done = subprocess.run(
        [node_tool("mcp-inspector"), "--cli", "--strict", f"http://127.0.0.1:{served.port}/mcp",
         "--method", "tools/list"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "HOME": os.environ.get("HOME", "/tmp")},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Warning" not in done.stderr and "error" not in done.stderr.lower(), done.stderr
    listed = json.loads(done.stdout)["tools"]
    assert all(t.get("title") and t.get("annotations") for t in listed)


def test_a_sigkilled_gm_serve_leaves_no_process_and_starts_again(tmp_path):
    data = tmp_path / "data"
    with GmServe(data) as first:
        assert first.process is not None
        tree = descendants(first.process.pid)
        assert len(tree) >= 4  # gunicorn master + worker, the MCP server, Valkey
        os.kill(first.process.pid, signal.SIGKILL)
        first.process.wait()
        deadline = time.monotonic() + 10
        while any(alive(p) for p in tree) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [p for p in tree if alive(p)]
    with GmServe(data) as second:  # the data directory and the port are free again
        assert call(second.port, "GET", "/healthz")[0] == 200
