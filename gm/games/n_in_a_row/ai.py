"""N-in-a-row opponents.

Levels (weakest first):

- ``random`` — uniformly one of the listed legal points (the empty points within 2 of a mark).
- ``heuristic`` — a one-ply line evaluator. The first mark goes on 0,0. Every listed empty point
  gets a value for itself, ``mine``, and for the opponent, ``theirs``: the best line through the
  point in any of the four directions, as length + 0.4 per open end (an end that is empty, so
  the line can still grow) + 0.1 × the other directions' lengths (double threats). Then:
  - as challenger: 10·mine + 2·theirs, and +1000 for a point that makes N+1 or more in a row
    (taking the lead);
  - as leader: block — 10·theirs, +500 on a point where the challenger would reach N+1, and
    −300 for a point that would extend its own record (that would reset the challenger's turns);
    only when the challenger has two or more such points (one mark cannot block them all) does
    the leader extend its record instead (+1000), raising the bar to N+2;
  - only empty points next to a mark of the view's window (the 13×13 board around the last
    mark) are considered (all listed points if there are none);
  - ties are broken by the seeded rng.
  Against ``random`` it wins ≥ 80 % of seeded games (tests/games/test_n_in_a_row.py asserts it; the
  measured rate is in the test's docstring).
- ``strong``: the tactical threat analysis of :mod:`gm.games.n_in_a_row.tactics` on the marks
  replayed from the view's ``history`` (the game hides nothing): take the lead on a completion
  point; as leader escape a double threat by extending the record, block a single one, and
  block the three that would become a double threat; late in an endless race (escaping would
  give the challenger more turns than the cap leaves, and the challenger would only make a
  double threat again) block the end the challenger grows instead of escaping; as challenger
  make a double threat the leader cannot escape, a forced sequence of fours (VCF) or an
  unstoppable three, cut the leader's one escape before making a double threat it would only
  escape (it contests the record instead of racing a parallel line), else grow its windows
  and spoil the leader's, its 6 best such points looked at one exchange ahead. The
  ranking is the searcher's candidate list (width 1: the first point is played; MCTS over the
  best 4 with tactical playouts measured no better at 30 times the time). When some marks lie
  off the board shown (no ``history``) it reasons on a stand-in state
  (:func:`approximate_state`) whose lines running off the board are followed over the points
  the legal list does not show empty. 100% against the heuristic and against random over 100
  games each, 100% against bench/tournament.py's line extender over 100, none of them reaching
  the turn cap (``python -m bench.tournament n-in-a-row --games 100``).
"""

from __future__ import annotations

import math
import random
from typing import Any

from gm.games.base import Engine, Move
from gm.games.n_in_a_row import rules, tactics
from gm.games.n_in_a_row.rules import DIRECTIONS
from gm.games.policies import random_policy
from gm.games.search import SearchSpec, strong_policy

_AROUND = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


def _lines(occ: dict[tuple[int, int], int], x: int, y: int, seat: int) -> tuple[float, int]:
    """Value of the lines ``seat`` would have through (x, y), and the longest of them."""
    values = []
    for dx, dy in DIRECTIONS:
        run, open_ends = 1, 0
        for sign in (1, -1):
            cx, cy = x + sign * dx, y + sign * dy
            while occ.get((cx, cy)) == seat:
                run += 1
                cx, cy = cx + sign * dx, cy + sign * dy
            if (cx, cy) not in occ:
                open_ends += 1
        values.append((run, open_ends))
    values.sort(reverse=True)
    best_run, best_open = values[0]
    return best_run + 0.4 * best_open + 0.1 * sum(r for r, _ in values[1:]), best_run


def heuristic_policy(
    engine: Engine, view: dict[str, Any], seat: int, legal: list[Move], rng: random.Random
) -> Move:
    if not view["marks"]:
        return next((m for m in legal if m[2:] == (0, 0)), legal[0])
    best_move, best_score = legal[0], float("-inf")
    for score, move in heuristic_scores(engine, view, seat, legal, rng):
        if score > best_score:
            best_move, best_score = move, score
    return best_move


def heuristic_scores(engine: Engine, view: dict[str, Any], seat: int, legal, rng) -> list:
    """The heuristic's ``(score, move)`` for the points it considers (see the docstring)."""
    marks = view["marks"]
    occ = {(m["x"], m["y"]): (0 if m["mark"] == "X" else 1) for m in marks}
    other = 1 - seat
    n = view["n"]
    leading = view["leader"] == engine.info.seat_names[seat]
    # only points near the marks matter
    around = {(x + dx, y + dy) for x, y in occ for dx, dy in _AROUND}
    near = [m for m in legal if (m[1], m[2]) in around]
    candidates = near or legal
    evaluated = [
        (move, _lines(occ, move[2], move[3], seat), _lines(occ, move[2], move[3], other))
        for move in candidates
    ]
    threats = {move for move, _, (_, their_run) in evaluated if their_run >= n + 1}
    scored = []
    for move, (mine, my_run), (theirs, _) in evaluated:
        score = rng.random() * 0.01
        extends = my_run >= n + 1
        if not leading:
            score += 10 * mine + 2 * theirs + (1000 if extends else 0)
        elif len(threats) >= 2 and extends:
            score += 1000  # cannot block them all: raise the bar instead
        else:
            # extending our own record would give the challenger fresh turns: avoid it
            score += 10 * theirs - (300 if extends else 0) + (500 if move in threats else 0)
        scored.append((score, move))
    return scored


# ---------------------------------------------------------------- what the AI may assume


def sample_hidden(view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """N-in-a-row hides nothing: the state is the marks replayed in play order (the view's
    ``history``). ValueError when the view does not list them all (some lie off the board
    shown): then the strong level plays the heuristic's move."""
    history = view["history"]
    if history is None:
        raise ValueError("the view does not list every mark")
    options = {"f": view["f"], "placement": view["placement"], "max_turns": view["max_turns"]}
    state = rules.new_state(0, options)
    occ: dict[tuple[int, int], int] = {}
    for i, (x, y) in enumerate(history):
        rules._place(state, i % 2, x, y, occ)
    return state


def approximate_state(
    view: dict[str, Any], seat: int, empty: set[tuple[int, int]] | None = None
) -> dict[str, Any]:
    """A stand-in state for the search when the view does not list every mark: the marks shown
    (and the nearest ones off the board), the last moves in their order, the record, the turns
    left and the longest lines as the view gives them; each other mark off the board becomes a
    placeholder at the grid's far edge, where it touches nothing near the play. With ``empty``
    (the listed legal points: every empty point within 2 of a mark) a line running off the board
    is followed over the points that are not empty, up to its seat's longest line."""
    letters = {"X": 0, "O": 1}
    placed = view["marks_placed"]
    last = [(m["x"], m["y"], letters[m["mark"]]) for m in view["last_moves"]]
    known = [(m["x"], m["y"], letters[m["mark"]]) for m in view["marks"]]
    known += [(m["x"], m["y"], letters[m["mark"]]) for m in view["marks_outside"]["nearest"]]
    known += last
    if empty is not None:
        known += _lines_off_board(view, known, empty)
    seen = set(last)
    by_seat: list[list[tuple[int, int]]] = [[], []]
    for x, y, s in known:
        if (x, y, s) not in seen:
            seen.add((x, y, s))
            by_seat[s].append((x, y))
    first = placed - len(last)  # marks before the last moves: x at even indexes, o at odd
    need = [(first + 1) // 2, first // 2]
    for s, edge in ((0, rules.LIMIT), (1, -rules.LIMIT)):
        del by_seat[s][need[s] :]
        k = 0
        while len(by_seat[s]) < need[s]:
            by_seat[s].insert(0, (edge, rules.LIMIT - 3 * k))
            k += 1
    marks = [list(by_seat[i % 2][i // 2]) for i in range(first)]
    marks += [[x, y] for x, y, _ in last]
    names = list(rules.SEATS)
    leader = view["leader"]
    state = rules.new_state(
        0, {"f": view["f"], "placement": view["placement"], "max_turns": view["max_turns"]}
    )
    state.update(
        marks=marks,
        leader=None if leader is None else names.index(leader),
        n=view["n"],
        turns_left=view["turns_left"],
        best=[view["longest"][n] for n in names],
    )
    return state


def _lines_off_board(view: dict[str, Any], known: list, empty: set) -> list:
    """Marks inferred off the board shown: a seat's run that leaves the window continues over
    the points that are not empty (so hold a mark) until the run is as long as the seat's
    longest line."""
    occ = {(x, y): s for x, y, s in known}
    w = view["window"]
    inside = lambda c: w["xmin"] <= c[0] <= w["xmax"] and w["ymin"] <= c[1] <= w["ymax"]  # noqa: E731
    found = []
    for s, name in enumerate(rules.SEATS):
        longest = view["longest"][name]
        for (x, y), owner in list(occ.items()):
            if owner != s:
                continue
            for dx, dy in rules.DIRECTIONS:
                for sign in (1, -1):
                    q = (x + sign * dx, y + sign * dy)
                    if q in occ or q in empty or inside(q):
                        continue
                    run = tactics.run_along(occ, x, y, dx, dy, s)
                    while run < longest and q not in occ and q not in empty and not inside(q):
                        if abs(q[0]) > rules.LIMIT or abs(q[1]) > rules.LIMIT:
                            break
                        occ[q] = s
                        found.append((q[0], q[1], s))
                        run += 1
                        q = (q[0] + sign * dx, q[1] + sign * dy)
    return found


def _lines_lead(engine: Engine, state: dict[str, Any], players: int) -> list[float]:
    """Rewards at a playout's cut-off: the record holder's edge, shrinking with the
    challenger's turns left."""
    leader = state["leader"]
    if leader is None:
        return [0.5, 0.5]
    gap = state["n"] - state["best"][1 - leader]
    v = 0.5 + 0.5 * math.tanh((gap + 1) / max(1, state["turns_left"]) * 2)
    return [v, 1 - v] if leader == 0 else [1 - v, v]


def view_state(view: dict[str, Any], seat: int, legal: list[Move] | None = None) -> dict:
    """The state the strong level reasons on: the marks replayed from the view's history, or
    the stand-in of :func:`approximate_state` when the view does not list them all (lines off
    the board followed over the points ``legal`` does not list as empty)."""
    try:
        return sample_hidden(view, seat, random.Random(0))
    except ValueError:
        empty = None if legal is None else {(m[2], m[3]) for m in legal}
        return approximate_state(view, seat, empty)


def _ranked(state: dict[str, Any], seat: int, legal: list[Move]) -> list[tuple[float, Move]]:
    """The tactical ranking (gm/games/n_in_a_row/tactics.py) of the legal points."""
    by_point = {(m[2], m[3]): m for m in legal}
    return [(score, by_point[c]) for score, c in tactics.rank(state, seat, set(by_point))]


def tactical_policy(
    engine: Engine, view: dict[str, Any], seat: int, legal: list[Move], rng: random.Random
) -> Move:
    """The tactical ranking's best point (the strong level's first candidate)."""
    if not view["marks"]:
        return heuristic_policy(engine, view, seat, legal, rng)
    return _ranked(view_state(view, seat, legal), seat, legal)[0][1]


def _tactical_playout(engine: Engine, state: dict[str, Any], seat: int, legal, rng) -> Move:
    return _ranked(state, seat, legal)[0][1]


def _candidates(engine: Engine, view: dict[str, Any], seat: int, legal, rng) -> list[Move]:
    if not view["marks"]:
        return [heuristic_policy(engine, view, seat, legal, rng)]
    return [m for _, m in _ranked(view_state(view, seat, legal), seat, legal)]


def explain(engine: Engine, view: dict[str, Any], seat: int, move: Move) -> str | None:
    """The coach's reason where the race makes it plain: the move takes the lead, extends the
    record or blocks a point where the challenger would take the lead."""
    if not view["marks_placed"]:
        return f"It places the first {'XO'[seat]} at {move[2]},{move[3]}: any point is as good"
    state = view_state(view, seat)
    occ = {(x, y): i % 2 for i, (x, y) in enumerate(state["marks"])}
    leader, k, turns = tactics.race(state)
    point = (move[2], move[3])
    run = max(rules.run_along(occ, *point, dx, dy, seat) for dx, dy in DIRECTIONS)
    mark, other = "XO"[seat], "XO"[1 - seat]
    if run >= k:
        if seat == leader:
            return f"It makes {run} in a row: {mark} extends its record and the count restarts"
        return f"It makes {run} in a row: {mark} takes the lead from {other}"
    if seat == leader and point in tactics.completions(occ, 1 - seat, k):
        return f"It blocks {other}: there {other} would make {k} in a row and take the lead"
    block = max(rules.run_along(occ, *point, dx, dy, 1 - seat) for dx, dy in DIRECTIONS)
    if block >= 2:
        return f"It places {mark} at {point[0]},{point[1]}: it cuts a line of {other}'s"
    at = f"{point[0]},{point[1]}"
    return f"It places {mark} at {at}, building a line of {run} toward {k} in a row"


# The tactical ranking decides alone (width 1: the searcher plays its first candidate without
# iterating). Measured: MCTS over its 4 best points with tactical playouts scored 73.8% against
# the heuristic (40 games) at ~85 ms a move, the ranking alone 73.1% (80 games) at ~3 ms: the
# playouts did not find better moves than the threat analysis in the time.
STRONG = SearchSpec(
    evaluate=_lines_lead,
    playout=_tactical_playout,
    epsilon=0.0,
    depth=6,
    iterations=300,
    candidates=_candidates,
    width=1,
    perfect_information=True,
    approximate=approximate_state,
    prior_visits=10,
    explain=explain,
)

LEVELS = {"random": random_policy, "heuristic": heuristic_policy, "strong": strong_policy(STRONG)}
