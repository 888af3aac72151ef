"""What the chat tests hold every language to: the issue's bars of understanding per language,
and whether a reply is in the message's language (Korean by its Hangul, Spanish by its words,
English by having no Hangul). Shared by the held-out sets' replays (tests/play/
test_chat_heldout.py, test_chat_blind.py); no ``CASES`` here."""

from __future__ import annotations

import re

BARS = {"en": 0.95, "ko": 0.90, "es": 0.85}
HANGUL = re.compile(r"[\uac00-\ud7a3]")
SPANISH = re.compile(
    r"[áéíóúñ¿¡]|\b(?:tu|tus|la|el|de|no|es|un|una|puedes|di|turno|juego|jugadas|vas)\b", re.I
)


def in_language(reply: str, lang: str) -> bool:
    if lang == "ko":
        return bool(HANGUL.search(reply))
    if lang == "es":
        return bool(SPANISH.search(reply))
    return not HANGUL.search(reply)
