"""Your Trumps: moves as people write them, on positions reached by real play from a seed.

Positions: the trump choice (south, then north), south's first lead, and mid-game positions for
both seats (south facing its own trump, north facing a diamond and a club). The hands are those
the seed deals; the heuristic AI plays the moves up to the position."""

from __future__ import annotations

import random
from functools import partial

from gm.games.trumps import ENGINE
from gm.games.trumps.ai import LEVELS
from tests.chat_corpus import Case, State

GAME = "trumps"


def reached(seed: int, plies: int, trumps: tuple[str, ...] = ("♥", "♠")) -> State:
    """South chooses ♥, north ♠ (as many as ``trumps`` holds), then ``plies`` heuristic moves."""
    state = ENGINE.new_state(seed, ENGINE.options({}), 2)
    for seat, suit in enumerate(trumps):
        state, _ = ENGINE.apply(state, seat, ("trump", suit))
    for k in range(plies):
        seat = ENGINE.to_move(state)
        legal = ENGINE.legal_moves(state, seat)
        view = ENGINE.view(state, seat, None)
        move = LEVELS["heuristic"](ENGINE, view, seat, legal, random.Random(k))
        state, _ = ENGINE.apply(state, seat, move)
    return state


CHOOSING = partial(reached, 1, 0, ())  # south chooses a trump
NORTH_CHOOSES = partial(reached, 1, 0, ("♥",))  # north chooses; ♥ is south's
# south leads: 6♣ 7♣ 9♣ Q♣ · 6♦ 7♦ 8♦ 9♦ J♦ K♦ A♦ · 6♥ 7♥ 9♥ J♥ K♥ A♥ · 10♠ K♠ (trump ♥)
LEAD = partial(reached, 3, 0)
# south faces Q♥, its own trump: 9♦ J♦ K♦ A♦ · K♥ A♥ · 10♠ K♠
UNDER_OWN_TRUMP = partial(reached, 3, 12)
# south faces 9♥, its own trump: Q♣ · 8♥ 10♥ Q♥ K♥ A♥ · Q♠
UNDER_NINE = partial(reached, 11, 16)
# north (trump ♠) faces J♦: 9♦ · Q♥ K♥ · 8♠ 9♠ J♠ Q♠ A♠
NORTH_ON_DIAMOND = partial(reached, 3, 15)
# north (trump ♠) faces Q♣: Q♦ · J♥ · K♠ A♠
NORTH_ON_CLUB = partial(reached, 11, 17)

S, N = 0, 1
_CASES = [
    (CHOOSING, S, "I'll take hearts as my trump", "TRUMP ♥", "trump in a sentence"),
    (CHOOSING, S, "hearts are my trumps", "TRUMP ♥", "trump in a sentence"),
    (CHOOSING, S, "trump: spades", "TRUMP ♠", "label and colon"),
    (CHOOSING, S, "clubs please", "TRUMP ♣", "a suit alone"),
    (CHOOSING, S, "let's make diamonds trump", "TRUMP ♦", "trump in a sentence"),
    (CHOOSING, S, "I choose hearst", "TRUMP ♥", "typo"),
    (NORTH_CHOOSES, N, "spades for me", "TRUMP ♠", "north's choice"),
    (NORTH_CHOOSES, N, "I'll go with clubs as trump.", "TRUMP ♣", "north's choice"),
    (LEAD, S, "lead my lowest club", "LEAD 6♣", "superlative in a suit"),
    (LEAD, S, "play my highest trump", "LEAD A♥", "superlative of the own trump"),
    (LEAD, S, "I'll lead the queen", "LEAD Q♣", "rank alone, one queen held"),
    (LEAD, S, "lead my 10", "LEAD 10♠", "rank alone in digits"),
    (LEAD, S, "my smallest diamond", "LEAD 6♦", "superlative, no verb"),
    (LEAD, S, "play my last card", "LEAD K♠", "the last card of the hand as shown"),
    (LEAD, S, "lead the nine of diamonds!", "LEAD 9♦", "card in words, punctuation"),
    (LEAD, S, "ok, lead my highest spade", "LEAD K♠", "filler, superlative"),
    (UNDER_OWN_TRUMP, S, "beat it with the king of hearts and my lowest diamond",
     "BEAT K♥ 9♦", "card and superlative"),
    (UNDER_OWN_TRUMP, S, "cover the queen with my highest trump, then my ten", "BEAT A♥ 10♠",
     "target named, superlative trump, rank alone"),
    (UNDER_OWN_TRUMP, S, "take", "TAKE", "take alone"),
    (UNDER_OWN_TRUMP, S, "I'll pick up the pile", "TAKE", "pick up the pile"),
    (UNDER_OWN_TRUMP, S, "take 5", "TAKE", "take with the count"),
    (UNDER_OWN_TRUMP, S, "beat with K♥ and put 10♠", "BEAT K♥ 10♠", "symbols"),
    (UNDER_OWN_TRUMP, S, "beat the queen with my ace of hearts and my ace of diamonds",
     "BEAT A♥ A♦", "two aces named by suit"),
    (UNDER_OWN_TRUMP, S, "kill it with my best trump + my worst card", "BEAT A♥ 9♦",
     "superlatives over the hand"),
    (UNDER_NINE, S, "beat it with my ten and my queen of clubs", "BEAT 10♥ Q♣",
     "rank alone, one ten held"),
    (UNDER_NINE, S, "beat it with the 10 of hearst, then the queen of spades", "BEAT 10♥ Q♠",
     "typo in a suit"),
    (UNDER_NINE, S, "take them", "TAKE", "take them"),
    (UNDER_NINE, S, "beat it with my ace and my club", "BEAT A♥ Q♣", "rank and suit alone"),
    (NORTH_ON_DIAMOND, N, "beat it with my ace and my lowest heart", "BEAT A♠ Q♥",
     "north: rank alone, superlative"),
    (NORTH_ON_DIAMOND, N, "beat the jack with my lowest trump and my nine of diamonds",
     "BEAT 8♠ 9♦", "north: lowest trump"),
    (NORTH_ON_DIAMOND, N, "cover it with my highest spade, put the king of hearts",
     "BEAT A♠ K♥", "north: highest of a suit"),
    (NORTH_ON_DIAMOND, N, "take the cards", "TAKE", "take the cards"),
    (NORTH_ON_DIAMOND, N, "pick up", "TAKE", "pick up"),
    (NORTH_ON_CLUB, N, "beat it with my king and my jack", "BEAT K♠ J♥", "two ranks alone"),
    (NORTH_ON_CLUB, N, "beat it with my ace and my diamond", "BEAT A♠ Q♦", "rank, suit alone"),
    (NORTH_ON_CLUB, N, "trump it with the king, then my lowest card", "BEAT K♠ J♥",
     "trump as a verb, lowest card"),
    (NORTH_ON_CLUB, N, "beat it with my ace", "BEAT A♠ J♥",
     "the second card unsaid: asked among three"),
]  # fmt: skip

CASES = [
    Case(GAME, position, seat, text, intended, note)
    for position, seat, text, intended, note in _CASES
]
