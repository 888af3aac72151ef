"""What the rate limits hold back: a creation flood from one address through gunicorn + Redis.

    python bench/limits.py [--clients 8] [--seconds 10] [--workers 2]

Starts an embedded Redis server (the default maxmemory and policy) and gunicorn with gm's config
(gm/frontends/http/gunicorn_conf.py) and the default limits, then floods POST /games from one
address with
``--clients`` threads for ``--seconds``. Prints requests/s, games created vs refused (429), Redis
memory used before and after, bytes per created game, and what the creation limit bounds one
address to per hour and what a full embedded store holds.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import redis

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gm.settings import Settings  # noqa: E402
from gm.store.embedded import EmbeddedRedis  # noqa: E402


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _memory_bytes(text: str) -> int:
    units = {"kb": 1024, "mb": 1024**2, "gb": 1024**3, "k": 1000, "m": 1000**2, "g": 1000**3}
    for unit, factor in units.items():
        if text.endswith(unit) and text[: -len(unit)].isdigit():
            return int(text[: -len(unit)]) * factor
    return int(text.removesuffix("b"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    settings = Settings.from_env()
    with (
        tempfile.TemporaryDirectory() as data,
        EmbeddedRedis(data, maxmemory=settings.redis_maxmemory) as server,
    ):
        store = redis.Redis.from_url(server.url)
        port = _free_port()
        env = {**os.environ, "REDIS_URL": server.url, "PYTHONPATH": str(ROOT)}
        gunicorn = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--config", "python:gm.gunicorn_conf",
             "--bind", f"127.0.0.1:{port}", "--workers", str(args.workers),
             "--worker-class", "gthread", "--threads", "4", "--access-logfile", "/dev/null",
             "gm.app:create_app()"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    assert time.monotonic() < deadline, "gunicorn did not start"
                    time.sleep(0.1)
            time.sleep(0.5)
            before = store.info("memory")["used_memory"]
            counts = {201: 0, 429: 0, "other": 0}
            lock = threading.Lock()
            stop = time.monotonic() + args.seconds
            body = json.dumps({"game": "masul"}).encode()
            headers = {"Content-Type": "application/json"}

            def flood() -> None:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                while time.monotonic() < stop:
                    conn.request("POST", "/games", body=body, headers=headers)
                    response = conn.getresponse()
                    response.read()
                    with lock:
                        key = response.status if response.status in counts else "other"
                        counts[key] += 1
                conn.close()

            started = time.monotonic()
            threads = [threading.Thread(target=flood) for _ in range(args.clients)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            elapsed = time.monotonic() - started
            after = store.info("memory")["used_memory"]
            games = len(store.keys("gm:{*}:doc"))
        finally:
            gunicorn.terminate()
            gunicorn.wait(timeout=20)
    total = sum(counts.values())
    per_game = (after - before) / games if games else float("nan")
    create = ", ".join(str(r) for r in settings.limit_create) or "off"
    print(f"limits: create {create} per address; maxmemory {settings.redis_maxmemory} (noeviction)")
    print(
        f"flood: {total} requests in {elapsed:.1f} s ({total / elapsed:.0f}/s), "
        f"{args.clients} clients"
    )
    print(
        f"created {counts[201]} games (stored: {games}), refused {counts[429]} with 429, "
        f"other {counts['other']}"
    )
    print(
        f"redis used_memory {before / 1e6:.2f} MB -> {after / 1e6:.2f} MB "
        f"({per_game:.0f} bytes per created game, counters included)"
    )
    hourly = min((r.count * 3600 // r.seconds for r in settings.limit_create), default=None)
    if hourly is not None and games:
        print(
            f"one address can create at most {hourly} games/hour "
            f"= {hourly * per_game / 1e6:.1f} MB/hour"
        )
    if games:
        capacity = _memory_bytes(settings.redis_maxmemory) / per_game
        print(
            f"a full embedded store ({settings.redis_maxmemory}) holds ~{capacity:,.0f} such games"
        )


if __name__ == "__main__":
    main()
