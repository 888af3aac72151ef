"""What a seat said and was told a moment ago, read back: after an ask-back ("which one: RK2-M2,
RC3-M3?") "the first", "the rk2 one" or "that one"; after a hint or a verdict ("Yes, 7♣ C3 is
legal") "ok do that", "yes", "play it". The memory (gm/store/chatmemory.py) holds the last
ask-back's candidates, the last hint or offered move and the last question, per seat, until the
seat's next move; a follow-up is resolved here against it, and the move it names must still be
legal, read by the game's own reader, before it is played.
"""

from __future__ import annotations

import re
from typing import Any

from gm.games.base import AmbiguousMoveError, GameError
from gm.games.words import LAST, number_value

MAX_CANDIDATES = 6  # remembered from an ask-back
MAX_QUESTION = 200  # characters of the last question remembered

_AFFIRM = re.compile(
    r"^(?:(?:ok|okay|k|yes|yeah|yep|yup|sure|fine|alright|right|cool|great|perfect)[\s,.!]*)*"
    r"(?:(?:do|play|go with|take|pick|use|make|try)\s+(?:that|it|this|that one|this one|the hint|"
    r"your suggestion|the suggestion|that move|the move)|that one|this one|yes|yeah|yep|yup|sure|"
    r"sounds good|let'?s do (?:it|that)|go ahead|do it|that)(?:\s+one)?"
    r"(?:\s+(?:then|please|pls|plz|thanks))?[\s.!]*$",
    re.IGNORECASE,
)
_ORDINAL_REF = re.compile(
    r"^(?:(?:ok|okay|yes|yeah|um+|hmm+)[\s,]+)*(?:the\s+|number\s+|#|option\s+)?(\w+)"
    r"(?:\s+(?:one|option|choice))?(?:\s+(?:please|pls|then))?[\s.!]*$",
    re.IGNORECASE,
)
_CODE = re.compile(r"[A-Za-z]*\d+[A-Za-z]*|[2-9TJQKA][♠♥♦♣]|10[♠♥♦♣]")


def affirms(text: str) -> bool:
    """Whether ``text`` says yes to what gm just offered ("ok do that", "yes", "that one")."""
    return bool(_AFFIRM.match(text.strip()))


def _by_order(text: str, candidates: list[str]) -> str | None:
    """ "the first", "2nd", "the last one", "number 2" among the candidates."""
    found = _ORDINAL_REF.match(text.strip())
    if not found:
        return None
    n = number_value(found.group(1), pronoun_one=True)
    if n is None:
        return None
    if n == LAST:
        return candidates[-1]
    return candidates[n - 1] if 1 <= n <= len(candidates) else None


def _by_part(text: str, candidates: list[str]) -> str | None:
    """ "the rk2 one", "rc3", "the 7♣ one": the one candidate holding every code the text names."""
    codes = [c.upper() for c in _CODE.findall(text)]
    if not codes or len(text.split()) > 6:
        return None
    fits = [c for c in candidates if all(code in c.upper().replace("10", "10") for code in codes)]
    return fits[0] if len(fits) == 1 else None


def resolve(memory: dict[str, Any], text: str) -> str | None:
    """The move a follow-up names against the seat's memory, or None (read the message as
    usual)."""
    candidates = [c for c in memory.get("candidates") or [] if isinstance(c, str)]
    if candidates:
        chosen = _by_order(text, candidates) or _by_part(text, candidates)
        if chosen is not None:
            return chosen
        if len(candidates) == 1 and affirms(text):
            return candidates[0]
    offered = memory.get("offer")
    if isinstance(offered, str) and affirms(text):
        return offered
    return None


def still_legal(table, seat: int, move: str) -> str | None:
    """The canonical text of ``move`` if it is legal for ``seat`` now, else None."""
    try:
        return table.engine.render_move(table.read(seat, move))
    except GameError:
        return None


def after(
    memory: dict[str, Any], answer: dict[str, Any], text: str, verdict: tuple[Any, str | None]
) -> dict[str, Any] | None:
    """The seat's memory after ``answer`` (None: forget it — the seat moved); ``verdict`` is the
    reader's on a question (an ambiguity's candidates, or the legal move it names)."""
    intent = answer.get("intent")
    memory = {k: v for k, v in memory.items() if k not in ("lang", "seen")}
    if intent == "move":
        if answer.get("legal"):
            return None
        if answer.get("kind") == "ambiguous":
            return {"candidates": list(answer.get("candidates", []))[:MAX_CANDIDATES]}
        return memory
    if intent == "hint" and answer.get("suggestion"):
        return {"offer": answer["suggestion"]}
    if intent == "question":
        kept: dict[str, Any] = {"question": text[:MAX_QUESTION]}
        error, move = verdict
        if isinstance(error, AmbiguousMoveError):
            kept["candidates"] = list(error.candidates)[:MAX_CANDIDATES]
        elif move is not None:
            kept["offer"] = move
        return kept
    return memory
