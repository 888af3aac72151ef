"""The Mystique Deck and the maze it forms: card codes, the connection rule, chain searches.

A card code is number, colour letter, suit letter: ``1YS`` is the Ace of Yellow Suns. Each card is
a point of a 5 x 3 x 4 lattice (number, colour, suit); two cards are *connected* when they are one
step apart on exactly one line (the lines do not wrap). The suit line depends on the option
``suit_order``: ``corrected`` (Suns-Moons-Crowns-Arms, the default) or ``seed`` (the seed's stated
Moons-Suns-Arms-Crowns).
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

NUMBERS = (1, 2, 3, 4, 5)
COLOURS = "YRB"
COLOUR_NAMES = {"Y": "Yellow", "R": "Red", "B": "Blue"}
SUIT_NAMES = {"S": "Suns", "M": "Moons", "C": "Crowns", "A": "Arms"}
NUMBER_NAMES = {1: "Ace", 2: "2", 3: "3", 4: "4", 5: "5"}
SUIT_ORDERS = {"corrected": "SMCA", "seed": "MSAC"}

# Canonical deck order (also the display order of a hand): number, colour, suit letters S M C A.
ALL_CARDS: tuple[str, ...] = tuple(f"{n}{c}{s}" for n in NUMBERS for c in COLOURS for s in "SMCA")
CARD_INDEX = {card: i for i, card in enumerate(ALL_CARDS)}

# Each seat's corner cards, in seat order A, B, C, D.
CORNERS: tuple[tuple[str, str], ...] = (
    ("1YS", "5BA"),
    ("1BS", "5YA"),
    ("1BA", "5YS"),
    ("1YA", "5BS"),
)
CHAIN_LINKS = 9  # links between two corners in a winning chain (8 hand cards)

_NUMBER_WORDS = {"ace": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_CODE = re.compile(r"(?<![0-9a-z])([1-5])([yrb])([smca])(?![0-9a-z])", re.IGNORECASE)
_WORDS = re.compile(
    r"(?<![0-9a-z])(ace|one|two|three|four|five|[1-5])s?\s+(?:of\s+(?:the\s+)?)?"
    r"(yellow|red|blue)\s+(suns?|moons?|crowns?|arms?)(?![0-9a-z])",
    re.IGNORECASE,
)


def card_name(card: str) -> str:
    """'Ace of Yellow Suns' for ``1YS``."""
    return f"{NUMBER_NAMES[int(card[0])]} of {COLOUR_NAMES[card[1]]} {SUIT_NAMES[card[2]]}"


def sort_cards(cards) -> list[str]:
    return sorted(cards, key=CARD_INDEX.__getitem__)


def find_cards(text: str) -> list[tuple[str, tuple[int, int]]]:
    """Every card named in ``text`` (codes like ``1ys`` or words like ``ace of yellow
    suns``, ``2 blue moons``), in order, with its (start, end) span."""
    found: list[tuple[str, tuple[int, int]]] = []
    for m in _WORDS.finditer(text):
        word = m.group(1).lower()
        number = int(word) if word.isdigit() else _NUMBER_WORDS[word]
        code = f"{number}{m.group(2)[0].upper()}{m.group(3)[0].upper()}"
        found.append((code, m.span()))
    for m in _CODE.finditer(text):
        if any(a <= m.start() < b for _, (a, b) in found):
            continue
        found.append((m.group(0).upper(), m.span()))
    found.sort(key=lambda f: f[1][0])
    return found


def coords(card: str, order: str) -> tuple[int, int, int]:
    """Lattice point of a card: (number 0-4, colour 0-2, suit 0-3 along the chosen suit line)."""
    return int(card[0]) - 1, COLOURS.index(card[1]), SUIT_ORDERS[order].index(card[2])


def distance(a: str, b: str, order: str) -> int:
    """Fewest links between two cards."""
    pa, pb = coords(a, order), coords(b, order)
    return sum(abs(x - y) for x, y in zip(pa, pb, strict=True))


def connected(a: str, b: str, order: str = "corrected") -> bool:
    """Two characteristics shared, the third consecutive on its line."""
    return distance(a, b, order) == 1


@cache
def adjacency(order: str) -> tuple[int, ...]:
    """For each card index, the bitmask of the card indices connected to it."""
    return tuple(
        sum(1 << j for j, other in enumerate(ALL_CARDS) if connected(card, other, order))
        for card in ALL_CARDS
    )


def winning_chain(hand: list[str], ends: tuple[str, str], order: str) -> list[str] | None:
    """The chain corner1~c1~...~cN~corner2 using every hand card once, or None.

    Hamiltonian path search over the hand as a bitmask DP (depth first, remembering dead
    (used-cards, last-card) states), so it is fast even for hands with many links.
    """
    adj = adjacency(order)
    idx = [CARD_INDEX[c] for c in hand]
    n = len(idx)
    local = [sum(1 << j for j in range(n) if adj[idx[i]] >> idx[j] & 1) for i in range(n)]
    start, end = CARD_INDEX[ends[0]], CARD_INDEX[ends[1]]
    firsts = [i for i in range(n) if adj[start] >> idx[i] & 1]
    last_ok = sum(1 << i for i in range(n) if adj[end] >> idx[i] & 1)
    if not firsts or not last_ok:
        return None
    full = (1 << n) - 1
    dead: set[tuple[int, int]] = set()

    def extend(mask: int, v: int) -> list[int] | None:
        if mask == full:
            return [v] if last_ok >> v & 1 else None
        if (mask, v) in dead:
            return None
        free = local[v] & ~mask
        while free:
            bit = free & -free
            free ^= bit
            u = bit.bit_length() - 1
            rest = extend(mask | bit, u)
            if rest is not None:
                return [v, *rest]
        dead.add((mask, v))
        return None

    for i in firsts:
        path = extend(1 << i, i)
        if path is not None:
            return [ends[0], *(hand[i] for i in path), ends[1]]
    return None


def longest_chain(hand: list[str], ends: tuple[str, str], order: str) -> list[str]:
    """The longest chain from a corner through distinct hand cards (see ``_longest_chain``)."""
    return list(_longest_chain(tuple(sort_cards(hand)), tuple(ends), order))


@lru_cache(maxsize=1024)
def _longest_chain(cards: tuple[str, ...], ends: tuple[str, str], order: str) -> tuple[str, ...]:
    """The longest chain a corner~c1~c2~... of distinct hand cards, starting from either corner
    (the first corner wins ties); ``[]`` when no hand card touches a corner. When it uses every
    hand card and reaches the other corner, that corner ends the list."""
    adj = adjacency(order)
    idx = [CARD_INDEX[c] for c in cards]
    n = len(idx)
    local = [sum(1 << j for j in range(n) if adj[idx[i]] >> idx[j] & 1) for i in range(n)]
    best: list[int] = []
    best_corner = 0
    for k, corner in enumerate(ends):
        seen: set[tuple[int, int]] = set()
        c = CARD_INDEX[corner]
        stack: list[tuple[int, int, tuple[int, ...]]] = [
            (1 << i, i, (i,)) for i in reversed(range(n)) if adj[c] >> idx[i] & 1
        ]
        while stack:
            mask, v, path = stack.pop()
            if (mask, v) in seen:
                continue
            seen.add((mask, v))
            if len(path) > len(best):
                best, best_corner = list(path), k
            free = local[v] & ~mask
            while free:
                bit = free & -free
                free ^= bit
                u = bit.bit_length() - 1
                stack.append((mask | bit, u, (*path, u)))
    if not best:
        return ()
    chain = (ends[best_corner], *(cards[i] for i in best))
    other = ends[1 - best_corner]
    if len(best) == n and adj[CARD_INDEX[other]] >> idx[best[-1]] & 1:
        chain += (other,)
    return chain
