"""Masul references as people make them, resolved against the seat's own position.

:func:`normalise` rewrites what a person wrote into the forms the move reader
(:mod:`gm.games.masul.notation`) takes: light typos of the game's words (``colum``, ``feild``),
columns in words and ordinals (``column three``, ``the third column``, ``the middle column``) and
bare numbers where a card goes (``J♥ in the 5``),
Field Cards by ordinal (``the second field card``) and cards of one's own hand by position (``my
second card``, ``my last card``). :func:`suit_words`, :func:`colour_suits` and :func:`superlative`
find a suit named without a rank ("a club"), a colour said with one ("the red king") and "my
lowest club" / "my highest card"; :func:`challenge` finds a challenge ("challenge the face down
card in C1 with …"), which is a face-up play opposite a face-down card, so "face down" there
describes the opponent's card, not the play.
"""

from __future__ import annotations

import re

from gm.games.base import IllegalMoveError, State
from gm.games.masul.rules import COLUMNS, rank
from gm.games.words import LAST, is_ordinal, number_value, typo

_KEYWORDS = ("column", "field", "challenge", "replace", "clubs", "diamonds", "hearts", "spades")
_LONG_WORD = re.compile(r"[A-Za-z]{5,}")
_TOKEN = re.compile(r"[A-Za-z]+|\d+(?:st|nd|rd|th)?|#")
# a word a column or Field Card number may follow (after "of", "#", "no", "number")
_NUMBERED = {"c", "col", "cols", "column", "columns", "fc", "field"}
_BETWEEN = {"of", "in", "on", "at", "for", "no", "number", "#", "card", "cards"}
_MIDDLE = {"middle", "center", "centre"}
_ORD_COLUMN = re.compile(
    r"(?<![a-z0-9])(?:the\s+)?([a-z]+|\d+(?:st|nd|rd|th))\s+(col(?:umn)?s?|field\s*cards?|fc)"
    r"(?![a-z])",
    re.IGNORECASE,
)
_HAND_CARD = re.compile(
    r"(?<![a-z0-9])(?:(?:the|my)\s+)?([a-z]+|\d+(?:st|nd|rd|th))\s+card"
    r"(?:\s+(?:in|of|from)\s+my\s+hand)?(?![a-z])",
    re.IGNORECASE,
)
CHALLENGE = re.compile(r"(?<![a-z])challeng\w*", re.IGNORECASE)
_NO_CHALLENGE = re.compile(
    r"(?<![a-z])(?:no|not|without|don'?t|won'?t)\s+(?:\w+\s+)?challeng\w*(?:\s+\w+)?",
    re.IGNORECASE,
)
# what may not follow a number that is a column: more digits, a suit or "of" (a card's rank:
# "5 of clubs", "5♣"), an ordinal's ending
_NO_RANK_AFTER = r"(?![0-9,])(?!\s*(?:of\b|[♣♦♥♠♧♢♡♤]|[cdhs]\b|st\b|nd\b|rd\b|th\b"
# a bare number where a card goes ("J♥ in the 5", "7♣ on 3"): a column, never a card's rank
_PLACE_NUMBER = re.compile(
    r"(?<![a-z0-9])(in|on|at|into|to)\s+(?:the\s+)?(?:#\s*|no\.?\s*)?([1-7])"
    + _NO_RANK_AFTER
    + "))",
    re.IGNORECASE,
)
# a bare number right after a whole card ("J of hearts 5 face up", "K♥ 2"): where it goes, the
# column (never a rank: a turn plays one card; not "7♣ 5♥", two cards)
_CARD_THEN_NUMBER = re.compile(
    r"((?<![a-z0-9])(?:10|[2-9]|[jqka]|jack|queen|king|ace)\s+of\s+(?:club|diamond|heart|spade)s?"
    r"|(?<![a-z0-9])(?:10|[2-9jqkax])\s*[♣♦♥♠])\s+([1-7])"
    + _NO_RANK_AFTER
    + r"|cards?\b|points?\b))",
    re.IGNORECASE,
)
# the opponent's face-down card, named as the target of a play ("against the face down", or
# theirs by its owner: "flip their face down in col 2 w my jack")
_TARGET = re.compile(
    r"(?:(?<![a-z])(?:challeng\w*|against|opposite|facing|over|onto|on|vs\.?)\s+"
    r"(?:(?:the|their|his|her|its|that|opponent'?s?|row\s*[13]'?s?)\s+)?|"
    r"(?<![a-z])(?:their|his|her|opponent'?s?)\s+)"
    r"(?:face[\s_-]*down|fd|hidden)(?:\s+(?:card|one))?(?![a-z])",
    re.IGNORECASE,
)
_SUIT_ONLY = re.compile(
    r"(?<![a-z])(club|diamond|heart|spade)s?(?![a-z])|([♣♦♥♠♧♢♡♤])", re.IGNORECASE
)
_SUITS = {"club": "♣", "diamond": "♦", "heart": "♥", "spade": "♠"}
_SUITS.update(zip("♧♢♡♤♣♦♥♠", "♣♦♥♠♣♦♥♠", strict=True))
_SUPERLATIVE = re.compile(
    r"(?<![a-z])(lowest|smallest|weakest|highest|biggest|largest|strongest)(?![a-z])",
    re.IGNORECASE,
)
_LOW = {"lowest", "smallest", "weakest"}
# a card's colour said with its rank ("the red king"): the two suits of that colour
_COLOUR = re.compile(r"(?<![a-z])(red|black)(?![a-z])", re.IGNORECASE)
_COLOUR_SUITS = {"red": ["♥", "♦"], "black": ["♠", "♣"]}


def _fix_typo(m: re.Match[str]) -> str:
    word = m.group(0)
    fixed = typo(word, _KEYWORDS)
    return fixed if fixed and fixed != word.casefold() else word


def _position(word: str, count: int) -> int | None:
    """1-based position a word names among ``count`` (``third``, ``3rd``, ``last``, ``middle``)."""
    w = word.casefold()
    if w in ("leftmost", "rightmost"):  # "the far right column" (said so by normalise)
        return 1 if w == "leftmost" else count
    if w in _MIDDLE:
        return (count + 1) // 2 if count % 2 else None
    if not is_ordinal(w):
        return None
    n = number_value(w)
    return count if n == LAST else n


def _number_words(text: str) -> str:
    """``column three`` → ``column 3``, ``field card of c two`` → ``field card of c 2``."""
    out: list[str] = []
    pos = 0
    tokens = list(_TOKEN.finditer(text))
    for i, m in enumerate(tokens):
        word = m.group(0).casefold()
        n = number_value(word, pronoun_one=False)
        if n is None or n == LAST or word.isdigit():
            continue
        j = i - 1
        while j >= 0 and tokens[j].group(0).casefold() in _BETWEEN:
            j -= 1
        if j < 0 or tokens[j].group(0).casefold() not in _NUMBERED or j < i - 3:
            continue
        out.append(text[pos : m.start()] + str(n))
        pos = m.end()
    return "".join(out) + text[pos:]


# an ordinal where a card goes ("K♥ into the third one", "en la tercera"): a column
_PLACE_ORDINAL = re.compile(
    r"(?<![a-z0-9])(in|on|at|into|to)\s+(?:the\s+)?([a-z]+|\d(?:st|nd|rd|th))(?:\s+one)?"
    r"(?=\s*$|\s*[,.!;]|\s+(?:face|fd|please|pls|then|and)\b)",
    re.IGNORECASE,
)


def _ordinal_place(m: re.Match[str]) -> str:
    if m.group(2).casefold() in _MIDDLE:  # "the field card in the middle": no column said
        return m.group(0)
    n = _position(m.group(2), COLUMNS)
    return m.group(0) if n is None else f"{m.group(1)} column {n}"


# a column named by a card on the board, not in the hand: "the 10 of hearts column", "under the
# 7 of spades", "across from their J♦", "in front of the king of hearts" ("on the Q♦" is no
# column: played on a Field Card, it replaces it)
_BY_CARD = re.compile(
    r"\b(?:(?:right |just |directly )?(?:under|below|beneath|above|across from|opposite|"
    r"opposite to|facing|in front of|against|vs\.?|versus|"
    r"(?:in|on|to|into) the column (?:of|with))\s+)"
    r"(?:the |their |his |her |my |that )?(?P<card>[^,;]{2,22}?)"
    r"(?:\s+field(?:\s+card)?)?(?:\s+column|\s+col)?"
    r"(?=\s*(?:$|[^\w\s♠♥♦♣♧♢♡♤]|\s+(?:face|fd|column|col|please|pls|and|so|in|on|at|"
    r"for|since|because|then)\b))|"
    # an aside that names the column's card ("in col 4 (the 4♠ one)")
    r"\(\s*(?:the |their |his |her |that )?(?P<aside>[^()]{2,22}?)"
    r"(?:\s+(?:one|column|col|field card|card))?\s*\)|"
    r"\b(?:the |their |his |her |that )(?P<named>(?:(?!\s(?:in|on|at|into|to)\s)[^,;]){2,22}?)"
    r"\s+col(?:umn)?\b",
    re.IGNORECASE,
)


def _board_card_column(text: str, state: State, seat: int) -> str:
    """``text`` with a column named by a card the board shows (a Field Card, or a face-up card
    of either row) and the hand does not hold rewritten as that column ("C5")."""
    from gm.games.cards import card_text, find_cards  # the cards' names in words

    hand = set(state["hands"][seat])
    shown: dict[str, int] = {}
    for c, card in enumerate(state["field"]):
        shown.setdefault(card, c + 1)
    for row in state["rows"]:
        for c, slot in enumerate(row):
            if slot is not None and slot["up"]:
                shown.setdefault(slot["card"], c + 1)

    def column(m: re.Match[str]) -> str:
        words = m.group("card") or m.group("named") or m.group("aside")
        found = find_cards(words)
        if len(found) != 1 or words[: found[0][1][0]].strip() or words[found[0][1][1] :].strip():
            return m.group(0)  # a card and nothing else ("the ace of spades in column": no)
        code = card_text(found[0][0])
        if code in hand or code not in shown:
            return m.group(0)
        return f" column {shown[code]} "

    return _BY_CARD.sub(column, text)


# a Field Card named by the word first ("the field 7 of diamonds", "the field card 7 of hearts"):
# said the card's way round ("the 7 of diamonds field card"), never a Field Card's number
_FIELD_FIRST = re.compile(
    r"\b(?:the\s+)?field\s+(?:card\s+)?((?:\d+|ace|king|queen|jack|[akqjx]|two|three|four|five|"
    r"six|seven|eight|nine|ten)\s+of\s+(?:clubs?|diamonds?|hearts?|spades?)\b|"
    r"(?:10|[2-9akqjx])\s*[♣♦♥♠♧♢♡♤])",
    re.IGNORECASE,
)
# a Field Card named by its rank, its column said after ("swap the field 7 in column 3 for my 7
# of clubs"): the number a rank, not a Field Card's number
_FIELD_RANK = re.compile(
    r"\b(?:the\s+)?field\s+(?:card\s+)?(?:10|[2-9]|[akqj]|ace|king|queen|jack)\s+"
    r"(?=(?:in|on|at|of)\s+(?:the\s+)?(?:col(?:umn)?\s*|c)\d)",
    re.IGNORECASE,
)
# a Field Card's suit said as a reason after the move ("…, diamond field", "… — spade field so
# it beats their king", "…, hearts field there"): no Field Card played on
_SUIT_FIELD_REASON = re.compile(
    r"(?:[,.;:]|\s[—–-])\s*(?:the\s+)?(?:clubs?|diamonds?|hearts?|spades?)\s+field\b.*$|"
    # "…, field is spades so suit beats rank", "…, field's the 10 of hearts so mine wins"
    r"(?:[,.;:]|\s[—–-])\s*(?:the\s+)?field(?:\s+card)?(?:'s|\s+is|\s+was|\s+being)\s+"
    r"(?:an?\s+)?(?:clubs?|diamonds?|hearts?|spades?|the\s|(?:10|[2-9akqjx])\s*[♣♦♥♠]).*$|"
    # "… face up obv since the field there is X♥": the reason, naming the Field Card
    r"\s+(?:since|because|cuz|cause|bc|as)\s+(?:the\s+)?field\b.*$|"
    # "eight of hearts into c5 to match the 10 of hearts up there": what it matches, why
    r"\s+to\s+match\s+(?:the|that|their|its)\b.*$",
    re.IGNORECASE,
)
# the far end of the row ("the far right column", "very left"): the last or the first column
_FAR = re.compile(r"\b(?:far|very)[\s-]+(right|left)\b", re.IGNORECASE)


def normalise(text: str, state: State, seat: int) -> str:
    """``text`` with typos, number words and ordinal references rewritten (see the module)."""
    t = _LONG_WORD.sub(_fix_typo, text.replace("\ufe0f", ""))
    t = _SUIT_FIELD_REASON.sub("", t)
    t = _FIELD_RANK.sub("the field card ", t)
    t = _FIELD_FIRST.sub(r"the \1 field card", t)
    t = _FAR.sub(r"\1most", t)
    t = _number_words(t)
    t = _PLACE_NUMBER.sub(r"\1 column \2", t)
    t = _CARD_THEN_NUMBER.sub(r"\1 column \2", t)
    t = _PLACE_ORDINAL.sub(_ordinal_place, t)

    def ordinal_column(m: re.Match[str]) -> str:
        n = _position(m.group(1), COLUMNS)
        if n is None:
            return m.group(0)
        noun = m.group(2).casefold()
        return f" column {n} " if noun.startswith("col") else f" field card {n} "

    t = _ORD_COLUMN.sub(ordinal_column, t)
    t = _board_card_column(t, state, seat)
    hand = state["hands"][seat]

    def hand_card(m: re.Match[str]) -> str:
        if m.group(1).casefold() in ("down", "up", "field"):
            return m.group(0)
        n = _position(m.group(1), len(hand))
        if n is None:
            return m.group(0)
        if not 1 <= n <= len(hand):
            raise IllegalMoveError(
                f"You hold {len(hand)} card{'s' if len(hand) != 1 else ''}, so there is no "
                f"card {n} in your hand.",
                rule="not-in-hand",
                hint="Your hand: " + ("-".join(hand) if hand else "(empty)"),
            )
        return f" {hand[n - 1]} "

    return _HAND_CARD.sub(hand_card, t)


def challenge(text: str) -> tuple[str, bool]:
    """``text`` without the challenge target ("the face down card"), and whether it names a
    challenge (the word, or a play against a face-down card; not the word denied: "…, no
    challenge yet", "without challenging")."""
    text = _NO_CHALLENGE.sub(" ", text)
    named = bool(CHALLENGE.search(text))
    t, n = _TARGET.subn(" ", text)
    t = CHALLENGE.sub(" ", t)
    return t, named or n > 0


def suit_words(text: str) -> list[str]:
    """Suits named without a rank (the cards of the text are blanked already)."""
    suits = []
    for m in _SUIT_ONLY.finditer(text):
        symbol = _SUITS[(m.group(1) or m.group(2)).casefold()]
        if symbol not in suits:
            suits.append(symbol)
    return suits


def colour_suits(text: str) -> list[str]:
    """The suits of the one colour the text names ("the red king": ♥ and ♦), or none."""
    said = {m.group(1).casefold() for m in _COLOUR.finditer(text)}
    return _COLOUR_SUITS[said.pop()] if len(said) == 1 else []


def superlative(text: str) -> str | None:
    """``low`` or ``high`` when the text asks for the lowest/highest card, else None."""
    found = {"low" if m[1].casefold() in _LOW else "high" for m in _SUPERLATIVE.finditer(text)}
    return found.pop() if len(found) == 1 else None


def extreme(cards: list[str], end: str) -> list[str]:
    """The cards of lowest (``low``) or highest (``high``) rank among ``cards``."""
    if not cards:
        return []
    best = (min if end == "low" else max)(rank(c) for c in cards)
    return [c for c in cards if rank(c) == best]
