"""HTTP speed: moves per second and latency through gunicorn + Redis, with concurrent clients.

    python bench/serving.py [--clients 8] [--seconds 10] [--rounds 5] [--workers 2] [--game masul]

Starts an embedded Redis server (or uses REDIS_URL) and gunicorn serving bench/http_app.py on a
free loopback port. Each client thread plays its own games against the AI: POST a legal move
(the AI's reply is applied in the same request), starting a new game when one ends. In the same
run, the same number of clients call a baseline endpoint that does one Redis read and one write of
a same-sized document. Prints moves/s, p50/p99 latency for both and the ratio.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class Client:
    def __init__(self, port: int):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, method: str, path: str, body=None):  # type: ignore[no-untyped-def]
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data else {}
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        payload = response.read()
        if response.status >= 400:
            raise RuntimeError(f"{method} {path}: {response.status} {payload[:200]!r}")
        return json.loads(payload)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_up(port: int) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            Client(port).call("GET", "/healthz")
            return
        except (OSError, RuntimeError):
            time.sleep(0.1)
    raise SystemExit("gunicorn did not come up")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def run_clients(port: int, clients: int, seconds: float, one_call) -> list[float]:  # type: ignore[no-untyped-def]
    latencies: list[float] = []
    lock = threading.Lock()
    stop_at = time.monotonic() + seconds

    def worker(i: int) -> None:
        client = Client(port)
        context: dict = {}
        mine = []
        while time.monotonic() < stop_at:
            mine.append(one_call(client, context, i))
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=10.0, help="per endpoint, in all")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds per endpoint")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--worker-class", default="gevent", help="gevent (gm serve's default) or gthread"
    )
    parser.add_argument("--game", default="masul")
    args = parser.parse_args()

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env["GM_LOG_LEVEL"] = "WARNING"  # no request log lines
    for limit in ("CREATE", "JOIN", "PLAY", "SEAT"):  # a bench is no stranger: no rate limits
        env[f"GM_LIMIT_{limit}"] = "off"
    server = None
    if not env.get("REDIS_URL"):
        from gm.redis_server import EmbeddedRedis

        server = EmbeddedRedis(tempfile.mkdtemp(prefix="gm-bench-")).start()
        env["REDIS_URL"] = server.url
    port = free_port()
    gunicorn = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--config", "python:gm.gunicorn_conf",
         "--bind", f"127.0.0.1:{port}", "--workers", str(args.workers),
         "--worker-class", args.worker_class, "--access-logfile", "/dev/null",
         "--log-level", "warning", "bench.http_app:create_bench_app()"],
        env=env, cwd=ROOT,
    )  # fmt: skip
    try:
        wait_up(port)

        def move(client: Client, ctx: dict, i: int) -> float:
            if not ctx.get("legal"):
                game = client.call(
                    "POST", "/games", {"game": args.game, "opponent": "ai", "ai_level": "random"}
                )
                ctx["token"] = game["token"]
                ctx["game_id"] = game["game_id"]
                ctx["legal"] = game["view"]["legal_moves"]
            start = time.perf_counter()
            answer = client.call("POST", f"/play/{ctx['token']}/moves", {"move": ctx["legal"][0]})
            elapsed = time.perf_counter() - start
            ctx["legal"] = answer["legal_moves"]
            return elapsed

        game_ids: list[str] = []
        setup = Client(port)
        for _ in range(args.clients):
            game_ids.append(setup.call("POST", "/games", {"game": args.game})["game_id"])

        def base(client: Client, ctx: dict, i: int) -> float:
            start = time.perf_counter()
            client.call("POST", f"/bench/baseline/{game_ids[i]}")
            return time.perf_counter() - start

        # The two endpoints take turns in short rounds, so drift on a shared machine hits both.
        phases = (("baseline (1 GET + 1 SET)", base), (f"{args.game} move + AI", move))
        latencies: dict[str, list[float]] = {name: [] for name, _ in phases}
        slice_s = args.seconds / args.rounds
        for _ in range(args.rounds):
            for name, call in phases:
                latencies[name].extend(run_clients(port, args.clients, slice_s, call))
        results = {
            name: (
                len(lat) / args.seconds,
                statistics.median(lat) * 1000,
                percentile(lat, 99) * 1000,
            )
            for name, lat in latencies.items()
        }
        print(f"{args.clients} clients, {args.workers} gunicorn workers, {args.seconds:.0f}s each")
        print(f"{'endpoint':28} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8}")
        for name, (rps, p50, p99) in results.items():
            print(f"{name:28} {rps:>8.1f} {p50:>8.2f} {p99:>8.2f}")
        (b, _, _), (m, _, _) = results.values()
        print(f"ratio moves/s to baseline req/s: {m / b:.2f}")
    finally:
        gunicorn.terminate()
        gunicorn.wait()
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
