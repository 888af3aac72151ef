"""What `gm serve`'s one port costs an MCP call: the same tool calls through `gm serve`'s `/mcp`
(a gevent worker relays it to the MCP server's Unix socket) and straight to a `gm mcp --http` (the
baseline, measured in the same run, on the same store).

    python bench/mcp_relay.py [--calls 200]

Starts `gm serve` (embedded Valkey) in a temporary directory and a `gm mcp --http` on the same
Redis, each on a free loopback port; one SDK client session per server calls `view_game` on one
game --calls times, the two alternating; prints p50/p99 of each and their ratio.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import anyio
from mcp import Client

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.real_server import GmServe, free_port, wait_up  # noqa: E402


async def _measure(urls: dict[str, str], calls: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {name: [] for name in urls}
    async with (
        Client(urls["gm serve /mcp (relayed)"]) as first,
        Client(urls["gm mcp --http (direct)"]) as second,
    ):
        clients = {"gm serve /mcp (relayed)": first, "gm mcp --http (direct)": second}
        game = (await first.call_tool("new_game", {"game": "masul", "seed": 1})).structured_content
        token = game["token"]
        for _ in range(10):  # warm both
            for client in clients.values():
                await client.call_tool("view_game", {"token": token})
        for _ in range(calls):
            for name, client in clients.items():
                start = time.perf_counter()
                result = await client.call_tool("view_game", {"token": token})
                times[name].append(time.perf_counter() - start)
                assert not result.is_error
    return times


def _p(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))] * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=200)
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory(prefix="gm-relay-") as tmp,
        GmServe(Path(tmp) / "data", workers=2) as served,
    ):
        port = free_port()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("GM_", "REDIS_URL"))}
        env.update(PYTHONPATH=str(ROOT), REDIS_URL=f"unix://{served.data_dir / 'redis.sock'}")
        direct = subprocess.Popen(
            [sys.executable, "-m", "gm", "mcp", "--http", "--port", str(port)],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            wait_up(f"http://127.0.0.1:{port}/healthz", direct, "gm mcp --http")
            urls = {
                "gm serve /mcp (relayed)": f"http://127.0.0.1:{served.port}/mcp",
                "gm mcp --http (direct)": f"http://127.0.0.1:{port}/mcp",
            }
            times = anyio.run(_measure, urls, args.calls)
        finally:
            direct.terminate()
            direct.wait(timeout=10)
    base = statistics.median(times["gm mcp --http (direct)"]) * 1000
    for name, values in times.items():
        p50 = statistics.median(values) * 1000
        print(
            f"{name}: {len(values)} view_game calls, p50 {p50:.1f} ms, p99 {_p(values, 0.99):.1f} "
            f"ms; {p50 / base:.2f}× the direct baseline"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
