"""How much can any Mystique Maze policy gain on the ``heuristic`` level? Engine-level games
(no table, no time budget: every policy here decides without a clock), each seed in both seat
orders, score share with a 95% CI, like bench/tournament.py::

    python -m bench.maze_ceiling --games 200            # the honest policies
    python -m bench.maze_ceiling --games 200 --cheaters  # and the ones that read hidden cards

Rows:
- ``exact``: the strong level's first candidate (gm/games/maze/exact.py ``exact_policy``), with
  ``RHO`` (the value of a missing card) swept: the evaluation's shape hardly matters.
- ``exact+lookahead``: discards also scored by the expected best swap of the next draw.
- cheaters (read the real state, so they are bounds, not levels): ``sees-hand`` knows the
  opponent's hand (its cards out of reach); ``denies`` never feeds the opponent a discard the
  heuristic would take when another discard exists; ``perfect`` plays each move by heuristic
  playouts of the real state (deck order included) to the end.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from gm.games.maze import ai, exact
from gm.games.maze.engine import ENGINE as E
from gm.games.maze.geometry import CARD_INDEX

CAP = 400
_now: dict = {}  # the real state, for the cheaters only


def game(seed: int, policies) -> list[float]:
    state = E.new_state(seed, E.options({}), 2)
    rng = random.Random(seed)
    while E.outcome(state) is None and state["turns"] < CAP:
        seat = E.to_move(state)
        _now["state"] = state
        legal = E.legal_moves(state, seat)
        move = policies[seat](E, E.view(state, seat, None), seat, legal, rng)
        state, _ = E.apply(state, seat, move)
    out = E.outcome(state)
    return [0.5, 0.5] if out is None else [float(s in out.winners) for s in (0, 1)]


def match(policy, games: int) -> tuple[float, float]:
    pairs = []
    for seed in range(1, 1 + games // 2):
        first = game(seed, [policy, ai.heuristic_policy])[0]
        second = game(seed, [ai.heuristic_policy, policy])[1]
        pairs.append((first + second) / 2)
    half = 1.96 * statistics.stdev(pairs) / math.sqrt(len(pairs)) if len(pairs) > 1 else math.nan
    return statistics.fmean(pairs), half


def with_rho(rho: float):
    def policy(engine, view, seat, legal, rng):
        saved = exact.VALUE
        exact.VALUE = tuple(rho ** (8 - k) for k in range(9))
        try:
            return exact.exact_policy(engine, view, seat, legal, rng)
        finally:
            exact.VALUE = saved

    return policy


def lookahead(engine, view, seat, legal, rng):
    discards = [m for m in legal if m[0] == "discard"]
    if not discards:
        return exact.exact_policy(engine, view, seat, legal, rng)
    know = exact.Knowledge.of_view(view, seat)
    best = None
    for m in discards:
        left = know.hand & ~(1 << CARD_INDEX[m[1]])
        if know.wins(left):
            return m
        gains = know.gains(left)
        draw = sum(gains[x][0] for x in know.unseen if x in gains) / max(len(know.unseen), 1)
        value = know.value(left) + 3 * draw
        if best is None or value > best[0]:
            best = (value, m)
    return best[1]


def sees_hand(engine, view, seat, legal, rng):
    know = exact.Knowledge.of_view(view, seat)
    theirs = exact.card_mask(_now["state"]["hands"][1 - seat])
    know.live = [p for p in know.live if not p & theirs]
    know.unseen = [x for x in know.unseen if not theirs >> x & 1]
    original = exact.Knowledge.of_view
    exact.Knowledge.of_view = classmethod(lambda cls, v, s: know)
    try:
        return exact.exact_policy(engine, view, seat, legal, rng)
    finally:
        exact.Knowledge.of_view = original


def denies(engine, view, seat, legal, rng):
    ranked = exact.exact_moves(view, seat, legal)
    if ranked[0][0] != "discard":
        return ranked[0]
    know = exact.Knowledge.of_view(view, seat)
    if know.wins(know.hand & ~(1 << CARD_INDEX[ranked[0][1]])):
        return ranked[0]
    state = _now["state"]
    for move in ranked:
        after, _ = E.apply(state, seat, move)
        other = 1 - seat
        reply = ai.heuristic_policy(
            E, E.view(after, other, None), other, E.legal_moves(after, other), random.Random(0)
        )
        if reply[0] != "pile" and reply != ("draw", "pile"):
            return move
    return ranked[0]


def _playout(state, seat: int) -> float:
    rng = random.Random(7)
    while E.outcome(state) is None and state["turns"] < 200:
        mover = E.to_move(state)
        legal = E.legal_moves(state, mover)
        move = ai.heuristic_policy(E, E.view(state, mover, None), mover, legal, rng)
        state, _ = E.apply(state, mover, move)
    out = E.outcome(state)
    if out is None:
        return 0.5
    won = seat in out.winners
    return float(won) - (1e-4 if won else -1e-4) * state["turns"]  # sooner is better


def perfect(engine, view, seat, legal, rng):
    state = _now["state"]
    best = None
    for move in legal:
        if move == ("draw", "pile"):
            continue  # the PILE <card> moves cover it
        after, _ = E.apply(state, seat, move)
        if move == ("draw", "deck"):
            value = max(
                _playout(E.apply(after, seat, d)[0], seat) for d in E.legal_moves(after, seat)
            )
        else:
            value = _playout(after, seat)
        if best is None or value > best[0]:
            best = (value, move)
    return best[1]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--cheaters", action="store_true")
    p.add_argument("--cheater-games", type=int, default=40, help="games of each cheater row")
    args = p.parse_args(argv)
    n = args.games
    rows = [(f"exact RHO={rho}", with_rho(rho), n) for rho in (0.05, exact.RHO, 0.125, 0.3)]
    rows.append(("exact+lookahead", lookahead, n))
    if args.cheaters:
        m = args.cheater_games
        rows += [("sees-hand", sees_hand, n), ("denies", denies, n), ("perfect", perfect, m)]
    for name, policy, games in rows:
        t0 = time.process_time()
        share, half = match(policy, games)
        print(
            f"{name:<18} vs heuristic  games {games:>3}  share {100 * share:5.1f}% "
            f"(95% CI {100 * (share - half):5.1f}-{100 * (share + half):5.1f})  "
            f"CPU {time.process_time() - t0:.0f} s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
