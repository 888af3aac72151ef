"""The general rules added in round 2 of the blind set (tests/chat_blind/README.md), checked on
messages written for this file (not lines of the set): a second thought is read as what it
corrects to and never counts; a reason after a move is cut off; a Korean or Spanish message in
words never counts as an illegal attempt; naming Card Chess's revealed card in chat never keeps
it; a request said in one clause of a longer Spanish or Korean message is heard."""

from __future__ import annotations

import pytest

from tests.chat_blind.positions import counted, say_at

#: Not in the cluster pass (tests/conftest.py): a table of messages replayed to check how they
#: are read; the chat path on a cluster store is covered by tests/play/test_chat.py, the
#: memory, language-setting and whole-game tests and the API suites.
CLUSTER_SKIP = True


@pytest.mark.parametrize(
    "text", ["lead the 9 of clubs no wait the 6 of clubs", "9♣... no wait 6♣", "9♣ 말고 6♣ 낼게"]
)
def test_a_second_thought_plays_what_it_corrects_to(service, text):
    answer = say_at(service, "trumps-lead", text)
    assert answer["intent"] == "move" and answer["move"] == "LEAD 6♣", answer


@pytest.mark.parametrize(
    "position, text",
    [
        (
            "trumps-lead",
            "lead the 9 of clubs no wait the ace of spades",
        ),  # corrected to no card held
        ("masul-start", "하트 2를 5열에 낼래"),  # a card not held, said in Korean words
        ("masul-start", "pongo el 2 de corazones en la cinco"),  # … in Spanish words
        ("masul-start", "K♥ C5 FC9, because it matches the field"),  # a reason after an odd try
    ],
)
def test_words_that_fail_as_a_move_are_never_counted(service, position, text):
    answer = say_at(service, position, text)
    assert not counted(answer) and not (answer["intent"] == "move" and answer.get("legal"))


def test_a_reason_after_the_move_is_cut_off(service):
    answer = say_at(service, "masul-start", "K♥ on column 2, since the 5♥ is the field card")
    assert answer["intent"] == "move" and answer["move"] == "K♥ C2", answer


@pytest.mark.parametrize("text", ["wow another 8 of spades lol", "that 8♠ again, great"])
def test_naming_the_revealed_card_in_chat_never_keeps_it(service, text):
    answer = say_at(service, "card-chess-step", text)
    assert not (answer["intent"] == "move" and answer.get("legal")), answer
    assert say_at(service, "card-chess-step", "keep it")["move"] == "KEEP"


@pytest.mark.parametrize(
    "position, text, intent",
    [
        ("masul-start", "me retiro, ya fue", "resign"),
        ("masul-start", "da igual, sigamos", "chat"),  # "fine, nobody resigns"
        ("trumps-lead", "ni idea, elige tú", "hint"),
        ("masul-start", "기권할래요 못하겠어", "resign"),
        ("trumps-lead", "몰라 아무거나 골라줘", "hint"),
        ("masul-start", "빨리 좀 ㅡㅡ 내 차례야?", "status"),
    ],
)
def test_a_request_in_one_clause_is_heard(service, position, text, intent):
    answer = say_at(service, position, text)
    assert answer["intent"] == intent and not counted(answer), answer
