"""`gm mcp` as desktop hosts start it: in the working directory `/`, no GM_DATA_DIR, no
REDIS_URL. Its data goes to the platform's user-data location (here $XDG_DATA_HOME/gm), and SIGTERM
or SIGINT stop it and its embedded Valkey, leaving no process behind."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import anyio
import pytest
from mcp import Client, StdioServerParameters

from tests.frontends.test_mcp import _ok

pytestmark = pytest.mark.slow  # the slow tier: gm mcp as a process with its own Valkey

ROOT = Path(__file__).resolve().parents[2]


def _desktop_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GM_", "REDIS_URL", "XDG_"))}
    env["PYTHONPATH"] = str(ROOT)
    env["HOME"] = str(tmp_path / "home")
    env["XDG_DATA_HOME"] = str(tmp_path / "home" / ".local" / "share")
    return env


def test_gm_mcp_started_in_slash_keeps_its_data_in_the_user_data_location(tmp_path):
    env = _desktop_env(tmp_path)
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "gm", "mcp"], env=env, cwd="/"
    )

    async def main() -> str:
        async with Client(params) as client:
            game = await _ok(client, "new_game", game="masul", seed=5)
            return game["token"]

    token = anyio.run(main)
    data = tmp_path / "home" / ".local" / "share" / "gm"
    assert (data / "redis.log").exists() and (data / "appendonlydir").is_dir()
    assert not Path("/gm-data").exists()

    async def again() -> str:  # the next start finds the same game there
        async with Client(params) as client:
            return (await _ok(client, "view_game", token=token))["status"]

    assert anyio.run(again) == "active"


def _children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-e", "-o", "pid=,ppid="], capture_output=True, text=True).stdout
    return [int(c) for c, p in (line.split() for line in out.splitlines()) if int(p) == pid]


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1]
    except OSError:
        return True
    return state.startswith("Z")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_signal_stops_gm_mcp_and_its_valkey(tmp_path, sig):
    process = subprocess.Popen(
        [sys.executable, "-m", "gm", "mcp"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=_desktop_env(tmp_path),
        cwd="/",
    )
    assert process.stdin is not None and process.stdout is not None
    hello = {
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                   "clientInfo": {"name": "test", "version": "0"}},
    }  # fmt: skip
    process.stdin.write(json.dumps(hello).encode() + b"\n")
    process.stdin.flush()
    assert json.loads(process.stdout.readline())["id"] == 1  # up; stdin stays open, as a host's
    children = _children(process.pid)
    assert children, "no embedded Valkey"
    process.send_signal(sig)
    process.wait(timeout=10)
    deadline = time.monotonic() + 5
    while not all(_gone(c) for c in children) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert all(_gone(c) for c in children)
    process.stdin.close()
    process.stdout.close()
