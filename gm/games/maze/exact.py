"""Mystique Maze: the exact evaluation behind the ``strong`` level (gm/games/maze/ai.py) and the
coach's reasons in the game's words (:func:`explain`).

A hand wins exactly when it is one of the seat's :func:`candidate_sets` (the 8 inner cards of a
9-link chain between its corners; cached per corner pair and suit line). A hand is worth the
sum, over the sets it can still complete, of ``RHO ** (cards missing)`` (:class:`Knowledge`).
Discards are ranked by the value they leave; the draw takes the pile card when that gains more
than a deck draw is expected to (the mean best swap over the unseen cards).
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any

from gm.games.base import Engine, Move
from gm.games.maze.geometry import (
    ALL_CARDS,
    CARD_INDEX,
    CHAIN_LINKS,
    adjacency,
    distance,
    longest_chain,
)
from gm.games.maze.notation import chain_text
from gm.games.maze.rules import HAND_SIZE

RHO = 0.1  # a path missing m cards is worth RHO ** m (a chance of completing it in time)
VALUE = tuple(RHO ** (HAND_SIZE - held) for held in range(HAND_SIZE + 1))  # by cards held
SPAN = 2  # the deck-draw estimate keeps the paths at most SPAN cards behind the best


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(low.bit_length() - 1)
    return out


def card_mask(cards) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << CARD_INDEX[card]
    return mask


@lru_cache(maxsize=32)
def candidate_sets(start: str, end: str, order: str) -> tuple[int, ...]:
    """Every set of 8 cards that chains ``start`` to ``end`` (as card-index bitmasks): the inner
    cards of the simple 9-link paths between them. A hand wins exactly when it is one of these
    sets. With the default suit line the corners are 9 apart and these are the shortest lattice
    paths, 9!/(2!·3!·4!) = 1260 sets; with the seed's line (corners 7 apart: one detour) 2639."""
    adj = adjacency(order)
    s, e = CARD_INDEX[start], CARD_INDEX[end]
    near = [distance(c, end, order) for c in ALL_CARDS]
    found: set[int] = set()

    def walk(v: int, used: int, left: int) -> None:
        if left == 1:
            if adj[v] >> e & 1:
                found.add(used & ~(1 << s))
            return
        free = adj[v] & ~used & ~(1 << e)
        while free:
            low = free & -free
            free ^= low
            u = low.bit_length() - 1
            if near[u] <= left - 1:
                walk(u, used | low, left - 1)

    walk(s, 1 << s, CHAIN_LINKS)
    return tuple(sorted(found))


class Knowledge:
    """What one seat knows, read for the exact evaluation: the candidate sets it can still
    complete (none holding another seat's corner or a card seen going into another hand) and
    the unseen cards (deck, the other hands but their known cards, the pile below its top)."""

    __slots__ = ("live", "unseen", "hand")

    def __init__(self, corners, order: str, hand, others_dead: int, seen: int) -> None:
        sets = candidate_sets(corners[0], corners[1], order)
        self.live = [p for p in sets if not p & others_dead]
        self.hand = card_mask(hand)
        seen |= self.hand
        self.unseen = [i for i in range(len(ALL_CARDS)) if not seen >> i & 1]

    @classmethod
    def of_view(cls, view: dict[str, Any], seat: int) -> Knowledge:
        dead = seen = 0
        for s, info in enumerate(view["seats"]):
            marked = card_mask(info["corners"]) | card_mask(info["known_cards"])
            seen |= marked
            if s != seat:
                dead |= marked
        if view["pile_top"] is not None:
            seen |= 1 << CARD_INDEX[view["pile_top"]]
        corners = view["seats"][seat]["corners"]
        return cls(corners, view["suit_order"], view["hand"], dead, seen)

    def value(self, hand: int) -> float:
        """Σ over the live candidate sets of RHO ** (cards missing): the hand's chances."""
        return sum(VALUE[(p & hand).bit_count()] for p in self.live)

    def wins(self, hand: int) -> bool:
        return any(p & hand == p for p in self.live)

    def gains(self, hand: int) -> dict[int, tuple[float, int]]:
        """For every card ``x`` not in the 8-card ``hand``: the best value gain of taking it and
        discarding one card, and that card (``x`` itself when nothing gains): an exact sum over
        the candidate sets near the best, by their held-card counts, in one pass."""
        counted = [(p, (p & hand).bit_count()) for p in self.live]
        if not counted:
            return {}
        top = max(k for _, k in counted)
        add = [0.0] * len(ALL_CARDS)
        drop = [0.0] * len(ALL_CARDS)
        both: dict[tuple[int, int], float] = {}
        for p, k in counted:
            if k < top - SPAN or k == HAND_SIZE:
                continue
            a = VALUE[k + 1] - VALUE[k]
            b = VALUE[k - 1] - VALUE[k] if k else 0.0
            held = _bits(p & hand)
            for d in held:
                drop[d] += b
            for x in _bits(p & ~hand):
                add[x] += a
                for d in held:
                    both[x, d] = both.get((x, d), 0.0) + a + b
        cards = _bits(hand)
        out = {}
        for x in range(len(ALL_CARDS)):
            if hand >> x & 1:
                continue
            best, keep = 0.0, x
            for d in cards:
                gain = add[x] + drop[d] - both.get((x, d), 0.0)
                if gain > best:
                    best, keep = gain, d
            out[x] = (best, keep)
        return out

    def pile_swap(self, top: int) -> tuple[float, int, float]:
        """Taking the pile card ``top``: its best swap's value gain and the card to let go
        (``top`` itself when nothing gains), and the gain a deck draw is expected to bring (the
        mean best gain over the unseen cards)."""
        gains = self.gains(self.hand)
        gain, keep = gains.get(top, (0.0, top))
        expected = sum(gains[x][0] for x in self.unseen if x in gains) / max(len(self.unseen), 1)
        return gain, keep, expected


def exact_moves(view: dict[str, Any], seat: int, legal: list[Move]) -> list[Move]:
    """The legal moves, best first, by the exact evaluation: a winning move, then discards by
    the value they leave; at the draw, ``PILE`` with its best discard when that gains more than
    a deck draw is expected to (the mean best gain over the unseen cards), else the deck."""
    know = Knowledge.of_view(view, seat)
    discards = [m for m in legal if m[0] == "discard"]
    if discards:
        scored = []
        for m in discards:
            left = know.hand & ~(1 << CARD_INDEX[m[1]])
            scored.append((math.inf if know.wins(left) else know.value(left), m))
        scored.sort(key=lambda sm: -sm[0])  # stable: ties keep the hand's order
        return [m for _, m in scored]
    deck = [m for m in legal if m == ("draw", "deck")]
    top = view["pile_top"]
    piles = [m for m in legal if m[0] == "pile"]
    if top is None or not piles:
        return deck + [m for m in legal if m not in deck]
    t = CARD_INDEX[top]
    with_top = know.hand | 1 << t
    for m in piles:
        if m[1] != top and know.wins(with_top & ~(1 << CARD_INDEX[m[1]])):
            return [m, *(x for x in legal if x != m)]
    gain, keep, expected = know.pile_swap(t)
    pile = ("pile", ALL_CARDS[keep])
    first = [pile] if gain > expected and keep != t and pile in legal else []
    rest = [m for m in legal if m not in first and m not in deck]
    return first + deck + rest


def exact_policy(
    engine: Engine, view: dict[str, Any], seat: int, legal: list[Move], rng: random.Random
) -> Move:
    """The exact evaluation's move (the strong search's first candidate)."""
    return exact_moves(view, seat, legal)[0]


# ---------------------------------------------------------------- the coach's reason


def explain(engine: Engine, view: dict[str, Any], seat: int, move: Move) -> str | None:
    """Why ``move`` is good, from the view only: a win, the discard that costs the chains
    least (and the best chain it keeps), or why the pile card is worth taking or not; else what
    the move does and the best chain it keeps."""
    know = Knowledge.of_view(view, seat)
    hand, top = list(view["hand"]), view["pile_top"]
    corners = tuple(view["seats"][seat]["corners"])

    def kept(cards: list[str]) -> str:
        chain = longest_chain(cards, corners, view["suit_order"])
        return "best chain then: " + chain_text(chain, seat)

    if move[0] == "discard":
        left = [c for c in hand if c != move[1]]
        if know.wins(card_mask(left)):
            return f"Discarding {move[1]} leaves a chain from corner to corner: a win"
        values = {c: know.value(card_mask([x for x in hand if x != c])) for c in hand}
        if values[move[1]] >= max(values.values()):
            return f"{move[1]} does the least for a chain between your corners; {kept(left)}"
        return f"It discards {move[1]}, keeping the rest for your chains; {kept(left)}"
    if move[0] == "draw":
        if top is None or move[1] != "deck":
            return f"It draws a card from the {move[1]} to join your chains; {kept(hand)}"
    if top is None or move[0] not in ("pile", "draw"):
        return f"It plays {move[1]}; {kept(hand)}"
    gain, keep, expected = know.pile_swap(CARD_INDEX[top])
    if move == ("draw", "deck"):
        if gain > expected:
            return (
                f"It draws an unknown card from the deck rather than the pile's {top}: a new "
                f"card may join your chains; {kept(hand)}"
            )
        return f"The pile's {top} helps your chains less than a card from the deck is likely to"
    if move[0] == "pile":
        left = [*hand, top]
        left.remove(move[1])
        if know.wins(card_mask(left)):
            return (
                f"Taking {top} and discarding {move[1]} makes a chain from corner to corner: a win"
            )
        if gain > expected and ALL_CARDS[keep] == move[1] != top:
            return (
                f"The pile's {top} helps your chains more than a card from the deck is likely "
                f"to, and {move[1]} does the least; {kept(left)}"
            )
        return f"It takes the pile's {top} (a known card) and discards {move[1]}; {kept(left)}"
    return f"It plays {move[1]}; {kept(hand)}"
