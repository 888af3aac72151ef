"""Your Trumps notation: reading moves from free text, writing moves and the board.

Move values are ``("lead", "9♣")``, ``("beat", "J♦", "7♣")``, ``("beat", "Q♥", None)``,
``("take",)``, ``("trump", "♥")``; their canonical texts: ``LEAD 9♣`` · ``BEAT J♦ 7♣`` (beat
with J♦, then put 7♣) · ``BEAT Q♥`` (the last card) · ``TAKE`` · ``TRUMP ♥`` (set-up only).
The reader (:mod:`gm.games.trumps.reading`) takes any case, ASCII suits and words, extra words
and references resolved against the seat's hand ("beat it with my ace", "my lowest club").
"""

from __future__ import annotations

from gm.games.base import Move, Outcome, State, game_over_line
from gm.games.trumps import reading
from gm.games.trumps.rules import (
    CODES,
    NORTH,
    ROLE,
    SEATS,
    SOUTH,
    SUITS,
    check,
    sort_key,
    suit,
    take_count,
)

# Placeholders, not real cards: an example card could be one the player does not hold.
EXPECTED = (
    "a move such as 'LEAD <card>', 'BEAT <card> <card>' (beat the top card with the first, then "
    "put the second), 'BEAT <card>' (with your last card), 'TAKE', or 'TRUMP <suit>' while "
    "trumps are chosen; a card is its rank then its suit (ranks A K Q J 10 9 … 6, ten also T or "
    "X; suits ♣ ♦ ♥ ♠ or C D H S), or in words"
)


def render_move(move: Move) -> str:
    """The canonical text: the action in capitals, then the cards (``BEAT J♦ 7♣``)."""
    if move[0] == "beat" and move[2] is None:
        return f"BEAT {move[1]}"
    return " ".join((move[0].upper(), *move[1:]))


def _canonical_moves() -> dict[str, Move]:
    """Every move in canonical form, by its text (about 2,800): the fast path of the reader."""
    moves: list[Move] = [("take",), *(("trump", s) for s in SUITS)]
    for a in CODES:
        moves += [("lead", a), ("beat", a, None), *(("beat", a, b) for b in CODES if b != a)]
    return {render_move(m): m for m in moves}


_CANONICAL = _canonical_moves()


def parse_move(text: str, state: State, seat: int) -> Move:
    """A legal move of ``seat`` read from ``text`` (canonical text first, then the chat reader of
    :mod:`gm.games.trumps.reading`), or ParseError / IllegalMoveError / AmbiguousMoveError."""
    if isinstance(text, str):
        canonical = _CANONICAL.get(text)
        if canonical is not None:
            return check(state, seat, canonical)
    return reading.parse_move(text, state, seat, EXPECTED, render_move)


# ---------------------------------------------------------------- the board


def hand_text(hand: list[str]) -> str:
    """A (sorted) hand grouped by suit: ``6♣ 9♣ · 7♦ Q♦ · 8♥ A♥``."""
    words: list[str] = []
    for i, card in enumerate(hand):
        if i and card[-1] != hand[i - 1][-1]:
            words.append("·")
        words.append(card)
    return " ".join(words)


def render(state: State, seat: int | None, outcome: Outcome | None = None) -> str:
    """The board as ``seat`` sees it: the opponent (or north) on top, the pile, then the seat;
    last the seat to move and what it may do, or, once over, the game-over line."""
    opts = state["options"]
    head = f"Your Trumps · {opts['deck']}-card pack · "
    if state["phase"] == "trumps":
        head += "choosing trumps"
    else:
        head += f"{state['ply']} moves played (a draw at {opts['max_plies']})"
    order = (NORTH, SOUTH) if seat is None else (1 - seat, seat)
    rows = {}
    for i in order:
        row = f"{SEATS[i]} ({'you' if i == seat else ROLE[i]}) · trump "
        row += state["trumps"][i] or "not chosen yet"
        if state["phase"] != "trumps":
            n = len(state["hands"][i])
            row += f" · {n} card{'s' * (n != 1)}"
            if i == seat:
                row += ": " + hand_text(state["hands"][i])
            elif state["known"][i]:
                row += " · known: " + " ".join(sorted(state["known"][i], key=sort_key))
        rows[i] = row
    lines = [head, rows[order[0]]]
    if state["phase"] != "trumps":
        pile = state["pile"]
        if pile:
            lines.append(f"pile ({len(pile)}, bottom→top): {' '.join(pile)} ← top {pile[-1]}")
        else:
            lines.append("pile: empty")
    lines.append(rows[order[1]])
    if state["last"]:
        lines.append("last: " + " ".join(state["last"]))
    lines.append(game_over_line(outcome) if outcome is not None else _turn_line(state, seat))
    return "\n".join(lines)


def _turn_line(state: State, seat: int | None) -> str:
    turn = state["turn"]
    who = SEATS[turn] + (" (you)" if turn == seat else "")
    if state["phase"] == "trumps":
        return f"To move: {who} — choose a trump suit (TRUMP ♥); the two trumps must differ."
    pile, trump = state["pile"], state["trumps"][turn]
    if not pile:
        example = f" (LEAD {state['hands'][turn][0]})" if turn == seat else ""
        return f"To move: {who} — lead any card{example}."
    top = pile[-1]
    how = f"a higher {trump}" if suit(top) == trump else f"a higher {suit(top)} or any {trump}"
    # a beat with the last card puts nothing on top of it
    add = (
        " (the last card: nothing to add)" if len(state["hands"][turn]) == 1 else " and add a card"
    )
    return f"To move: {who} — beat {top} with {how}{add}, or TAKE {take_count(pile, trump)}."
