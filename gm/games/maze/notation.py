"""Reading moves typed by people: ``DRAW DECK``, ``DRAW PILE``, ``DISCARD 3RC``, ``PILE 3RC``.

Moves are tuples: ``("draw", "deck")``, ``("draw", "pile")``, ``("discard", card)`` and the
one-step shorthand ``("pile", card)`` (take the pile card, then discard ``card``). Words may come
in any case and order, with extra words (``take the top card from the discard pile``), and cards
as codes (``3rc``) or words (``3 of red crowns``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gm.games.base import AmbiguousMoveError, IllegalMoveError, Move, ParseError
from gm.games.maze.geometry import find_cards

DRAW_DECK: Move = ("draw", "deck")
DRAW_PILE: Move = ("draw", "pile")

EXPECTED = (
    "DRAW DECK or DRAW PILE (then DISCARD <card>), or PILE <card> to take the pile card and "
    "discard <card> in one move; a card is written number, colour letter (Y R B), suit letter "
    "(S M C A), like 1YS for the Ace of Yellow Suns, or in words like 'ace of yellow suns'"
)

_DRAW_WORDS = {"draw", "draws", "take", "takes", "pick", "picks", "get", "grab", "drew", "took"}
_DECK_WORDS = {"deck", "stock", "stack"}
_PILE_WORDS = {"pile", "discards"}
_DISCARD_WORDS = {"discard", "drop", "throw", "toss", "dump", "shed"}
_WORD = re.compile(r"[a-z]+")


def render_move(move: Move) -> str:
    kind, what = move
    if kind == "draw":
        return f"DRAW {what.upper()}"
    return f"{kind.upper()} {what}"


def _first(words: list[tuple[str, int]], vocabulary: set[str]) -> int | None:
    return next((pos for word, pos in words if word in vocabulary), None)


def read_move(
    text: str,
    *,
    step: str,
    hand: list[str],
    pile_top: str | None,
    no_rediscard: str | None,
    legal_hint: Callable[[], str],
) -> Move:
    """Turn ``text`` into a legal move for a seat whose turn it is, or raise a GameError.

    ``no_rediscard`` is the card that may not be discarded now (the pile card taken this turn
    when the option forbids it), ``legal_hint`` gives the text listing the legal moves.
    """
    cards_found = find_cards(text)
    rest = text
    for _, (a, b) in cards_found:
        rest = rest[:a] + " " * (b - a) + rest[b:]
    rest = rest.lower().replace("discard pile", "        pile")
    words = [(m.group(0), m.start()) for m in _WORD.finditer(rest)]
    cards: list[str] = []
    for card, _ in cards_found:
        if card not in cards:
            cards.append(card)
    draw_at = _first(words, _DRAW_WORDS)
    deck_at = _first(words, _DECK_WORDS)
    pile_at = _first(words, _PILE_WORDS)
    discard_at = _first(words, _DISCARD_WORDS)
    if not cards and all(p is None for p in (draw_at, deck_at, pile_at, discard_at)):
        raise ParseError(text, EXPECTED)
    # "discard 3RC on the pile" names the pile as where the card goes, not where one draws from.
    pile_source = pile_at is not None and (
        discard_at is None or pile_at < discard_at or (draw_at is not None and draw_at < pile_at)
    )

    def illegal(reason: str, rule: str) -> IllegalMoveError:
        return IllegalMoveError(reason, rule=rule, hint=legal_hint())

    def check_discard(card: str, after_pile: bool) -> str:
        if card == no_rediscard:
            raise illegal(
                f"{card} was just taken from the pile and may not be discarded this turn "
                "(option forbid_immediate_rediscard).",
                "no-rediscard",
            )
        if card not in hand and not (after_pile and card == pile_top):
            raise illegal(f"You do not hold {card}; discard a card from your hand.", "not-in-hand")
        return card

    if step == "discard":
        example = f"DISCARD {sorted(hand)[0]}"
        if (draw_at is not None or deck_at is not None or pile_source) and discard_at is None:
            raise illegal("You have already drawn this turn; now discard one card.", "one-draw")
        if not cards:
            raise ParseError(text, f"DISCARD <card> with a card of your hand, e.g. {example}")
        if len(cards) > 1:
            raise ParseError(text, f"one card to discard, e.g. {example}")
        return ("discard", check_discard(cards[0], after_pile=False))

    # The draw step.
    def need_pile() -> str:
        if pile_top is None:
            raise illegal(
                "The discard pile is empty (nothing has been discarded yet), so you must draw "
                "from the deck.",
                "empty-pile",
            )
        return pile_top

    draw_first = (
        "Draw first: DRAW DECK or DRAW PILE, then discard; or PILE <card> to take the pile card "
        "and discard <card> in one move."
    )
    if deck_at is not None and not pile_source:
        if cards:
            raise illegal(
                "After drawing from the deck you must see the card before you discard: send "
                "DRAW DECK, then DISCARD <card>.",
                "look-first",
            )
        return DRAW_DECK
    if deck_at is not None and not cards:
        raise AmbiguousMoveError(text, ["DRAW DECK", "DRAW PILE"])
    if len(cards) > 2:
        raise ParseError(text, "at most the pile card and the card to discard")
    if not pile_source:
        if draw_at is None:
            if discard_at is None and cards == [pile_top]:
                return DRAW_PILE  # a bare "4BM" naming the pile card
            raise illegal(draw_first, "draw-first")
        if not cards:
            if pile_top is None:
                return DRAW_DECK
            raise AmbiguousMoveError(text, ["DRAW DECK", "DRAW PILE"])
    top = need_pile()
    if len(cards) == 2:
        if top not in cards:
            raise illegal(
                f"Only the top card of the discard pile can be taken; it is {top}.",
                "pile-top-only",
            )
        other = cards[1] if cards[0] == top else cards[0]
        return ("pile", check_discard(other, after_pile=True))
    if not cards:
        return DRAW_PILE
    card = cards[0]
    if not pile_source:  # "take 4BM"
        if card != top:
            raise illegal(
                f"Only the top card of the discard pile can be taken; {card} is not it "
                f"(the top card is {top}).",
                "pile-top-only",
            )
        return DRAW_PILE
    if card == top and draw_at is not None and discard_at is None:
        return DRAW_PILE  # "take 4BM from the pile"
    return ("pile", check_discard(card, after_pile=True))
