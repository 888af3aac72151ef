"""AI levels for Your Trumps (Svoi Kozyri).

- ``random``: a uniformly random legal move (a take is one move among many beats, so it beats
  whenever it can, with a random card, and adds a random card).
- ``heuristic``: a one-move look-ahead with a card-counting evaluation. It decides only from its
  own view, but in this game that view is almost complete information: the whole pack is dealt,
  so the opponent's hand is exactly the pack minus its own hand and the pile.

  *Trump choice:* trumps are chosen before the deal, so every free suit is alike; it picks one
  at random.

  *Going out:* a move that empties its hand (and is not a draw by the draw rule) is played at
  once.

  *Otherwise* every legal move gets a score (relative to the hand now) and the best is played.
  ``CARD = 10`` is the worth of one card fewer in its own hand or one more in the opponent's:

  - the **keep value** of a card is what it is worth to hold it: its rank (6..14; 2..14 with 52
    cards), plus 10 when it is in its own trump suit (a trump beats any non-trump, so it is spent
    last). Spending a card costs its keep value, so it **beats cheaply**: the lowest card of the
    top card's suit that is high enough, a trump only when that is cheaper overall;
  - ``LEAD x`` scores ``CARD - keep(x) + pressure(x)``; ``BEAT b x`` scores
    ``2·CARD - keep(b) - keep(x) + pressure(x)``;
  - **pressure** of the card left on top: ``CARD × the cards the opponent must pick up`` when no
    card of the opponent's hand can beat it (e.g. a card of the opponent's own trump suit above all
    of its trumps, or any card when it has neither a higher card of that suit nor a trump); ``2``
    when the opponent can beat it only by spending one of its trumps; else 0;
  - ``TAKE`` scores ``-CARD × cards taken + 0.5 × their keep values`` (picking up own trumps and
    high cards is less bad). So it **takes instead of beating** only when beating is costly: when it
    would have to spend high trumps (keep value 20+) and leave a card the opponent beats anyway.

Ties go to the first move in legal order, so apart from the trump choice the level is
deterministic for a given view. Speed:
one pass over the legal moves with set look-ups (well under a millisecond a move).
- ``strong``: IS-MCTS (gm/games/search.py); after the deal the sample is the whole position
  (the other hand is the pack minus its own and the pile), before it a random coming deal;
  heuristic playouts (:func:`heuristic_playout`, the heuristic's move read off the state) cut
  off after 8 plies, scored by the cards held.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from gm.games.base import Engine, Move
from gm.games.policies import random_policy
from gm.games.search import SearchSpec, strong_policy
from gm.games.trumps.rules import RANK, SEATS, can_beat, deck_for, sort_key, take_count

CARD = 10  # the worth of one card less in the own hand (or one more in the opponent's)
TRUMP_ONLY_BONUS = 2  # the opponent can beat the card only by spending a trump
TAKE_REFUND = 0.5  # times the keep value of the cards picked up
TRUMP_KEEP = 10  # extra keep value of an own trump


def _keep(card: str, trump: str | None) -> float:
    return RANK[card] + (TRUMP_KEEP if card[-1] == trump else 0)


def heuristic_policy(
    engine: Engine, view: dict[str, Any], seat: int, legal: list[Move], rng: random.Random
) -> Move:
    if view["phase"] == "trumps":
        return rng.choice(legal)  # before the deal every free suit is alike
    if len(legal) == 1:
        return legal[0]
    hand: list[str] = view["hand"]
    pile: list[str] = view["pile"]
    mine, theirs = view["trumps"][SEATS[seat]], view["trumps"][SEATS[1 - seat]]
    # the whole pack is dealt: the opponent holds exactly what is neither ours nor on the pile
    opp_hand = set(deck_for(view["deck_size"])) - set(hand) - set(pile)

    def wins_outright(top: str) -> bool:
        """Emptying our hand with ``top`` left on the pile wins unless the draw rule applies."""
        return not (len(opp_hand) == 1 and can_beat(next(iter(opp_hand)), top, theirs))

    put_score: dict[str, float] = {}

    def put(card: str, pile_after: int) -> float:
        """Score of leaving ``card`` on top (a lead or the second card of a beat)."""
        if card not in put_score:
            beaters = [o for o in opp_hand if can_beat(o, card, theirs)]
            pressure = 0.0
            if not beaters:  # the opponent must pick up
                pressure = CARD * take_count([card] * pile_after, theirs)
            elif card[-1] != theirs and all(o[-1] == theirs for o in beaters):
                pressure = TRUMP_ONLY_BONUS
            put_score[card] = pressure - _keep(card, mine)
        return put_score[card]

    return _best_move(legal, hand, pile, mine, put, wins_outright)


def _best_move(
    legal: list[Move],
    hand: list[str],
    pile: list[str],
    mine: str | None,
    put: Callable[[str, int], float],
    wins_outright: Callable[[str], bool],
) -> Move:
    """The heuristic's choice among ``legal``, with ``put`` (what leaving a card on the pile is
    worth) and ``wins_outright`` (a last card nothing can beat) computed by the caller: from a
    view (:func:`heuristic_policy`) or straight from the state (:func:`heuristic_playout`)."""
    best: Move = legal[0]
    best_score = float("-inf")
    for move in legal:
        kind = move[0]
        if kind == "take":
            k = take_count(pile, mine)
            score = -CARD * k + TAKE_REFUND * sum(_keep(c, mine) for c in pile[len(pile) - k :])
        elif kind == "lead":
            if len(hand) == 1 and wins_outright(move[1]):
                return move
            score = CARD + put(move[1], 1)
        else:  # beat
            beater, second = move[1], move[2]
            if len(hand) <= 2:  # this beat empties the hand
                if wins_outright(second or beater):
                    return move
                score = 0.0
            else:
                score = 2 * CARD - _keep(beater, mine) + put(second, len(pile) + 2)
        if score > best_score:
            best, best_score = move, score
    return best


# ---------------------------------------------------------------- what the AI may assume


def sample_hidden(view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """A state consistent with ``seat``'s view. The whole pack is dealt, so after the deal the
    other hand is exactly the pack minus this hand and the pile; before it, only the secret
    seed (the coming deal) is unknown: a random one is drawn."""
    names = list(SEATS)
    hands: list[list[str]] = [[], []]
    phase = view["phase"]
    if phase != "trumps":
        hands[seat] = list(view["hand"])
        taken = set(view["hand"]) | set(view["pile"])
        hands[1 - seat] = [c for c in deck_for(view["deck_size"]) if c not in taken]
        hands[1 - seat].sort(key=sort_key)
    to_move = view["to_move"]
    return {
        "game": "trumps",
        "rng": {"seed": rng.randrange(2**31), "n": 0 if phase == "trumps" else 1},
        "options": {
            "deck": view["deck_size"],
            "trump_south": None,
            "trump_north": None,
            "max_plies": view["max_plies"],
        },
        "phase": phase,
        "trumps": [view["trumps"][n] for n in names],
        "hands": hands,
        "known": [list(view["known_cards"][n]) for n in names],
        "pile": list(view["pile"]),
        "turn": names.index(to_move) if to_move is not None else seat,
        "ply": view["ply"],
        "last": list(view["last"]),
        "result": None,
    }


def _cards_left(engine: Engine, state: dict[str, Any], players: int) -> list[float]:
    """Rewards at a playout's cut-off: the difference of the cards held (fewer is better)."""
    a, b = len(state["hands"][0]), len(state["hands"][1])
    lead = math.tanh((b - a) / 6)
    return [0.5 + 0.5 * lead, 0.5 - 0.5 * lead]


def _candidates(engine: Engine, view: dict[str, Any], seat: int, legal, rng) -> list[Move]:
    first = heuristic_policy(engine, view, seat, legal, rng)
    rest = list(legal)
    rng.shuffle(rest)
    return [first, *rest]


def explain(engine: Engine, view: dict[str, Any], seat: int, move: Move) -> str | None:
    """The coach's reason, by card counting (the whole pack is dealt: the other hand is every
    card neither in this hand nor on the pile): what a beat beats, and whether the card left on
    top can be beaten at all."""
    if view["phase"] == "trumps":
        return f"It names {move[-1]} as your trump suit: its cards beat every other suit"
    if move[0] == "take":
        top = view["pile"][-1] if view["pile"] else "the pile"
        return f"It takes the pile ({len(view['pile'])} cards) rather than spend a card on {top}"
    hand, pile = view["hand"], view["pile"]
    theirs = view["trumps"][SEATS[1 - seat]]
    others = set(deck_for(view["deck_size"])) - set(hand) - set(pile)
    said = ""
    if move[0] == "beat":
        beater, top = move[1], pile[-1]
        said = f"{beater} beats {top}" + (" with your trump" if beater[-1] != top[-1] else "")
        if move[2] is None:
            return f"{said}, and it is your last card"
    left = move[1] if move[0] == "lead" else move[2]
    if any(can_beat(o, left, theirs) for o in others):
        return said or f"It leads {left}: the other seat must beat it or take the pile"
    shown = f"{said}; then {left} on top" if said else f"{left} on top"
    return f"{shown}: no card the other seat holds can beat it, so it must take"


# ---------------------------------------------------------------- the search's playouts


def _highest_per_suit(cards: list[str]) -> dict[str, int]:
    """The highest rank of each suit among ``cards`` (a suit they lack is absent)."""
    top: dict[str, int] = {}
    for card in cards:
        if RANK[card] > top.get(card[-1], 0):
            top[card[-1]] = RANK[card]
    return top


def heuristic_playout(
    engine: Engine, state: dict[str, Any], seat: int, legal: list[Move], rng: random.Random
) -> Move:
    """The searcher's ``playout`` hook: :func:`heuristic_policy`'s move (a test checks they
    agree), read off the determinization without building a view, and the opponent's beaters
    counted once per suit instead of card by card. The other hand of a determinization is the
    one heuristic_policy reckons from the view (the pack minus this hand and the pile)."""
    if state["phase"] == "trumps":
        return rng.choice(legal)
    if len(legal) == 1:
        return legal[0]
    hand, pile = state["hands"][seat], state["pile"]
    opp = state["hands"][1 - seat]
    mine, theirs = state["trumps"][seat], state["trumps"][1 - seat]
    rank = RANK
    top_of = _highest_per_suit(opp)
    has_trump = theirs in top_of

    def outright(top: str) -> bool:
        return not (len(opp) == 1 and can_beat(opp[0], top, theirs))

    def put(card: str, pile_after: int) -> float:
        s = card[-1]
        keep = rank[card] + (TRUMP_KEEP if s == mine else 0)
        if top_of.get(s, 0) > rank[card]:
            return -keep  # a card of its suit beats it
        if s == theirs or not has_trump:
            return CARD * take_count([card] * pile_after, theirs) - keep  # it must pick up
        return TRUMP_ONLY_BONUS - keep

    return _best_move(legal, hand, pile, mine, put, outright)


STRONG = SearchSpec(
    evaluate=_cards_left,
    playout=heuristic_playout,
    epsilon=0.1,
    depth=8,  # short playouts, many of them: 24 plies measured weaker at a short think budget
    iterations=400,
    candidates=_candidates,
    width=8,
    prior_visits=4,  # the heuristic's move counts 4 visits more (10 drowned a short search)
    explain=explain,
)

LEVELS = {"random": random_policy, "heuristic": heuristic_policy, "strong": strong_policy(STRONG)}
