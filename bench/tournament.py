"""All-AI tournaments through the code the service runs: a :class:`gm.games.table.Table` built
by ``Table.new_document`` with two AI seats, moved by ``Table.run_ai`` one move at a time with
the service's per-request budget (``GM_AI_BUDGET_MS``), the levels as registered.

Each seed is played twice, the levels swapping seats, so both orders see the same deals. The
score share of level A: a win 1, a draw 0.5, a loss 0 (the framework's move cap draws); with a
95% confidence interval (normal approximation over the per-seed pair means, which are
independent). Decision time: the wall time of one AI move as the table plays it (view, policy,
apply), median and p95, per level. Run it on one core of the machine::

    taskset -c 1 python -m bench.tournament masul strong seed --games 400
    taskset -c 1 python -m bench.tournament all            # every game, the issue's pairings

``--games`` counts games (seeds × 2 orders). ``--think MS`` sets the strong level's think time;
``--options '{"defiant_sees_cards": true}'`` plays with game options.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time

from gm.ai import search
from gm.config import Settings
from gm.games import GAMES
from gm.games.table import Budget, Table

# the targets: (game, games for "strong vs the level below", games vs random)
PAIRINGS = {
    "masul": ("seed", 400, 200),
    "trumps": ("heuristic", 100, 100),
    "solonyo": ("heuristic", 400, 200),
    "maze": ("heuristic", 100, 40),  # against random a game runs to the 400-turn cap: 40 games
    "card-chess": ("heuristic", 30, 30),  # ~25 s a game on one core: fewer games
    "n-in-a-row": ("heuristic", 400, 200),
}


def play(name: str, levels: tuple[str, str], seed: int, options=None):
    """One game; returns (scores per seat in [0, 1], [(seat, seconds), ...] per AI move)."""
    game = GAMES[name]
    seats = [{"kind": "ai", "level": lv} for lv in levels]
    doc = Table.new_document(game, seats, seed, options or {}, None)
    table = Table(game, doc)
    seconds = Settings.from_env().ai_budget_ms / 1000
    times: list[tuple[int, float]] = []
    while table.outcome() is None:
        seat = table.ai_to_move()
        t0 = time.perf_counter()
        table.run_ai(Budget(steps=1, seconds=seconds))
        times.append((seat, time.perf_counter() - t0))
    out = table.outcome()
    if out.draw or not out.winners:
        result = [0.5, 0.5]
    else:
        result = [1.0 if s in out.winners else 0.0 for s in (0, 1)]
    return result, times


def match(name: str, a: str, b: str, games: int, first_seed: int = 1, options=None):
    """Level ``a`` against ``b`` over ``games`` games (seeds × both orders)."""
    pairs: list[float] = []
    times: dict[str, list[float]] = {a: [], b: []}
    wins = draws = 0
    for seed in range(first_seed, first_seed + max(1, games // 2)):
        pair = 0.0
        for order in ((a, b), (b, a)):
            result, moves = play(name, order, seed, options)
            mine = result[order.index(a)]
            pair += mine
            wins += mine == 1.0
            draws += mine == 0.5
            for seat, dt in moves:
                times[order[seat]].append(dt)
        pairs.append(pair / 2)
    n = len(pairs)
    share = statistics.fmean(pairs)
    half = 1.96 * (statistics.stdev(pairs) / math.sqrt(n)) if n > 1 else float("nan")
    return {
        "game": name,
        "a": a,
        "b": b,
        "games": 2 * n,
        "wins": wins,
        "draws": draws,
        "share": share,
        "ci": (max(0.0, share - half), min(1.0, share + half)),
        "times": times,
    }


def _ms(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return 1000 * values[min(len(values) - 1, int(q * len(values)))]


def line(r: dict) -> str:
    t = r["times"][r["a"]]
    lo, hi = r["ci"]
    return (
        f"{r['game']:<11} {r['a']} vs {r['b']:<9} games {r['games']:>4}  wins {r['wins']:>4} "
        f"draws {r['draws']:>3}  share {100 * r['share']:5.1f}% (95% CI {100 * lo:5.1f}-"
        f"{100 * hi:5.1f})  {r['a']} move ms: median {_ms(t, 0.5):6.1f} p95 {_ms(t, 0.95):6.1f}"
        f" (n={len(t)})"
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("game", help="a game name, or 'all'")
    p.add_argument("a", nargs="?", default="strong")
    p.add_argument("b", nargs="?", default=None)
    p.add_argument("--games", type=int, default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--think", type=int, default=None, help="strong level think time, ms")
    p.add_argument("--options", type=json.loads, default=None, help="game options, JSON")
    args = p.parse_args(argv)
    if args.think is not None:
        search.set_think_ms(args.think)
    print(
        f"think budget {search.think_ms()} ms; AI budget per request "
        f"{Settings.from_env().ai_budget_ms} ms",
        flush=True,
    )
    names = list(PAIRINGS) if args.game == "all" else [args.game]
    for name in names:
        below, n_below, n_random = PAIRINGS.get(name, ("random", 100, 100))
        if args.b is not None:
            plan = [(args.b, args.games or 100)]
        else:
            plan = [(below, args.games or n_below), ("random", args.games or n_random)]
        for b, games in plan:
            result = match(name, args.a, b, games, args.seed, args.options)
            print(line(result) + (f"  options {args.options}" if args.options else ""), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
