"""Your Trumps' words in Korean and Spanish (``ChatWords.translations``, docs/languages.md):
trumps, leading, beating, taking."""

from __future__ import annotations

TRANSLATIONS: tuple[tuple[str, str, str, str], ...] = (
    ("ko", "word", "트럼프", "trump"),
    ("ko", "word", "으뜸패", "trump"),
    ("ko", "word", "내", "lead"),
    ("ko", "word", "이기", "beat"),
    ("ko", "word", "가져가", "take"),
    ("es", "phrase", r"\bcomo triunfo\b|\bde triunfo\b", " trump "),
    ("es", "phrase", r"\btriunfos?\b", " trump "),
    ("es", "phrase", r"\bsalgo con\b|\bsalir con\b", " lead "),
    ("es", "phrase", r"\bmato\b|\bgano\b", " beat "),
    ("es", "phrase", r"\bme llevo\b|\brecojo\b", " take "),
)
