"""Typing slips mended before an English message is read (gm/play/chat/spelling.py): a slip
one edit away from exactly one word the readers look for is mended; English words, slang,
codes and words the readers already know stay as written."""

from __future__ import annotations

import pytest

from gm.games import GAMES
from gm.play.chat import spelling


@pytest.mark.parametrize(
    ("game", "typed", "mended"),
    [
        ("masul", "shwo me the table again pls", "show me the table again pls"),  # swapped
        ("masul", "whos ahaed so far", "whos ahead so far"),
        ("n-in-a-row", "where shoud i block", "where should i block"),  # a letter dropped
        ("card-chess", "exchage, this hand is trash", "exchange, this hand is trash"),
        ("masul", "play kign of spades col 5", "play king of spades col 5"),
        ("n-in-a-row", "where shud i go", "where should i go"),  # chat's shorthand
    ],
)
def test_a_slip_is_mended_into_the_word_the_readers_know(game, typed, mended):
    assert spelling.mended(typed, GAMES[game].engine.info.chat_words) == mended


@pytest.mark.parametrize(
    "typed",
    [
        "lmaooo free points",  # laughter, drawn out: near no reader's word
        "QS C3 faceup obvs",  # codes, and the readers' own "faceup"
        "the 7 beats a 2 anyway",  # English words, all of them
        "BC3-BK3 rn",  # notation and short slang
    ],
)
def test_words_slang_and_codes_stay_as_written(typed):
    assert spelling.mended(typed, GAMES["masul"].engine.info.chat_words) == typed
