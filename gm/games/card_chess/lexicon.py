"""Card Chess's words in Korean and Spanish (``ChatWords.translations``, docs/languages.md):
moving a piece, the board's areas."""

from __future__ import annotations

TRANSLATIONS: tuple[tuple[str, str, str, str], ...] = (
    ("ko", "word", "옮기", "move"),
    ("ko", "word", "이동", "move"),
    ("ko", "word", "잡", "take"),
    ("ko", "word", "가운데", "middle"),
    ("ko", "word", "말", "pieces"),
    ("ko", "word", "기물", "pieces"),
    ("ko", "word", "체크", "check"),
    ("es", "phrase", r"\bmuevo\b|\bmueve\b|\bmover\b", " move "),
    ("es", "phrase", r"\bcomo\b|\bcapturo\b", " take "),
    ("es", "phrase", r"\bmedio\b|\bcentro\b", " middle "),
)
