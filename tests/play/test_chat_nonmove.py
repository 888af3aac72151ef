"""Talking is never punished: every kind of non-move chat of tests/chat_corpus/chat.py, sent one
after the other to one game of each kind with ``illegal_move_limit: 1`` (on the start and on
positions further on), leaves the game active, nobody's illegal attempts counted and nothing
changed, and every reply is plain text to relay (no HTTP verbs, paths or field names)."""

from __future__ import annotations

import pytest

from gm.games import GAMES
from gm.play import chat
from gm.store.repository import Update
from tests.chat_corpus.chat import CHAT, PLIES, SEEDS, _position


def _game_at(service, game: str, plies: int) -> tuple[str, int]:
    """A two-human game of ``game`` (illegal-move limit 1) at the corpus position: the token of
    the seat to move there, and that seat."""
    state, seat = _position(game, plies)
    info = GAMES[game].engine.info
    created = service.create(
        game, seats=[{"kind": "human"}] * info.min_players, illegal_move_limit=1
    )
    tokens = [created["token"]]
    for entry in created["seats"][1:]:
        tokens.append(service.join(created["game_id"], created["invites"][entry["name"]])["token"])

    def step(doc):
        doc["state"] = GAMES[game].engine.from_dict(state)
        doc["version"] += 1
        return Update(response=None, doc=doc)

    service.store.update(created["game_id"], step)
    return tokens[seat], seat


def test_the_corpus_has_thirty_kinds_of_chat_and_no_move():
    assert len({note.split(" (")[0].split(":")[0] for _, note in CHAT}) >= 12
    assert len(CHAT) >= 30


@pytest.mark.parametrize("plies", PLIES)
@pytest.mark.parametrize("game", list(SEEDS))
def test_non_move_chat_is_never_an_illegal_attempt(service, game, plies):
    token, seat = _game_at(service, game, plies)
    before = service.seat_view(token)
    assert before["status"] == "active"
    for text, note in CHAT:
        answer = chat.say(service, token, text)
        where = f"{game} ply {plies}: {text!r} ({note}) → {answer['intent']}: {answer['reply']}"
        assert answer["intent"] != "move", where
        assert answer["status"] == "active", where
        assert [s["illegal_attempts"] for s in answer["seats"]] == [0] * len(answer["seats"]), where
        assert not chat.JARGON.search(answer["reply"]), where
        assert answer["reply"] and len(answer["reply"]) <= 400, where
    after = service.seat_view(token)
    assert after["version"] == before["version"] and after["state"] == before["state"]


@pytest.mark.parametrize("game", list(SEEDS))
def test_a_move_attempt_still_counts(service, game):
    """The other side of the line: a text that names a move of the game and is refused counts,
    so with the limit 1 the seat forfeits."""
    token, _ = _game_at(service, game, 0)
    attempt = {
        "masul": "play the ace of spades in column 9",
        "trumps": "LEAD",
        "solonyo": "PICK 9",
        "maze": "DISCARD 9ZZ",
        "card-chess": "PLAY RC9",
        "n-in-a-row": "O 0,0",
    }[game]
    answer = chat.say(service, token, attempt)
    assert answer["intent"] == "move" and answer["legal"] is False, answer["reply"]
    assert answer["status"] == "finished" and "forfeited" in answer["reply"], answer["reply"]


@pytest.mark.parametrize("game", list(SEEDS))
def test_every_request_is_answered_in_plain_words_in_every_game(service, game):
    token, _ = _game_at(service, game, 3)
    requests = ["board", "legal moves", "whose turn", "score", "history", "rules", "hint", "help"]
    for text in [*requests, "undo", "new game", "rematch", "resign", "what does it mean?"]:
        answer = chat.say(service, token, text)
        assert not chat.JARGON.search(answer["reply"]), (text, answer["reply"])
        assert "Legal now" not in answer["reply"]
    finished = chat.say(service, token, "yes, resign")
    assert finished["resigned"] is True and finished["result"]["scores"]
