"""The staged positions of the blind chat set (tests/chat_blind/): three or four per game, each a
state the game reaches by real plays (re-used from the tuning corpus's staged positions) and the
seat whose player writes. ``python -m tests.chat_blind.dump`` prints them as that seat sees them,
for whoever writes messages without reading gm's code."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from tests.chat_corpus import State, card_chess, chat, masul, maze, n_in_a_row, solonyo, trumps


@dataclass(frozen=True)
class Position:
    game: str  # API name
    state: Callable[[], State]
    seat: int  # the seat that writes


def _chat(game: str, plies: int) -> Position:
    return Position(game, lambda: chat._position(game, plies)[0], chat._position(game, plies)[1])


POSITIONS: dict[str, Position] = {
    "masul-start": Position("masul", partial(masul._position, masul.START), 0),
    "masul-challenge": Position("masul", partial(masul._position, masul.CHALLENGE_ROW1), 1),
    "masul-late": Position("masul", partial(masul._position, masul.LATE_ROW1), 1),
    "trumps-choose": Position("trumps", trumps.CHOOSING, 0),
    "trumps-lead": Position("trumps", trumps.LEAD, 0),
    "trumps-follow": Position("trumps", trumps.UNDER_OWN_TRUMP, 0),
    "solonyo-shown": Position("solonyo", solonyo.SHOWN_P1, 0),
    "solonyo-blind": Position("solonyo", solonyo.BLIND_P1, 0),
    "solonyo-late": Position("solonyo", solonyo.BLIND_P1_LATE, 0),
    "maze-draw": Position("maze", maze.two_draw, 1),
    "maze-discard": Position("maze", maze.two_discard, 1),
    "maze-late": Position("maze", maze.late_draw, 1),
    "card-chess-ace": Position("card-chess", card_chess.black_ace, 1),
    "card-chess-step": Position("card-chess", card_chess.red_step, 0),
    "card-chess-capture": Position("card-chess", card_chess.black_capture, 1),
    "n-in-a-row-first": Position("n-in-a-row", n_in_a_row.FRESH, 0),
    "n-in-a-row-o": Position("n-in-a-row", n_in_a_row.O_TO_MOVE, 1),
    "n-in-a-row-x": Position("n-in-a-row", n_in_a_row.X_TO_MOVE, 0),
    "n-in-a-row-mid": _chat("n-in-a-row", 8),
}


def say_at(service: Any, position: str, text: str) -> dict[str, Any]:
    """``text`` said through the real chat path by the writing seat of a fresh game staged at
    ``position`` (with an illegal-move limit, so a counted message shows)."""
    from gm.play import chat
    from tests.chat_corpus import stage

    where = POSITIONS[position]
    tokens = stage(service, where.game, where.state(), illegal_move_limit=100)
    return chat.say(service, tokens[where.seat], text)


def counted(answer: dict[str, Any]) -> bool:
    """Whether the answer counted the message as an illegal attempt."""
    return any(s["illegal_attempts"] for s in answer.get("seats", []))
