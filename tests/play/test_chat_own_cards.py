"""One's own cards face down (So-Lon-Yo's blind pick: "[?]" on the seat's own board line): a
question about them is answered with what the board shows — that they are hidden from their
holder too — in the seat's language, never with a move read from a number in it ("what are my
three cards?" is no PICK 3) and never with a card; where the cards lie face up no such sentence
is said."""

from __future__ import annotations

import re

import pytest

from gm.play import chat
from gm.play.chat import localise, replies
from tests.chat_blind.positions import POSITIONS
from tests.chat_corpus import stage

#: Not in the cluster pass (tests/conftest.py): a table of messages replayed to check how they
#: are read; the chat path on a cluster store is covered by tests/play/test_chat.py, the
#: memory, language-setting and whole-game tests and the API suites.
CLUSTER_SKIP = True

CARD = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")


def _say(service, position: str, text: str) -> dict:
    staged = POSITIONS[position]
    tokens = stage(service, staged.game, staged.state(), illegal_move_limit=2)
    return chat.say(service, tokens[staged.seat], text)


def test_the_sentence_is_the_catalogues_message():
    assert localise.OWN_HIDDEN_MSGID == replies.OWN_HIDDEN
    for lang in ("ko", "es"):
        assert localise.catalogue(lang).gettext(replies.OWN_HIDDEN) != replies.OWN_HIDDEN


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("can i see my cards before i pick?", "en"),
        ("what are my three cards", "en"),
        ("show me my cards", "en"),
        ("내 카드 뭐야?", "ko"),
        ("제 패 좀 보여주세요", "ko"),
        ("cuales son mis cartas?", "es"),
    ],
)
def test_a_question_about_ones_own_face_down_cards_says_they_are_hidden(service, text, lang):
    answer = _say(service, "solonyo-blind", text)
    t = localise.catalogue(lang).gettext if lang != "en" else (lambda m: m)
    assert t(replies.OWN_HIDDEN) in answer["reply"], answer["reply"]
    assert not answer.get("legal") and answer["intent"] in ("question", "board")
    own = [line for line in answer["board"].splitlines() if "[?]" in line]
    assert own and not CARD.search(" ".join(own))  # the board itself shows none of them
    mine = re.sub(r"card \S+\(\d+\)", "", answer["reply"])  # the other side's shown card aside
    assert not CARD.search(mine)
    assert not any(s["illegal_attempts"] for s in answer["seats"])


def test_cards_shown_face_up_get_no_such_sentence(service):
    answer = _say(service, "solonyo-shown", "what are my cards?")
    assert replies.OWN_HIDDEN not in answer["reply"]


def test_a_board_line_quoted_ends_with_one_full_stop():
    board = "So-Lon-Yo · round 1\nTo move: p1 (you) — PICK 1, PICK 2 or PICK 3 (a blind pick)."
    quoted = replies.on_board(board, "who is to move")
    assert quoted.endswith("blind pick).") and ".." not in quoted, quoted
