"""Standard playing cards, shared by the games that use a French-suited deck.

A card is a ``(rank, suit)`` pair of ints: rank 2..14 (11 J, 12 Q, 13 K, 14 A), suit an index into
``SUITS`` (♣ ♦ ♥ ♠). States keep cards as their text (states are pure JSON); the text is rank code +
suit symbol; the ten is written ``X`` by default
(Masul's deck code) or ``10`` (``ten="10"``). ``find_cards`` reads cards out of free text in every
form people type: ``7s``, ``7♠``, ``10 of hearts``, ``TH``, ``Xh``, ``queen of spades``, ``Q♥``. An
article is never read as a card: "a spade" and "a heart" name no ace, and lower-case "as", "ah",
"ad" and "ac" are words ("AS", "As", "A♠" and "ace of spades" are the ace) unless they stand in a
move's notation: beside a square or another code ("ac c4 fd", "play ah rc3") or as the last word
after a move's verb ("replace with ah").
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable

from gm.games.words import ChatWords

Card = tuple[int, int]

SUITS = ("♣", "♦", "♥", "♠")
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_LETTERS = ("C", "D", "H", "S")
RED_SUITS = frozenset({1, 2})

RANK_CODES = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "X",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
RANK_NAMES = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}

_RANK_WORDS = {
    **{str(r): r for r in range(2, 11)},
    "t": 10,
    "x": 10,
    "j": 11,
    "q": 12,
    "k": 13,
    "a": 14,
    **{name: r for r, name in RANK_NAMES.items()},
    **{name + "s": r for r, name in RANK_NAMES.items()},
    "sixes": 6,
    "1": 14,
}
_SUIT_WORDS = {
    "♣": 0,
    "♦": 1,
    "♥": 2,
    "♠": 3,
    "♧": 0,
    "♢": 1,
    "♡": 2,
    "♤": 3,
    "c": 0,
    "d": 1,
    "h": 2,
    "s": 3,
    "club": 0,
    "clubs": 0,
    "diamond": 1,
    "diamonds": 1,
    "heart": 2,
    "hearts": 2,
    "spade": 3,
    "spades": 3,
}

# "10 of hearts", "queen of spades", "ten hearts", "queen o clubs", "queen o' clubs", "ace fo
# spades" (of typed short or slipped)
# Letters match case-blind in ASCII only (``(?a:…)``): Unicode case-insensitive matching would
# also take ``ſ`` for s, ``K`` (Kelvin) for k and ``ı``/``İ`` for i, which no table below holds.
_LONG = re.compile(
    r"\b(?a:(10|[2-9]|[tjqkax1]|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace)"
    r"s?)\s+(?a:(?:(?:of|o|fo|f)\b'?\s*(?:the\s+)?|o'\s*)?(clubs?|diamonds?|hearts?|spades?))\b",
    re.IGNORECASE,
)
# the suit said first ("heart king col 5", "spade 5"): a rank in words or digits after it, not
# a card of its own ("hearts 5 of clubs") nor a code ("spades 5c")
_SUIT_FIRST = re.compile(
    r"\b(?a:(club|diamond|heart|spade)s?)\s+(?a:(10|[2-9]|two|three|four|five|six|seven|eight|"
    r"nine|ten|jack|queen|king|ace))\b(?!\s*(?:of\b|[♣♦♥♠♧♢♡♤]|(?a:[cdhs]\b)))",
    re.IGNORECASE,
)
# "7s", "7♠", "TH", "10h", "Q♥", "xh"
_SHORT = re.compile(
    r"(?<![\w])(?a:(10|[2-9tjqkax]))\s?([♣♦♥♠♧♢♡♤]|(?a:[cdhs](?![a-z])))", re.IGNORECASE
)


def card_text(card: Card, ten: str = "X") -> str:
    rank, suit = card
    code = ten if rank == 10 else RANK_CODES[rank]
    return code + SUITS[suit]


def card_name(card: Card) -> str:
    """'ten of hearts' — for rules texts and chat replies."""
    return f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"


def card_from_text(text: str) -> Card:
    """Inverse of ``card_text`` for stored codes; ValueError when it is not one."""
    card = parse_card(text)
    if card is None:
        raise ValueError(f"not a card: {text!r}")
    return card


def parse_card(text: str) -> Card | None:
    """One card from a short code (``7♠``, ``XS``, ``10h``) or words; None when it is not a card."""
    found = find_cards(text)
    return found[0][0] if len(found) == 1 else None


def find_cards(text: str, notation: bool = False) -> list[tuple[Card, tuple[int, int]]]:
    """Every card mentioned in ``text``, in order, with its (start, end) span. ``notation``: the
    caller knows the text is a move's notation (it named a square), so a lower-case ``ac`` is the
    ace even alone."""
    spans: list[tuple[Card, tuple[int, int]]] = []
    taken: list[tuple[int, int]] = []
    for m in _LONG.finditer(text):
        if _is_article(m.group(1), m.group(0)):
            continue
        rank = _RANK_WORDS[m.group(1).lower()]
        suit = _SUIT_WORDS[m.group(2).lower()]
        spans.append(((rank, suit), m.span()))
        taken.append(m.span())
    for m in _SUIT_FIRST.finditer(text):
        if any(a <= m.start() < b or a < m.end() <= b for a, b in taken):
            continue
        rank = _RANK_WORDS[m.group(2).lower()]
        suit = _SUIT_WORDS[m.group(1).lower()]
        spans.append(((rank, suit), m.span()))
        taken.append(m.span())
    for m in _SHORT.finditer(text):
        if any(a <= m.start() < b for a, b in taken):
            continue
        if m.group(1) == "a" and m.group(2).isalpha() and not _ace_code(text, m, notation):
            continue  # "as", "ah", "ad" as words, not aces
        rank = _RANK_WORDS[m.group(1).lower()]
        suit = _SUIT_WORDS[m.group(2).lower()]
        spans.append(((rank, suit), m.span()))
    spans.sort(key=lambda s: s[1][0])
    return spans


# a token of move notation: a card code or a square/column ("7s", "c4", "rc3", "10d", "♠")
# (letters and digits together: a bare number is not, "PICK 2 as usual")
_NOTATION = re.compile(
    r"(?a:[a-z]+\d+[a-z]*|\d+[a-z]+)|\S*[♣♦♥♠♧♢♡♤]|(?a:[tjqkx][cdhs])", re.IGNORECASE
)
# the words right before a card that ends a move ("replace with ah", "play ah")
_CARD_BEFORE = frozenset(
    {"play", "with", "replace", "lead", "beat", "exchange", "pick", "discard", "take", "by"}
)


def _ace_code(text: str, m: re.Match[str], notation: bool = False) -> bool:
    """Whether a lower-case ``as``/``ah``/``ad``/``ac`` is the ace in a move's notation rather
    than a word: followed by a space or the end (never "ah," or "as."), and beside a token of
    notation ("ac c4 fd", "play ah rc3"), or the last word after a move's verb ("replace with
    ah"). "play as red", "same as before", "ah ok" stay words."""
    end = m.end()
    if end < len(text) and not text[end].isspace():
        return False
    if notation:
        return True
    before = text[: m.start()].split()
    after = text[end:].split()
    beside = [t for t in (before[-1:] + after[:1]) if t]
    if any(_NOTATION.fullmatch(t.strip(",.;:!?")) for t in beside):
        return True
    return not after and bool(before) and before[-1].lower() in _CARD_BEFORE


def _is_article(rank: str, whole: str) -> bool:
    """ "a spade", "a heart": the article, not an ace ("A of spades" and "ace of spades" are)."""
    return rank.lower() == "a" and " of " not in f" {whole.lower()} "


def parse_suit(text: str) -> int | None:
    """A suit from a symbol, letter or word (``♥``, ``H``, ``hearts``); None otherwise."""
    return _SUIT_WORDS.get(text.strip().lower())


def standard_deck(min_rank: int = 2) -> list[Card]:
    """Ordered deck: ranks ``min_rank``..14 in each suit."""
    return [(rank, suit) for suit in range(4) for rank in range(min_rank, 15)]


def shuffled(cards: Iterable[Card], rng: random.Random) -> list[Card]:
    deck = list(cards)
    rng.shuffle(deck)
    return deck


def is_red(card: Card) -> bool:
    return card[1] in RED_SUITS


# ---------------------------------------------------------------- chat words

#: What every game's chat reads as playing cards (a chat names them in any game, with
#: :func:`find_cards`): the suits' and the court cards' names, and the suit symbols.
CHAT_WORDS = ChatWords(
    move_words=(
        *(w for name in SUIT_NAMES for w in (name[:-1], name)),
        *("ace", "king", "queen", "jack", "knave"),
    ),
    move_codes=("[♠♥♦♣]",),
)

#: Requests about a pack's piles (a deck to draw from, a discard pile): for the games that have
#: them (``ChatWords.phrasings``).
PILE_PHRASINGS: tuple[tuple[str, str], ...] = (
    ("board", r"what is (on|at) (the )?(top of the )?(pile|discard pile|discards|deck|table)"),
    ("board", r"(what is )?(the )?top (card|discard)( of the (pile|discard pile))?"),
    ("board", r"what is (on )?top( of the (pile|deck|discard pile))?( now)?"),
    ("board", r"how many cards (are )?(left|remaining)( in the (deck|pile|draw pile|stock))?"),
    (
        "board",
        r"how many cards (are )?(left )?(in|on) the (deck|pile|draw pile|stock|discard pile)"
        r"( now)?",
    ),
)
