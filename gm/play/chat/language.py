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


# a second thought: "X no wait Y", "X... wait no Y", "X, no espera, Y", "X 말고 Y" → Y
_CORRECTION = re.compile(
    r"(?:\.\.\.|[,;])?\s*\b(?:no,? wait|wait,? no|no espera|no,? digo|mejor dicho)\b[\s,.]*|"
    r"\s*(?<=\S)\s*말고\s+",
    re.IGNORECASE,
)
_ARTICLES = {"the", "a", "an", "my", "el", "la", "los", "las", "mi", "un", "una"}


def corrected(text: str) -> tuple[str, bool]:
    """The message as its writer corrected it (what follows the last "no wait", "no espera",
    "말고"; the head's opening verb kept: "play J♥ no wait J♦" → "play J♦"), and whether it was
    corrected. A corrected message is read, never counted as an illegal attempt."""
    parts = _CORRECTION.split(text)
    if len(parts) < 2 or not parts[-1].strip() or not parts[0].strip():
        return text, False
    head, tail = parts[0].split(), parts[-1].strip()
    verb = head[0].lower()
    if verb.isalpha() and verb not in _ARTICLES and tail.split()[0].lower() != verb:
        tail = f"{head[0]} {tail}"
    return tail, True


# a reason said after the move ("…, it matches the other card", "… since 3YS is better",
# "…que el campo es diamante", "필드가 하트7이니까"): the move is the clause before it
_REASON = re.compile(
    r",\s*(?:it|that|this|since|because|cause|cuz|as|so|porque|que|ya que|para|pues)\b.*|"
    r"\s+(?:since|because|cuz|porque|ya que|que el|que la|to make|para)\b.*|"
    r"\s+(?:ㅎㅎ|ㅋㅋ|어차피|왜냐면)\S*.*|\s+\S+(?:니까|니깐|라서|이라서)\s*$|(?<=[^\s뒤나])서\s+\S.*$",
    re.IGNORECASE,
)


def main_clause(text: str) -> str:
    """``text`` without the reason said after it (:data:`_REASON`), or ``text``."""
    cut = _REASON.sub("", text).strip()
    return cut if cut and cut != text.strip() else text
