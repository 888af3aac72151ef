"""So-Lon-Yo picks as people write them, on six positions reached by real picks: with the
cards shown (``defiant_sees_cards``) and blind, each seat as the defiant."""

from __future__ import annotations

from functools import partial

from gm.games import get_engine
from tests.chat_corpus import Case, State

GAME = "solonyo"
ENGINE = get_engine(GAME)


def _position(seed: int, picks: tuple[int, ...], sees: bool) -> State:
    state = ENGINE.new_state(seed, ENGINE.options({"defiant_sees_cards": sees}), 2)
    for n in picks:
        state, _ = ENGINE.apply(state, ENGINE.to_move(state), ("pick", n))
    return state


def _cases(at, seat: int, pairs: list[tuple[str, str, str]]) -> list[Case]:
    return [Case(GAME, at, seat, text, move, note) for text, move, note in pairs]


# P1 defiant, shown 10♥ 7♣ Q♥ against 2♣
SHOWN_P1 = partial(_position, 0, (), True)
# P2 defiant, shown 7♥ 4♦ 5♠ against 10♠
SHOWN_P2 = partial(_position, 1, (1,), True)
# P2 defiant, shown K♣ 3♣ K♥ against A♣ (two kings)
KINGS_P2 = partial(_position, 1, (1,) * 7, True)
BLIND_P1 = partial(_position, 2, (), False)
BLIND_P2 = partial(_position, 2, (3,), False)  # the roles swapped
BLIND_P1_LATE = partial(_position, 2, (3,) * 5, False)  # P1 defiant again, 11 points

CASES = [
    *_cases(
        SHOWN_P1,
        0,
        [
            ("the queen", "PICK 3", "rank alone"),
            ("i'll take the middle one", "PICK 2", "'one' is a pronoun"),
            ("PICK 2 as usual", "PICK 2", "'as' is no ace"),
            ("the seven", "PICK 2", "rank in words"),
            ("my ten", "PICK 1", "rank in words"),
            ("the 10 of hearts please", "PICK 1", "the card"),
            ("go with the one on the right", "PICK 3", "side"),
            ("the highest card", "PICK 3", "highest against the challenger's card"),
            ("the lowest one", "PICK 2", "lowest"),
            ("first card", "PICK 1", "ordinal"),
            ("the Q♥", "PICK 3", "the card"),
        ],
    ),
    *_cases(
        SHOWN_P2,
        1,
        [
            ("the four", "PICK 2", "rank in words"),
            ("the leftmost card", "PICK 1", "side"),
            ("thrid card", "PICK 3", "typo"),
            ("number two", "PICK 2", "number word"),
            ("pick the 5 of spades", "PICK 3", "the card"),
            ("the 7", "PICK 1", "rank in digits"),
            ("right one", "PICK 3", "side"),
        ],
    ),
    *_cases(
        KINGS_P2,
        1,
        [
            ("the king", "PICK 1", "two kings: asked"),
            ("the king of hearts", "PICK 3", "the card"),
            ("the middle card", "PICK 2", "middle"),
            ("the 3 of clubs", "PICK 2", "the card, not position 3"),
        ],
    ),
    *_cases(
        BLIND_P1,
        0,
        [
            ("middle", "PICK 2", "middle"),
            ("the first one", "PICK 1", "ordinal and pronoun"),
            ("i'll go with the last card", "PICK 3", "last"),
            ("pick one", "PICK 1", "'one' after pick is a number"),
            ("2nd", "PICK 2", "ordinal digits"),
            ("PICK 2 as usual", "PICK 2", "'as' is no ace"),
            ("uhh the right one I guess", "PICK 3", "filler"),
        ],
    ),
    *_cases(
        BLIND_P2,
        1,
        [
            ("i'll take the middle one", "PICK 2", "'one' is a pronoun"),
            ("the left card", "PICK 1", "side"),
            ("card number three", "PICK 3", "number word"),
            ("thrid", "PICK 3", "typo alone"),
            ("let's try the second one", "PICK 2", "ordinal"),
        ],
    ),
    *_cases(
        BLIND_P1_LATE,
        0,
        [
            ("midle one please", "PICK 2", "typo"),
            ("1", "PICK 1", "digit"),
            ("the one on the left", "PICK 1", "pronoun and side"),
            ("the third card", "PICK 3", "ordinal"),
            ("pick #2", "PICK 2", "number sign"),
        ],
    ),
]
