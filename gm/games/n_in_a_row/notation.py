"""N-in-a-row notation: reading a point from text, writing moves and the board.

A move ``("mark", "X", x, y)`` is written ``X 3,-2``: the seat's letter, then the point. The
reader also takes other forms, any case, extra words ignored: ``3,-2``, ``(3,-2)``,
``3 -2``, ``x=3 y=-2``, ``O at 3 -2``, ``place an O at 3,-2``, numbers in words (``three, minus
two``, ``x three y minus two``, ``three comma four``), ``the middle`` (0,0), and a point next
to a mark (``next to my last mark``, ``left of your last move``, ``next to it``: the last mark
on the board): one point is the move, several are asked back. A text
that names the *other* seat's letter, in any of these forms, is refused (rule ``wrong-mark``): a
seat places only its own mark.
"""

from __future__ import annotations

import re

from gm.games import words
from gm.games.base import (
    AmbiguousMoveError,
    IllegalMoveError,
    Move,
    Outcome,
    ParseError,
    State,
    game_over_line,
)
from gm.games.n_in_a_row.rules import (
    LETTERS,
    SEATS,
    bounds,
    check,
    hint,
    occupancy,
    outside,
    race_text,
    why_illegal,
    window,
)

EXPECTED = (
    "a point as 'X 0,0', 'O 1,-1', '(1,-1)' or '1 -1' (whole numbers x then y, also in words: "
    "'three, minus two'), or 'next to my last mark'"
)
BOARD_MARGIN = 1
MAX_ASKED = 5  # candidates named when a reference fits several points

_TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?|[-+]?\d+|[-+=:]", re.I)
_SIGNS = {"minus": -1, "negative": -1, "neg": -1, "-": -1, "plus": 1, "positive": 1, "+": 1}
_TENS = {"twenty": 20}
_DIRECTIONS = {
    "right": (1, 0), "east": (1, 0), "left": (-1, 0), "west": (-1, 0),
    "above": (0, 1), "up": (0, 1), "over": (0, 1), "north": (0, 1), "top": (0, 1),
    "upper": (0, 1), "lower": (0, -1),
    "below": (0, -1), "under": (0, -1), "down": (0, -1), "south": (0, -1), "beneath": (0, -1),
}  # fmt: skip
_NEAR = {"next", "beside", "near", "adjacent", "touching", "by", "nextto", "around"}
_NEXT = [[w] for w in _NEAR]  # "right next to": no direction
_ORIGIN = {"middle", "center", "centre", "origin"}  # "an X in the middle": 0,0
_MINE = {"my", "mine", "own"}
_SIZE = re.compile(r"\b\d+\s*[x×]\s*\d+\b", re.IGNORECASE)
_EMPHASIS = re.compile(
    r"\bright\s+(in|at|on|there|here|below|under|beneath|underneath|above|over)\b", re.IGNORECASE
)
_COUNTED = {
    "x's",
    "o's",
    "xs",
    "os",
    "marks",
    "pieces",
    "stones",
    "in",
    "more",
}  # "my two X's", "three in
# a row": a count, no coordinate
_STEPS = {"square", "squares", "space", "spaces", "cell", "cells", "step", "steps", "spot", "point"}
# "one square right of …": a distance, no coordinate
_IN_A_ROW = re.compile(r"\bin\s+a\s+(?:row|line)\b", re.IGNORECASE)
# a line's length said as the goal, no point: "make it 3, 0,2", "hago 3 en 0,2", "-2,4 pa tener 3"
_GOAL = re.compile(
    r"\b(?:make it|make|makes|to get|gets me|get me|gives me|gets|get|complete|completing|hago|"
    r"hacer|haciendo|para tener|"
    r"pa tener|tener|para hacer|pa hacer|completo|completar|completa)\s+(?:a\s+)?"
    r"(?:\d+|two|three|four|five|six|dos|tres|cuatro|cinco|seis)\b"  # "make it three"
    r"(?:\s+in\s+an?\s+(?:column|diagonal|stack)\b)?"  # "-2,4 to get 3 in a column"
    r"(?!\s*,\s*-?\d)"
    r"(?!\s+(?:in\s+a\s+(?:row|line)|en\s+raya)),?",
    re.IGNORECASE,
)
_HOW_LAID = {"vertically", "horizontally", "diagonally", "straight", "across", "long", "total"}
# "three vertically", "one below my pair": a number word before one of these (or a direction) is a
# count or a distance, no coordinate
_PRONOUN = {"last", "the", "that", "this", "my", "your", "first", "new", "other", "same", "latest"}
# words said of a mark between its owner and it ("their bottom O", "the lone X")
_SAID_OF_A_MARK = {"bottom", "top", "left", "right", "upper", "lower", "middle", "lone", "last",
                   "first", "new", "other", "single", "leftmost", "rightmost"}  # fmt: skip
# counted marks are marks on the board ("below their two o", "both x")
_MARKS_COUNTED = {"two", "three", "four", "both"}
_THEIRS = {
    "your",
    "yours",
    "their",
    "his",
    "her",
    "opponent",
    "opponent's",
    "other",
    "them",
    "they",
}


def render_move(move: Move) -> str:
    _, letter, x, y = move
    return f"{letter} {x},{y}"


def _counts_marks(toks: list[str], i: int) -> bool:
    """Whether the number word at ``i`` counts marks ("my two X", "three in a row", "las dos
    mías"), not a coordinate ("y minus one x two": there the X labels the next number)."""
    after = toks[i + 1] if i + 1 < len(toks) else ""
    if after == "inarow" or after in _MINE | {"mias", "mios", "tuyas", "suyas"}:
        return True  # "three in a row", "las dos mías" (the two of mine)
    then = toks[i + 2] if i + 2 < len(toks) else ""
    label = then in words.CARDINALS or then.lstrip("+-").isdigit() or then in _SIGNS
    return after in ("x", "o") and not (label or then in ("=", ":"))


_MAKING = {"make", "makes", "making", "get", "gets", "getting", "reach", "complete"}
# "stack one on top of …", "put one next to …": "one" is the mark placed, no coordinate
_PLACING = {"stack", "put", "place", "drop", "add", "throw", "stick", "slap"}


def _said_as_count(toks: list[str], i: int) -> bool:
    """Whether the number at ``i`` is a line's length or a count of marks by the words around
    it: after "make"/"get" ("to make 3"), or after "my"/"their" with no number after it ("on top
    of my two to make 3")."""
    before = toks[i - 1] if i else ""
    after = toks[i + 1] if i + 1 < len(toks) else ""
    if (
        (before in _PLACING and toks[i] == "one")
        or before in _MAKING
        or (
            after == "to"
            and not before.lstrip("+-").isdigit()  # "-1,0 to the left of my x": a point's y
            and toks[i + 2 : i + 4] in (["the", "right"], ["the", "left"])
        )
    ):
        return True  # "one to the right of the center": a distance
    follows = after in words.CARDINALS or after.lstrip("+-").isdigit() or after in (",", *_SIGNS)
    return before in _MINE | {"their", "his", "her"} and not follows


def _numbers(toks: list[str]) -> list[tuple[int, int]]:
    """(token index, value) of every number: digits, with a sign word before them ("minus
    two"), and number words ("three") when the text holds fewer than two digit numbers."""
    digits = sum(1 for t in toks if t.lstrip("+-").isdigit())
    out: list[tuple[int, int]] = []
    sign, i = 1, 0
    while i < len(toks):
        t = toks[i]
        value = None
        if (
            t.lstrip("+-").isdigit()
            and not (i + 1 < len(toks) and toks[i + 1] in _COUNTED | _HOW_LAID | {"inarow"})
            and not _said_as_count(toks, i)
        ):
            value = int(t)  # ("3 in a row", "to make 3": a count)
        elif digits < 2 and t in _TENS:
            value = _TENS[t]
            unit = words.CARDINALS.get(toks[i + 1]) if i + 1 < len(toks) else None
            if unit is not None and 0 < unit < 10:
                value, i = value + unit, i + 1
        elif (
            digits < 2
            and t in words.CARDINALS
            and not (t == "one" and i and toks[i - 1] in _PRONOUN)
            and not (i + 1 < len(toks) and toks[i + 1] in _STEPS | _COUNTED | _HOW_LAID)
            and not (i + 1 < len(toks) and toks[i + 1] in _ENDS and t in ("one", "two"))
            and not _counts_marks(toks, i)
            and not _said_as_count(toks, i)
        ):
            value = words.CARDINALS[t]  # "my last one", "that one": no number
        if value is not None:
            out.append((i, sign * value))
            sign = 1
        elif t in _SIGNS:
            sign = _SIGNS[t]
        elif t not in ("=", ":"):
            sign = 1
        i += 1
    return out


def _one_point(toks: list[str], numbers: list[tuple[int, int]]) -> bool:
    """Whether two numbers are said together as one point ("3,-2", "1 minus 2", "zero and
    one"), not apart in a sentence ("make it three … my two x's at -2": a count, then a
    column)."""
    (first, _), (second, _) = numbers
    between = toks[first + 1 : second]
    # the labels' signs ("x=0, y=-1") and a compound number's words ("twenty, twenty one")
    said = {",", "and", "y", "by", "=", ":", *_SIGNS, *_TENS, *words.CARDINALS}
    return len(between) <= 4 and all(t in said for t in between)


# words before a mark that make it one referred to ("the last O", "block o at -1,3")
_REFERS_TO_MARK = frozenset({"last", "latest", "block", "blocking", "stop", "cap", "cut"})
_BLOCKED_BY = frozenset({"block", "blocked", "blocking", "stop", "cut", "cap"})


def parse_move(text: str, state: State, seat: int) -> Move:
    """A legal move of ``seat`` (the seat to move) read from ``text``, or ParseError /
    IllegalMoveError (wrong-mark, off-grid, occupied, not-adjacent) / AmbiguousMoveError."""
    if not isinstance(text, str) or not text.strip():
        raise ParseError(str(text), EXPECTED)
    clean = text.replace("−", "-").replace("–", "-").replace("\u2019", "'")
    if re.search(r"\d[.]\d", clean):
        raise ParseError(text, "whole numbers; " + EXPECTED)
    clean = _SIZE.sub(" ", clean)  # "the little 3x3": a size, no point
    clean = _EMPHASIS.sub(r"\1", clean)  # "right in the center", "right under": no direction
    clean = _GOAL.sub(" ", clean)  # "make it 3, 0,2": the goal, no point
    clean = _IN_A_ROW.sub(" inarow ", clean)  # "3 in a row": a line's length, no row
    toks = [t.lower() for t in _TOKEN.findall(clean.replace(",", " , "))]
    toks = [t for t in toks if t != "comma"]
    numbers = _numbers(toks)
    labelled, labels = _labels(toks, numbers)
    found = _anchor(clean, numbers) if not labels else None
    anchor: int | None = None
    beside: list[str] = []
    if found is not None:  # "above 0,0", "to the right of the O at 1,1": the point beside it
        anchor, beside = found
        toks = toks[:anchor]  # the mark named in the anchor's words is no mark of this move
    letters = {  # "the last O", "their X", "O's column", "block o": a mark referred to, not the
        t.upper()  # move's own
        for i, t in enumerate(toks)
        if t in ("x", "o")
        and i not in labels
        and not (i and toks[i - 1] in _REFERS_TO_MARK | _THEIRS | _MARKS_COUNTED | {"the", "of"})
        # "their bottom O", "the last X": a word between the owner and the mark
        and not (i > 1 and toks[i - 2] in _THEIRS | {"the"} and toks[i - 1] in _SAID_OF_A_MARK)
        and not (i > 1 and toks[i - 1] == "of" and toks[i - 2] in _LINE_NOUNS)  # "column of O"
        and not (
            i > 2 and toks[i - 1] == "the" and toks[i - 2] == "of" and toks[i - 3] in _LINE_NOUNS
        )
        and not (i + 1 < len(toks) and toks[i + 1] in _LINE_NOUNS)
        and not (i + 1 < len(toks) and toks[i + 1] in _BLOCKED_BY)  # "X block 0,-1": theirs
    }
    if len(letters) > 1:
        raise ParseError(text, EXPECTED + "; name one mark at most")
    if labels:
        x, y = labelled["x"], labelled["y"]
    elif len(numbers) == 2 and _one_point(toks, numbers):
        x, y = numbers[0][1], numbers[1][1]
    elif not numbers and (corner := _corner(toks, state)) is not None:
        x, y = corner  # "top right corner of the little grid": the board as shown
    elif not numbers and set(toks) & _ORIGIN:
        x, y = 0, 0
        if set(toks) & (_NEAR | set(_DIRECTIONS)):  # "just above the middle"
            anchor, beside = 0, toks
    elif not numbers and _near(toks) and not _past_own_mark(clean, toks):
        x, y = None, None
    elif (by_marks := _by_marks(text, toks, numbers, state, seat)) is not None:
        return by_marks
    else:
        raise ParseError(text, EXPECTED)
    if letters and letters != {LETTERS[seat]}:
        mine, theirs = LETTERS[seat], letters.pop()
        point = f"{x},{y}" if x is not None else "x,y"
        raise IllegalMoveError(
            f"You are {mine}, not {theirs}: you place only your own mark, {mine} ({SEATS[seat]}).",
            rule="wrong-mark",
            hint=f"Write your point as '{mine} {point}' or just '{point}'.",
        )
    if anchor is not None and x is not None and y is not None:
        return _around(text, beside, x, y, state, seat, said=len(numbers) == 2)
    if x is None or y is None:
        return _next_to(text, toks, state, seat)
    return check(state, seat, x, y)


# a point named as the place beside the move, right before that point: "above 0,0", "left of
# the X at -1,2", "right next to 3,3", "above and to the right of the O at 1,1" (never "up to
# 0,2" or "below, 0,-1": there the point is the move's own)
_SIDE = (
    r"(?:above|below|under|beneath|underneath|(?:to\s+the\s+)?(?:left|right)\s+of|next\s+to|"
    r"beside|adjacent\s+to)"
)
_BESIDE = re.compile(
    rf"\b(?:(?:just|right|directly|diagonally)\s+)?(?:(?:up|down)\s+and\s+(?:to\s+the\s+)?)?"
    rf"{_SIDE}(?:\s+and\s+{_SIDE})?\s+"
    r"(?:(?:the|my|your|his|her|their)\s+)?(?:(?:[xo]|mark|one|stone)\s+(?:(?:at|on|in)\s+)?)?"
    r"(?=\(?\s*[-+]?\d+\s*,?\s*[-+]?\d+\s*\)?\s*(?:$|[^\d\s,]|\s+[^\d\s,]))",
    re.IGNORECASE,
)


_CORNER = frozenset({"corner", "corners"})
_HORIZONTAL = {"left": -1, "right": 1}
_VERTICAL = {"top": 1, "upper": 1, "bottom": -1, "lower": -1, "above": 1, "below": -1}


def _corner(toks: list[str], state: State) -> tuple[int, int] | None:
    """The corner of the grid as the board shows it ("top right corner", "구석 왼쪽 아래"),
    named by a word for corner, one side and one end; None otherwise."""
    if not _CORNER & set(toks):
        return None
    across = {_HORIZONTAL[t] for t in toks if t in _HORIZONTAL}
    up = {_VERTICAL[t] for t in toks if t in _VERTICAL}
    if len(across) != 1 or len(up) != 1:
        return None
    xmin, xmax, ymin, ymax = window(state, BOARD_MARGIN)
    return (xmax if across.pop() > 0 else xmin), (ymax if up.pop() > 0 else ymin)


def _anchor(clean: str, numbers: list[tuple[int, int]]) -> tuple[int, list[str]] | None:
    """The index of the first token of a point named as the place beside the move
    (:data:`_BESIDE`), and its words; None when the text names no such place, or more numbers
    than that point's two."""
    m = _BESIDE.search(clean)
    if m is None or len(numbers) != 2:
        return None
    start = len(_TOKEN.findall(clean[: m.start()].replace(",", " , ")))
    if numbers[0][0] < start:
        return None
    toks = [t.lower() for t in _TOKEN.findall(clean.replace(",", " , "))]
    said = len(_TOKEN.findall(m.group(0)))
    between = toks[start + said : numbers[0][0]]
    if {"x", "o", "xs", "os", "x's", "o's"} & set(between) and "at" not in between:
        return None  # "left of the X's, -1,1": beside a mark, and the point said after it
    return start, [t.lower() for t in _TOKEN.findall(m.group(0))]


_LINES = {"column", "columns", "row", "rows", "line", "lines", "pair", "diagonal", "vertical",
          "horizontal", "stack", "two", "three", "four", "inarow"}  # fmt: skip
# "O's column", "the X pair": a mark referred to
_LINE_NOUNS = _LINES - {"two", "three", "four", "inarow"}
_AXES = {
    "column": ((0, 1),), "vertical": ((0, 1),), "vertically": ((0, 1),), "stack": ((0, 1),),
    "row": ((1, 0),), "horizontal": ((1, 0),), "horizontally": ((1, 0),),
    "diagonal": ((1, 1), (1, -1)), "diagonally": ((1, 1), (1, -1)),
}  # fmt: skip
_ENDS = {
    "top": (0, 1), "above": (0, 1), "up": (0, 1), "over": (0, 1), "upper": (0, 1),
    "bottom": (0, -1), "below": (0, -1), "under": (0, -1), "down": (0, -1), "beneath": (0, -1),
    "lower": (0, -1), "underneath": (0, -1), "left": (-1, 0), "right": (1, 0),
}  # fmt: skip


def _line_end(
    text: str, toks: list[str], numbers: list[tuple[int, int]], state: State, seat: int
) -> Move:
    """The free end of a line of marks the words name ("block the top of his column", "block
    O's vertical pair from below", "extend my row to the left", "on top of my two at -2,3 and
    -2,2"): whose line (theirs, mine or a mark's letter), along which axis (a column, a row, a
    diagonal, or any), at which end (a direction, or either). One point fits: it; several are
    asked back; none is a ParseError — never a guess."""
    owner = _line_owner(toks, seat)
    axes = [a for w in toks for a in _AXES.get(w.removesuffix("s"), ())] or [
        (1, 0),
        (0, 1),
        (1, 1),
        (1, -1),
    ]
    ends = [_ENDS[w] for w in toks if w in _ENDS]
    occ = occupancy(state)
    if len(numbers) == 4:  # the line's two points are given
        points = [(numbers[0][1], numbers[1][1]), (numbers[2][1], numbers[3][1])]
        runs = [points] if all(occ.get(p) == owner for p in points) else []
    else:
        runs = _runs(occ, owner, axes)
    free: list[tuple[int, int]] = []
    for run in runs:
        (x0, y0), (x1, y1) = run[0], run[-1]
        dx, dy = (
            (x1 - x0) // max(abs(x1 - x0), abs(y1 - y0), 1),
            (y1 - y0) // max(abs(x1 - x0), abs(y1 - y0), 1),
        )
        for (ex, ey), (sx, sy) in (
            ((x1 + dx, y1 + dy), (dx, dy)),
            ((x0 - dx, y0 - dy), (-dx, -dy)),
        ):
            if ends and not any(_towards((sx, sy), e) for e in ends):
                continue
            if not why_illegal(state, ex, ey, occ)[0] and (ex, ey) not in free:
                free.append((ex, ey))
    if not free:
        raise ParseError(
            text, EXPECTED + "; no free end of such a line was found" if runs else EXPECTED
        )
    if len(free) == 1:
        return check(state, seat, *free[0])
    raise AmbiguousMoveError(text, [f"{LETTERS[seat]} {x},{y}" for x, y in free[:MAX_ASKED]])


def _by_marks(
    text: str, toks: list[str], numbers: list[tuple[int, int]], state: State, seat: int
) -> Move | None:
    """A point named by marks already placed, or None when the words name none: a line's free
    end ("block the top of his column"), else the point past a seat's marks ("under their
    bottom X")."""
    said = set(toks)
    blocks = bool(said & {"block", "cap", "stop", "cut"}) and bool(said & set(_ENDS))
    if len(numbers) in (0, 4) and (said & _LINES or blocks):  # "block them on top"
        try:
            return _line_end(text, toks, numbers, state, seat)
        except ParseError:
            if numbers or not said & set(_ENDS):
                raise
            return _beside_marks(text, toks, numbers, state, seat)
    if len(numbers) <= 1 and said & set(_ENDS) and said & (_MARK_WORDS | _LINES):
        return _beside_marks(text, toks, numbers, state, seat)
    return None


def _beside_marks(
    text: str, toks: list[str], numbers: list[tuple[int, int]], state: State, seat: int
) -> Move:
    """The point past a seat's marks in the direction the words say ("above my O", "under
    their bottom X", "on top of my pair at -2", "abajo de mi O", "상대 X 위쪽"): from each of the
    owner's marks (those on the line of a number given, "at -2"), along the direction while the
    owner's marks go on, the first point; one fits: it, several are asked back, none is a
    ParseError."""
    owner = _line_owner(toks, seat)
    ends = {_ENDS[w] for w in toks if w in _ENDS}
    if len(ends) == 2 and sorted(e[0] == 0 for e in ends) == [False, True]:
        ends = {(sum(e[0] for e in ends), sum(e[1] for e in ends))}  # "upper right": diagonal
    if len(ends) != 1:
        raise ParseError(text, EXPECTED)
    (dx, dy) = ends.pop()
    occ = occupancy(state)
    marks = [p for p, who in occ.items() if who == owner]
    if numbers:  # "my pair at -2": the marks on that column (or row, going sideways)
        n = numbers[0][1]
        marks = [p for p in marks if (p[0] if dx == 0 else p[1]) == n]
    free: list[tuple[int, int]] = []
    for x, y in sorted(marks):
        while occ.get((x + dx, y + dy)) == owner:
            x, y = x + dx, y + dy
        end = (x + dx, y + dy)
        if not why_illegal(state, *end, occ)[0] and end not in free:
            free.append(end)
    if not free:
        raise ParseError(text, EXPECTED)
    if len(free) == 1:
        return check(state, seat, *free[0])
    raise AmbiguousMoveError(text, [f"{LETTERS[seat]} {x},{y}" for x, y in free[:MAX_ASKED]])


_MARK_WORDS = {"x", "o", "x's", "o's", "xs", "os", "mark", "marks", "mine", "ones"}


def _line_owner(toks: list[str], seat: int) -> int:
    """Whose line the words name: a mark's letter ("O's pair"), the seat's own ("my row",
    "my other O"), theirs ("his column", "block …"), else the seat's own ("extend")."""
    letters = [t[0].upper() for t in toks if t in ("x", "o", "x's", "o's", "xs", "os")]
    if letters and len(set(letters)) == 1:
        return LETTERS.index(letters[0])
    said = set(toks)
    if said & _MINE:
        return seat
    for i, t in enumerate(toks):
        if t in ("x's", "o's") or (
            t in ("x", "o") and i + 1 < len(toks) and toks[i + 1] in _LINE_NOUNS | {"'s", "s"}
        ):
            return LETTERS.index(t[0].upper())
    said = set(toks)
    if said & _THEIRS or said & {"block", "cap", "stop", "cut"}:
        return 1 - seat
    return seat


def _runs(
    occ: dict[tuple[int, int], int], owner: int, axes: list[tuple[int, int]]
) -> list[list[tuple[int, int]]]:
    """Every maximal line of two or more of ``owner``'s marks along the given axes."""
    runs = []
    for (x, y), who in sorted(occ.items()):
        if who != owner:
            continue
        for dx, dy in axes:
            if occ.get((x - dx, y - dy)) == owner:
                continue  # not the line's first mark
            run = [(x, y)]
            while occ.get((run[-1][0] + dx, run[-1][1] + dy)) == owner:
                run.append((run[-1][0] + dx, run[-1][1] + dy))
            if len(run) >= 2:
                runs.append(run)
    return runs


def _towards(step: tuple[int, int], end: tuple[int, int]) -> bool:
    """Whether a line's end reached by ``step`` lies in the direction ``end`` names."""
    return bool((end[0] and step[0] == end[0]) or (end[1] and step[1] == end[1]))


def _labels(toks: list[str], numbers: list[tuple[int, int]]) -> tuple[dict[str, int], set[int]]:
    """The point written with axis labels ("x=3 y=-2", "x three y minus two"): the values by
    label and the labels' token indices, or nothing when not both labels are given."""
    at = dict(numbers)
    labelled: dict[str, int] = {}
    labels: set[int] = set()
    for i, t in enumerate(toks):
        j = i + 1
        while j < len(toks) and (toks[j] in ("=", ":") or toks[j] in _SIGNS):
            j += 1
        if t in ("x", "y") and j in at and t not in labelled:
            labelled[t] = at[j]
            labels.add(i)
    if set(labelled) != {"x", "y"}:
        return {}, set()
    return labelled, labels


# one's own mark named as where the move goes past ("put mine right on top of my other O"):
# "mine" there is the mark placed, not the last one
_OWN_MARK = re.compile(r"\bmy (?:other |own |lone |single )?[xo]\b", re.IGNORECASE)


def _past_own_mark(clean: str, toks: list[str]) -> bool:
    """Whether the words place the move past one of the seat's own marks, named by its letter,
    in a direction ("on top of my other O"): read from the marks, not beside the last move."""
    return bool(_OWN_MARK.search(clean)) and bool(set(toks) & set(_ENDS))


def _near(toks: list[str]) -> bool:
    """Whether the words place the move beside the last mark: a direction and "last", "mark",
    "mine", or "it" as the place ("next to it", "above it"; not "put it under their pair")."""
    said = set(toks)
    anchor = any(
        t == "it" and i and toks[i - 1] in _NEAR | set(_DIRECTIONS) | {"of", "to"}
        for i, t in enumerate(toks)
    )
    # "put mine under their two x's": "mine" placed is the mark of the move, no anchor
    placed = {t for i, t in enumerate(toks) if t == "mine" and i and toks[i - 1] in _PLACING}
    return bool(said & (_NEAR | set(_DIRECTIONS))) and bool(
        (said - placed) & {"last", "mark", "move", "mine"} or anchor
    )


def _next_to(text: str, toks: list[str], state: State, seat: int) -> Move:
    """A point next to the seat's own last mark ("my last mark") or the last mark on the board
    ("your last move", "the last mark"), in a direction when one is named ("left of my last
    mark", "above and to the right of ..."); asked back when several empty points fit."""
    said = set(toks)
    marks = state["marks"]
    own = bool(said & _MINE) and not said & _THEIRS
    placed = marks[seat::2] if own else marks
    named = [t.upper() for i, t in enumerate(toks[1:]) if t in ("x", "o") and toks[i] == "last"]
    if named:  # "right of the last O": that mark's seat's last one
        placed = marks[LETTERS.index(named[0]) :: 2]
    if not placed:
        whose = "You have" if own else "The board has"
        raise IllegalMoveError(
            f"{whose} no mark yet to place next to.", rule="no-mark", hint=hint(state, seat)
        )
    ax, ay = placed[-1]
    return _around(text, toks, ax, ay, state, seat)


def _steps(toks: list[str]) -> tuple[int, int]:
    """The offset the directions say, each as far as the count said before it ("two up and two
    right" → 2,2; "two squares right" → 2,0), else as far as the words say overall
    (:func:`_distance`), else one step."""
    far = _distance(toks)
    dx = dy = 0
    seen: set[tuple[int, int]] = set()
    for i, t in enumerate(toks):
        d = _DIRECTIONS.get(t)
        if d is None or d in seen:
            continue
        seen.add(d)
        n = _count_before(toks, i)
        dx, dy = dx + d[0] * (n or far), dy + d[1] * (n or far)
    return dx, dy


def _count_before(toks: list[str], i: int) -> int | None:
    """The count said right before the direction at ``i`` ("two up", "2 squares left")."""
    for j in (i - 1, i - 2):
        if j < 0 or (j == i - 2 and toks[i - 1] not in _STEPS):
            continue
        t = toks[j]
        n = int(t) if t.isdigit() else words.CARDINALS.get(t)
        if n is not None and 1 <= n <= 20:
            return n
    return None


def _distance(toks: list[str]) -> int:
    """How many steps the words say ("two squares", "3 spaces"), the last said ("two squares…
    no, one square left"): 1 when they say none."""
    for i in range(len(toks) - 2, -1, -1):
        t = toks[i]
        if toks[i + 1] in _STEPS:
            n = int(t) if t.isdigit() else words.CARDINALS.get(t)
            if n is not None and 1 <= n <= 20:
                return n
    return 1


def _around(
    text: str, toks: list[str], ax: int, ay: int, state: State, seat: int, said: bool = False
) -> Move:
    """The point beside ``ax,ay`` in the direction the words say, or its one empty neighbour
    when they say none; several empty neighbours are asked back. ``said``: the point was given
    by its numbers (then, when it is empty, it may be the move's own: both asked back)."""
    toks = [  # "right next to", "right above": no direction of its own
        t
        for i, t in enumerate(toks)
        if not (
            t == "right"
            and i + 1 < len(toks)
            and (toks[i + 1] in _NEAR or toks[i + 1] in _DIRECTIONS)
        )
    ]
    dx, dy = _steps(toks)
    occ = occupancy(state)
    if dx or dy:
        beyond, point = (ax + dx, ay + dy), (ax, ay)
        own = said and point not in occ
        if own and not any(why_illegal(state, *p, occ)[0] for p in (beyond, point)):
            # "tapo abajo de sus O en -1,0", "0,-1 아래로 늘려서": beside an empty point said by
            # its numbers, the point may be the move's own (the direction says where it is)
            raise AmbiguousMoveError(text, [f"{LETTERS[seat]} {x},{y}" for x, y in (beyond, point)])
        return check(state, seat, *beyond)
    around = sorted(
        ((ax + i, ay + j) for i in (-1, 0, 1) for j in (-1, 0, 1) if i or j),
        key=lambda p: (abs(p[0] - ax) + abs(p[1] - ay), -p[1], p[0]),
    )
    free = [p for p in around if not why_illegal(state, *p, occ)[0]]
    if not free:
        raise IllegalMoveError(
            f"Every point next to {ax},{ay} is taken.", rule="occupied", hint=hint(state, seat)
        )
    if len(free) == 1:
        return check(state, seat, *free[0])
    raise AmbiguousMoveError(text, [f"{LETTERS[seat]} {x},{y}" for x, y in free[:MAX_ASKED]])


def render(state: State, seat: int | None, outcome: Outcome | None = None) -> str:
    """The board (the same for every seat: nothing is hidden): a header, the grid of the marks'
    bounding box grown by BOARD_MARGIN (y grows upward) — when that is too large for an answer,
    a window around the last mark, with a line on the marks outside —, the race and the last
    move; once over, no turn in the header and the game-over line last. The turn shown never
    passes the cap."""
    occ = occupancy(state)
    shown = window(state, BOARD_MARGIN)
    xmin, xmax, ymin, ymax = shown
    placed = len(state["marks"])
    cap = state["options"]["max_turns"]
    if outcome is None:
        to_move = placed % 2
        head = f"N-in-a-row · {SEATS[to_move]} to move · turn {min(placed + 1, cap)} of {cap}"
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
        f"Shown: x {xmin}..{xmax}, y {ymin}..{ymax} (a window around the last move: all the "
        f"marks do not fit one answer). Outside: {rest['count']} marks (X {rest['X']}, "
        f"O {rest['O']}); all marks span "
        f"x {axmin}..{axmax}, y {aymin}..{aymax}; nearest: {nearest}."
    )
