"""N-in-a-row (API name ``n-in-a-row``): the idea at the end of the Card Chess seed, made playable.

Two seats, ``x`` (0, starts) and ``o`` (1), place marks on an unbounded grid of integer points.
The **leader** holds the record N (its longest line); the **challenger** has f(N) of its own turns
to make a line of N+1, or the leader wins. Rules text: ``rules.md`` next to this module.

Decisions the rules file leaves to the engine (documented in the rules text):

- Option ``f``: a whole number k means f(N) = k·N (k ≥ 2, so f(1) ≥ 2); the strings ``"kN"``,
  ``"k*N"``, ``"k·N"`` and ``"k"`` mean the same; a list of at least two whole numbers such as
  ``"2,4,6"`` is a table f(1), f(2), ... whose last value repeats beyond its end (f(1) ≥ 2, every
  value ≥ 1). The default is ``"2N"``.
- A new record is the challenger's (or leader's) actual longest line, which may exceed N+1 when
  a mark joins two lines.
- Coordinates are limited to −1000..1000 on both axes (the grid is "unbounded" within that).
- ``legal_moves`` cannot list an unbounded grid: it lists the empty points of the marks' bounding
  box grown by a margin of 2 (the 5×5 square around 0,0 before the first mark), and with
  ``placement: adjacent`` only the empty points next to a mark. ``parse_move`` accepts any empty
  point within the coordinate limits that the placement rule allows.
- The board text shows the bounding box grown by a margin of 1; y grows upward.
- No cards and no hidden information: ``hidden_tokens`` is always empty.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from gm.games.base import (
    Engine,
    Event,
    GameInfo,
    IllegalMoveError,
    InvalidStateError,
    Option,
    Outcome,
    ParseError,
)

GAME = "n-in-a-row"
SEATS = ("x", "o")
LETTERS = ("X", "O")
LIMIT = 1000
LIST_MARGIN = 2
BOARD_MARGIN = 1
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
EXPECTED = "a point as 'X 0,0', 'O 1,-1', '(1,-1)' or '1 -1' (whole numbers x then y)"

Move = tuple[int, int, int]  # (seat, x, y)


# ---------------------------------------------------------------- the f rule


def parse_f(value: Any) -> str:
    """Normalise option ``f`` to ``"kN"`` (linear) or ``"a,b,c"`` (table); ValueError if bad."""
    if isinstance(value, bool):
        raise ValueError("option 'f' must be a whole number k (f(N) = k·N) or a list like '2,4,6'")
    if isinstance(value, int):
        value = str(value)
    if not isinstance(value, str):
        raise ValueError("option 'f' must be a whole number k (f(N) = k·N) or a list like '2,4,6'")
    text = value.strip().replace(" ", "")
    m = re.fullmatch(r"(\d+)(?:[*·x×]?[nN])?", text)
    if m:
        k = int(m.group(1))
        if not 2 <= k <= 1000:
            raise ValueError("option 'f': k in f(N) = k·N must be 2..1000, so that f(1) ≥ 2")
        return f"{k}N"
    parts = [p for p in re.split(r"[,;/]", text) if p]
    if len(parts) >= 2 and all(p.isdigit() for p in parts):
        table = [int(p) for p in parts]
        if table[0] < 2:
            raise ValueError("option 'f': f(1) must be at least 2, or x wins at once")
        if min(table) < 1 or max(table) > 1000:
            raise ValueError("option 'f': every value must be 1..1000")
        return ",".join(str(t) for t in table)
    raise ValueError("option 'f' must be a whole number k (f(N) = k·N) or a list like '2,4,6'")


@cache
def _f_rule(rule: str) -> tuple[int, tuple[int, ...]]:
    if rule.endswith("N"):
        return int(rule[:-1]), ()
    return 0, tuple(int(p) for p in rule.split(","))


def f_value(rule: str, n: int) -> int:
    """f(n) under the normalised rule."""
    k, table = _f_rule(rule)
    if k:
        return k * n
    return table[min(n, len(table)) - 1]


# ---------------------------------------------------------------- geometry


def occupancy(state: dict[str, Any]) -> dict[tuple[int, int], int]:
    return {(x, y): i % 2 for i, (x, y) in enumerate(state["marks"])}


def line_through(occ: dict[tuple[int, int], int], x: int, y: int, seat: int) -> int:
    """The longest line of ``seat`` through (x, y), counting (x, y) as ``seat``'s."""
    best = 1
    for dx, dy in DIRECTIONS:
        run = 1
        for sign in (1, -1):
            cx, cy = x + sign * dx, y + sign * dy
            while occ.get((cx, cy)) == seat:
                run += 1
                cx, cy = cx + sign * dx, cy + sign * dy
        best = max(best, run)
    return best


def bounds(state: dict[str, Any], margin: int) -> tuple[int, int, int, int]:
    """(xmin, xmax, ymin, ymax) of the marks grown by ``margin``, clipped to the limits."""
    marks = state["marks"]
    if marks:
        xs = [m[0] for m in marks]
        ys = [m[1] for m in marks]
        box = (min(xs) - margin, max(xs) + margin, min(ys) - margin, max(ys) + margin)
    else:
        box = (-margin, margin, -margin, margin)
    return tuple(max(-LIMIT, min(LIMIT, v)) for v in box)  # type: ignore[return-value]


def _adjacent(occ: dict[tuple[int, int], int], x: int, y: int) -> bool:
    return any((x + dx, y + dy) in occ for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


# ---------------------------------------------------------------- the engine


class NInARowEngine(Engine):
    info = GameInfo(
        name=GAME,
        title="N-in-a-row",
        summary=(
            "Marks on an unbounded grid: the leader holds the longest line, and the challenger "
            "has a limited number of turns to beat it."
        ),
        seat_names=SEATS,
        options=(
            Option(
                "f",
                "str",
                "2N",
                "Turns the challenger gets to beat N: a whole number k (or 'kN') for f(N) = k·N, "
                "or a table such as '2,4,6' (f(1), f(2), ...; the last value repeats). f(1) ≥ 2.",
            ),
            Option(
                "placement",
                "choice",
                "anywhere",
                "Where a mark may go: anywhere, or adjacent (next to an existing mark).",
                choices=("anywhere", "adjacent"),
            ),
            Option(
                "max_turns",
                "int",
                200,
                "Marks placed after which the game ends drawn.",
                minimum=2,
                maximum=10_000,
            ),
        ),
        move_syntax="X 0,0 | O 1,-1 | (1,-1) | 1 -1",
        example_moves=("X 0,0", "O 1,-1", "(2,3)", "-1 4"),
    )

    def options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        given = dict(given or {})
        f_given = given.pop("f", "2N")
        opts = super().options(given)
        opts["f"] = parse_f(f_given)
        return opts

    # ---- set-up and turn order
    def new_state(self, seed: int, options: dict[str, Any], players: int = 2) -> dict[str, Any]:
        if players != 2:
            raise ValueError("N-in-a-row is a game for two players")
        opts = self.options(options)
        return {
            "game": GAME,
            "rng": {"seed": seed, "n": 0},
            "options": opts,
            "marks": [],
            "leader": None,
            "n": 0,
            "turns_left": 0,
            "best": [0, 0],
            "result": None,
        }

    def to_move(self, state: dict[str, Any]) -> int | None:
        return None if state["result"] is not None else len(state["marks"]) % 2

    def legal_moves(self, state: dict[str, Any], seat: int) -> list[Move]:
        if self.to_move(state) != seat:
            return []
        occ = occupancy(state)
        xmin, xmax, ymin, ymax = bounds(state, LIST_MARGIN)
        adjacent = state["options"]["placement"] == "adjacent" and bool(occ)
        return [
            (seat, x, y)
            for y in range(ymax, ymin - 1, -1)
            for x in range(xmin, xmax + 1)
            if (x, y) not in occ and (not adjacent or _adjacent(occ, x, y))
        ]

    # ---- moves
    def parse_move(self, text: str, state: dict[str, Any], seat: int) -> Move:
        if not isinstance(text, str) or not text.strip():
            raise ParseError(str(text), EXPECTED)
        clean = text.replace("−", "-").replace("–", "-")
        if re.search(r"\d[.]\d", clean):
            raise ParseError(text, "whole numbers; " + EXPECTED)
        labelled = {
            axis.lower(): int(v)
            for axis, v in re.findall(r"(?<![a-z])([xy])\s*[=:]\s*([-+]?\d+)", clean, re.I)
        }
        if set(labelled) == {"x", "y"}:
            x, y = labelled["x"], labelled["y"]
            letters: set[str] = set()
        else:
            letters = {c.lower() for c in re.findall(r"(?<![a-z])([xo])(?![a-z])", clean, re.I)}
            numbers = [int(v) for v in re.findall(r"[-+]?\d+", clean)]
            if len(numbers) != 2 or len(letters) > 1:
                raise ParseError(text, EXPECTED)
            x, y = numbers
        if state["result"] is not None:
            raise IllegalMoveError("The game is over.", "game-over", state["result"]["reason"])
        turn = len(state["marks"]) % 2
        if seat != turn:
            raise IllegalMoveError(
                f"It is {SEATS[turn]}'s turn, not {SEATS[seat]}'s.", rule="not-your-turn"
            )
        if letters and letters != {SEATS[seat]}:
            raise IllegalMoveError(
                f"You play {LETTERS[seat]}, not {letters.pop().upper()}.",
                rule="wrong-mark",
                hint=f"Write your point as '{LETTERS[seat]} {x},{y}' or just '{x},{y}'.",
            )
        if abs(x) > LIMIT or abs(y) > LIMIT:
            raise IllegalMoveError(
                f"{x},{y} is off the grid: coordinates run from -{LIMIT} to {LIMIT}.",
                rule="off-grid",
                hint=self._hint(state, seat),
            )
        occ = occupancy(state)
        if (x, y) in occ:
            raise IllegalMoveError(
                f"{x},{y} already holds {LETTERS[occ[(x, y)]]}.",
                rule="occupied",
                hint=self._hint(state, seat),
            )
        if state["options"]["placement"] == "adjacent" and occ and not _adjacent(occ, x, y):
            raise IllegalMoveError(
                f"{x},{y} is not next to any mark: with placement 'adjacent' a mark must touch "
                "an existing one (also diagonally).",
                rule="not-adjacent",
                hint=self._hint(state, seat),
            )
        return (seat, x, y)

    def _hint(self, state: dict[str, Any], seat: int) -> str:
        moves = self.legal_moves(state, seat)
        sample = ", ".join(self.render_move(m) for m in moves[:8])
        xmin, xmax, ymin, ymax = bounds(state, 0)
        where = f"marks span x {xmin}..{xmax}, y {ymin}..{ymax}" if state["marks"] else "no marks"
        if state["options"]["placement"] == "adjacent" and state["marks"]:
            return f"Place next to an existing mark ({where}), e.g. {sample}"
        return f"Any empty point with coordinates within ±{LIMIT} ({where}), e.g. {sample}"

    def render_move(self, move: Move) -> str:
        seat, x, y = move
        return f"{LETTERS[seat]} {x},{y}"

    def apply(self, state: dict[str, Any], seat: int, move: Move):
        if self.to_move(state) != seat or move[0] != seat:
            raise ValueError("not this seat's turn")
        _, x, y = move
        occ = occupancy(state)
        if (x, y) in occ or abs(x) > LIMIT or abs(y) > LIMIT:
            raise ValueError(f"not a legal move: {self.render_move(move)}")
        s = {**state, "marks": [list(m) for m in state["marks"]], "best": list(state["best"])}
        s["rng"], s["options"] = dict(state["rng"]), dict(state["options"])
        rule, name, other = s["options"]["f"], SEATS[seat], SEATS[1 - seat]
        run = line_through(occ, x, y, seat)
        s["marks"].append([x, y])
        s["best"][seat] = max(s["best"][seat], run)
        best = s["best"][seat]
        events = [Event(f"{name} places {LETTERS[seat]} at {x},{y}", seat=seat)]
        if s["leader"] is None:
            s["leader"], s["n"], s["turns_left"] = seat, best, f_value(rule, best)
            events.append(Event(self._race(s), kind="lead"))
        elif seat == s["leader"]:
            if best > s["n"]:
                s["n"], s["turns_left"] = best, f_value(rule, best)
                events.append(
                    Event(f"{name} extends its own record. " + self._race(s), kind="lead")
                )
        else:
            s["turns_left"] -= 1
            if best > s["n"]:
                s["leader"], s["n"], s["turns_left"] = seat, best, f_value(rule, best)
                events.append(Event(f"{name} takes the lead! " + self._race(s), kind="lead"))
            elif s["turns_left"] <= 0:
                reason = f"{other} wins: {name} ran out of turns to beat {s['n']} in a row"
                s["result"] = {"winners": [1 - seat], "draw": False, "reason": reason}
        if s["result"] is None and len(s["marks"]) >= s["options"]["max_turns"]:
            reason = f"draw: the cap of {s['options']['max_turns']} turns was reached"
            s["result"] = {"winners": [], "draw": True, "reason": reason}
        if s["result"] is not None:
            events.append(Event(s["result"]["reason"], kind="end"))
        return s, events

    @staticmethod
    def _race(s: dict[str, Any]) -> str:
        leader, n, left = SEATS[s["leader"]], s["n"], s["turns_left"]
        turns = "turn" if left == 1 else "turns"
        return (
            f"Leader: {leader} with {n} in a row · {SEATS[1 - s['leader']]} has {left} {turns} "
            f"left to get {n + 1} in a row"
        )

    # ---- ending
    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        r = state["result"]
        if r is None:
            return None
        return Outcome(list(r["winners"]), r["draw"], r["reason"], dict(enumerate(state["best"])))

    # ---- what a seat may see (everything: no hidden information)
    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        marks = [
            {"x": x, "y": y, "mark": LETTERS[i % 2]} for i, (x, y) in enumerate(state["marks"])
        ]
        leader = state["leader"]
        outcome = self.outcome(state)
        to_move = self.to_move(state)
        return {
            "game": GAME,
            "seat": self.seat_name(seat),
            "to_move": None if to_move is None else SEATS[to_move],
            "marks_placed": len(state["marks"]),
            "max_turns": state["options"]["max_turns"],
            "marks": marks,
            "last_move": marks[-1] if marks else None,
            "leader": None if leader is None else SEATS[leader],
            "n": state["n"],
            "challenger": None if leader is None else SEATS[1 - leader],
            "turns_left": state["turns_left"],
            "longest": {SEATS[i]: b for i, b in enumerate(state["best"])},
            "f": state["options"]["f"],
            "placement": state["options"]["placement"],
            "bounds": dict(zip(("xmin", "xmax", "ymin", "ymax"), bounds(state, 0), strict=True))
            if marks
            else None,
            "hand": [],
            "hand_counts": {name: 0 for name in SEATS},
            "outcome": None if outcome is None else outcome.to_dict(SEATS),
        }

    def render(self, state: dict[str, Any], seat: int | None) -> str:
        occ = occupancy(state)
        xmin, xmax, ymin, ymax = bounds(state, BOARD_MARGIN)
        to_move = self.to_move(state)
        status = "game over" if to_move is None else f"{SEATS[to_move]} to move"
        turns = f"turn {len(state['marks']) + (to_move is not None)} of "
        lines = [f"N-in-a-row · {status} · {turns}{state['options']['max_turns']}"]
        width = max(len(str(v)) for v in (xmin, xmax)) + 1
        lab = max(len(str(v)) for v in (ymin, ymax)) + 1
        lines.append(" " * lab + "".join(f"{x:>{width}}" for x in range(xmin, xmax + 1)))
        for y in range(ymax, ymin - 1, -1):
            row = "".join(
                f"{(LETTERS[occ[(x, y)]] if (x, y) in occ else '.'):>{width}}"
                for x in range(xmin, xmax + 1)
            )
            lines.append(f"{y:>{lab}}{row}")
        if state["leader"] is None:
            lines.append("No marks yet: x places the first X anywhere, e.g. X 0,0")
        else:
            lines.append(self._race(state))
            last = state["marks"][-1]
            lines.append(f"Last move: {LETTERS[(len(state['marks']) - 1) % 2]} {last[0]},{last[1]}")
        if state["result"] is not None:
            lines.append("Result: " + state["result"]["reason"])
        return "\n".join(lines)

    def hidden_tokens(self, state: dict[str, Any], seat: int | None) -> set[str]:
        return set()  # no hidden information

    # ---- storage
    def validate(self, state: dict[str, Any]) -> None:
        problems = _problems(state)
        if problems:
            raise InvalidStateError("; ".join(problems))



def _problems(state: dict[str, Any]) -> list[str]:
    keys = ("rng", "options", "marks", "leader", "n", "turns_left", "best", "result")
    missing = [k for k in keys if k not in state]
    if missing:
        return [f"missing keys: {', '.join(missing)}"]
    problems = []
    opts = state["options"]
    try:
        if parse_f(opts.get("f")) != opts.get("f"):
            problems.append("options.f is not normalised")
    except ValueError as err:
        problems.append(str(err))
    if opts.get("placement") not in ("anywhere", "adjacent"):
        problems.append("options.placement must be anywhere or adjacent")
    if not isinstance(opts.get("max_turns"), int):
        problems.append("options.max_turns must be a whole number")
    marks = state["marks"]
    ok = isinstance(marks, list) and all(
        isinstance(m, list) and len(m) == 2 and all(type(v) is int and abs(v) <= LIMIT for v in m)
        for m in marks
    )
    if not ok:
        return problems + ["marks must be [x, y] pairs of whole numbers within ±1000"]
    if len({tuple(m) for m in marks}) != len(marks):
        problems.append("two marks on one point")
    best = state["best"]
    if not (isinstance(best, list) and len(best) == 2 and all(type(b) is int for b in best)):
        return problems + ["best must be two whole numbers"]
    occ: dict[tuple[int, int], int] = {}
    real = [0, 0]
    for i, (x, y) in enumerate(marks):
        real[i % 2] = max(real[i % 2], line_through(occ, x, y, i % 2))
        occ[(x, y)] = i % 2
    if real != best:
        problems.append("best does not match the marks")
    leader = state["leader"]
    if (leader is None) != (not marks) or leader not in (None, 0, 1):
        problems.append("leader must be x or o once a mark is placed")
    elif leader is not None and state["n"] != best[leader]:
        problems.append("n must be the leader's longest line")
    if type(state["turns_left"]) is not int or state["turns_left"] < 0:
        problems.append("turns_left must be a whole number")
    result = state["result"]
    if result is not None and not (
        isinstance(result, dict)
        and isinstance(result.get("winners"), list)
        and isinstance(result.get("draw"), bool)
        and isinstance(result.get("reason"), str)
    ):
        problems.append("result must hold winners, draw and reason")
    return problems



ENGINE = NInARowEngine()
