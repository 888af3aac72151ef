"""N-in-a-row's words in Korean and Spanish (``ChatWords.translations``, docs/languages.md):
placing a mark on a point."""

from __future__ import annotations

TRANSLATIONS: tuple[tuple[str, str, str, str], ...] = (
    ("ko", "word", "두", "put"),
    ("ko", "word", "놓", "put"),
    ("ko", "word", "마이너스", "minus"),
    ("es", "phrase", r"\bpongo\b|\bpon\b|\bcoloco\b|\bjuego\b", " put "),
    ("es", "phrase", r"\ben\b", " at "),
    ("es", "phrase", r"\bmenos\b", " minus "),
)
