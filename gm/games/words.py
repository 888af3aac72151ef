"""Words people use for numbers and positions in chat, shared by every game's reader.

:func:`number_value` reads ``3``, ``three``, ``third``, ``3rd`` (and ``last`` as -1); :func:`typo`
matches a word against a game's keywords with a light edit distance (``colum`` → ``column``,
``discrad`` → ``discard``), never for short words where a typo could be another word. A reader
uses them where its game has an order (columns, positions, cards in a row); what a number means
is the game's to decide ("the one in the middle" names no number: ``one`` is a pronoun there, so
:func:`number_value` reads ``one`` only when asked to with ``pronoun_one=False``).

:class:`ChatWords`: the words a game's players use in a chat, declared by each game.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, fields
from typing import Any

CARDINALS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20,
}  # fmt: skip
ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
}  # fmt: skip
LAST = -1  # "last", "final": the game counts from the end
_ORDINAL_DIGITS = re.compile(r"^(\d+)(?:st|nd|rd|th)$")
_DIGITS = re.compile(r"^[-+]?\d+$")


def number_value(word: str, pronoun_one: bool = True) -> int | None:
    """The number a word names (``7``, ``seven``, ``seventh``, ``7th``; ``last`` → -1), or None.
    With ``pronoun_one`` (the default) ``one`` is not read: "the middle one" is no number."""
    w = word.casefold().strip(".,;:!?")
    if _DIGITS.match(w):
        return int(w)
    if m := _ORDINAL_DIGITS.match(w):
        return int(m.group(1))
    if w in ("last", "final"):
        return LAST
    if w == "one" and pronoun_one:
        return None
    if w in CARDINALS:
        return CARDINALS[w]
    return ORDINALS.get(w)


def is_ordinal(word: str) -> bool:
    w = word.casefold().strip(".,;:!?")
    return w in ORDINALS or bool(_ORDINAL_DIGITS.match(w)) or w in ("last", "final")


def typo(word: str, keywords: tuple[str, ...] | list[str], cutoff: float = 0.8) -> str | None:
    """The keyword ``word`` is a light misspelling of, or None. Words under 5 letters are
    matched exactly only (a one-letter slip in a short word makes another word)."""
    w = word.casefold()
    if w in keywords:
        return w
    if len(w) < 5:
        return None
    close = difflib.get_close_matches(w, list(dict.fromkeys(keywords)), n=2, cutoff=cutoff)
    return close[0] if len(close) == 1 else None  # two near keywords: no guess


def N_(msgid: str) -> str:  # noqa: N802 — gettext's name for a message id marked, not translated
    """A message id marked for ``pybabel extract`` (the games' reasons and board words:
    ``ChatWords.reasons``, ``ChatWords.board``)."""
    return msgid


@dataclass(frozen=True)
class ChatWords:
    """How the players of one game talk about it in a chat: each game declares its own
    (``GameInfo.chat_words``, built where its ``GameInfo`` is), and the chat door builds its
    patterns from the game being played, so it names no game itself. Words are plain lower-case
    words or phrases (``"face down"``), matched whole and case-insensitively; ``move_codes``,
    ``phrasings`` and ``code_aliases`` are regular expressions.

    - ``move_verbs``: the game's own verbs for its moves ("discard"): a message with one is a try
      at a move, and "can I <verb> …?" asks about one move.
    - ``move_words``: other words that make a message a try at a move (the nouns of its moves,
      other forms of its verbs).
    - ``move_codes``: the game's codes (squares, card codes, coordinates), as regex sources: a
      message with one is a try at a move, and a question with one asks about this position.
    - ``board_parts``: the nouns a player asks about on the board ("what is my <part>?").
    - ``phrasings``: ``(intent, regex)`` requests said in the game's words, matched whole
      against the normalised message like the chat door's own (intents: ``board``, ``score``,
      ``hint``, ``legal``, ``history``, ``status``…).
    - ``score_words``: phrases of the board lines that tell how the game stands ("score" and
      "points" are every game's).
    - ``code_aliases``: ``(regex, template)`` pairs that rewrite a person's words (upper-cased)
      into the game's codes, to find the legal moves closest to a refused text.
    - ``translations``: the game's words in other languages, ``(lang, kind, source, english)``:
      ``kind`` ``phrase`` (a regex rewritten in the message before it is read), ``word`` (a
      word — a Korean stem — and its English), ``counter`` (a Korean counter after a number:
      열 in 3열 → ``column 3``), ``after`` (a regex rewritten in the English read, to put
      words in the order the game's reader takes them). Each game keeps them in its ``lexicon.py``
      (docs/languages.md).
    - ``reasons``: the coach's reasons (``SearchSpec.explain``) as message ids with ``{name}``
      placeholders, and the phrases they are built from: a reply in another language words a
      reason through the catalogues (gm/play/chat/localise.py) when every part of it is one of
      these or the game's notation, else leaves it out.
    - ``manners``: ``(said, unsaid, notation, unless)`` regex sources: a word that says how a
      move is made (``said``, "face down") or the opposite (``unsaid``, "face up"), matched on
      the message's English reading, the mark the move's notation then carries (``notation``,
      ``FD``), and words that make ``said`` name something else (``unless``: a challenge, where
      "face down" is the other side's card). A move read from a message that says one and not
      the other, played without the mark it asks for (or with the one it refuses), is asked
      back with the move that differs only by the mark, never played.
    - ``roles``: the names of the roles the seats take in turn, as the board names them after
      "(you, …)": a question asking which one the seat is asks its status, answered with the
      seat's own line of the board.
    - ``board``: the words of the board text (``Engine.render``) as message ids with ``{name}``
      placeholders: a line, or a part of one between its separators (`` · ``, ``  |  ``, a
      sentence's end…). A seat that reads another language gets each line worded through the
      catalogues (gm/play/chat/localise.py::board) when every part of it is one of these or the
      game's notation (cards, codes, seat labels, numbers: kept as they are), else in English.
    """

    move_verbs: tuple[str, ...] = ()
    move_words: tuple[str, ...] = ()
    move_codes: tuple[str, ...] = ()
    board_parts: tuple[str, ...] = ()
    phrasings: tuple[tuple[str, str], ...] = ()
    score_words: tuple[str, ...] = ()
    code_aliases: tuple[tuple[str, str], ...] = ()
    translations: tuple[tuple[str, str, str, str], ...] = ()
    reasons: tuple[str, ...] = ()
    board: tuple[str, ...] = ()
    roles: tuple[str, ...] = ()
    manners: tuple[tuple[str, str, str, str], ...] = ()

    def __add__(self, other: ChatWords) -> ChatWords:
        """Both games' (or the shared and a game's) words, each once, in order."""

        def both(mine: tuple[Any, ...], theirs: tuple[Any, ...]) -> tuple[Any, ...]:
            return tuple(dict.fromkeys(mine + theirs))

        return ChatWords(*(both(getattr(self, f), getattr(other, f)) for f in _FIELDS))

    @property
    def words(self) -> frozenset[str]:
        """Every plain word and phrase declared (verbs, move words, board parts, score words)."""
        return frozenset(self.move_verbs + self.move_words + self.board_parts + self.score_words)


_FIELDS = tuple(f.name for f in fields(ChatWords))
