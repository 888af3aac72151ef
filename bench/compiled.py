"""The compiled inner loop against its pure-Python source, in the same run: Masul's compact
playouts (gm/games/masul/playout.py, mypyc's build from setup.py) per second each way and the
ratio, on the same positions with the same random numbers (the results must agree).

    nice python -m bench.compiled [--seconds 2]

Without a compiled build (no gcc at install time, ``GM_PURE_BUILD=1``) it says so and
measures the source alone.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from gm.games import compiled
from gm.games.masul import model
from gm.games.masul.engine import MasulEngine

KERNEL = "gm.games.masul.playout"


def positions(count: int) -> list[tuple]:
    """Compact positions from seeded deals, a few seed-level moves in (their lists)."""
    engine, rng, out = MasulEngine(), random.Random(1), []
    for game in range(count):
        p = model.position(engine.new_state(game, engine.options({})))
        for _ in range(rng.randrange(0, 12)):
            if p.turn is None:
                break
            p.play(model.seed_move(p, rng.random))
        if p.turn is not None:
            out.append((p.hands, p.cards, p.up, p.field, p.left, p.made, p.turn))
    return out


def rate(kernel, starts: list[tuple], seconds: float) -> tuple[float, list]:
    """Playouts per second of CPU (``epsilon`` 0.1, as the strong level plays them), and the
    first round's results."""
    rng, done, first = random.Random(5), 0, []
    start = time.process_time()
    while True:
        for args in starts:
            result = kernel.playout(kernel.Position(*args).copy(), rng.random, 0.1)
            if not done // len(starts):
                first.append(result)
            done += 1
        used = time.process_time() - start
        if used >= seconds:
            return done / used, first


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seconds", type=float, default=2.0)
    args = p.parse_args(argv)
    starts = positions(300)
    built = compiled.load(KERNEL)
    pure = compiled.pure(KERNEL)
    slow, slow_results = rate(pure, starts, args.seconds)
    print(f"pure Python   {slow:9.0f} playouts/s  ({1e6 / slow:5.1f} µs each)  {pure.__file__}")
    if not compiled.is_compiled(built):
        print("no compiled build (see setup.py; GM_PURE_PYTHON may be set): nothing to compare")
        return 0
    fast, fast_results = rate(built, starts, args.seconds)
    print(f"compiled      {fast:9.0f} playouts/s  ({1e6 / fast:5.1f} µs each)  {built.__file__}")
    print(f"ratio {fast / slow:.2f}x; same results: {fast_results == slow_results}")
    return 0 if fast_results == slow_results else 1


if __name__ == "__main__":
    sys.exit(main())
