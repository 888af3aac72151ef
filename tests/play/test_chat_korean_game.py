"""A Korean player plays a whole game of Masul and of Mystique Maze in Korean through ``say``
(the chat door the page's box and ``/say`` use): every move said in Korean words (스페이드 7
3열에, 뒤집어서; 노란 달 3 버려, 덱에서 뽑을게), every request too (보드 보여줘, 점수, 힌트), and
every reply in Korean, ≤ 280 characters, with no HTTP words, and the board's words in Korean."""

from __future__ import annotations

import re

import pytest

from gm.play import chat

HANGUL = re.compile(r"[\uac00-\ud7a3]")
SUITS = {"♠": "스페이드", "♥": "하트", "♦": "다이아", "♣": "클로버"}
RANKS = {"A": "에이스", "K": "킹", "Q": "퀸", "J": "잭", "X": "10"}
COLOURS = {"Y": "노란", "R": "빨간", "B": "파란"}
MYSTIQUE = {"S": "해", "M": "달", "C": "왕관", "A": "문장"}


def masul_in_korean(move: str) -> str:
    """``7♣ C3 FD`` → ``클로버 7 3열에 뒤집어서``."""
    card, column, *down = move.split()
    rank, suit = card[:-1], card[-1]
    said = f"{SUITS[suit]} {RANKS.get(rank, rank)} {column[1:]}열에"
    return said + (" 뒤집어서" if down else " 놓을게")


def maze_in_korean(move: str) -> str:
    if move == "DRAW DECK":
        return "덱에서 뽑을게"
    if move == "DRAW PILE":
        return "버린 더미에서 가져올게"
    number, colour, suit = move.split()[1]
    return f"{COLOURS[colour]} {MYSTIQUE[suit]} {number} 버려"


def _check(answer: dict, said: str) -> None:
    reply = answer["reply"]
    assert HANGUL.search(reply), (said, reply)
    assert len(reply) <= 280 and not chat.JARGON.search(reply), (said, reply)
    if "board" in answer:  # the board's words in Korean too (its title a name, its notation kept)
        lines = answer["board"].splitlines()[1:]
        assert lines and all(HANGUL.search(line) for line in lines if WORDED.search(line)), (
            said,
            answer["board"],
        )


WORDED = re.compile(r"[a-z]{3,}")  # a line with words in it, not only notation ("C1-C2-…")


@pytest.mark.parametrize(
    ("game", "options", "say_move", "skip"),
    [
        ("masul", {}, masul_in_korean, "FC"),  # field replacements aside: plays into columns
        ("maze", {"turn_cap": 40}, maze_in_korean, "PILE "),
    ],
)
def test_a_whole_game_in_korean(service, game, options, say_move, skip):
    created = service.create(game, opponent="ai", ai_level="random", options=options)
    token = created["token"]
    for request in ("안녕", "보드 보여줘", "규칙 알려줘", "점수", "힌트 좀 줘"):
        _check(chat.say(service, token, request), request)
    moves = 0
    view = service.seat_view(token)
    while view["status"] == "active" and moves < 200:
        legal = [m for m in view["legal_moves"] if not m.startswith(skip) and skip not in m]
        assert legal, view["legal_moves"]
        move = legal[len(legal) // 2]
        said = say_move(move)
        answer = chat.say(service, token, said)
        _check(answer, said)
        assert answer["intent"] == "move" and answer["legal"], (said, answer["reply"])
        assert answer["move"] == move, (said, answer["move"])
        moves += 1
        view = service.seat_view(token)
    assert view["status"] == "finished" and moves > 3
    _check(chat.say(service, token, "누가 이겼어?"), "누가 이겼어?")
    again = chat.say(service, token, "다시 하자")
    _check(again, "다시 하자")
    assert again["intent"] == "rematch" and again["rematch_of"] == created["game_id"]
