"""Engine speed: random full games per second, per game, on one core (no Redis, no HTTP).

    python bench/engines.py [--seconds 3] [--game masul]

For each registered game: plays seeded games with uniformly random legal moves (all-AI tables of
the "random" level, through the framework's Table as the service runs them) for about
--seconds and prints games/s, plies/s and mean plies per game. A baseline is measured in the same
run (a loop that deep-copies a same-sized state per ply, the least any immutable engine pays), and
each game's plies/s is printed as a ratio to it.
"""

from __future__ import annotations

import argparse
import copy
import time

from gm.games import GAMES, REGISTRY
from gm.games.table import Budget, Table


def run_game(engine, seed: int, players: int) -> int:
    game = GAMES[engine.info.name]
    seats = [{"kind": "ai", "level": "random"}] * players
    doc = Table.new_document(game, seats, seed, None, None)
    table = Table(game, doc, doc["state"])
    table.run_ai(Budget(steps=10**9, seconds=float("inf")))
    assert table.is_over()
    return doc["ply"]


def baseline(engine, players: int, seconds: float) -> float:
    state = engine.new_state(0, engine.options({}), players)
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = copy.deepcopy(state)
        n += 1
    return n / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    args = parser.parse_args()
    names = args.game or list(REGISTRY)
    print(
        f"{'game':12} {'players':>7} {'games/s':>9} {'plies/s':>10} {'plies/game':>10} "
        f"{'copy/s':>10} {'ratio':>6}"
    )
    for name in names:
        engine = REGISTRY[name]
        for players in sorted({engine.info.min_players, engine.info.max_players}):
            games = plies = 0
            start = time.perf_counter()
            while time.perf_counter() - start < args.seconds:
                plies += run_game(engine, games, players)
                games += 1
            elapsed = time.perf_counter() - start
            base = baseline(engine, players, min(1.0, args.seconds))
            pps = plies / elapsed
            print(
                f"{name:12} {players:>7} {games / elapsed:>9.1f} {pps:>10.0f} "
                f"{plies / games:>10.1f} {base:>10.0f} {pps / base:>6.2f}"
            )


if __name__ == "__main__":
    main()
