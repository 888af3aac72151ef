"""So-Lon-Yo notation: reading a pick from text, the canonical move text, and the board.

Moves: ``PICK 1`` / ``PICK 2`` / ``PICK 3`` (the move ``("pick", n)``). The reader also takes
``2``, ``the second card``, ``middle``, ``left``/``right`` and, when the cards are visible, the
card itself (``K♦``, ``king of diamonds``); see rules.md ("Moves").
"""

from __future__ import annotations

import re

from gm.games import cards
from gm.games.base import (
    AmbiguousMoveError,
    IllegalMoveError,
    Move,
    Outcome,
    ParseError,
    State,
    game_over_line,
)
from gm.games.solonyo.rules import LABEL, SEATS, alone, hint, shown

EXPECTED = "'PICK 1', 'PICK 2' or 'PICK 3' (also '2', 'the second card', 'middle')"
_POSITION_WORDS = {
    "one": 1, "first": 1, "1st": 1, "left": 1, "leftmost": 1,
    "two": 2, "second": 2, "2nd": 2, "middle": 2, "center": 2, "centre": 2,
    "three": 3, "third": 3, "3rd": 3, "right": 3, "rightmost": 3, "last": 3,
    "four": 4, "fourth": 4, "4th": 4, "five": 5, "fifth": 5, "zero": 0,
}  # fmt: skip
_WORD = re.compile(r"\d+(?:st|nd|rd|th)?|[a-z]+")


def render_move(move: Move) -> str:
    return f"PICK {move[1]}"


def parse_move(text: str, state: State) -> Move:
    """Read ``text`` as the defiant's pick, or raise the matching GameError."""
    if not isinstance(text, str) or not text.strip():
        raise ParseError(str(text), EXPECTED)
    found = cards.find_cards(text)
    rest = text.lower()
    for _, (a, b) in reversed(found):
        rest = rest[:a] + " " + rest[b:]
    positions: list[int] = []
    for w in _WORD.findall(rest):
        digits = re.match(r"\d+", w)
        if digits:
            positions.append(int(digits.group()))
        elif w in _POSITION_WORDS:
            positions.append(_POSITION_WORDS[w])
    if not found and not positions:
        raise ParseError(text, EXPECTED)
    legal = hint(state)
    picks = set()
    if found:
        if not state["options"]["defiant_sees_cards"]:
            raise IllegalMoveError(
                "Your three cards are face down (a blind pick): you cannot choose by naming a "
                "card; choose by position.",
                rule="blind-pick",
                hint=legal,
            )
        for card, _ in found:
            code = cards.card_text(card, ten="10")
            if code not in state["defiant_cards"]:
                raise IllegalMoveError(
                    f"{code} is not one of your three cards.", rule="not-your-card", hint=legal
                )
            picks.add(state["defiant_cards"].index(code) + 1)
    for p in positions:
        if p not in (1, 2, 3):
            raise IllegalMoveError(
                f"There are only three cards to pick from, so there is no card {p}.",
                rule="three-cards",
                hint=legal,
            )
        picks.add(p)
    if len(picks) > 1:
        raise AmbiguousMoveError(text, [f"PICK {p}" for p in sorted(picks)])
    return ("pick", picks.pop())


def render(state: State, seat: int | None, outcome: Outcome | None = None) -> str:
    """The board text (rules.md, "Board notation"); given an outcome, no turn line and the
    game-over line last."""
    o = state["options"]
    d, c = state["defiant"], 1 - state["defiant"]

    def who(i: int, role: str) -> str:
        return f"{LABEL[i]} ({'you, ' if i == seat else ''}{role}) · {state['scores'][i]} points"

    lines = [f"So-Lon-Yo · round {state['round']} · target {o['target']} · scoring {o['scoring']}"]
    ch = state["challenger_card"]
    over = outcome is not None
    if ch is None:  # the rules ended the game: the last round's cards are in the discard
        lines.append(who(d, "defiant"))
        lines.append(who(c, "challenger"))
    else:
        if o["defiant_sees_cards"] or over:
            mine = "  ".join(
                f"{i + 1}: {shown(x, ch)}" for i, x in enumerate(state["defiant_cards"])
            )
        else:
            mine = "  ".join(f"{i + 1}: [?]" for i in range(3))
        lines.append(f"{who(d, 'defiant')} · cards {mine}")
        lines.append(f"{who(c, 'challenger')} · card {alone(ch)}")
    lines.append(f"deck: {len(state['deck'])} cards · discard: {len(state['discard'])} cards")
    if state["last"]:
        lines.append(f"last: {state['last']}")
    if over:
        lines.append(game_over_line(outcome))
    elif ch is not None:
        blind = "" if o["defiant_sees_cards"] else " (face down: a blind pick)"
        me = " (you)" if seat == d else ""
        lines.append(f"To move: {SEATS[d]}{me} — PICK 1, PICK 2 or PICK 3{blind}.")
    return "\n".join(lines)
