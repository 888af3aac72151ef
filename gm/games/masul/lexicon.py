"""Masul's words in Korean and Spanish (``ChatWords.translations``, docs/languages.md): the
columns and their counters (3열, 세 번째 줄), face up and face down (앞면, 뒷면, 뒤집어서; boca
arriba, boca abajo), the Field Cards, a challenge."""

from __future__ import annotations

TRANSLATIONS: tuple[tuple[str, str, str, str], ...] = (
    ("ko", "counter", "열", "column"),
    ("ko", "counter", "줄", "column"),
    ("ko", "counter", "칸", "column"),
    ("ko", "word", "열", "column"),
    ("ko", "word", "줄", "column"),
    ("ko", "word", "칼럼", "column"),
    ("ko", "phrase", r"앞\s*면", " face up "),
    ("ko", "phrase", r"뒷\s*면|뒤\s*면|뒤집어서|뒤집어|엎어서", " face down "),
    ("ko", "phrase", r"필드\s*(\d)\s*번?\s*(카드)?", r" field card \1 "),
    ("ko", "word", "필드", "field"),
    ("ko", "word", "도전", "challenge"),
    ("ko", "word", "바꾸", "replace"),
    ("es", "phrase", r"\bboca abajo\b|\btapada\b|\boculta\b", " face down "),
    ("es", "phrase", r"\bboca arriba\b|\bdescubierta\b", " face up "),
    ("es", "phrase", r"\bcolumnas?\b|\bcol\b", " column "),
    ("es", "phrase", r"\bdesafi[oa]\w*\b|\breto\b", " challenge "),
    ("es", "phrase", r"\bcarta de campo\b|\bcampo\b", " field card "),
    ("es", "phrase", r"\breemplaz\w*\b|\bcambi\w*\b", " replace "),
)
