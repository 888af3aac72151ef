"""Card Chess phrasings: pieces named by rank, spots in words, captures by rank, play-in by rank
or place in hand, and the REPLACE/KEEP step in words (positions reached by real moves)."""

from __future__ import annotations

import random

from gm.games import GAMES
from gm.games.table import Table
from tests.chat_corpus import Case, State


def reach(seed: int, plies: int) -> State:
    """The state after ``plies`` seeded moves (captures preferred, no exchanges when avoidable)."""
    game = GAMES["card-chess"]
    table = Table(game, Table.new_document(game, [{"kind": "human"}] * 2, seed, None, None))
    rng = random.Random(seed)
    for _ in range(plies):
        seat = table.to_move()
        legal = table.legal_moves(seat)
        captures = [m for m in legal if m[0] == "capture"]
        others = [m for m in legal if m[0] != "exchange"] or legal
        table.play(
            seat, rng.choice(captures) if captures and rng.random() < 0.7 else rng.choice(others)
        )
    return table.state


def black_ace() -> State:  # black: A♠ BK4, K♠ BC4, 2♠ BC2, 5♠ BC3; hand 2♥ 8♦ 9♥ 8♠ A♣
    return reach(2, 16)


def red_ace() -> State:  # red: A♦ RK1, 9♦ RK5, 5♦ RC1; hand 6♥ 9♦ A♥ 3♣ 9♠
    return reach(10, 10)


def red_step() -> State:  # red must REPLACE or KEEP on BC2 (revealed 8♠); hand 2♣ 5♣ 6♠ 7♠ Q♣
    return reach(3, 24)


def black_step() -> State:  # black must REPLACE or KEEP on M1 (revealed 4♦); hand 2♥ 3♦ 8♥ 9♦ K♦
    return reach(14, 10)


def black_capture() -> State:  # black: A♠ RK4 may take J♦ RC3; 7♠ BK1; hand … K♠
    return reach(41, 16)


def red_kings() -> State:  # red: K♦ RK4 may take K♣ M3; 7♥ M4
    return reach(48, 16)


def _case(position, seat, text, intended, note):
    return Case("card-chess", position, seat, text, intended, note)


RED, BLACK = 0, 1
CASES = [
    _case(black_ace, BLACK, "ace to black kingdom 5", "BK4-BK5", "issue misread"),
    _case(black_ace, BLACK, "my ace to the middle 3", "BK4-M3", "rank and spot in words"),
    _case(black_ace, BLACK, "move the ace to m4", "BK4-M4", "rank"),
    _case(black_ace, BLACK, "ace to bk five", "BK4-BK5", "file in words"),
    _case(black_ace, BLACK, "king to black castle 5", "BC4-BC5", "king by rank"),
    _case(black_ace, BLACK, "play my eight in my castle 1", "PLAY 8♠ BC1", "my castle"),
    _case(black_ace, BLACK, "push the 2 forward", "BC2-BK2", "pawn by rank"),
    _case(black_ace, BLACK, "my 5 forward", "BC3-BK3", "pawn by rank"),
    _case(black_ace, BLACK, "play my ace", "PLAY A♣ BC1", "two free spots: asked"),
    _case(red_ace, RED, "my ace to the middle 2", "RK1-M2", "the middle 2"),
    _case(red_ace, RED, "ace to red kingdom 2", "RK1-RK2", "spot in words"),
    _case(red_ace, RED, "move my 9 forward", "RK5-M5", "the piece, not the card in hand"),
    _case(red_ace, RED, "play my six on red castle 3", "PLAY 6♥ RC3", "play-in by rank"),
    _case(red_ace, RED, "play the six in my castle four", "PLAY 6♥ RC4", "my castle, file word"),
    _case(red_ace, RED, "put my ace on rc2", "PLAY A♥ RC2", "put: the card in hand"),
    _case(red_ace, RED, "play my second card in rc3", "PLAY 9♦ RC3", "ordinal in hand"),
    _case(red_ace, RED, "move the ace back to rc2", "RK1-RC2", "move: the piece"),
    _case(red_step, RED, "replace it with my queen", "REPLACE Q♣", "replacement by rank"),
    _case(red_step, RED, "replace it with the two of clubs", "REPLACE 2♣", "card in words"),
    _case(red_step, RED, "keep it", "KEEP", "keep"),
    _case(red_step, RED, "no, keep", "KEEP", "no, keep"),
    _case(red_step, RED, "swap in my seven", "REPLACE 7♠", "swap in"),
    _case(red_step, RED, "no thanks, keep the eight", "KEEP", "keep the revealed card"),
    _case(red_step, RED, "replace it with my last card", "REPLACE Q♣", "last card"),
    _case(black_step, BLACK, "replace it with my king", "REPLACE K♦", "replacement by rank"),
    _case(black_step, BLACK, "replce it with my nine", "REPLACE 9♦", "typo"),
    _case(black_step, BLACK, "don't replace it", "KEEP", "don't replace"),
    _case(black_step, BLACK, "nah, keep it!", "KEEP", "filler"),
    _case(black_capture, BLACK, "take his jack with my ace", "RK4xRC3", "take X with my Y"),
    _case(black_capture, BLACK, "my ace takes the jack", "RK4xRC3", "my Y takes X"),
    _case(black_capture, BLACK, "capture the jack", "RK4xRC3", "the only capture of it"),
    _case(black_capture, BLACK, "ace x red castle 3", "RK4xRC3", "rank and spot"),
    _case(black_capture, BLACK, "my ace to red kingdom five", "RK4-RK5", "file word"),
    _case(black_capture, BLACK, "my seven forward", "BK1-M1", "pawn by rank"),
    _case(red_kings, RED, "take his king with my king", "RK4xM3", "king takes king"),
    _case(red_kings, RED, "king takes king", "RK4xM3", "no possessives"),
    _case(red_kings, RED, "capture the king of clubs", "RK4xM3", "the enemy piece by card"),
    _case(red_kings, RED, "the 7 to black kingdom 4", "M4-BK4", "pawn by rank"),
    _case(red_kings, RED, "move my king to red castle 3", "RK4-RC3", "spot in words"),
    _case(red_kings, RED, "my king x m3", "RK4xM3", "x"),
]  # fmt: skip
