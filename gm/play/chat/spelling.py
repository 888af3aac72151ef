"""Typing slips in an English message mended before it is read: "shwo me the table", "whos
ahaed", "where shoud i block" → show, ahead, should (and a game's own verbs, misspelt, into
them).

A word is mended only when all of these hold: it is four letters or more, written in lower-case
letters alone (never a code such as BC3 or 3RA), not an English word (pyspellchecker's English
word list, the library made for this: Peter Norvig's method with a frequency dictionary), not a
word the chat's readers know, and exactly one word the chat's readers look for is one edit away
(a letter dropped, added, changed, or two letters swapped). So "lmaooo", "faceup" or "obvs" stay
as written, and a slip is mended only into a word that changes what gm reads.

The words the readers look for are taken from their own patterns: the request phrasings
(gm/play/chat/intents.py), the topics' key words (gm/play/chat/topics.py) and each game's chat
words (``ChatWords``). Pure text: no store, no game named.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from gm.games.words import ChatWords
from gm.play.chat import intents, topics

_WORD = re.compile(r"(?<![\w'])[a-z]{4,}(?![\w'])")
_SOURCE_WORD = re.compile(r"[a-z]{4,}")


@cache
def _english():  # noqa: ANN202 - the library's class
    from spellchecker import SpellChecker  # loaded once per process, on the first message

    return SpellChecker(language="en", distance=1)


@cache
def _chat_words() -> frozenset[str]:
    """The words of the chat's own request phrasings and topics."""
    sources = [p for phrasings in intents.PATTERNS.values() for p in phrasings]
    sources += [pattern for _, pattern in topics.english_topics()]
    return frozenset(w for s in sources for w in _SOURCE_WORD.findall(s.lower()))


@lru_cache(maxsize=16)
def vocabulary(words: ChatWords) -> frozenset[str]:
    """The words the readers look for in a game's messages (``words``: its chat words)."""
    declared = intents.chat_words() + words
    said = [*declared.move_verbs, *declared.move_words, *declared.board_parts]
    said += [*declared.score_words, *(p for _, p in declared.phrasings)]
    said += [en for _, _, _, en in declared.translations]
    return _chat_words() | frozenset(w for s in said for w in _SOURCE_WORD.findall(s.lower()))


# chat's shorthand, no slip of the keys but the same words ("where shud i go"): written out
SHORTHAND = {"shud": "should", "shld": "should", "wud": "would", "cud": "could", "wat": "what",
             "wut": "what", "wht": "what", "wher": "where", "whr": "where", "wen": "when",
             "nxt": "next", "plz": "please", "waht": "what", "whta": "what", "wd": "would",
             "shd": "should", "w": "with", "pts": "points"}  # fmt: skip
_SHORT = re.compile(r"(?<![\w'])(?:" + "|".join(SHORTHAND) + r")(?![\w'])")


def mended(text: str, words: ChatWords) -> str:
    """``text`` (an English message) with each typing slip mended and chat's shorthand written
    out (see the module's docstring); unchanged when it has neither."""
    known = vocabulary(words)
    checker = _english()
    text = _SHORT.sub(lambda m: SHORTHAND[m.group(0)], text)

    def mend(m: re.Match[str]) -> str:
        word = m.group(0)
        if word in known or word in checker:
            return word
        near = checker.edit_distance_1(word) & known
        if len(near) > 1:  # "mvoe": "move", a word, over "mvoes", a slip the games know too
            near = {w for w in near if w in checker}
        return near.pop() if len(near) == 1 else word

    return _WORD.sub(mend, text)
