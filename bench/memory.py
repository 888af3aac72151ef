"""Redis memory per game, with ``MEMORY USAGE`` on every key of the game: a fresh game, a game
played to its end against the AI with an idempotency key on every move, and an all-AI table
played to its end, for every game at its default options.

    python bench/memory.py [--games 5] [--max-moves 400]

Runs on the embedded Valkey server (started here, in a temporary directory), through the service
(gm/play/service.py) with gm's store. A game's keys (gm/store/repository.py) are its document
``gm:{id}:doc``, its move log ``gm:{id}:log`` (one JSON entry per ply; once the game is over,
``gm:{id}:logz``, the moves only: gm/play/logbook.py), the game's ``gm:{id}:idem`` hash (a marker
per keyed request that changed the game, until it is over) and ``gm:{id}:idem:<seat>`` (the seat's
last answer, whole up to 16 KB). The idempotency keys expire after GM_IDEMPOTENCY_TTL, 24 h by
default, the document and the log after GM_GAME_TTL of inactivity, 30 days; docs/storage.md.
The keyed game is played by its human seat (the first
legal move each time, the AI replying in the same request) until it ends, or resigned after
``--max-moves``. Prints the mean bytes per part over ``--games`` seeds, next to the baseline of a
key holding a 1-byte string measured in the same run.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from collections import defaultdict

import redis

from gm.games import GAMES
from gm.games.table import Budget
from gm.play.service import GameService
from gm.store.embedded import EmbeddedRedis
from gm.store.repository import Store


def usage(client: redis.Redis, game_id: str) -> dict[str, int]:
    """Bytes per part of the game's keys: doc, log, idem (and how many idem keys)."""
    parts: dict[str, int] = defaultdict(int)
    for key in client.scan_iter(f"gm:{{{game_id}}}:*"):
        part = key.decode().split(":")[2]
        parts[part] += client.memory_usage(key, samples=0) or 0
        parts[f"{part} keys"] += 1
    return parts


def play_keyed(service: GameService, name: str, seed: int, max_moves: int) -> tuple[str, int]:
    """A game against the AI played to its end, every move with its own key: (id, moves)."""
    created = service.create(name, opponent="ai", seed=seed)
    token, view = created["token"], created["view"]
    moves = 0
    while view["status"] != "finished":
        if moves >= max_moves or not view["legal_moves"]:
            service.resign(token, idempotency_key="resign")
            break
        moves += 1
        view = service.move(token, view["legal_moves"][0], idempotency_key=f"move-{moves}")
    return created["game_id"], moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="seeds per game and kind")
    parser.add_argument("--max-moves", type=int, default=400, help="then the keyed game resigns")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        server = EmbeddedRedis(data).start()
        try:
            client = redis.Redis.from_url(server.url)
            client.set("baseline", "x")
            base = client.memory_usage("baseline", samples=0)
            service = GameService(Store(client), budget=lambda: Budget(steps=10**6, seconds=60))
            print(f"bytes per game (mean of {args.games} seeds); baseline: a 1-byte string key = "
                  f"{base} bytes")  # fmt: skip
            print(f"{'':12} {'fresh':>14} | {'finished against the AI, a key per move':^45} | "
                  f"{'all-AI, finished':>16}")  # fmt: skip
            print(f"{'game':12} {'doc':>6} {'log':>7} | {'moves':>5} {'doc':>6} {'log':>7} "
                  f"{'idem':>8} {'keys':>5} {'total':>8} | {'plies':>5} {'total':>8}")  # fmt: skip
            for name, game in GAMES.items():
                fresh, keyed, done = [], [], []
                for seed in range(args.games):
                    created = service.create(name, opponent="ai", seed=seed)
                    fresh.append(usage(client, created["game_id"]))
                    game_id, moves = play_keyed(service, name, seed, args.max_moves)
                    keyed.append({**usage(client, game_id), "moves": moves})
                    seats = [{"kind": "ai", "level": game.default_level}] * 2
                    finished = service.create(name, seats=seats, seed=seed)
                    assert finished["view"]["status"] == "finished"
                    parts = usage(client, finished["game_id"])
                    history = service.history(game_id=finished["game_id"], limit=1)
                    parts["plies"] = history["total"]
                    done.append(parts)

                def mean(rows: list[dict[str, int]], part: str) -> float:
                    return statistics.mean(r.get(part, 0) for r in rows)

                def total(rows: list[dict[str, int]]) -> float:
                    return statistics.mean(
                        sum(r.get(p, 0) for p in ("doc", "log", "logz", "idem")) for r in rows
                    )

                print(
                    f"{name:12} {mean(fresh, 'doc'):>6.0f} {mean(fresh, 'log'):>7.0f} | "  # running
                    f"{mean(keyed, 'moves'):>5.0f} {mean(keyed, 'doc'):>6.0f} "
                    f"{mean(keyed, 'log') + mean(keyed, 'logz'):>7.0f} {mean(keyed, 'idem'):>8.0f} "
                    f"{mean(keyed, 'idem keys'):>5.0f} {total(keyed):>8.0f} | "
                    f"{mean(done, 'plies'):>5.0f} {total(done):>8.0f}"
                )
        finally:
            server.stop()


if __name__ == "__main__":
    main()
