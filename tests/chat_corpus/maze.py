"""Mystique Maze phrasings: references to the drawn card, ordinals, partial cards, typos, in two-
and three-seat games, in the draw and the discard step (positions reached by real moves)."""

from __future__ import annotations

import random

from gm.games import GAMES
from gm.games.table import Table
from tests.chat_corpus import Case, State


def reach(seed: int, plies: int, players: int, then: tuple | None = None) -> State:
    """The state after ``plies`` random legal moves from ``seed`` (and the move ``then``)."""
    game = GAMES["maze"]
    table = Table(game, Table.new_document(game, [{"kind": "human"}] * players, seed, None, None))
    rng = random.Random(seed)
    for _ in range(plies):
        seat = table.to_move()
        table.play(seat, rng.choice(table.legal_moves(seat)))
    if then is not None:
        table.play(table.to_move(), then)
    return table.state


def two_draw() -> State:  # B to draw; hand 1RS 2YS 2RC 3YS 3YM 3RA 5YC 5RM; pile 5YM
    return reach(1, 5, 2)


def two_discard() -> State:  # B drew 5BS from the deck; hand 1RS 2YS 2RC 3YS 3YM 3RA 5YC 5RM 5BS
    return reach(1, 5, 2, ("draw", "deck"))


def three_draw() -> State:  # A to draw; hand 1RC 2YM 2BA 4YA 4RS 4BS 5BM 5BC; pile 2YA
    return reach(4, 14, 3)


def three_discard() -> State:  # A took 2YA from the pile; hand 1RC 2YM 2YA 2BA 4YA 4RS 4BS 5BM 5BC
    return reach(4, 14, 3, ("draw", "pile"))


def late_draw() -> State:  # turn 26, B to draw; hand 1YA 2RM 3BM 4YC 4YA 4BM 5RS 5RC; pile 3RA
    return reach(6, 30, 2)


def _case(position, seat, text, intended, note):
    return Case("maze", position, seat, text, intended, note)


CASES = [
    # the discard step after drawing from the deck (two seats)
    _case(two_discard, 1, "discard the card I just drew", "DISCARD 5BS", "the drawn card"),
    _case(two_discard, 1, "throw away what I drew", "DISCARD 5BS", "what I drew"),
    _case(two_discard, 1, "get rid of the new card", "DISCARD 5BS", "the new card"),
    _case(two_discard, 1, "get rid of the three of yellow moons", "DISCARD 3YM", "issue misread"),
    _case(two_discard, 1, "keep the drawn card and discard the 3 of red arms", "DISCARD 3RA",
          "keep clause"),
    _case(two_discard, 1, "discrad 5rm", "DISCARD 5RM", "typo"),
    _case(two_discard, 1, "discard my second card", "DISCARD 2YS", "ordinal"),
    _case(two_discard, 1, "Discard the last card in my hand.", "DISCARD 5BS", "last card"),
    _case(two_discard, 1, "ok, I'll toss my blue sun", "DISCARD 5BS", "colour and suit only"),
    _case(two_discard, 1, "discard the red arms please", "DISCARD 3RA", "colour and suit only"),
    _case(two_discard, 1, "drop my ace", "DISCARD 1RS", "the only ace"),
    _case(two_discard, 1, "discard a three", "DISCARD 3YS", "several threes: asked"),
    _case(two_discard, 1, "discard card number 4", "DISCARD 3YS", "card number"),
    _case(two_discard, 1, "hmm... throw out the red crowns!", "DISCARD 2RC", "filler, punctuation"),
    # the draw step (two seats)
    _case(two_draw, 1, "draww", "DRAW DECK", "typo"),
    _case(two_draw, 1, "I'll draw a card", "DRAW DECK", "draw means the deck"),
    _case(two_draw, 1, "take the yellow moon from the pile", "DRAW PILE", "pile card by colour"),
    _case(two_draw, 1, "grab the five", "DRAW PILE", "pile card by number"),
    _case(two_draw, 1, "take the pile card and discard my red moon", "PILE 5RM",
          "one-step form with a partial card"),
    _case(two_draw, 1, "pick up the 5 of yellow moons and get rid of my first card", "PILE 1RS",
          "one-step form with an ordinal"),
    _case(two_draw, 1, "take from the pile and throw away the two of red crowns", "PILE 2RC",
          "get rid of in the one-step form"),
    # three seats, after taking 2YA from the pile
    _case(three_discard, 0, "discard what I just picked up", "DISCARD 2YA", "the card taken"),
    _case(three_discard, 0, "get rid of the one I took", "DISCARD 2YA", "the one I took"),
    _case(three_discard, 0, "discard my red sun", "DISCARD 4RS", "partial card"),
    _case(three_discard, 0, "throw away the 1", "DISCARD 1RC", "the only 1"),
    _case(three_discard, 0, "discard the fourth card", "DISCARD 2BA", "ordinal"),
    _case(three_discard, 0, "discard my third card", "DISCARD 2YA", "ordinal"),
    _case(three_discard, 0, "I'll let go of the five of blue crowns", "DISCARD 5BC", "let go of"),
    # three seats, to draw
    _case(three_draw, 0, "draw from the deck please", "DRAW DECK", "deck"),
    _case(three_draw, 0, "take the yellow arms", "DRAW PILE", "pile card by colour and suit"),
    _case(three_draw, 0, "take the pile and discard my last card", "PILE 5BC", "last card"),
    _case(three_draw, 0, "pick up the discard and get rid of my red crown", "PILE 1RC",
          "partial card"),
    # late in a two-seat game
    _case(late_draw, 1, "drawww from the deck", "DRAW DECK", "typo"),
    _case(late_draw, 1, "take the three", "DRAW PILE", "pile card by number"),
    _case(late_draw, 1, "take the pile and discard the fourth card in my hand", "PILE 4YC",
          "ordinal in hand"),
    _case(late_draw, 1, "take the red arms and discard my 2", "PILE 2RM", "two partial cards"),
]  # fmt: skip
