"""Questions no phrasing matches whole are answered by their topic (gm/play/chat/topics.py): the
turn, the standing, one's options, advice, what happened, the other side's cards, undoing,
another game, giving up — in English, Korean and Spanish — and never at the cost of a move
meant or a rules question. Each message is said through the real chat path on a staged blind
position (tests/chat_blind/positions.py) with an illegal-move limit, so a counted one shows.

The messages here are the engineer's own variations on the forms people use; they guard the
rules' behaviour, not the share understood (tests/chat_blind/ measures that)."""

from __future__ import annotations

import pytest

from gm.play import chat
from gm.play.chat import topics
from tests.chat_blind.positions import POSITIONS
from tests.chat_corpus import stage

#: Not in the cluster pass (tests/conftest.py): a table of messages replayed to check how they
#: are read; the chat path on a cluster store is covered by tests/play/test_chat.py, the
#: memory, language-setting and whole-game tests and the API suites.
CLUSTER_SKIP = True

# (position, message, the answer's intent, a text the reply holds or "")
ASKED = [
    ("masul-late", "r we waiting on the other guy or is it my turn??", "status", ""),
    ("masul-late", "so who's ahead if you had to say right now?", "score", ""),
    ("masul-late", "which columns am i still able to play in", "legal", ""),
    ("masul-late", "was the last thing he played the ace?", "history", ""),
    ("trumps-lead", "what cards r they holding", "question", "hidden"),
    ("trumps-follow", "can i beat that or is it take", "legal", ""),
    ("maze-late", "whats on top of the deck rn", "question", "hidden"),
    ("card-chess-capture", "where can my ace go from here?", "legal", "RK4"),
    ("n-in-a-row-x", "let me see the grid", "board", ""),
    ("masul-start", "que me recomiendas poner primero?", "hint", ""),
    ("masul-late", "en que columnas puedo jugar todavia?", "legal", ""),
    ("trumps-choose", "qué palo me conviene más?", "hint", ""),
    ("trumps-follow", "qué jugó el norte recién?", "history", ""),
    ("card-chess-step", "qué está esperando el juego?", "status", ""),
    ("n-in-a-row-first", "empiezo yo?", "status", ""),
    ("trumps-lead", "제가 먼저 내요?", "status", ""),
    ("n-in-a-row-x", "지금 누가 리드하고 있어?", "score", ""),
    ("n-in-a-row-mid", "놓을 수 있는 데 알려줘", "legal", ""),
    ("card-chess-step", "지금 선택지가 뭐가 있어?", "legal", ""),
    ("trumps-lead", "뭐 먼저 내는 게 나을까요", "hint", ""),
    # the other side's card shown on the board is said, not hidden
    ("solonyo-shown", "what card has the challenger got?", "question", "2♣"),
    ("solonyo-blind", "qué carta tiene el otro?", "question", "Q♠"),
]
SAID = [  # undoing, another game and giving up: said, not asked
    ("masul-challenge", "ah wait cancel my last move", "undo"),
    ("maze-late", "gg if i lose we run it back after", "rematch"),
    ("solonyo-late", "jugamos otra partida después?", "rematch"),
    ("masul-challenge", "아 방금 거 좀 무를게요", "undo"),
    ("maze-late", "아 몰라 그냥 포기할래 ㅠㅠ", "resign"),
]
# no topic: how the game works, a hypothetical, a move, chat
RULES_OR_MOVES = [
    ("n-in-a-row-first", "es", "cómo se gana?"),
    ("masul-start", "es", "cómo se cuentan los puntos?"),
    ("maze-draw", "ko", "이거 어떻게 이겨?"),
    ("masul-start", "en", "who wins if we tie on columns?"),
    ("masul-start", "en", "how do points work in this game"),
    ("masul-start", "es", "pongo el 7 de tréboles en la 3"),
    ("masul-start", "ko", "스페이드 킹 1열에 놓을게"),
    ("masul-start", "en", "i resign lol jk"),
    ("masul-start", "en", "don't undo anything"),
]


def _say(service, position: str, text: str):
    where = POSITIONS[position]
    tokens = stage(service, where.game, where.state(), illegal_move_limit=100)
    before = service.seat_view(tokens[where.seat])
    answer = chat.say(service, tokens[where.seat], text)
    return before, answer


@pytest.mark.parametrize(("position", "text", "intent", "holds"), ASKED)
def test_a_question_is_answered_by_its_topic(service, position, text, intent, holds):
    before, answer = _say(service, position, text)
    where = f"{text!r} → {answer['intent']}: {answer['reply']}"
    assert answer["intent"] == intent, where
    assert holds in answer["reply"], where
    assert answer["version"] == before["version"], where  # nothing played
    assert all(s["illegal_attempts"] == 0 for s in answer["seats"]), where


@pytest.mark.parametrize(("position", "text", "intent"), SAID)
def test_undo_rematch_and_resign_are_heard_in_a_sentence(service, position, text, intent):
    before, answer = _say(service, position, text)
    where = f"{text!r} → {answer['intent']}: {answer['reply']}"
    assert answer["intent"] == intent, where
    assert answer["status"] == "active" and answer["version"] == before["version"], where


@pytest.mark.parametrize(("position", "lang", "text"), RULES_OR_MOVES)
def test_a_rules_question_a_move_or_a_joke_has_no_topic(position, lang, text):
    assert topics.topic(text, lang) is None, text


def test_a_refused_move_asked_about_keeps_the_readers_verdict(service):
    """ "can I …" naming a move the game reads and refuses is answered with why, not with the
    list of legal moves the topic 'legal' would give."""
    _, answer = _say(service, "masul-start", "can i play the ace of spades in column 2?")
    assert answer["intent"] == "question" and answer["reply"].startswith("No"), answer["reply"]
