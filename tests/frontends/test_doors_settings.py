"""Every door builds its parts with the one composition root (gm/composition.py), so the settings
hold on each alike. Each door is started as a real process — the HTTP app (``gm serve``),
``gm mcp`` over stdio, ``gm mcp --http`` and ``gm play`` — with ``GM_AI_THINK_MS``,
``GM_AI_BUDGET_MS`` and ``GM_REDIS_WAIT_REPLICAS`` set, on a real Redis with one real replica:

- the AI's think time and budget: the coach's hint searches ``min(budget, 4 × think)``, and its
  reason says how many simulated continuations backed the move. A long budget and think time
  give many; a 1 ms budget, or a 1 ms think time, give few: each setting is honoured.
- the replica wait: with the replica paused, a write waits ``GM_REDIS_WAIT_MS`` for it and is
  refused (nothing acknowledged that the replica does not have); with it running, writes go on.
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import anyio
import pexpect
import pytest
import redis
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client

from gm.store.embedded import server_binary
from tests.answers import answer_of
from tests.real_server import NO_LIMITS_ENV, GmServe, call, free_port, gm_env

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
GAME = {"game": "masul", "opponent": "ai", "ai_level": "strong", "seed": 11}
VISITS = re.compile(r"in (\d+) simulated continuations")
# (GM_AI_BUDGET_MS, GM_AI_THINK_MS): the hint then thinks min(budget, 4 × think) ms of CPU
LONG = {"GM_AI_BUDGET_MS": "60000", "GM_AI_THINK_MS": "300"}  # 1,200 ms
SHORT_BUDGET = {"GM_AI_BUDGET_MS": "1", "GM_AI_THINK_MS": "300"}  # 1 ms
SHORT_THINK = {"GM_AI_BUDGET_MS": "60000", "GM_AI_THINK_MS": "1"}  # 4 ms
REPLICAS = {"GM_REDIS_WAIT_REPLICAS": "1", "GM_REDIS_WAIT_MS": "300"}


# ---------------------------------------------------------------- a Redis with one replica


def _valkey(work: Path, port: int, *args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [server_binary(), "--bind", "127.0.0.1", "--port", str(port), "--dir", str(work),
         "--save", "", "--appendonly", "no", "--dbfilename", f"dump-{port}.rdb", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip


def _wait(check: Callable[[], bool], what: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except (redis.ConnectionError, redis.TimeoutError, OSError):
            pass
        time.sleep(0.05)
    raise AssertionError(f"{what} within {seconds} s")


class Replicated:
    """A primary and its one replica, both real Valkey servers on loopback."""

    def __init__(self, work: Path) -> None:
        self.port, replica_port = free_port(), free_port()
        self.primary = _valkey(
            work, self.port, "--repl-diskless-sync", "yes", "--repl-diskless-sync-delay", "0"
        )
        self.replica = _valkey(work, replica_port, "--replicaof", "127.0.0.1", str(self.port))
        self.url = f"redis://127.0.0.1:{self.port}/0"
        client = redis.Redis(port=replica_port)
        synced = lambda: client.info("replication")["master_link_status"] == "up"  # noqa: E731
        _wait(synced, "the replica synced")
        client.close()

    @contextmanager
    def replica_paused(self) -> Iterator[None]:
        """The replica stopped (SIGSTOP): it acknowledges nothing until it goes on."""
        self.replica.send_signal(signal.SIGSTOP)
        try:
            yield
        finally:
            self.replica.send_signal(signal.SIGCONT)

    def stop(self) -> None:
        for process in (self.replica, self.primary):
            process.send_signal(signal.SIGCONT)
            process.terminate()
            process.wait(timeout=10)


@pytest.fixture(scope="module")
def replicated() -> Iterator[Replicated]:
    with tempfile.TemporaryDirectory(prefix="gm-test-replica-") as work:
        pair = Replicated(Path(work))
        try:
            yield pair
        finally:
            pair.stop()


def _env(replicated: Replicated, settings: dict[str, str]) -> dict[str, str]:
    """Every door shares one store, so one address's work price would refuse the later hints:
    the limits are off here (they have tests of their own)."""
    return gm_env(REDIS_URL=replicated.url, **REPLICAS, **NO_LIMITS_ENV, **settings)


def _visits(reason: str) -> int:
    """The simulated continuations behind the coach's move (0 when it names none)."""
    found = VISITS.search(reason)
    return int(found.group(1)) if found else 0


def _honoured(visits: Callable[[dict[str, str]], int]) -> None:
    """Many continuations with a long budget and think time; few with either one short."""
    long, short_budget, short_think = visits(LONG), visits(SHORT_BUDGET), visits(SHORT_THINK)
    print(f"continuations: long {long}, 1 ms budget {short_budget}, 1 ms think {short_think}")
    assert long >= 50, (long, short_budget, short_think)
    assert long > 5 * max(short_budget, short_think, 1), (long, short_budget, short_think)


# ---------------------------------------------------------------- the HTTP app (gm serve)


def test_the_http_app_honours_the_ai_settings_and_the_replica_wait(replicated, tmp_path):
    def hint(settings: dict[str, str]) -> tuple[int, GmServe]:
        with GmServe(tmp_path / "data", workers=1, **_env(replicated, settings)) as server:
            status, _, created, _ = call(server.port, "POST", "/games", GAME)
            assert status == 201, created
            token = created["token"]
            status, _, body, _ = call(server.port, "GET", f"/play/{token}/hint", timeout=30)
            assert status == 200, body
            return _visits(body["reason"]), server

    _honoured(lambda settings: hint(settings)[0])

    with GmServe(tmp_path / "data", workers=1, **_env(replicated, SHORT_THINK)) as server:
        assert call(server.port, "POST", "/games", GAME)[0] == 201
        with replicated.replica_paused():
            status, headers, body, _ = call(server.port, "POST", "/games", GAME)
        assert status == 503 and "retry-after" in headers, body
        assert call(server.port, "POST", "/games", GAME)[0] == 201


# ---------------------------------------------------------------- gm mcp over stdio


def _tool_json(result) -> dict:
    assert not result.is_error, result
    return answer_of(result)


async def _mcp_hint(client: Client) -> int:
    created = _tool_json(await client.call_tool("new_game", GAME))
    hint = _tool_json(await client.call_tool("suggest_move", {"token": created["token"]}))
    return _visits(hint["reason"])


def _stdio(env: dict[str, str]) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "gm", "mcp"], env=env)


def test_gm_mcp_over_stdio_honours_the_ai_settings_and_the_replica_wait(replicated):
    async def visits(settings: dict[str, str]) -> int:
        async with Client(_stdio(_env(replicated, settings))) as client:
            return await _mcp_hint(client)

    _honoured(lambda settings: anyio.run(visits, settings))

    async def refused() -> None:
        async with Client(_stdio(_env(replicated, SHORT_THINK))) as client:
            _tool_json(await client.call_tool("new_game", GAME))
            with replicated.replica_paused():
                result = await client.call_tool("new_game", GAME)
            assert result.is_error and "Outcome unknown: " in result.content[0].text, result
            _tool_json(await client.call_tool("new_game", GAME))

    anyio.run(refused)


# ---------------------------------------------------------------- gm mcp --http


@contextmanager
def _mcp_http(env: dict[str, str]) -> Iterator[str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "gm", "mcp", "--http", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    try:
        _wait(lambda: call(port, "GET", "/healthz", timeout=2)[0] == 200, "gm mcp --http answered")
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_gm_mcp_over_http_honours_the_ai_settings_and_the_replica_wait(replicated):
    def visits(settings: dict[str, str]) -> int:
        async def main(url: str) -> int:
            async with Client(streamable_http_client(url)) as client:
                return await _mcp_hint(client)

        with _mcp_http(_env(replicated, settings)) as url:
            return anyio.run(main, url)

    _honoured(visits)

    async def refused(url: str) -> None:
        async with Client(streamable_http_client(url)) as client:
            _tool_json(await client.call_tool("new_game", GAME))
            with replicated.replica_paused():
                result = await client.call_tool("new_game", GAME)
            assert result.is_error and "Outcome unknown: " in result.content[0].text, result
            _tool_json(await client.call_tool("new_game", GAME))

    with _mcp_http(_env(replicated, SHORT_THINK)) as url:
        anyio.run(refused, url)


# ---------------------------------------------------------------- gm play


def _play(env: dict[str, str]) -> pexpect.spawn:
    env = {**env, "PYTHONIOENCODING": "utf-8", "LANG": "C.UTF-8", "TERM": "dumb"}
    return pexpect.spawn(
        sys.executable,
        ["-m", "gm", "play", "masul", "--level", "strong", "--seed", "11"],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 250),
        cwd=str(ROOT),
    )


def test_gm_play_honours_the_ai_settings_and_the_replica_wait(replicated):
    def visits(settings: dict[str, str]) -> int:
        child = _play(_env(replicated, settings))
        child.expect_exact("Row 3> ")
        child.sendline("hint")
        child.expect(r"Try [^\r\n]+\r?\n")
        reason = child.match.group(0)
        child.sendline("quit")
        child.expect(pexpect.EOF)
        return _visits(reason)

    _honoured(visits)

    with replicated.replica_paused():
        child = _play(_env(replicated, SHORT_THINK))
        child.expect(pexpect.EOF)
    output = child.before
    child.close()
    assert child.exitstatus == 2 and "gm play:" in output and "Row 3> " not in output, output
