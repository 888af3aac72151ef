"""N-in-a-row notation: reading a point from text, writing moves and the board.

A move ``("mark", "X", x, y)`` is written ``X 3,-2``: the seat's letter, then the point. The
reader also takes other forms, any case, extra words ignored: ``3,-2``, ``(3,-2)``,
``3 -2``, ``x=3 y=-2``, ``O at 3 -2``, ``place an O at 3,-2``. A text that names the *other*
seat's letter, in any of these forms, is refused (rule ``wrong-mark``): a seat places only its
own mark.
"""

from __future__ import annotations

import re

from gm.games.base import IllegalMoveError, Move, Outcome, ParseError, State, game_over_line
from gm.games.n_in_a_row.rules import (
    LETTERS,
    SEATS,
    WINDOW,
    bounds,
    check,
    occupancy,
    outside,
    race_text,
    window,
)

EXPECTED = "a point as 'X 0,0', 'O 1,-1', '(1,-1)' or '1 -1' (whole numbers x then y)"
BOARD_MARGIN = 1

_LABELLED = re.compile(r"(?<![a-z])([xy])\s*[=:]\s*([-+]?\d+)", re.I)
_LETTER = re.compile(r"(?<![a-z])([xo])(?![a-z])", re.I)
_NUMBER = re.compile(r"[-+]?\d+")


def render_move(move: Move) -> str:
    _, letter, x, y = move
    return f"{letter} {x},{y}"


def parse_move(text: str, state: State, seat: int) -> Move:
    """A legal move of ``seat`` (the seat to move) read from ``text``, or ParseError /
    IllegalMoveError (wrong-mark, off-grid, occupied, not-adjacent)."""
    if not isinstance(text, str) or not text.strip():
        raise ParseError(str(text), EXPECTED)
    clean = text.replace("−", "-").replace("–", "-")
    if re.search(r"\d[.]\d", clean):
        raise ParseError(text, "whole numbers; " + EXPECTED)
    found = list(_LABELLED.finditer(clean))
    labelled = {m.group(1).lower(): int(m.group(2)) for m in found}
    if len(found) == 2 and set(labelled) == {"x", "y"}:
        x, y = labelled["x"], labelled["y"]
        rest = clean
        for m in reversed(found):  # the axis labels are not seat letters
            rest = rest[: m.start()] + " " + rest[m.end() :]
    else:
        numbers = [int(v) for v in _NUMBER.findall(clean)]
        if len(numbers) != 2:
            raise ParseError(text, EXPECTED)
        x, y = numbers
        rest = clean
    letters = {c.upper() for c in _LETTER.findall(rest)}
    if len(letters) > 1:
        raise ParseError(text, EXPECTED + "; name one mark at most")
    if letters and letters != {LETTERS[seat]}:
        mine, theirs = LETTERS[seat], letters.pop()
        raise IllegalMoveError(
            f"You are {mine}, not {theirs}: you place only your own mark, {mine} ({SEATS[seat]}).",
            rule="wrong-mark",
            hint=f"Write your point as '{mine} {x},{y}' or just '{x},{y}'.",
        )
    return check(state, seat, x, y)


def render(state: State, seat: int | None, outcome: Outcome | None = None) -> str:
    """The board (the same for every seat: nothing is hidden): a header, the grid of the marks'
    bounding box grown by BOARD_MARGIN (y grows upward) — at most WINDOW×WINDOW points around
    the last mark, with a line on the marks outside —, the race and the last move; once over, no
    turn in the header and the game-over line last."""
    occ = occupancy(state)
    shown = window(state, BOARD_MARGIN)
    xmin, xmax, ymin, ymax = shown
    placed = len(state["marks"])
    cap = state["options"]["max_turns"]
    if outcome is None:
        to_move = placed % 2
        head = f"N-in-a-row · {SEATS[to_move]} to move · turn {placed + 1} of {cap}"
    else:
        head = f"N-in-a-row · game over · turn {placed} of {cap}"
    lines = [head]
    width = max(len(str(v)) for v in (xmin, xmax)) + 1
    lab = max(len(str(v)) for v in (ymin, ymax)) + 1
    lines.append(" " * lab + "".join(f"{x:>{width}}" for x in range(xmin, xmax + 1)))
    for y in range(ymax, ymin - 1, -1):
        row = "".join(
            f"{(LETTERS[occ[(x, y)]] if (x, y) in occ else '.'):>{width}}"
            for x in range(xmin, xmax + 1)
        )
        lines.append(f"{y:>{lab}}{row}")
    rest = outside(state, shown)
    if rest["count"]:
        lines.append(outside_text(state, shown, rest))
    if state["leader"] is None:
        if outcome is None:
            lines.append("No marks yet: x places the first X anywhere, e.g. X 0,0")
        else:
            lines.append("No marks were placed.")
    else:
        lines.append(race_text(state))
        last = state["marks"][-1]
        lines.append(f"Last move: {LETTERS[(placed - 1) % 2]} {last[0]},{last[1]}")
    if outcome is not None:
        lines.append(game_over_line(outcome))
    return "\n".join(lines)


def outside_text(state: State, shown: tuple[int, int, int, int], rest: dict) -> str:
    """The line on the marks the window leaves out."""
    xmin, xmax, ymin, ymax = shown
    axmin, axmax, aymin, aymax = bounds(state, 0)
    nearest = ", ".join(f"{m['mark']} {m['x']},{m['y']}" for m in rest["nearest"])
    return (
        f"Shown: x {xmin}..{xmax}, y {ymin}..{ymax} (at most {WINDOW}×{WINDOW}, around the last "
        f"move). Outside: {rest['count']} marks (X {rest['X']}, O {rest['O']}); all marks span "
        f"x {axmin}..{axmax}, y {aymin}..{aymax}; nearest: {nearest}."
    )
