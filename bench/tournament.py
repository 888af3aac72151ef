"""All-AI tournaments through the code the service runs: a :class:`gm.games.table.Table` built
by ``Table.new_document`` with two AI seats, moved by ``Table.run_ai`` one move at a time with
the service's per-request budget (``GM_AI_BUDGET_MS``), the levels as registered.

Each seed is played twice, the levels swapping seats, so both orders see the same deals. The
score share of level A: a win 1, a draw 0.5, a loss 0 (the framework's move cap draws); with a
95% confidence interval (normal approximation over the per-seed pair means, which are
independent). Decision time: the wall time of one AI move as the table plays it (view, policy,
apply), median and p95, and its CPU time (the think budget is CPU time; on a quiet core the two
agree). Run it on one core of the machine, or ``--jobs 2`` for one process per core::

    taskset -c 1 python -m bench.tournament masul strong seed --games 400
    taskset -c 1 python -m bench.tournament all            # every game, the issue's pairings

Draws by the turn (or ply) cap are counted apart ("cap", with its share of the games), and a
closing Markdown table gives, per game and pairing, the share of games a cap ended.

``--games`` counts games (seeds × 2 orders). N-in-a-row also meets ``line``, a bench-only
opponent that extends its own line every turn as the playtest's human did
(``python -m bench.tournament n-in-a-row strong line``). ``--think MS`` sets the strong level's
think time; ``--options '{"defiant_sees_cards": true}'`` plays with game options.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import multiprocessing
import statistics
import sys
import time

from gm.games import GAMES
from gm.games.table import Budget, Table
from gm.settings import Settings

# the targets: (game, games for "strong vs the level below", games vs random)
PAIRINGS = {
    "masul": ("seed", 400, 200),
    "trumps": ("heuristic", 400, 200),  # 17 strong moves, ~1.5 s of CPU a game: all 400
    "solonyo": ("heuristic", 400, 200),
    "maze": ("heuristic", 100, 100),  # ~26 strong moves a game, ~2 s of CPU: 100 (long)
    "card-chess": ("heuristic", 100, 100),  # a long game: ~100 plies, 2-3 s of CPU
    "n-in-a-row": ("heuristic", 400, 200),  # ~67 plies, ~0.5 s a game on one core: all 400
}


def line_extender(engine, view, seat, legal, rng):
    """A bench-only N-in-a-row opponent that plays like the playtest's human: it extends its own
    last mark's line to the right (else beside it), never blocking."""
    mine = [(m["x"], m["y"]) for m in view["last_moves"] if m["mark"] == "XO"[seat]]
    points = {(m[2], m[3]): m for m in legal}
    if mine:
        x, y = mine[-1]
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)):
            if (x + dx, y + dy) in points:
                return points[(x + dx, y + dy)]
    return legal[0]


# opponents only the bench has (a level name → policy), per game
BENCH_LEVELS = {"n-in-a-row": {"line": line_extender}}


def play(name: str, levels: tuple[str, str], seed: int, options=None, think: int | None = None):
    """One game; returns (scores per seat in [0, 1], [(seat, wall s, CPU s), ...] per AI
    move, whether the turn cap ended it). ``think``: the strong level's think time, ms (None:
    GM_AI_THINK_MS)."""
    game = GAMES[name]
    if BENCH_LEVELS.get(name):
        game = dataclasses.replace(game, levels={**game.levels, **BENCH_LEVELS[name]})
    seats = [{"kind": "ai", "level": lv} for lv in levels]
    doc = Table.new_document(game, seats, seed, options or {}, None)
    table = Table(game, doc)
    settings = Settings.from_env()
    seconds = settings.ai_budget_ms / 1000
    think = think if think is not None else settings.ai_think_ms
    times: list[tuple[int, float, float]] = []
    while table.outcome() is None:
        seat = table.ai_to_move()
        t0, c0 = time.perf_counter(), time.process_time()
        table.run_ai(Budget(steps=1, seconds=seconds, think_ms=think))
        times.append((seat, time.perf_counter() - t0, time.process_time() - c0))
    out = table.outcome()
    if out.draw or not out.winners:
        result = [0.5, 0.5]
    else:
        result = [1.0 if s in out.winners else 0.0 for s in (0, 1)]
    return result, times, out.termination == "move-cap"


def _pair(job: tuple) -> tuple[list[float], list[tuple[str, float, float]], int]:
    """One seed played in both orders: level ``a``'s two results, every AI move's times and
    how many of the two games the turn cap ended."""
    name, a, b, seed, options, think = job
    mine: list[float] = []
    timed: list[tuple[str, float, float]] = []
    capped = 0
    for order in ((a, b), (b, a)):
        result, moves, cap = play(name, order, seed, options, think)
        mine.append(result[order.index(a)])
        timed.extend((order[seat], wall, cpu) for seat, wall, cpu in moves)
        capped += cap
    return mine, timed, capped


def match(
    name: str, a: str, b: str, games: int, first_seed: int = 1, options=None, jobs: int = 1,
    think: int | None = None,
):  # fmt: skip
    """Level ``a`` against ``b`` over ``games`` games (seeds × both orders), the seeds spread
    over ``jobs`` processes (the think budget is CPU time, so a busy core does not weaken it)."""
    pairs: list[float] = []
    times: dict[str, list[float]] = {a: [], b: []}
    cpu: dict[str, list[float]] = {a: [], b: []}
    wins = draws = caps = 0
    seeds = range(first_seed, first_seed + max(1, games // 2))
    work = [(name, a, b, seed, options, think) for seed in seeds]
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            done = pool.map(_pair, work, chunksize=1)
    else:
        done = [_pair(job) for job in work]
    for mine, timed, capped in done:
        caps += capped
        for r in mine:
            wins += r == 1.0
            draws += r == 0.5
        for level, wall, used in timed:
            times[level].append(wall)
            cpu[level].append(used)
        pairs.append(sum(mine) / 2)
    n = len(pairs)
    share = statistics.fmean(pairs)
    half = 1.96 * (statistics.stdev(pairs) / math.sqrt(n)) if n > 1 else float("nan")
    return {
        "game": name,
        "a": a,
        "b": b,
        "games": 2 * n,
        "wins": wins,
        "draws": draws,  # every draw, the cap's among them
        "caps": caps,  # games the turn (or ply) cap ended, drawn
        "share": share,
        "ci": (max(0.0, share - half), min(1.0, share + half)),
        "times": times,
        "cpu": cpu,
    }


def _ms(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return 1000 * values[min(len(values) - 1, int(q * len(values)))]


def line(r: dict) -> str:
    t, c = r["times"][r["a"]], r["cpu"][r["a"]]
    lo, hi = r["ci"]
    return (
        f"{r['game']:<11} {r['a']} vs {r['b']:<9} games {r['games']:>4}  wins {r['wins']:>4} "
        f"draws {r['draws']:>3} (cap {r['caps']:>3}, {100 * r['caps'] / r['games']:5.1f}%)  "
        f"share {100 * r['share']:5.1f}% (95% CI {100 * lo:5.1f}-"
        f"{100 * hi:5.1f})  {r['a']} move ms: median {_ms(t, 0.5):6.1f} p95 {_ms(t, 0.95):6.1f}"
        f" (CPU {_ms(c, 0.5):.1f} / {_ms(c, 0.95):.1f}; n={len(t)})"
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
    p.add_argument("--jobs", type=int, default=1, help="processes (one per core)")
    args = p.parse_args(argv)
    think = args.think if args.think is not None else Settings.from_env().ai_think_ms
    print(
        f"think budget {think} ms; AI budget per request {Settings.from_env().ai_budget_ms} ms",
        flush=True,
    )
    names = list(PAIRINGS) if args.game == "all" else [args.game]
    results = []
    for name in names:
        below, n_below, n_random = PAIRINGS.get(name, ("random", 100, 100))
        if args.b is not None:
            plan = [(args.b, args.games or 100)]
        else:
            plan = [(below, args.games or n_below), ("random", args.games or n_random)]
        for b, games in plan:
            result = match(name, args.a, b, games, args.seed, args.options, args.jobs, think)
            print(line(result) + (f"  options {args.options}" if args.options else ""), flush=True)
            results.append(result)
    print(cap_table(results))
    return 0


def cap_table(results: list[dict]) -> str:
    """The closing note: per game and pairing, the share of games the turn (or ply) cap ended,
    apart from the other draws, as a Markdown table."""
    rows = [
        "| game | pairing | games | wins | draws by rules | cap | cap % |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        rows.append(
            f"| {r['game']} | {r['a']} vs {r['b']} | {r['games']} | {r['wins']} | "
            f"{r['draws'] - r['caps']} | {r['caps']} | {100 * r['caps'] / r['games']:.1f}% |"
        )
    return "\n".join(rows)


if __name__ == "__main__":
    sys.exit(main())
