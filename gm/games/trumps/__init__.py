"""Your Trumps (Svoi Kozyri, "own trumps"): a two-player shedding duel with a trump suit each.

Rules: ``rules.md`` in this package (served at GET /rules/trumps). Seats: ``south`` (seat 0,
the non-dealer, who chooses a trump first and leads first) and ``north`` (seat 1, the dealer).
Modules: ``rules`` (cards, beating and taking, legality with reasons, the deal, applying a move,
the end, scores, the validated state), ``notation`` (reading moves, writing moves and the board),
``engine`` (the Engine), ``ai`` (the levels).

State (pure JSON): ``phase`` ("trumps" while trumps are being chosen, then "play", then "over"),
``trumps`` (a suit symbol or null per seat), ``hands`` (card codes per seat, kept sorted),
``known`` (the cards of each hand that both seats have seen face up: taken from the pile or handed
over in the sixes exchange), ``pile`` (bottom→top), ``turn``, ``ply``, ``last`` (the last event
texts, for the board) and ``result``. Cards are written with ``10`` for the ten (``10♦``).

Moves are tuples: ``("trump", "♥")``, ``("lead", "9♣")``, ``("beat", "J♦", "7♣")`` (beat, then
put a second card), ``("beat", "Q♥", None)`` (beat with the last card), ``("take",)``; their
canonical texts are ``TRUMP ♥``, ``LEAD 9♣``, ``BEAT J♦ 7♣``, ``BEAT Q♥``, ``TAKE``. Scores: the
cards each seat still holds (fewer is better). The framework draws the game at ``max_plies``.
"""

from gm.games.registry import Game
from gm.games.trumps.ai import LEVELS
from gm.games.trumps.engine import ENGINE, TrumpsEngine
from gm.games.trumps.rules import RANK, SEATS, can_beat, deck_for, sort_key, take_count

GAME = Game(ENGINE, LEVELS)

__all__ = [
    "ENGINE",
    "GAME",
    "LEVELS",
    "RANK",
    "SEATS",
    "TrumpsEngine",
    "can_beat",
    "deck_for",
    "sort_key",
    "take_count",
]
