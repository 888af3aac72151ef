"""Masul positions written by hand, for tests: :func:`make_position` builds a state from board
text (the engine's ``from_dict`` checks it)."""

from __future__ import annotations

from gm.games.base import State
from gm.games.masul.rules import ALL_CARDS, NAME, exhausted, sort_key


def make_position(
    row1: str,
    field: str,
    row3: str,
    hand3: list[str] | tuple[str, ...],
    hand1: list[str] | tuple[str, ...],
    *,
    turn: int | None | str = "auto",
    discard: list[str] | tuple[str, ...] = (),
    replacements: tuple[int, int] = (0, 0),
    max_field_replacements: int | None = None,
    seed: int = 0,
) -> State:
    """A state from board text (for tests, examples and puzzles); the engine's from_dict checks it.

    ``row1``/``row3``: seven slots separated by spaces or ``-``: ``[]`` empty, ``7♠`` face up,
    ``FD:7♠`` face down. ``field``: seven cards. Every card not named goes to the unused pile.
    ``turn="auto"``: whoever is due (turns alternate, Row 3 first, exhausted seats skipped).
    """

    def slots(text: str) -> list[dict | None]:
        out: list[dict | None] = []
        for token in text.replace("-", " ").split():
            if token == "[]":
                out.append(None)
            elif token.startswith("FD:"):
                out.append({"card": token[3:], "up": False})
            else:
                out.append({"card": token, "up": True})
        return out

    rows = [slots(row3), slots(row1)]
    field_cards = field.replace("-", " ").split()
    named = [*hand3, *hand1, *field_cards, *discard]
    named += [s["card"] for row in rows for s in row if s is not None]
    state = {
        "game": NAME,
        "rng": {"seed": seed, "n": 0},
        "options": {"max_field_replacements": max_field_replacements},
        "hands": [sorted(hand3, key=sort_key), sorted(hand1, key=sort_key)],
        "rows": rows,
        "field": field_cards,
        "discard": list(discard),
        "unused": sorted(ALL_CARDS - set(named), key=sort_key),
        "replacements": list(replacements),
        "turn": turn,
    }
    if turn == "auto":
        tired = [exhausted(state, seat) is not None for seat in (0, 1)]
        played = [sum(x is not None for x in rows[seat]) + replacements[seat] for seat in (0, 1)]
        if all(tired):
            state["turn"] = None
        elif any(tired):
            state["turn"] = tired.index(False)
        else:
            state["turn"] = 0 if played[0] == played[1] else 1
    return state
