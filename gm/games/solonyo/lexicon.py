"""So-Lon-Yo's words in Korean and Spanish (``ChatWords.translations``, docs/languages.md):
picking one of three cards."""

from __future__ import annotations

TRANSLATIONS: tuple[tuple[str, str, str, str], ...] = (
    ("ko", "word", "고르", "pick"),
    ("ko", "word", "선택", "pick"),
    ("ko", "word", "가운데", "middle"),
    ("ko", "word", "왼쪽", "left"),
    ("ko", "word", "오른쪽", "right"),
    ("es", "phrase", r"\bme quedo con\b|\belijo\b|\bescojo\b|\bcojo\b", " pick "),
    ("es", "phrase", r"\bla del medio\b|\bdel medio\b", " the middle one "),
    ("es", "phrase", r"\bizquierda\b", " left "),
    ("es", "phrase", r"\bderecha\b", " right "),
)
