"""Card Chess notation written out: a move (``PLAY 7♥ RC3``, ``BC1-BK1``, ``RK3xM4``,
``EXCHANGE``, ``REPLACE 2♠``, ``KEEP``), the list of legal moves in a hint, and the board text.
Moves are read back by gm/games/card_chess/moves.py.
"""

from __future__ import annotations

from typing import Any

from gm.games.base import Outcome, game_over_line

from . import rules as R
from .rules import SEATS, Move, spot_name


def render_move(move: Move) -> str:
    kind = move[0]
    if kind == "play":
        return f"PLAY {move[1]} {spot_name(move[2])}"
    if kind == "exchange":
        return "EXCHANGE"
    if kind == "move":
        return f"{spot_name(move[1])}-{spot_name(move[2])}"
    if kind == "capture":
        return f"{spot_name(move[1])}x{spot_name(move[2])}"
    if kind == "replace":
        return f"REPLACE {move[1]}"
    return "KEEP"


def _hint(moves: list[Move], prefix: str = "Legal now: ") -> str:
    if not moves:
        return "There is no legal move of that kind now."
    texts = [render_move(m) for m in moves]
    more = f" … ({len(texts)} in all)" if len(texts) > 24 else ""
    return prefix + ", ".join(texts[:24]) + more


# ---------------------------------------------------------------- the board text


_FILES = "    " + "".join(f"{f:>5}" for f in range(1, 6))
_RANK_LABELS = tuple(f"{code:<4}" for code in R.RANKS)
_LEGEND = "Ranks: " + " · ".join(f"{c} {w}" for c, w in zip(R.RANKS, R.RANK_WORDS, strict=True))


def render_board(state: dict[str, Any], seat: int | None, outcome: Outcome | None = None) -> str:
    if outcome is not None:
        status = "game over"
    else:
        status = f"{SEATS[state['turn']]} to move"
    limit = state["options"]["max_plies"]
    lines = [f"Card Chess · {status} · ply {state['ply']} of {limit}"]
    lines.append(_FILES)
    pieces, check = state["pieces"], state["check"]
    cells = [
        "   ##" if p is None else ("!" + p if c else p).rjust(5)
        for p, c in zip(pieces, check, strict=True)
    ]
    for row in range(5):
        lines.append(_RANK_LABELS[row] + "".join(cells[row * 5 : row * 5 + 5]))
    lines.append(_LEGEND)
    down = state["down"]
    known = [f"{spot_name(i)} {down[i]}" for i, k in enumerate(state["known"]) if k]
    lines.append("Known face-down cards: " + (", ".join(known) if known else "none"))
    playing, checked = R.counts(state)
    lines.append(
        f"In play: red {playing[0]}, black {playing[1]} · "
        f"in check: red {checked[0]}, black {checked[1]} (five wins)"
    )
    hands = state["hands"]
    if seat is None:
        lines.append(f"Red's hand: {len(hands[0])} cards · black's hand: {len(hands[1])} cards")
    else:
        own = " ".join(sorted(hands[seat], key=R.card_key)) or "(empty)"
        other = R.opponent(seat)
        lines.append(f"Your hand ({SEATS[seat]}): {own}")
        lines.append(f"{SEATS[other].capitalize()}'s hand: {len(hands[other])} cards")
    lines.append(f"Draw pile: {len(state['draw'])} cards · discard pile: {len(state['discard'])}")
    if outcome is not None:
        lines.append(game_over_line(outcome))
        return "\n".join(lines)
    turn, pending = state["turn"], state["pending"]
    if pending is not None:
        spot = pending["spot"]
        foe = SEATS[R.opponent(turn)]
        lines.append(
            f"{SEATS[turn]} must now REPLACE or KEEP: the capture on {spot_name(spot)} took "
            f"{pending['captured']} and revealed {foe}'s {pieces[spot]}."
        )
        if seat == turn:
            answers = [render_move(m) for m in R.pending_moves(state, turn)]
            lines.append("Your answers: " + ", ".join(answers))
    elif state["exchanged"][turn]:
        lines.append(f"{SEATS[turn]} exchanged last turn and may not exchange now.")
    return "\n".join(lines)
