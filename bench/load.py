"""Load: many whole games played over HTTP against a running gm; moves/s, p50/p99, errors.

    python bench/load.py --url http://127.0.0.1:8000 [--seconds 30] [--concurrency 8]
    python bench/load.py --start single,cluster [--workers 2] [--seconds 20] [--concurrency 8]
    python bench/load.py --start cluster --soak [--minutes 10] [--interval 10]

Each of ``--concurrency`` client threads (one keep-alive connection each) plays whole games
against the AI, one after another: it creates a game (``--game``, ``all`` rotates through every
game; AI level ``--level``, default each game's first), sends a legal move from its view (the AI's
reply comes in the same answer) until the game is over, then starts the next. A run ends after
``--seconds`` or once ``--games`` games were started. Moves/s and latencies are of the move
requests; every other answer than 2xx (and any failed connection) is an error, by status.

``--url`` loads a gm already running (set its GM_LIMIT_* off, or the rate limits answer 429).
``--start`` starts ``gm serve`` itself (gm's gunicorn configuration, ``--workers`` workers, rate
limits off) for each named store, in turn: ``single`` (the embedded Redis server) and
``cluster`` (a 3-master cluster with a replica each, from the embedded binaries), and prints a
table. ``--soak`` runs until Ctrl-C or for ``--minutes``, one line per ``--interval`` seconds.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


class Tally:
    """What the clients did, under a lock: move latencies, errors by kind, games."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latencies: list[float] = []
        self.errors: Counter[str] = Counter()
        self.started = self.finished = 0
        self.started_total = 0  # games started in the whole run (``--games``)
        # the soak's totals, over its lines
        self.all_latencies: list[float] = []
        self.all_errors: Counter[str] = Counter()
        self.all_started = self.all_finished = 0

    def take(self) -> tuple[list[float], Counter[str], int, int]:
        """Everything since the last take (for the soak's lines)."""
        with self.lock:
            out = (self.latencies, self.errors, self.started, self.finished)
            self.latencies, self.errors = [], Counter()
            self.started = self.finished = 0
            return out


class Client:
    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.conn = http.client.HTTPConnection(host, port, timeout=30)

    def call(self, method: str, path: str, body: object = None) -> tuple[int, object]:
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data else {}
        headers["GM-API-Version"] = "1"  # the full answers (the legal moves as a list)
        try:
            self.conn.request(method, path, body=data, headers=headers)
            response = self.conn.getresponse()
            payload = response.read()
        except (OSError, http.client.HTTPException):
            self.conn.close()
            self.conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
            return 0, None
        try:
            return response.status, json.loads(payload)
        except ValueError:
            return response.status, None


def percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def play(url: str, args: argparse.Namespace, tally: Tally, stop: threading.Event, i: int) -> None:
    parts = urlsplit(url)
    client = Client(parts.hostname or "127.0.0.1", parts.port or 80)
    status, catalogue = client.call("GET", "/rules")
    games = {g["name"]: g["ai_levels"] for g in catalogue["games"]} if status == 200 else {}
    names = list(games) if args.game == "all" else [args.game]
    rng = random.Random(i)
    n = i
    while not stop.is_set():
        with tally.lock:
            if args.games and tally.started_total >= args.games:
                return
            tally.started_total += 1
            tally.started += 1
        name = names[n % len(names)]
        n += 1
        level = args.level or (games.get(name) or [None])[0]
        status, game = client.call(
            "POST", "/games", {"game": name, "opponent": "ai", "ai_level": level}
        )
        if status != 201:
            with tally.lock:
                tally.errors[f"create {status or 'connection'}"] += 1
            time.sleep(0.05)
            continue
        token, view = game["token"], game["view"]
        waits = 0
        while not stop.is_set() and view["status"] == "active":
            if not view["legal_moves"]:  # the AI's reply is left for the next request
                waits += 1
                status, view = client.call("GET", f"/play/{token}")
                if status != 200 or waits > 50:
                    with tally.lock:
                        tally.errors[f"view {status or 'connection'}"] += 1
                    break
                time.sleep(0.02)
                continue
            start = time.perf_counter()
            status, answer = client.call(
                "POST", f"/play/{token}/moves", {"move": rng.choice(view["legal_moves"])}
            )
            elapsed = time.perf_counter() - start
            with tally.lock:
                if status == 200:
                    tally.latencies.append(elapsed)
                else:
                    tally.errors[f"move {status or 'connection'}"] += 1
            if status != 200:
                break
            view = answer
        else:
            if view["status"] != "active":
                with tally.lock:
                    tally.finished += 1


def run(url: str, args: argparse.Namespace, label: str) -> dict[str, object]:
    tally = Tally()
    stop = threading.Event()
    threads = [
        threading.Thread(target=play, args=(url, args, tally, stop, i), daemon=True)
        for i in range(args.concurrency)
    ]
    start = time.monotonic()
    for t in threads:
        t.start()
    if args.soak:
        soak(args, tally, stop, start, threads)
    else:
        deadline = start + args.seconds
        while time.monotonic() < deadline and any(t.is_alive() for t in threads):
            time.sleep(0.1)
    stop.set()
    for t in threads:
        t.join(timeout=35)
    seconds = time.monotonic() - start
    latencies, errors, started, finished = tally.take()
    if args.soak:
        latencies, errors = tally.all_latencies + latencies, tally.all_errors + errors
        started, finished = tally.all_started + started, tally.all_finished + finished
    return {
        "store": label,
        "seconds": round(seconds, 1),
        "games": started,
        "finished": finished,
        "moves": len(latencies),
        "moves_per_s": round(len(latencies) / seconds, 1),
        "p50_ms": round(percentile(latencies, 50) * 1000, 1),
        "p99_ms": round(percentile(latencies, 99) * 1000, 1),
        "errors": sum(errors.values()),
        "by_kind": dict(errors),
    }


def soak(args, tally, stop, start, threads) -> None:  # type: ignore[no-untyped-def]
    """One line per interval until Ctrl-C, or ``--minutes``."""
    interrupted = threading.Event()
    previous = signal.signal(signal.SIGINT, lambda *_: interrupted.set())
    end = start + args.minutes * 60 if args.minutes else float("inf")
    print(f"{'t s':>6} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'errors':>6} {'games':>6}")
    try:
        while not interrupted.is_set() and time.monotonic() < end:
            interrupted.wait(min(args.interval, max(0.0, end - time.monotonic())))
            latencies, errors, started, finished = tally.take()
            tally.all_latencies += latencies
            tally.all_errors += errors
            tally.all_started += started
            tally.all_finished += finished
            p50, p99 = percentile(latencies, 50) * 1000, percentile(latencies, 99) * 1000
            print(
                f"{time.monotonic() - start:>6.0f} {len(latencies) / args.interval:>8.1f} "
                f"{p50:>7.1f} {p99:>7.1f} {sum(errors.values()):>6} {finished:>6}",
                flush=True,
            )
    finally:
        signal.signal(signal.SIGINT, previous)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(kind: str, args: argparse.Namespace, work: str):  # type: ignore[no-untyped-def]
    """``gm serve`` on ``kind`` (single: embedded Redis; cluster: 3 masters + replicas): the URL,
    and how to stop it all."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), GM_LOG_LEVEL="WARNING")
    for limit in ("CREATE", "JOIN", "PLAY", "SEAT", "WORK", "WORK_SEAT"):  # no stranger: no limits
        env[f"GM_LIMIT_{limit}"] = "off"
    env.update(GM_QUOTA_ADDRESS="off", GM_QUOTA_GAME="off")
    env.pop("REDIS_URL", None)
    cluster = None
    if kind == "cluster":
        from gm.store.cluster import EmbeddedCluster

        cluster = EmbeddedCluster(Path(work) / "cluster", 3, 1).start()
        env["REDIS_URL"] = cluster.url
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gm", "serve", "--port", str(port),
         "--workers", str(args.workers), "--data-dir", str(Path(work) / "single")],
        env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip

    def stop() -> None:
        server.terminate()
        server.wait(timeout=30)
        if cluster is not None:
            cluster.stop()

    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while Client("127.0.0.1", port).call("GET", "/healthz")[0] != 200:
        if server.poll() is not None or time.monotonic() > deadline:
            stop()
            raise SystemExit(f"gm serve on {kind} did not come up")
        time.sleep(0.2)
    return url, stop


COLUMNS = ("store", "seconds", "games", "finished", "moves", "moves_per_s", "p50_ms", "p99_ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--url", help="a running gm, e.g. http://127.0.0.1:8000")
    where.add_argument("--start", help="start gm serve on: single, cluster, or single,cluster")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of a run")
    parser.add_argument("--games", type=int, default=0, help="stop after this many games")
    parser.add_argument("--concurrency", type=int, default=8, help="client threads")
    parser.add_argument("--game", default="all", help="a game's API name, or all (rotate)")
    parser.add_argument("--level", default=None, help="AI level (default: each game's first)")
    parser.add_argument("--workers", type=int, default=2, help="with --start: gunicorn workers")
    parser.add_argument("--soak", action="store_true", help="until Ctrl-C or --minutes")
    parser.add_argument("--minutes", type=float, default=0.0, help="with --soak: stop after")
    parser.add_argument("--interval", type=float, default=10.0, help="with --soak: seconds/line")
    args = parser.parse_args()
    rows = []
    if args.url:
        rows.append(run(args.url, args, args.url))
    else:
        for kind in args.start.split(","):
            with tempfile.TemporaryDirectory(prefix="gm-load-") as work:
                url, stop = serve(kind.strip(), args, work)
                try:
                    rows.append(run(url, args, kind.strip()))
                finally:
                    stop()
    print(
        f"\n{args.concurrency} clients, game {args.game}, "
        f"{args.workers if args.start else '?'} gunicorn workers"
    )
    print(" | ".join(COLUMNS) + " | errors")
    for row in rows:
        errors = ", ".join(f"{k}: {v}" for k, v in row["by_kind"].items()) or "0"  # type: ignore[union-attr]
        print(" | ".join(str(row[c]) for c in COLUMNS) + f" | {errors}")


if __name__ == "__main__":
    main()
