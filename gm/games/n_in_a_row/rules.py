"""N-in-a-row rules: the f rule, the grid geometry, legality with reasons, applying a mark, the
end by the rules, scores and the validated state.

A move is ``("mark", letter, x, y)``: the seat to move places its own mark (its letter, X or O) on
the point x,y (the seat is
implied by the turn). The state (pure JSON): ``options`` (f, placement, max_turns), ``marks``
(``[x, y]`` in play order: x's marks at even indexes, o's at odd), ``leader`` (a seat or None
before the first mark), ``n`` (the record: the leader's longest line), ``turns_left`` (the
challenger's turns to beat it), ``best`` (each seat's longest line) and ``result``.
"""

from __future__ import annotations

import json
import math
import re
from functools import cache
from typing import Any

from gm.games.base import (
    Event,
    IllegalMoveError,
    InvalidStateError,
    Move,
    Option,
    State,
    check_stored_options,
    filled_options,
)

GAME = "n-in-a-row"
SEATS = ("x", "o")
LETTERS = ("X", "O")
LIMIT = 1000
LIST_MARGIN = 2
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
_AROUND = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
MAX_TURNS = 1000  # the cap option's maximum
PLACEMENTS = ("anywhere", "adjacent")

_F_ERROR = "option 'f' must be a whole number k (f(N) = k·N) or a list like '2,4,6'"
#: The longest f table: its values for N = 1..F_VALUES_MAX (the last repeats). It bounds what a
#: game keeps and shows (each view carries f): a 60 KB table made every answer 64 KB.
F_VALUES_MAX = 32
#: The widest f the game accepts (for the answer-bound tests: every option at its maximum).
F_WIDEST = ",".join(["1000"] * F_VALUES_MAX)


# ---------------------------------------------------------------- the f rule


def parse_f(value: Any) -> str:
    """Normalise option ``f`` to ``"kN"`` (linear) or ``"a,b,c"`` (table); ValueError if bad."""
    if isinstance(value, bool):
        raise ValueError(_F_ERROR)
    if isinstance(value, int):
        value = str(value)
    if not isinstance(value, str):
        raise ValueError(_F_ERROR)
    text = value.strip().replace(" ", "")
    if len(text) > len(F_WIDEST) + F_VALUES_MAX:  # before any parsing: a bounded read
        raise ValueError(f"option 'f': at most {F_VALUES_MAX} values (the last repeats)")
    m = re.fullmatch(r"(\d+)(?:[*·x×]?[nN])?", text)
    if m:
        k = int(m.group(1))
        if not 2 <= k <= 1000:
            raise ValueError("option 'f': k in f(N) = k·N must be 2..1000, so that f(1) ≥ 2")
        return f"{k}N"
    parts = [p for p in re.split(r"[,;/]", text) if p]
    if len(parts) >= 2 and all(p.isdigit() for p in parts):
        if len(parts) > F_VALUES_MAX:
            raise ValueError(f"option 'f': at most {F_VALUES_MAX} values (the last repeats)")
        table = [int(p) for p in parts]
        if table[0] < 2:
            raise ValueError("option 'f': f(1) must be at least 2, or x wins at once")
        if min(table) < 1 or max(table) > 1000:
            raise ValueError("option 'f': every value must be 1..1000")
        return ",".join(str(t) for t in table)
    raise ValueError(_F_ERROR)


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


# ---------------------------------------------------------------- options

# The game's options (its GameInfo's), here for validate.
OPTIONS = (
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
        choices=PLACEMENTS,
    ),
    Option(
        "max_turns",
        "int",
        200,
        "Marks placed after which the game ends drawn.",
        minimum=2,
        maximum=MAX_TURNS,
    ),
)


def options(given: dict[str, Any] | None) -> dict[str, Any]:
    """The options ``given`` in their stored form (f normalised), all of them with defaults
    filled; ValueError saying what is wrong (``Engine.options``)."""
    given = dict(given or {})
    f_given = given.pop("f", "2N")
    opts = filled_options(OPTIONS, given)
    opts["f"] = parse_f(f_given)
    return opts


# ---------------------------------------------------------------- geometry


def occupancy(state: State) -> dict[tuple[int, int], int]:
    return {(x, y): i % 2 for i, (x, y) in enumerate(state["marks"])}


def line_through(occ: dict[tuple[int, int], int], x: int, y: int, seat: int) -> int:
    """The longest line of ``seat`` through (x, y), counting (x, y) as ``seat``'s."""
    return max(run_along(occ, x, y, dx, dy, seat) for dx, dy in DIRECTIONS)


def run_along(occ: dict[tuple[int, int], int], x: int, y: int, dx: int, dy: int, s: int) -> int:
    """The run of ``s`` through (x, y) along (dx, dy), counting (x, y) as ``s``'s."""
    run = 1
    for sign in (1, -1):
        cx, cy = x + sign * dx, y + sign * dy
        while occ.get((cx, cy)) == s:
            run += 1
            cx, cy = cx + sign * dx, cy + sign * dy
    return run


def bounds(state: State, margin: int) -> tuple[int, int, int, int]:
    """(xmin, xmax, ymin, ymax) of the marks grown by ``margin``, clipped to the limits."""
    marks = state["marks"]
    if marks:
        xs = [m[0] for m in marks]
        ys = [m[1] for m in marks]
        box = (min(xs) - margin, max(xs) + margin, min(ys) - margin, max(ys) + margin)
    else:
        box = (-margin, margin, -margin, margin)
    xmin, xmax, ymin, ymax = (max(-LIMIT, min(LIMIT, v)) for v in box)
    return xmin, xmax, ymin, ymax


WINDOW = 13  # the smallest window a board falls back to (columns and rows)
BOARD_CELLS = 800  # the most points a board shows (its text and the view's marks fit an answer)
BOARD_MARKS = 200  # the most marks a board shows (the default game's every mark)
NEAREST = 5  # marks outside the window named in the summary


def window(state: State, margin: int = 1) -> tuple[int, int, int, int]:
    """The part of the grid a board shows: the marks' bounding box grown by ``margin`` whenever
    it fits an answer (at most BOARD_CELLS points and BOARD_MARKS marks); beyond that, the
    largest square window around the last mark that fits (at least WINDOW×WINDOW), kept inside
    that box; :func:`outside` accounts for the marks it leaves out."""
    box = bounds(state, margin)
    if _fits(state, box):
        return box
    last = state["marks"][-1] if state["marks"] else (0, 0)
    side = max(WINDOW, math.isqrt(BOARD_CELLS))
    while True:
        out = []
        for lo, hi, centre in ((box[0], box[1], last[0]), (box[2], box[3], last[1])):
            if hi - lo + 1 > side:
                lo = max(lo, min(centre - side // 2, hi - side + 1))
                hi = lo + side - 1
            out += [lo, hi]
        shown: tuple[int, int, int, int] = tuple(out)  # type: ignore[assignment]
        if side <= WINDOW or _fits(state, shown):
            return shown
        side = max(WINDOW, side - 4)


def _fits(state: State, box: tuple[int, int, int, int]) -> bool:
    xmin, xmax, ymin, ymax = box
    if (xmax - xmin + 1) * (ymax - ymin + 1) > BOARD_CELLS:
        return False
    inside = sum(1 for x, y in state["marks"] if xmin <= x <= xmax and ymin <= y <= ymax)
    return inside <= BOARD_MARKS


def outside(state: State, box: tuple[int, int, int, int]) -> dict[str, Any]:
    """The marks outside ``box``: how many (per letter) and the NEAREST nearest the last mark
    (``{"x", "y", "mark"}`` each)."""
    xmin, xmax, ymin, ymax = box
    lx, ly = state["marks"][-1] if state["marks"] else (0, 0)
    out = [
        (max(abs(x - lx), abs(y - ly)), i, x, y)
        for i, (x, y) in enumerate(state["marks"])
        if not (xmin <= x <= xmax and ymin <= y <= ymax)
    ]
    counts = {
        letter: sum(1 for _, i, _, _ in out if i % 2 == s) for s, letter in enumerate(LETTERS)
    }
    nearest = [{"x": x, "y": y, "mark": LETTERS[i % 2]} for _, i, x, y in sorted(out)[:NEAREST]]
    return {"count": len(out), **counts, "nearest": nearest}


def adjacent(occ: dict[tuple[int, int], int], x: int, y: int) -> bool:
    return any((x + dx, y + dy) in occ for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


# ---------------------------------------------------------------- set-up, turns, legality


def new_state(seed: int | str, options: dict[str, Any]) -> State:
    return {
        "game": GAME,
        "rng": {"seed": seed, "n": 0},
        "options": dict(options),
        "marks": [],
        "leader": None,
        "n": 0,
        "turns_left": 0,
        "best": [0, 0],
        "result": None,
    }


def to_move(state: State) -> int | None:
    return None if state["result"] is not None else len(state["marks"]) % 2


def legal_moves(state: State, seat: int) -> list[Move]:
    """The listed legal points of ``seat`` (the seat to move): the empty points within
    LIST_MARGIN of a mark (with placement 'adjacent': next to a mark; before the first mark the
    5×5 square around 0,0), nearest the last mark first (then top row first, left to right).
    At most 24 per mark, whatever the marks' spread. Any other empty point within the limits
    that the placement allows is legal too (:func:`legal_rule`)."""
    occ = occupancy(state)
    reach = 1 if state["options"]["placement"] == "adjacent" and occ else LIST_MARGIN
    around = [(dx, dy) for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)]
    centres = occ or {(0, 0): 0}
    points = {
        (x + dx, y + dy)
        for x, y in centres
        for dx, dy in around
        if abs(x + dx) <= LIMIT and abs(y + dy) <= LIMIT
    } - occ.keys()
    lx, ly = state["marks"][-1] if state["marks"] else (0, 0)
    ordered = sorted(points, key=lambda p: (max(abs(p[0] - lx), abs(p[1] - ly)), -p[1], p[0]))
    return [("mark", LETTERS[seat], x, y) for x, y in ordered]


def legal_rule(state: State) -> str:
    """The sentence for ``legal_moves_rule``: which points are legal beyond the list."""
    if state["options"]["placement"] == "adjacent" and state["marks"]:
        return (
            "Any empty point next to a mark (also diagonally) is legal; legal_moves lists them "
            "nearest the last move first."
        )
    return (
        f"Any empty point with both coordinates within ±{LIMIT} is legal; legal_moves lists "
        f"the empty points within {LIST_MARGIN} of a mark, nearest the last move first."
    )


def hint(state: State, seat: int) -> str:
    """What the seat could do now, in a sentence (for error messages)."""
    moves = legal_moves(state, seat)
    sample = ", ".join(f"{letter} {x},{y}" for _, letter, x, y in moves[:8])
    xmin, xmax, ymin, ymax = bounds(state, 0)
    where = f"marks span x {xmin}..{xmax}, y {ymin}..{ymax}" if state["marks"] else "no marks"
    if state["options"]["placement"] == "adjacent" and state["marks"]:
        return f"Place next to an existing mark ({where}), e.g. {sample}"
    return f"Any empty point with coordinates within ±{LIMIT} ({where}), e.g. {sample}"


def why_illegal(state: State, x: int, y: int, occ: dict[tuple[int, int], int]) -> tuple[str, str]:
    """(reason, rule) when a mark on x,y is illegal now, else ("", "")."""
    if abs(x) > LIMIT or abs(y) > LIMIT:
        return f"{x},{y} is off the grid: coordinates run from -{LIMIT} to {LIMIT}.", "off-grid"
    if (x, y) in occ:
        return f"{x},{y} already holds {LETTERS[occ[(x, y)]]}.", "occupied"
    if state["options"]["placement"] == "adjacent" and occ and not adjacent(occ, x, y):
        return (
            f"{x},{y} is not next to any mark: with placement 'adjacent' a mark must touch "
            "an existing one (also diagonally).",
            "not-adjacent",
        )
    return "", ""


def check(state: State, seat: int, x: int, y: int) -> Move:
    """The move ``("mark", letter, x, y)`` when legal now, else IllegalMoveError naming the
    rule."""
    reason, rule = why_illegal(state, x, y, occupancy(state))
    if reason:
        raise IllegalMoveError(reason, rule=rule, hint=hint(state, seat))
    return ("mark", LETTERS[seat], x, y)


# ---------------------------------------------------------------- applying a mark, the end


def race_text(s: State) -> str:
    leader, n, left = SEATS[s["leader"]], s["n"], s["turns_left"]
    turns = "turn" if left == 1 else "turns"
    return (
        f"Leader: {leader} with {n} in a row · {SEATS[1 - s['leader']]} has {left} {turns} "
        f"left to get {n + 1} in a row"
    )


def _place(s: State, seat: int, x: int, y: int, occ: dict[tuple[int, int], int]) -> list[Event]:
    """Place ``seat``'s mark on x,y in ``s`` (changed in place; ``occ`` is the occupancy before
    the mark and is updated): the race and the end by the rules. Returns the events."""
    rule, name, other = s["options"]["f"], SEATS[seat], SEATS[1 - seat]
    run = line_through(occ, x, y, seat)
    s["marks"].append([x, y])
    occ[(x, y)] = seat
    s["best"][seat] = max(s["best"][seat], run)
    best = s["best"][seat]
    events = [Event(f"{name} places {LETTERS[seat]} at {x},{y}", seat=seat)]
    if s["leader"] is None:
        s["leader"], s["n"], s["turns_left"] = seat, best, f_value(rule, best)
        events.append(Event(race_text(s), kind="lead"))
    elif seat == s["leader"]:
        if best > s["n"]:
            s["n"], s["turns_left"] = best, f_value(rule, best)
            events.append(Event(f"{name} extends its own record. " + race_text(s), kind="lead"))
    else:
        s["turns_left"] -= 1
        if best > s["n"]:
            s["leader"], s["n"], s["turns_left"] = seat, best, f_value(rule, best)
            events.append(Event(f"{name} takes the lead! " + race_text(s), kind="lead"))
        elif s["turns_left"] <= 0:
            reason = f"{other} wins: {name} ran out of turns to beat {s['n']} in a row"
            s["result"] = {"winners": [1 - seat], "draw": False, "reason": reason}
            events.append(Event(reason, kind="end"))
    return events


def apply_move(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """Apply a legal mark of ``seat``: a new state (the input is unchanged) and the events."""
    _, letter, x, y = move
    if letter != LETTERS[seat]:
        raise ValueError(f"not a legal move: {letter} is not the mark of {SEATS[seat]}")
    occ = occupancy(state)
    reason, _ = why_illegal(state, x, y, occ)
    if reason:
        raise ValueError(f"not a legal move: {reason}")
    s = copy_state(state)
    return s, _place(s, seat, x, y, occ)


def copy_state(state: State) -> State:
    s = {**state, "marks": [list(m) for m in state["marks"]], "best": list(state["best"])}
    s["rng"], s["options"] = dict(state["rng"]), dict(state["options"])
    if state["result"] is not None:
        s["result"] = {**state["result"], "winners": list(state["result"]["winners"])}
    return s


def scores(state: State) -> dict[int, int]:
    """Each seat's longest line so far (its standing in the race; 0 before its first mark)."""
    return dict(enumerate(state["best"]))


# ---------------------------------------------------------------- validated state

STATE_KEYS = {"game", "rng", "options", "marks", "leader", "n", "turns_left", "best", "result"}


def validate(state: State) -> None:
    """Refuse every state the game cannot reach: unknown or out-of-range options (f not
    normalised, max_turns outside 2..1000), marks off the grid, two marks on one point, a
    mark not next to another under 'adjacent', marks after the end, more marks than the
    cap; a leader, record, challenger's turns, longest lines or result that disagree with
    what the marks give when replayed (a win nobody earned, a result both a win and a
    draw, a game that should have ended)."""
    check_stored_options(state["options"], OPTIONS, options)
    _validate_position(state)


def _validate_position(state: State) -> None:
    """Raise InvalidStateError unless ``state`` is what its marks give when replayed from the
    empty grid: every mark legal in its turn (on the grid, on an empty point, next to a mark
    under 'adjacent'), none after the end, and the leader, record, challenger's turns, longest
    lines and result exactly as the replay gives them. (Its options are checked first, by
    ``validate``.)"""
    if set(state) != STATE_KEYS:
        names = ", ".join(sorted(STATE_KEYS))
        raise InvalidStateError(f"the state's fields must be exactly {names}")
    rng = state["rng"]
    if not isinstance(rng, dict) or set(rng) != {"seed", "n"}:
        raise InvalidStateError("rng must hold a seed and a counter")
    if not isinstance(rng["seed"], int | str) or rng["n"] != 0:
        raise InvalidStateError("N-in-a-row has no chance: the rng counter stays 0")
    marks = state["marks"]
    ok = isinstance(marks, list) and all(
        isinstance(m, list) and len(m) == 2 and all(type(v) is int for v in m) for m in marks
    )
    if not ok:
        raise InvalidStateError("marks must be [x, y] pairs of whole numbers")
    if len(marks) > state["options"]["max_turns"]:
        raise InvalidStateError("more marks than the turn cap allows")
    replay = new_state(rng["seed"], state["options"])
    occ: dict[tuple[int, int], int] = {}
    for i, (x, y) in enumerate(marks):
        if replay["result"] is not None:
            raise InvalidStateError(f"mark {i + 1} ({x},{y}) was placed after the game ended")
        reason, _ = why_illegal(replay, x, y, occ)
        if reason:
            raise InvalidStateError(f"mark {i + 1} is illegal: {reason}")
        _place(replay, i % 2, x, y, occ)
    for key, what in (
        ("best", "the longest lines"),
        ("leader", "the leader"),
        ("n", "the record N"),
        ("turns_left", "the challenger's turns left"),
        ("result", "the result"),
    ):
        if json.dumps(state[key], sort_keys=True) != json.dumps(replay[key], sort_keys=True):
            raise InvalidStateError(f"{what}: not what the marks on the board give")
