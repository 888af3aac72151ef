"""The embedded Redis under `gm serve` is supervised: killed (SIGKILL) while games are played, gm
answers 503 problem+json with Retry-After within a second, the server comes back by itself on the
same data, gm reconnects without a restart and no acknowledged move is lost. One server per data
directory: a second one is refused with a clear message, and `gm mcp` reuses a running one."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
import redis

from gm.settings import Settings
from gm.store.embedded import DataDirInUse, EmbeddedRedis
from tests.real_server import GmServe, call, gm_env, redis_pid

pytestmark = pytest.mark.slow  # the slow tier: kills and restarts Redis servers

BOUND_S = 1.0


@pytest.fixture
def short_dir():
    """A short data path (the unix socket lives in it)."""
    path = Path(tempfile.mkdtemp(prefix="gm-sup-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


class Player:
    """Plays Masul against the AI, one legal move per call, and remembers per game the creator's
    seat, every acknowledged move (in order) and the version the last answer gave. Like a client
    should, it sends each move with an idempotency key and, after a 503, sends the same move
    with the same key again: a move whose answer was lost when the server died after writing it
    is then acknowledged by its replay, never played twice, never missing from the record."""

    def __init__(self, port: int):
        self.port = port
        self.games: dict[str, dict] = {}  # token -> {"moves": [...], "version": n}
        self.token = ""
        self.legal: list[str] = []
        self.key: str | None = None  # the key of a move not yet answered
        self.keys = 0

    def _new_game(self) -> tuple[int, dict[str, str], object, float]:
        answer = call(self.port, "POST", "/games", {"game": "masul", "opponent": "ai"})
        status, _, body, _ = answer
        if status == 201:
            self.token = body["token"]
            self.games[self.token] = {
                "moves": [],
                "version": body["view"]["version"],
                "seat": body["seat"],
            }
            self.legal = body["view"]["legal_moves"]
        return answer

    def move(self) -> tuple[int, dict[str, str], object, float]:
        if not self.token or not self.legal:
            answer = self._new_game()
            if answer[0] != 201:
                return answer
        move = self.legal[0]
        if self.key is None:
            self.keys += 1
            self.key = f"supervised-move-{self.keys}"
        status, headers, body, elapsed = call(
            self.port,
            "POST",
            f"/play/{self.token}/moves",
            {"move": move, "idempotency_key": self.key},
        )
        if status != 503:
            self.key = None
        if status == 200:
            assert body["legal"] is True, body
            game = self.games[self.token]
            game["moves"].append(body["move"])
            game["version"] = body["version"]
            self.legal = body.get("legal_moves") or [] if body["status"] == "active" else []
        return status, headers, body, elapsed


def _assert_fast_503(status: int, headers: dict[str, str], body: object, elapsed: float) -> None:
    assert elapsed < BOUND_S, f"answered after {elapsed:.2f}s"
    if status == 503:
        assert headers["content-type"].startswith("application/problem+json")
        assert int(headers["retry-after"]) >= 1
        assert isinstance(body, dict) and body["status"] == 503
    else:
        assert status == 200, body


def test_killing_the_embedded_redis_gives_fast_503s_then_recovers_losing_nothing(short_dir):
    data = short_dir / "data"
    with GmServe(data) as gm:
        player = Player(gm.port)
        for _ in range(5):
            assert player.move()[0] == 200
        first_pid = redis_pid(data)
        assert first_pid
        seen_503 = []
        killed = 0
        # Kill the server each time it is back. The first death is covered by the client's quick
        # retries (the supervisor restarts it in ~0.1 s); repeated deaths are restarted later and
        # later, so the store is soon down long enough for a probe to meet it down.
        for _ in range(8):
            deadline = time.monotonic() + 15
            pid = redis_pid(data)
            while pid is None and time.monotonic() < deadline:
                time.sleep(0.02)
                pid = redis_pid(data)
            assert pid, "the supervisor did not start the server again"
            os.kill(pid, signal.SIGKILL)
            killed += 1
            for probe in (player.move, lambda: call(gm.port, "GET", "/readyz")):
                answer = probe()
                _assert_fast_503(*answer)
                if answer[0] == 503:
                    seen_503.append(answer[3])
            if len(seen_503) >= 2:
                break
        assert seen_503, f"no probe met the store down in {killed} kills"

        # It comes back by itself, and gm reconnects without a restart.
        deadline = time.monotonic() + 15
        while call(gm.port, "GET", "/readyz")[0] != 200:
            assert time.monotonic() < deadline, "the store did not come back within 15 s"
            time.sleep(0.05)
        assert redis_pid(data) not in (None, first_pid)
        for _ in range(3):
            assert player.move()[0] == 200

        # No acknowledged move is lost: every game's view and history hold exactly what was
        # acknowledged.
        for token, game in player.games.items():
            status, _, view, _ = call(gm.port, "GET", f"/play/{token}")
            assert status == 200, view
            assert view["version"] == game["version"]
            status, _, history, _ = call(gm.port, "GET", f"/play/{token}/history")
            mine = [m["move"] for m in history["moves"] if m["seat"] == game["seat"]]
            assert mine == game["moves"], (token, history["moves"], game)
        assert gm.process.poll() is None, "gm serve itself kept running"
        log = gm.output()
    assert "starting it again" in log
    print(
        f"\nsupervised store: {killed} SIGKILLs, {len(seen_503)} probes met it down, answered "
        f"503 in {max(seen_503) * 1000:.0f} ms at most; "
        f"{sum(len(g['moves']) for g in player.games.values())} acknowledged moves kept"
    )


def test_a_second_server_on_the_same_data_directory_is_refused(short_dir):
    data = short_dir / "data"
    with GmServe(data) as gm:
        for command in ("redis", "serve"):
            args = [sys.executable, "-m", "gm", command, "--data-dir", str(data)]
            if command == "serve":
                args += ["--port", str(gm.port + 1)]
            second = subprocess.run(args, env=gm_env(), capture_output=True, text=True, timeout=60)
            assert second.returncode != 0
            assert "already used by another embedded Redis server" in second.stderr
            assert str(data.resolve()) in second.stderr and "--data-dir" in second.stderr
        assert call(gm.port, "GET", "/readyz")[0] == 200, "the first server is untouched"

        # gm mcp reuses the running server instead of starting a second one.
        from gm.composition import connect

        with connect(Settings(), str(data)) as client:
            assert client.info("server")["process_id"] == redis_pid(data)
            client.set("gm:test:mcp", "1")
        assert redis_pid(data) is not None


def test_the_lock_outlives_a_killed_owner_while_its_server_runs(short_dir):
    """The server process inherits the lock: if gm dies and leaves its Redis running, a new
    server on the same directory is still refused (not a second server on the same AOF)."""
    data = short_dir / "data"
    owner = EmbeddedRedis(data).start()
    try:
        os.close(owner._lock_fd)  # what the death of the owning gm process does to its lock
        owner._lock_fd = None
        with pytest.raises(DataDirInUse, match="already used"):
            EmbeddedRedis(data).start()
    finally:
        owner.stop()
    with EmbeddedRedis(data) as again:  # free once the server is gone
        assert redis.Redis.from_url(again.url).ping()


def test_the_supervisor_restarts_a_killed_server_on_the_same_data(short_dir):
    data = short_dir / "data"
    with EmbeddedRedis(data, supervise=True) as server:
        client = redis.Redis.from_url(server.url, socket_timeout=1)
        client.set("kept", "yes")
        first = server.process.pid
        # no wait for appendfsync (every second): the AOF is written before the reply, and a
        # killed process leaves its writes to the kernel
        os.kill(first, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while True:
            try:
                if client.get("kept") == b"yes":
                    break
            except (redis.ConnectionError, redis.TimeoutError):  # a loaded machine may time out
                pass
            assert time.monotonic() < deadline, "not restarted"
            time.sleep(0.05)
        assert server.process.pid != first and server.restarts == 1
        client.close()
    assert server.process is None, "stopped for good: not restarted after stop()"
