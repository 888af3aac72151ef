"""Shared chat words: numbers, ordinals, light typos."""

from __future__ import annotations

import pytest

from gm.games.words import LAST, number_value, typo


@pytest.mark.parametrize(
    ("word", "value"),
    [("3", 3), ("three", 3), ("third", 3), ("3rd", 3), ("21st", 21), ("last", LAST),
     ("twelve", 12), ("-4", -4), ("one", None), ("ace", None), ("thirdly", None)],
)  # fmt: skip
def test_number_words(word, value):
    assert number_value(word) == value


def test_one_is_read_only_when_it_cannot_be_a_pronoun():
    assert number_value("one", pronoun_one=False) == 1


def test_typos_of_long_keywords_only_and_never_a_guess_between_two():
    keywords = ("column", "discard", "replace", "column")
    assert typo("colum", keywords) == "column"
    assert typo("discrad", keywords) == "discard"
    assert typo("col", keywords) is None
    assert typo("trump", ("trumps", "trumpet")) is None
