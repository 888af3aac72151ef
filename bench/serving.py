"""HTTP speed: the move path next to the floor, through gunicorn + Redis, with concurrent clients.

    python bench/serving.py [--clients 8] [--seconds 10] [--rounds 10] [--workers 2] [--game masul]
                            [--level seed] [--no-key] [--no-io] [--split-writes]

Starts an embedded Redis server (or uses REDIS_URL) and gunicorn serving bench/http_app.py (gm's
app plus the floor's route) on a free loopback port, with gm's gunicorn configuration
(gm/frontends/http/gunicorn_conf.py: gevent workers), no request log lines and no rate limits for
either side. In the same run, the same clients (``--clients`` threads, one keep-alive connection
each) call:

- the floor: ``POST /bench/baseline/<game_id>``, one Redis GET of a game's document and one SET
  of it (the same bytes) under another key, answering its size: the least any store-backed move
  endpoint must pay;
- the move path: ``POST /play/<token>/moves`` with a legal move of a game against the AI at
  ``--level`` (default ``seed``: the one-move level, the strongest when the move path was first
  measured; ``strong`` thinks GM_AI_THINK_MS, 8 ms of CPU, a move; ``random`` is the cheapest),
  the AI's reply played in the same request, exactly what gm serves: the seat's token checked,
  the document read (one GET), the move read and played, the AI's reply, the view built and
  answered, the document and the log entries written with one compare-and-set (EVALSHA);
- the same with an ``idempotency_key`` in every move (the read is one MGET of the document and
  the key's answer; the write stores the answer too). ``--no-key`` leaves this one out;
- a move's I/O alone: ``POST /bench/io/<game_id>`` with a move's body, the floor's GET and SET,
  and a real move's answer (its bytes, captured before the windows): the floor plus what the
  move path must read and write whatever the game costs, so the gap between this row and the
  move's is all the rest: the seat's check, the move read and played, the AI's reply, the view,
  the log entries and the conditional write's script. ``--no-io`` leaves it out.

Rate limits are off on every side: with gm's defaults a move also pays one pipelined round trip
(INCR + EXPIRE per counter, in the counters' own cluster slots, see gm/store/ratelimits.py).

Each client writes a request in one ``send`` (head and body together, as curl or a browser
does a small request): Python's http.client writes a body in a second ``send``, a second TCP
segment that costs the server another read and wake-up per move (the floor's POST has no body);
``--split-writes`` keeps http.client's two writes.

The endpoints take turns in short rounds so drift on a shared machine hits all of them. Games
are created between rounds, outside the timed windows (a Masul game lasts 9 moves; creating one
is not a move): each client plays from its own pool of fresh games, and a client whose pool runs
dry creates one inline, inside its window (counted and printed). Prints, for each, requests/s,
p50 and p99 latency, the CPU time per request of the gunicorn workers (/proc), of Redis (INFO
cpu) and of this process's clients, and the ratios to the floor.
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
TICK = os.sysconf("SC_CLK_TCK")


class _OneWrite(http.client.HTTPConnection):
    """A request's head and body in one ``send`` (one TCP segment for a small request)."""

    def _send_output(self, message_body=None, encode_chunked=False):  # type: ignore[no-untyped-def]
        if message_body is None or not isinstance(message_body, bytes):
            return super()._send_output(message_body, encode_chunked)
        self._buffer.extend((b"", b""))
        head = b"\r\n".join(self._buffer)
        del self._buffer[:]
        self.send(head + message_body)


class Client:
    one_write = True  # --split-writes: http.client's own two writes

    def __init__(self, port: int):
        connection = _OneWrite if self.one_write else http.client.HTTPConnection
        self.conn = connection("127.0.0.1", port, timeout=30)

    def call(self, method: str, path: str, body=None):  # type: ignore[no-untyped-def]
        return json.loads(self.raw(method, path, body))

    def raw(self, method: str, path: str, body=None) -> bytes:  # type: ignore[no-untyped-def]
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data else {}
        headers["GM-API-Version"] = "1"  # the full answers (the legal moves as a list)
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        payload = response.read()
        if response.status >= 400:
            raise RuntimeError(f"{method} {path}: {response.status} {payload[:200]!r}")
        return payload


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


def cpu_of(pids: list[int]) -> float:
    """User + system CPU seconds of these processes (Linux /proc)."""
    total = 0
    for pid in pids:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / TICK


def children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as f:
        return [int(p) for p in f.read().split()]


def run_clients(port: int, clients: int, seconds: float, one_call) -> list[float]:  # type: ignore[no-untyped-def]
    latencies: list[float] = []
    lock = threading.Lock()
    stop_at = time.monotonic() + seconds

    def worker(i: int) -> None:
        client = Client(port)
        mine = []
        while time.monotonic() < stop_at:
            mine.append(one_call(client, i))
        client.conn.close()
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return latencies


class Mover:
    """The move path's clients: each plays its own games against the AI, from a pool of fresh
    games made between the windows; ``keyed``: every move carries an idempotency key."""

    def __init__(self, name: str, port: int, new_game: dict, clients: int, keyed: bool):
        self.name, self.port, self.new_game, self.keyed = name, port, new_game, keyed
        self.pools: list[list[dict]] = [[] for _ in range(clients)]
        self.current: list[dict | None] = [None] * clients
        self.made = self.inline = self.moves = 0

    def _game(self, client: Client) -> dict:
        made = client.call("POST", "/games", self.new_game)
        self.made += 1
        return {"token": made["token"], "legal": made["view"]["legal_moves"], "n": 0}

    def fill(self, expected_moves: int) -> None:
        """Top up every client's pool for a window of about ``expected_moves`` moves."""
        used = self.made - sum(len(pool) for pool in self.pools)
        per_game = self.moves / used if used else 4.0  # moves a game lasts
        want = int(3 * expected_moves / len(self.pools) / max(1.0, per_game)) + 2
        setup = Client(self.port)  # a new connection: an idle one is closed after keepalive
        for pool in self.pools:
            while len(pool) < want:
                pool.append(self._game(setup))
        setup.conn.close()

    def move(self, client: Client, i: int) -> float:
        game = self.current[i]
        if game is None or not game["legal"]:
            if self.pools[i]:
                game = self.pools[i].pop()
            else:  # the pool ran dry: create inside the window (counted)
                game = self._game(client)
                self.inline += 1
            self.current[i] = game
        body = {"move": game["legal"][0]}
        if self.keyed:
            game["n"] += 1
            body["idempotency_key"] = f"move-{game['n']}"
        start = time.perf_counter()
        answer = client.call("POST", f"/play/{game['token']}/moves", body)
        elapsed = time.perf_counter() - start
        game["legal"] = answer["legal_moves"]
        self.moves += 1
        return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=10.0, help="per endpoint, in all")
    parser.add_argument("--rounds", type=int, default=10, help="alternating rounds per endpoint")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--worker-class", default="gevent", help="gevent (gm serve's default) or gthread"
    )
    parser.add_argument("--game", default="masul")
    parser.add_argument("--level", default="seed", help="the AI's level (default: seed)")
    parser.add_argument(
        "--split-writes",
        action="store_true",
        help="write a request's body in a second send, as http.client does",
    )
    parser.add_argument(
        "--no-key", action="store_true", help="leave out the moves with an idempotency key"
    )
    parser.add_argument("--no-io", action="store_true", help="leave out the move's I/O alone")
    args = parser.parse_args()
    Client.one_write = not args.split_writes

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env["GM_LOG_LEVEL"] = "WARNING"  # no request log lines
    for limit in ("CREATE", "JOIN", "PLAY", "SEAT", "WORK", "WORK_SEAT"):  # no stranger: no limits
        env[f"GM_LIMIT_{limit}"] = "off"
    env.update(GM_QUOTA_ADDRESS="off", GM_QUOTA_GAME="off")
    server = None
    if not env.get("REDIS_URL"):
        from gm.store.embedded import EmbeddedRedis

        server = EmbeddedRedis(tempfile.mkdtemp(prefix="gm-bench-")).start()
        env["REDIS_URL"] = server.url
    import redis

    redis_client = redis.Redis.from_url(env["REDIS_URL"])

    def redis_cpu() -> float:
        info = redis_client.info("cpu")
        return float(info["used_cpu_user"]) + float(info["used_cpu_sys"])

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
        setup = Client(port)
        new_game = {"game": args.game, "opponent": "ai", "ai_level": args.level}
        game_ids = [setup.call("POST", "/games", new_game)["game_id"] for _ in range(args.clients)]

        def base(client: Client, i: int) -> float:
            start = time.perf_counter()
            client.call("POST", f"/bench/baseline/{game_ids[i]}")
            return time.perf_counter() - start

        floor = "floor (1 GET + 1 SET)"
        io_name = "a move's I/O alone"
        movers = [Mover(f"{args.game} move + {args.level} AI", port, new_game, args.clients, False)]
        if not args.no_key:
            movers.append(Mover("  the same, with a key", port, new_game, args.clients, True))
        # The endpoints take turns in short rounds, so drift on a shared machine hits all.
        phases = [(floor, base), *((m.name, m.move) for m in movers)]
        if not args.no_io:
            made = setup.call("POST", "/games", new_game)
            move = made["view"]["legal_moves"][0]
            answer = setup.raw("POST", f"/play/{made['token']}/moves", {"move": move})
            redis_client.set("bench:io-answer", answer)

            def io(client: Client, i: int) -> float:
                start = time.perf_counter()
                client.call("POST", f"/bench/io/{game_ids[i]}", {"move": move})
                return time.perf_counter() - start

            phases.insert(1, (io_name, io))
        latencies: dict[str, list[float]] = {name: [] for name, _ in phases}
        cpu: dict[str, list[float]] = {name: [0.0, 0.0, 0.0] for name, _ in phases}
        window: dict[str, int] = {}  # requests in the last window of each
        slice_s = args.seconds / args.rounds
        workers = children(gunicorn.pid)
        load = [os.getloadavg()[0]]
        for _ in range(args.rounds):
            for mover in movers:  # fresh games for the next windows, made outside them
                mover.fill(window.get(mover.name) or window.get(floor) or 400)
            for name, call in phases:
                before = (cpu_of(workers), redis_cpu(), time.process_time())
                done = run_clients(port, args.clients, slice_s, call)
                after = (cpu_of(workers), redis_cpu(), time.process_time())
                latencies[name].extend(done)
                window[name] = len(done)
                for k in range(3):
                    cpu[name][k] += after[k] - before[k]
            load.append(os.getloadavg()[0])
        results = {
            name: (
                len(lat) / args.seconds,
                statistics.median(lat) * 1000,
                percentile(lat, 99) * 1000,
                *(c / len(lat) * 1000 for c in cpu[name]),
            )
            for name, lat in latencies.items()
        }
        print(
            f"{args.clients} clients, {args.workers} gunicorn {args.worker_class} workers, "
            f"{args.seconds:.0f}s per endpoint in {args.rounds} rounds; {os.cpu_count()} CPUs, "
            f"load average {min(load):.2f}-{max(load):.2f}; AI level {args.level!r}; "
            f"{'two writes' if args.split_writes else 'one write'} per request"
        )
        print(
            f"{'endpoint':26} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7}   CPU ms per request: "
            f"{'workers':>7} {'redis':>6} {'clients':>7}"
        )
        for name, (rps, p50, p99, w, r, c) in results.items():
            row = f"{name:26} {rps:>8.1f} {p50:>7.2f} {p99:>7.2f}"
            print(f"{row}   {'':19} {w:>7.3f} {r:>6.3f} {c:>7.3f}")
        b, _, b99, bw, br, _ = results[floor]
        if not args.no_io:
            i, _, i99, iw, ir, _ = results[io_name]
            print(
                f"{io_name} / floor: throughput {i / b:.2f}x, p99 {i99 / b99:.2f}x, server CPU "
                f"{(iw + ir) / (bw + br):.2f}x; its answer {len(answer)} bytes"
            )
        for mover in movers:
            m, _, m99, mw, mr, _ = results[mover.name]
            print(
                f"{mover.name.strip()} / floor: throughput {m / b:.2f}x (goal >= 0.8), p99 "
                f"{m99 / b99:.2f}x (goal <= 2), server CPU (workers + redis) "
                f"{(mw + mr) / (bw + br):.2f}x; games created inside its windows: {mover.inline}"
            )
    finally:
        gunicorn.terminate()
        gunicorn.wait()
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
