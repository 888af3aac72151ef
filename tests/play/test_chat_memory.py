"""A seat's short chat memory (gm/play/chat/memory.py, kept in Redis by gm/store/chatmemory.py):
a two-message follow-up in every game — an ask-back then the missing part, and a hint then
"ok do that" — plays the move meant; the memory is the seat's own, bounded, and gone after the
seat's move."""

from __future__ import annotations

import pytest

from gm.play import chat
from gm.play import seats as tokens
from gm.store.chatmemory import MAX_BYTES, ChatMemory, memory_key
from tests.chat_corpus import card_chess, maze, n_in_a_row, solonyo, stage, trumps
from tests.chat_corpus.masul import START, _position

# game, position, seat, a message asked back, the follow-up, the move it must play
ASK_BACKS = [
    ("masul", lambda: _position(START), 0, "put a club in column 2", "the first", None),
    ("maze", maze.two_discard, 1, "discard a three", "the 3ym one", "DISCARD 3YM"),
    ("card-chess", card_chess.black_ace, 1, "play my ace", "the second one", None),
    ("n-in-a-row", n_in_a_row.O_TO_MOVE, 1, "next to my last mark", "the last one", None),
    ("solonyo", solonyo.KINGS_P2, 1, "the king", "the first", "PICK 1"),
    ("trumps", trumps.NORTH_ON_CLUB, 1, "beat it with my ace", "the first one", None),
]


@pytest.mark.parametrize(("game", "position", "seat", "asked", "then", "meant"), ASK_BACKS)
def test_an_ask_back_then_the_missing_part(service, game, position, seat, asked, then, meant):
    seats = stage(service, game, position())
    first = chat.say(service, seats[seat], asked)
    assert first["intent"] == "move" and first["kind"] == "ambiguous", first["reply"]
    candidates = first["candidates"]
    second = chat.say(service, seats[seat], then)
    index = {"the first": 0, "the first one": 0, "the second one": 1, "the last one": -1}
    expected = meant or candidates[index[then]]
    assert second["intent"] == "move" and second.get("legal"), second["reply"]
    assert second["move"] == expected, (candidates, second["move"])
    assert [s["illegal_attempts"] for s in second["seats"]] == [0] * len(second["seats"])


@pytest.mark.parametrize(("game", "position", "seat"), [(a[0], a[1], a[2]) for a in ASK_BACKS])
def test_a_hint_then_ok_do_that(service, game, position, seat):
    seats = stage(service, game, position())
    hint = chat.say(service, seats[seat], "hint")
    suggested = hint["suggestion"]
    assert suggested, hint["reply"]
    played = chat.say(service, seats[seat], "ok do that")
    assert played["intent"] == "move" and played["legal"] and played["move"] == suggested
    # the seat moved: the memory is gone, and "yes" is small talk again
    game_id = tokens.game_id_of(seats[seat])
    assert set(ChatMemory(service.store).recall(game_id, seat)) <= {"seen", "lang"}


def test_the_memory_is_the_seats_own(service):
    seats = stage(service, "n-in-a-row", n_in_a_row.FRESH())
    hint = chat.say(service, seats[0], "hint")
    assert hint["suggestion"]
    # the other seat's "ok do that" reads its own (empty) memory: nothing of seat 0's is played
    other = chat.say(service, seats[1], "ok do that")
    assert other["intent"] != "move" and hint["suggestion"] not in other["reply"]
    game_id = tokens.game_id_of(seats[0])
    raw = service.store.redis.get(memory_key(game_id, 0))
    assert raw is not None and service.store.redis.ttl(memory_key(game_id, 0)) > 0
    assert "offer" not in ChatMemory(service.store).recall(game_id, 1)


def test_the_memory_is_bounded(service):
    seats = stage(service, "maze", maze.two_discard())
    game_id = tokens.game_id_of(seats[1])
    memory = ChatMemory(service.store)
    assert memory.keep(game_id, 1, {"question": "x" * 100})
    assert not memory.keep(game_id, 1, {"question": "x" * MAX_BYTES})
    assert memory.recall(game_id, 1) == {}
    long = chat.say(service, seats[1], "what " + "very " * 400 + "long question is this?")
    assert long["intent"] == "question"
    assert len(service.store.redis.get(memory_key(game_id, 1))) <= MAX_BYTES


def test_a_follow_up_that_no_longer_fits_is_read_as_usual(service):
    seats = stage(service, "maze", maze.two_discard())
    chat.say(service, seats[1], "discard a three")  # asked back among the threes
    answer = chat.say(service, seats[1], "the ninth")  # no ninth candidate
    assert not answer.get("legal") and answer["seats"][1]["illegal_attempts"] == 0
