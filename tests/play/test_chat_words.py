"""Each game declares the words its players use in a chat (``GameInfo.chat_words``); the chat
layer (gm/play/chat) builds its patterns from those declarations and names no game itself. A game
registered at run time (the toy game of tests/toy_game.py) is talked to in its own words with no
edit of the chat layer."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from pathlib import Path

import pytest

from gm.games import GAMES
from gm.games.registry import PACKAGES
from gm.games.words import ChatWords
from gm.play import chat
from gm.play.chat.intents import classify, names_a_move, patterns

CHAT = Path(__file__).resolve().parents[2] / "gm" / "play" / "chat"
BUILTIN = [GAMES[name] for name in GAMES if GAMES[name].engine.__module__.startswith("gm.games.")]


def _phrase(text: str) -> str:
    """A name or word as a case-blind whole-word pattern; any separators between its parts."""
    parts = re.findall(r"[^\W_]+", text)
    return r"(?<![^\W_])" + r"[\W_]*".join(map(re.escape, parts)) + r"(?![^\W_])"


def _game_names() -> list[str]:
    names: set[str] = set(PACKAGES)
    for game in BUILTIN:
        info = game.engine.info
        names |= {info.name, info.title, re.sub(r"\s*\(.*\)", "", info.title)}
    return sorted(names)


def _single_game_words() -> list[str]:
    """The words exactly one built-in game declares (another game's may share the others)."""
    counts = Counter(w for game in BUILTIN for w in game.engine.info.chat_words.words)
    return sorted(w for w, n in counts.items() if n == 1)


def _mentions(source: str, terms: list[str]) -> list[str]:
    return [t for t in terms if re.search(_phrase(t), source, re.IGNORECASE)]


def test_the_chat_layer_names_no_game_and_no_word_of_one_game():
    assert len(BUILTIN) == len(PACKAGES) == 6
    names, words = _game_names(), _single_game_words()
    assert len(words) >= 10, words  # the games declare words of their own
    # the check finds a name or a word where one is written (so it can fail)
    assert _mentions(f"# the {names[0]} engine\n", names) and _mentions(f"x = '{words[0]}'", words)
    found = {
        path.name: _mentions(path.read_text(encoding="utf-8"), names + words)
        for path in sorted(CHAT.glob("*.py"))
    }
    assert len(found) >= 3 and not any(found.values()), found


@pytest.mark.parametrize("game", [g.name for g in BUILTIN])
def test_every_declared_word_is_read_by_the_chat(game):
    words = GAMES[game].engine.info.chat_words
    assert words.move_verbs or words.move_words or words.move_codes
    for word in words.move_verbs + words.move_words:
        assert names_a_move(f"now {word} it"), word
    for verb in words.move_verbs:
        assert patterns(words).may_i_play.match(f"can I {verb} it"), verb
    for part in words.board_parts:
        assert classify(f"what is the {part}?") == "board", part
    patterns(words)  # its phrasings compile, each for an intent the chat knows


def test_a_phrasing_for_an_unknown_intent_is_refused():
    with pytest.raises(ValueError, match="unknown intent 'dance'"):
        patterns(ChatWords(phrasings=(("dance", "let us dance"),)))


def test_the_chat_reads_the_words_of_the_games_registered_now(toy_game):
    assert names_a_move("remove the stones from the heap")
    assert classify("what is the heap?") == "board"
    from gm.games import unregister

    unregister(toy_game.name)
    try:
        assert not names_a_move("remove the stones from the heap")
        assert classify("what is the heap?") is None
    finally:
        from gm.games import register

        register(toy_game)


# ---------------------------------------------------------------- the toy game, in its own words


def _toy(service, **options) -> tuple[str, str]:
    """A two-human Take-away game: the tokens of left (to move) and right."""
    created = service.create(
        "take-away", seats=[{"kind": "human"}] * 2, options=options, illegal_move_limit=5
    )
    right = created["seats"][1]["name"]
    joined = service.join(created["game_id"], created["invites"][right])
    return created["token"], joined["token"]


def _attempts(answer) -> list[int]:
    return [s["illegal_attempts"] for s in answer["seats"]]


def test_a_try_at_a_move_in_the_toy_games_words_is_a_move(service, toy_game):
    left, _ = _toy(service)
    answer = chat.say(service, left, "remove three stones from the heap")
    assert answer["intent"] == "move" and answer["legal"] is False, answer["reply"]
    assert "Could not read 'remove three stones from the heap' as a move" in answer["reply"]
    assert _attempts(answer) == [1, 0]
    illegal = chat.say(service, left, "take 5 stones")
    assert illegal["intent"] == "move" and illegal["legal"] is False
    assert illegal["reply"].startswith("Illegal: You may take 1 to 3 stones, at most the 10 left.")
    assert _attempts(illegal) == [2, 0]
    played = chat.say(service, left, "take 2 stones")
    assert played["intent"] == "move" and played["move"] == "TAKE 2"
    assert played["reply"].startswith("Played TAKE 2. left takes 2; 8 left.")


def test_without_its_words_the_same_message_is_not_a_move(service, toy_game, monkeypatch):
    """The other side: what makes the message above a move is the toy game's declaration."""
    info = dataclasses.replace(toy_game.engine.info, chat_words=ChatWords())
    monkeypatch.setattr(toy_game.engine, "info", info)
    left, _ = _toy(service)
    for text, intent in (
        ("remove three stones from the heap", "unclear"),
        ("that was a long week", "chat"),
    ):  # a remark, answered as chat
        answer = chat.say(service, left, text)
        assert answer["intent"] == intent, (text, answer["reply"])
        assert _attempts(answer) == [0, 0]


def test_a_question_in_the_toy_games_words_is_answered_not_played(service, toy_game):
    left, _ = _toy(service)
    before = service.seat_view(left)
    answer = chat.say(service, left, "can I remove two stones from the heap?")
    assert answer["intent"] == "question", answer["reply"]
    assert answer["reply"].startswith("No, that is not a move here.")
    assert "Moves look like: TAKE 1 | TAKE 2 | TAKE 3." in answer["reply"]
    asked = chat.say(service, left, "could we take two stones?")
    assert asked["intent"] == "question", asked["reply"]
    board = chat.say(service, left, "what is the heap?")
    assert board["intent"] == "board" and board["reply"].startswith("Here is the board.")
    after = service.seat_view(left)
    assert after["version"] == before["version"] and after["state"] == before["state"]
    assert _attempts(after) == [0, 0]


def test_a_message_without_the_toy_games_words_is_not_a_move(service, toy_game):
    left, right = _toy(service)
    idle = chat.say(service, left, "that was a long week")
    assert idle["intent"] == "chat" and _attempts(idle) == [0, 0], idle["reply"]
    # not its turn: the phrasing decides, and nothing is counted either way
    waiting = chat.say(service, right, "remove three stones")
    assert waiting["intent"] == "move" and waiting["rule"] == "not-your-turn"
    other = chat.say(service, right, "that was a long week")
    assert other["intent"] == "chat" and _attempts(other) == [0, 0]
