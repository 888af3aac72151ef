"""Strength per millisecond: the ``strong`` level at several think budgets, each against the
level below and against ``random``, with its CPU time per decision, so the default budget
(``GM_AI_THINK_MS``) is chosen from a measured curve.

    nice python -m bench.strength all --budgets 2,4,8,16        # every game, the curve
    nice python -m bench.strength masul --budgets 8 --games 400 --random-games 200

Every match is bench/tournament.py's (``Table.run_ai`` as the service plays it, each seed in
both seat orders, the score share with its 95% confidence interval). CPU per decision is
``time.process_time`` around one strong move as the table plays it (view, search, apply),
median and p95 over every strong move of the budget's two matches: what the move costs one
core, whatever else the machine runs. ``--games`` / ``--random-games``: games per match
(default: bench/tournament.py's PAIRINGS, the issue's tournament sizes). ``--jobs 2``: one
process per core. Prints one Markdown table row per game and budget (the README's table).
"""

from __future__ import annotations

import argparse
import sys

from bench.tournament import PAIRINGS, _ms, match

HEAD = (
    "| game | think ms | strong CPU ms per decision: median / p95 | vs the level below "
    "(95% CI) | vs `random` (95% CI) |\n|---|---|---|---|---|"
)


def _share(r: dict) -> str:
    lo, hi = r["ci"]
    return f"{100 * r['share']:.1f}% ({100 * lo:.1f}–{100 * hi:.1f}; {r['games']} games)"


def row(name: str, think: int, below: dict, rand: dict) -> str:
    """One budget's Markdown row: the strong level's CPU per decision over both matches."""
    cpu = below["cpu"][below["a"]] + rand["cpu"][rand["a"]]
    return (
        f"| {name} | {think} | {_ms(cpu, 0.5):.1f} / {_ms(cpu, 0.95):.1f} (n={len(cpu)}) | "
        f"{_share(below)} vs {below['b']} | {_share(rand)} |"
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("game", help="a game name, or 'all'")
    p.add_argument("--budgets", default="2,4,8,16", help="think budgets, ms of CPU, a,b,c")
    p.add_argument("--games", type=int, default=None, help="games against the level below")
    p.add_argument("--random-games", type=int, default=None, help="games against random")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help="processes (one per core)")
    args = p.parse_args(argv)
    budgets = [int(b) for b in args.budgets.split(",")]
    names = list(PAIRINGS) if args.game == "all" else [args.game]
    print(HEAD, flush=True)
    for name in names:
        below, n_below, n_random = PAIRINGS.get(name, ("random", 100, 100))
        for think in budgets:
            vs_below = match(
                name, "strong", below, args.games or n_below, args.seed, None, args.jobs, think
            )
            vs_random = match(
                name, "strong", "random", args.random_games or n_random, args.seed, None,
                args.jobs, think,
            )  # fmt: skip
            print(row(name, think, vs_below, vs_random), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
