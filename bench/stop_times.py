"""How fast gm stops, and what it keeps: `gm serve` and `gm mcp` (stdio) against SIGTERM/SIGINT.

    python bench/stop_times.py [--runs 3] [--streams 20] [--movers 4]

Each run starts a fresh `gm serve` (gunicorn + gm's MCP server + the embedded Valkey) in a
temporary directory on a free loopback port, then times, from the signal to the exit of `gm serve`
(every child included):

- idle: SIGTERM with nothing open (target ≤ 2 s), and SIGINT;
- streams: SIGTERM with --streams event streams open (target ≤ 5 s); each stream must end with the
  server's "reconnect" note, not be cut;
- moves: SIGTERM while --movers clients play moves without pause; every move the server
  acknowledged (200) must be in the game's history after a restart on the same data (lost: 0);
- gm mcp over stdio (its own embedded Valkey), SIGTERM and SIGINT (target ≤ 2 s), and whether a
  process is left behind.

The baseline, measured in the same run: the embedded Valkey alone (`gm redis`) stopped by SIGTERM
— the floor under every figure (it flushes its append-only file). Traffic goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.real_server import GmServe, alive, call, descendants  # noqa: E402
from tests.sse import SSEClient  # noqa: E402


def _stop(process: subprocess.Popen[Any], sig: int) -> tuple[float, int]:
    """Seconds from ``sig`` until the process and all its descendants are gone; how many of
    them were still alive 10 s later."""
    tree = descendants(process.pid)
    start = time.monotonic()
    process.send_signal(sig)
    process.wait(timeout=60)
    while any(alive(p) for p in tree) and time.monotonic() - start < 10:
        time.sleep(0.01)
    return time.monotonic() - start, sum(alive(p) for p in tree)


def _new_game(port: int) -> str:
    status, _, body, _ = call(port, "POST", "/games", {"game": "masul", "ai_level": "seed"})
    assert status == 201, body
    return body["token"]


def idle(sig: int) -> tuple[float, int]:
    with tempfile.TemporaryDirectory() as tmp, GmServe(Path(tmp) / "data", workers=2) as server:
        assert server.process is not None
        return _stop(server.process, sig)


def streams(count: int) -> tuple[float, int, int]:
    """(seconds, streams that ended with the reconnect note, processes left)."""
    with tempfile.TemporaryDirectory() as tmp, GmServe(Path(tmp) / "data", workers=2) as server:
        assert server.process is not None
        game_id = _new_game(server.port).split(".")[0]
        # spectators' streams: a seat holds at most GM_LIVE_PER_SEAT (4), a game 100
        clients = [SSEClient(server.port, f"/games/{game_id}/events") for _ in range(count)]
        assert all(c.status == 200 for c in clients), [c.status for c in clients]
        for c in clients:
            c.next()  # retry:
            c.next()  # the first change frame
        told: list[int] = []

        def read(c: SSEClient) -> None:
            while (block := c.next()) is not None:
                if "reconnect" in str(block.get("comment", "")):
                    told.append(1)

        readers = [threading.Thread(target=read, args=(c,), daemon=True) for c in clients]
        for r in readers:
            r.start()
        seconds, left = _stop(server.process, signal.SIGTERM)
        for r in readers:
            r.join(timeout=5)
        return seconds, len(told), left


def moves(movers: int) -> tuple[float, int, int, int]:
    """(seconds, moves acknowledged, acknowledged moves missing after a restart, processes
    left)."""
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        acked: dict[str, int] = {}  # token -> the version of its last acknowledged move
        with GmServe(data, workers=2) as server:
            assert server.process is not None
            tokens = [_new_game(server.port) for _ in range(movers)]
            stop = threading.Event()

            def play(token: str) -> None:
                while not stop.is_set():
                    try:
                        status, _, view, _ = call(server.port, "GET", f"/play/{token}")
                        if status != 200 or view["status"] != "active":
                            return
                        status, _, answer, _ = call(
                            server.port, "POST", f"/play/{token}/moves",
                            {"move": view["legal_moves"][0]},
                        )  # fmt: skip
                    except (OSError, http.client.HTTPException):
                        return
                    if status == 200 and answer.get("legal"):
                        acked[token] = answer["version"]

            threads = [threading.Thread(target=play, args=(t,)) for t in tokens]
            for t in threads:
                t.start()
            time.sleep(1.5)
            seconds, left = _stop(server.process, signal.SIGTERM)
            stop.set()
            for t in threads:
                t.join(timeout=10)
        missing = 0
        with GmServe(data) as again:
            for token, version in acked.items():
                status, _, view, _ = call(again.port, "GET", f"/play/{token}")
                missing += status != 200 or view["version"] < version
        return seconds, len(acked), missing, left


def gm_mcp(sig: int) -> tuple[float, int]:
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
        env["PYTHONPATH"] = str(ROOT)
        env["GM_DATA_DIR"] = str(Path(tmp) / "data")
        process = subprocess.Popen(
            [sys.executable, "-m", "gm", "mcp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            cwd="/",
        )
        assert process.stdin is not None and process.stdout is not None
        hello = {
            "jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                       "clientInfo": {"name": "bench", "version": "0"}},
        }  # fmt: skip
        process.stdin.write(json.dumps(hello).encode() + b"\n")
        process.stdin.flush()
        process.stdout.readline()  # up: it answered
        return _stop(process, sig)


def valkey_alone() -> float:
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
        env["PYTHONPATH"] = str(ROOT)
        process = subprocess.Popen(
            [sys.executable, "-m", "gm", "redis", "--data-dir", str(Path(tmp) / "data")],
            stdout=subprocess.PIPE,
            env=env,
        )
        assert process.stdout is not None
        process.stdout.readline()  # REDIS_URL=…
        return _stop(process, signal.SIGTERM)[0]


def _spread(values: list[float]) -> str:
    return f"median {statistics.median(values):.2f} s, max {max(values):.2f} s ({len(values)} runs)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--streams", type=int, default=20)
    parser.add_argument("--movers", type=int, default=4)
    args = parser.parse_args()
    base = [valkey_alone() for _ in range(args.runs)]
    floor = statistics.median(base)
    print(f"baseline: the embedded Valkey alone (gm redis), SIGTERM: {_spread(base)}")

    def report(name: str, values: list[float], target: float, extra: str = "") -> None:
        print(
            f"{name}: {_spread(values)}; {statistics.median(values) / floor:.1f}× the baseline; "
            f"target ≤ {target:g} s: {'met' if max(values) <= target else 'MISSED'}{extra}"
        )

    runs = [idle(signal.SIGTERM) for _ in range(args.runs)]
    report("gm serve idle, SIGTERM", [r[0] for r in runs], 2, f"; left: {sum(r[1] for r in runs)}")
    runs = [idle(signal.SIGINT) for _ in range(args.runs)]
    report("gm serve idle, SIGINT", [r[0] for r in runs], 2, f"; left: {sum(r[1] for r in runs)}")
    out = [streams(args.streams) for _ in range(args.runs)]
    report(
        f"gm serve with {args.streams} event streams open, SIGTERM", [r[0] for r in out], 5,
        f"; streams told to reconnect: {sum(r[1] for r in out)}/{args.streams * args.runs}; "
        f"left: {sum(r[2] for r in out)}",
    )  # fmt: skip
    moved = [moves(args.movers) for _ in range(args.runs)]
    report(
        f"gm serve with {args.movers} players moving, SIGTERM", [r[0] for r in moved], 5,
        f"; acknowledged moves: {sum(r[1] for r in moved)} games' last moves checked, "
        f"lost after restart: {sum(r[2] for r in moved)}; left: {sum(r[3] for r in moved)}",
    )  # fmt: skip
    for name, sig in (("SIGTERM", signal.SIGTERM), ("SIGINT", signal.SIGINT)):
        runs = [gm_mcp(sig) for _ in range(args.runs)]
        report(
            f"gm mcp (stdio, cwd /) {name}", [r[0] for r in runs], 2,
            f"; left: {sum(r[1] for r in runs)}",
        )  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
