"""The player's language: which one a seat speaks (an explicit setting — "한국어로", "en
español", "speak English" — kept in the seat's chat memory, else the message's own language,
else the last one seen), and a message in Korean or Spanish read as English words the chat's
readers know (gm/play/chat/korean.py, gm/play/chat/spanish.py; each game adds its own words,
``ChatWords.translations``). Replies are then worded in that language
(gm/play/chat/localise.py). Adding a language: a message catalogue, a reader module like these
two and a ``translations`` entry per game (docs/languages.md).
"""

from __future__ import annotations

import re

from gm.play.chat import korean, spanish

LANGUAGES = ("en", "ko", "es")

_SETTING = (
    ("ko", re.compile(r"^\s*(한국어(로)?(\s*(해|해줘|말해|말해줘|부탁해|할게|로 해줘))?|korean( please)?|"  # noqa: E501
                      r"(speak|in|use) korean( please)?)\s*[.!]?\s*$", re.IGNORECASE)),
    ("es", re.compile(r"^\s*((en )?espa[nñ]ol( por favor| porfa)?|habla espa[nñ]ol|spanish( please)?|"  # noqa: E501
                      r"(speak|in|use) spanish( please)?)\s*[.!]?\s*$", re.IGNORECASE)),
    ("en", re.compile(r"^\s*((in |speak |use )?english( please)?|영어(로)?(\s*해줘)?|"
                      r"en ingl[eé]s( por favor)?)\s*[.!]?\s*$", re.IGNORECASE)),
)  # fmt: skip


def setting(text: str) -> str | None:
    """The language a message asks gm to speak ("한국어로", "en español"), or None."""
    for lang, pattern in _SETTING:
        if pattern.match(text):
            return lang
    return None


def detect(text: str) -> str | None:
    """The language a message is written in, or None when it says nothing of it (a bare move
    in notation, "ok")."""
    if korean.is_korean(text):
        return "ko"
    if spanish.is_spanish(text):
        return "es"
    if re.search(r"[a-zA-Z]{3,}", re.sub(r"\b[A-Z]+\d*\b", "", text)):
        return "en"
    return None


def to_english(text: str, lang: str, translations: tuple[tuple[str, str, str, str], ...]) -> str:
    """``text`` as English words the chat's readers know (unchanged for English)."""
    if lang == "ko" and korean.is_korean(text):
        return korean.to_english(text, translations)
    if lang == "es":
        return spanish.to_english(text, translations)
    return text
