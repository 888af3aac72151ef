"""Masul moves as people write them, on four positions of seed 3 reached by real plays.

Row 3 starts with 7♣-8♣-9♣-J♦-6♥-K♥-8♠-Q♠-K♠, Row 1 with 2♣-4♣-5♣-Q♣-A♦-2♥-8♥-J♥-5♠; the Field
Cards are 3♠-7♥-7♠-4♠-X♥-7♦-X♦. Hands are listed in the board's order (♣ ♦ ♥ ♠, then rank), the
order "my second card" counts in.
"""

from __future__ import annotations

from functools import partial

from gm.games import get_engine
from tests.chat_corpus import Case, State

GAME = "masul"
ENGINE = get_engine(GAME)


def _position(plays: tuple[str, ...]) -> State:
    state = ENGINE.new_state(3, ENGINE.options({}), 2)
    for text in plays:
        seat = ENGINE.to_move(state)
        state, _ = ENGINE.apply(state, seat, ENGINE.parse_move(text, state, seat))
    return state


START: tuple[str, ...] = ()  # Row 3 to move, nine cards each
# Row 3 to move; Row 1 has a face-down card in C1 (to challenge); Row 3 holds
# 7♣-9♣-6♥-K♥-8♠-Q♠-K♠
CHALLENGE_ROW3 = ("8♣ C2 FD", "2♥ C1 FD", "J♦ C5", "Q♣ C4")
# Row 1 to move; Row 3 has a face-down card in C2; Row 1 holds 2♣-4♣-5♣-A♦-8♥-J♥-5♠
CHALLENGE_ROW1 = (*CHALLENGE_ROW3, "K♥ C3")
# Row 1 to move after a field replacement (C2 is now 7♣); Row 1 holds 2♣-4♣-5♣-8♥-J♥-5♠,
# its open columns are C2, C3, C5, C7
LATE_ROW1 = (*CHALLENGE_ROW1, "A♦ C6", "7♣ FC2")


def _cases(plays: tuple[str, ...], seat: int, pairs: list[tuple[str, str, str]]) -> list[Case]:
    at = partial(_position, plays)
    return [Case(GAME, at, seat, text, move, note) for text, move, note in pairs]


CASES = [
    *_cases(
        START,
        0,
        [
            ("play the seven of clubs in the third column", "7♣ C3", "ordinal column"),
            ("7c in column three", "7♣ C3", "column in words"),
            ("put my jack in colum 4", "J♦ C4", "rank alone, typo"),
            ("the jack, collumn 2", "J♦ C2", "rank alone, typo"),
            ("my six in the middle column", "6♥ C4", "middle column"),
            ("play a diamond in column 1", "J♦ C1", "the only diamond"),
            ("put a club in column 2", "7♣ C2", "three clubs: asked"),
            ("my first card in the last column", "7♣ C7", "hand position, last column"),
            ("play my last card face down in column five", "K♠ C5 FD", "last card in hand"),
            ("the second card in my hand, col 6", "8♣ C6", "hand position"),
            ("replace the feild card of column 2 with my seven", "7♣ FC2", "typo, field"),
            ("7 of clubs on the third field card", "7♣ FC3", "ordinal Field Card"),
            ("my lowest club in the first column", "7♣ C1", "lowest of a suit"),
            ("my highest heart, column 7, face down", "K♥ C7 FD", "highest of a suit"),
            ("ok so... K♠ → C3!!", "K♠ C3", "filler and punctuation"),
            ("hidden: queen of spades, the fourth column", "Q♠ C4 FD", "any order"),
            ("the king of hearts goes in column seven please", "K♥ C7", "column in words"),
            ("c 5 the nine", "9♣ C5", "column first, rank alone"),
            ("i'll put the 6 of hearts face-down in column #2", "6♥ C2 FD", "filler"),
            ("the king in column 1", "K♥ C1", "two kings: asked"),
            ("queen of spades in the fifth collumn", "Q♠ C5", "typo, ordinal"),
            ("Nine of clubs -> column #6", "9♣ C6", "arrow and number sign"),
            ("put the 8 of spades in the 1st column, face up", "8♠ C1", "face up said"),
        ],
    ),
    *_cases(
        CHALLENGE_ROW3,
        0,
        [
            (
                "challenge the face down card in column 1 with my seven of clubs",
                "7♣ C1",
                "challenge is face up",
            ),
            ("challenge their fd with the queen of spades", "Q♠ C1", "the only face-down card"),
            ("play 9c against the face down card", "9♣ C1", "against a face-down card"),
            ("my eight in the 3rd column", "8♠ C3", "rank alone, ordinal digits"),
            ("the queen in column six", "Q♠ C6", "rank alone, column in words"),
            ("play my 6 on the last column face down", "6♥ C7 FD", "last column"),
            ("the second card, column 3", "9♣ C3", "hand position mid-game"),
            ("swap the 7 of hearts field card for my 7 of clubs", "7♣ FC2", "field by name"),
        ],
    ),
    *_cases(
        CHALLENGE_ROW1,
        1,
        [
            (
                "challenge the face down card in column 2 with my ace",
                "A♦ C2",
                "Row 1 challenges with a rank alone",
            ),
            ("challenge column two with the 5 of clubs", "5♣ C2", "challenge, column in words"),
            ("my ace of diamonds into the sixth column", "A♦ C6", "ordinal column"),
            ("the jack in colum 7", "J♥ C7", "typo"),
            ("play a spade in column 3", "5♠ C3", "the only spade"),
            ("put my highest club face down in column 7", "5♣ C7 FD", "highest club"),
            ("replace the fourth field card with my four", "4♣ FC4", "ordinal Field Card"),
            ("8 of hearts, column 5", "8♥ C5", "face up opposite a face-up card"),
            ("my first card in the 2nd column face up", "2♣ C2", "hand position, face up"),
        ],
    ),
    *_cases(
        LATE_ROW1,
        1,
        [
            ("the five of spades in the 5th column", "5♠ C5", "ordinal digits"),
            ("my last card, column three", "5♠ C3", "last card in hand"),
            ("a spade in column 7, hidden", "5♠ C7 FD", "the only spade, face down"),
            ("Column 5: my 8", "8♥ C5", "the only eight"),
            ("the lowest heart in col seven", "8♥ C7", "lowest of a suit"),
            ("challenge c2 with my jack", "J♥ C2", "challenge, rank alone"),
        ],
    ),
]
