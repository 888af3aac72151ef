"""Redis memory per game: a fresh game against the AI and the same game finished (all-AI tables
of the same game at the default options), measured with ``MEMORY USAGE`` on every key of the game.

    python bench/memory.py [--games 20]

Runs on the embedded Valkey server (started here, in a temporary directory). For each game:
the mean and the largest bytes of a fresh game (its document and log after creation), and of a
finished one (an all-AI table played to its end through the service, so the log holds every
move), next to the baseline of one empty key holding a 1-byte string measured in the same run.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile

import redis

from gm.games import GAMES
from gm.games.table import Budget
from gm.redis_server import EmbeddedRedis
from gm.service import GameService
from gm.store import Store


def usage(client: redis.Redis, game_id: str) -> int:
    return sum(
        client.memory_usage(key, samples=0) or 0 for key in client.scan_iter(f"gm:{{{game_id}}}:*")
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per game and kind")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        server = EmbeddedRedis(data).start()
        try:
            client = redis.Redis.from_url(server.url)
            client.set("baseline", "x")
            base = client.memory_usage("baseline", samples=0)
            service = GameService(Store(client), budget=lambda: Budget(steps=10**6, seconds=60))
            print(f"baseline: one 1-byte string key = {base} bytes")
            print(f"{'game':12} {'fresh mean':>11} {'fresh max':>10} {'done mean':>10} "
                  f"{'done max':>9} {'plies':>6}")  # fmt: skip
            for name, game in GAMES.items():
                fresh, done, plies = [], [], []
                for seed in range(args.games):
                    created = service.create(name, seed=seed)
                    fresh.append(usage(client, created["game_id"]))
                    seats = [{"kind": "ai", "level": game.default_level}] * 2
                    finished = service.create(name, seats=seats, seed=seed)
                    assert finished["view"]["status"] == "finished"
                    done.append(usage(client, finished["game_id"]))
                    plies.append(len(client.lrange(f"gm:{{{finished['game_id']}}}:log", 0, -1)))
                print(
                    f"{name:12} {statistics.mean(fresh):>11.0f} {max(fresh):>10} "
                    f"{statistics.mean(done):>10.0f} {max(done):>9} {statistics.mean(plies):>6.0f}"
                )
        finally:
            server.stop()


if __name__ == "__main__":
    main()
