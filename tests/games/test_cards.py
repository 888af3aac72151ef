"""The shared card reader: every form people type, and never an article or a word as a card."""

from __future__ import annotations

import pytest

from gm.games.cards import find_cards


def _read(text: str) -> list[tuple[int, int]]:
    return [card for card, _ in find_cards(text)]


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("7s", [(7, 3)]),
        ("7♠", [(7, 3)]),
        ("10 of hearts", [(10, 2)]),
        ("TH", [(10, 2)]),
        ("queen of spades", [(12, 3)]),
        ("ace of spades", [(14, 3)]),
        ("A of spades", [(14, 3)]),
        ("AS", [(14, 3)]),
        ("As", [(14, 3)]),
        ("A♠", [(14, 3)]),
        ("a♥", [(14, 2)]),
        ("Ah and 2c", [(14, 2), (2, 0)]),
        # lower-case codes in a move's notation (beside a square or a code, or ending a move)
        ("ac c4 fd", [(14, 0)]),
        ("play ah rc3", [(14, 2)]),
        ("PLAY ac BC3", [(14, 0)]),
        ("replace with ah", [(14, 2)]),
        ("as c1", [(14, 3)]),
        ("ad 7♠", [(14, 1), (7, 3)]),
        ("qs c1", [(12, 3)]),
        ("10d", [(10, 1)]),
        ("td", [(10, 1)]),
        ("TD", [(10, 1)]),
    ],
)
def test_cards_in_every_form(text, cards):
    assert _read(text) == cards


@pytest.mark.parametrize(
    "text",
    [
        "a spade",
        "play a heart",
        "A heart in column 2",
        "PICK 2 as usual",
        "as you like",
        "ah well",
        "an ad for cards",
        "ac",
        "play as red",
        "same as before",
        "ah ok",
        "ah, well",
        "i play as well",
        "PICK 3 as before",
    ],
)
def test_an_article_or_a_word_is_never_a_card(text):
    assert _read(text) == []


def test_so_lon_yo_reads_as_as_a_word(service):
    game = service.create("solonyo", seed=3)
    answer = service.move(game["token"], "PICK 2 as usual")
    assert answer["legal"] is True and answer["move"] == "PICK 2"
