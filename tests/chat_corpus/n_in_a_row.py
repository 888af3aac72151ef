"""N-in-a-row: points as people write them (numbers in words, labels, punctuation, next to a
mark), on positions reached by real play, for both seats and both placements."""

from __future__ import annotations

from functools import partial

from gm.games.n_in_a_row import ENGINE
from tests.chat_corpus import Case, State

GAME = "n-in-a-row"


def reached(*texts: str, **options) -> State:
    state = ENGINE.new_state(1, ENGINE.options(options), 2)
    for text in texts:
        seat = ENGINE.to_move(state)
        state, _ = ENGINE.apply(state, seat, ENGINE.parse_move(text, state, seat))
    return state


FRESH = partial(reached)  # x places the first mark
O_TO_MOVE = partial(reached, "X 0,0", "O 1,0", "X 0,1")
X_TO_MOVE = partial(reached, "X 0,0", "O 1,0", "X 0,1", "O 1,1")
ADJACENT = partial(reached, "X 0,0", "O 1,0", "X 0,1", "O 2,0", "X -1,-1", placement="adjacent")

SX, SO = 0, 1
_CASES = [
    (O_TO_MOVE, SO, "three four", "O 3,4", "numbers in words"),
    (O_TO_MOVE, SO, "x three y minus two", "O 3,-2", "axis labels and words"),
    (O_TO_MOVE, SO, "at 3, 4", "O 3,4", "at, comma"),
    (O_TO_MOVE, SO, "(3 , 4)", "O 3,4", "spaced parentheses"),
    (O_TO_MOVE, SO, "three comma four", "O 3,4", "comma in words"),
    (O_TO_MOVE, SO, "minus one, two", "O -1,2", "minus in words"),
    (O_TO_MOVE, SO, "O at two, two", "O 2,2", "own letter first"),
    (O_TO_MOVE, SO, "put my o at minus two, negative three", "O -2,-3", "negative in words"),
    (O_TO_MOVE, SO, "above my last mark", "O 1,1", "above the own last mark"),
    (O_TO_MOVE, SO, "right of my last mark", "O 2,0", "right of the own last mark"),
    (O_TO_MOVE, SO, "below and to the left of your last move", "O -1,0",
     "diagonal of the other's last mark"),
    (O_TO_MOVE, SO, "I'll go 5 5", "O 5,5", "filler"),
    (O_TO_MOVE, SO, "y = 2, x = -3", "O -3,2", "labels in any order"),
    (O_TO_MOVE, SO, "place an O at zero, minus one", "O 0,-1", "zero in words"),
    (O_TO_MOVE, SO, "next to my last mark", "O 1,1", "several points fit: asked"),
    (X_TO_MOVE, SX, "X at minus one, minus one", "X -1,-1", "own letter, words"),
    (X_TO_MOVE, SX, "four, four", "X 4,4", "words with a comma"),
    (X_TO_MOVE, SX, "x four y four", "X 4,4", "labels in words"),
    (X_TO_MOVE, SX, "put an x on 2,2", "X 2,2", "own letter mid-sentence"),
    (X_TO_MOVE, SX, "mark (−2, 3)", "X -2,3", "typographic minus"),
    (X_TO_MOVE, SX, "X: x=2 y=-1", "X 2,-1", "letter and labels"),
    (X_TO_MOVE, SX, "above my last mark", "X 0,2", "above the own last mark"),
    (X_TO_MOVE, SX, "to the left of my last mark", "X -1,1", "left of the own last mark"),
    (X_TO_MOVE, SX, "twenty, twenty one", "X 20,21", "compound number words"),
    (X_TO_MOVE, SX, "at 3, -3 please", "X 3,-3", "polite filler"),
    (ADJACENT, SO, "below my last mark", "O 2,-1", "adjacent placement, below"),
    (ADJACENT, SO, "three, one", "O 3,1", "adjacent placement, words"),
    (ADJACENT, SO, "left of the last mark", "O -2,-1", "left of the last mark on the board"),
    (ADJACENT, SO, "minus one comma minus two", "O -1,-2", "words only"),
    (FRESH, SX, "zero zero", "X 0,0", "first mark in words"),
    (FRESH, SX, "put an x in the middle", "X 0,0", "the middle: the origin"),
    (FRESH, SX, "center", "X 0,0", "the centre, one word"),
    (X_TO_MOVE, SX, "above it", "X 1,2", "above the last mark on the board"),
    (X_TO_MOVE, SX, "right of it", "X 2,1", "right of the last mark on the board"),
    (FRESH, SX, "X (0, 0)", "X 0,0", "letter and parentheses"),
    (FRESH, SX, "one, two", "X 1,2", "one is a number here"),
]  # fmt: skip

CASES = [
    Case(GAME, position, seat, text, intended, note)
    for position, seat, text, intended, note in _CASES
]
