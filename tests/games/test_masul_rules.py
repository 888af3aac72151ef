"""Masul rules: set-up, every play rule (legal and illegal), exhaustion, scoring, views, storage."""

from __future__ import annotations

import copy
import json
import random

import pytest

from gm.games import get_engine
from gm.games.base import IllegalMoveError, InvalidStateError
from gm.games.masul import MasulMove as M
from gm.games.masul.rules import rank, sort_key
from tests.masul_positions import make_position

E = get_engine("masul")
ROW3, ROW1 = 0, 1
EMPTY = "[] [] [] [] [] [] []"
FIELD = "7♠ K♦ 2♣ X♥ A♣ 5♦ 9♠"


def pos(row1=EMPTY, row3=EMPTY, hand3=(), hand1=(), field=FIELD, pad=True, **kw):
    """A validated position. With ``pad`` each hand is topped up to the 9 cards a seat is dealt
    (minus its plays) with filler cards whose ranks match no Field Card."""
    state = make_position(row1, field, row3, list(hand3), list(hand1), **kw)
    if pad:
        field_ranks = {c[0] for c in state["field"]}
        filler = [c for c in state["unused"] if c[0] not in field_ranks]
        for seat in (ROW3, ROW1):
            played = sum(s is not None for s in state["rows"][seat])
            need = 9 - played - state["replacements"][seat] - len(state["hands"][seat])
            for card in filler[:need]:
                state["hands"][seat].append(card)
                state["unused"].remove(card)
            filler = filler[need:]
            state["hands"][seat].sort(key=sort_key)
        if kw.get("turn", "auto") == "auto":
            auto = make_position(row1, field, row3, state["hands"][0], state["hands"][1], **kw)
            state["turn"] = auto["turn"]
    return E.from_dict(state)  # every hand-made position must pass validation


def play(state, seat, text):
    return E.apply(state, seat, E.parse_move(text, state, seat))


def illegal(state, seat, move) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as info:
        E.apply(state, seat, move)
    return info.value


# ---------------------------------------------------------------- set-up


def test_setup_deals_from_one_shuffle_of_the_seed_deck():
    suits = ["♠", "♥", "♣", "♦"]
    values = ["2", "3", "4", "5", "6", "7", "8", "9", "X", "J", "Q", "K", "A"]
    deck = [v + s for s in suits for v in values]
    random.Random(123).shuffle(deck)
    state = E.new_state(123, E.options({}), 2)
    assert sorted(state["hands"][ROW1]) == sorted(deck[0:9])
    assert sorted(state["hands"][ROW3]) == sorted(deck[9:18])
    assert state["field"] == deck[18:25]
    assert state["unused"] == deck[25:]
    assert state["rows"] == [[None] * 7, [None] * 7]
    assert E.to_move(state) == ROW3 and E.info.seat_names == ("row3", "row1")
    assert state["rng"] == {"seed": 123, "n": 0}


def test_two_players_only_and_the_replacement_option():
    with pytest.raises(ValueError):
        E.new_state(1, E.options({}), 3)
    assert E.options({}) == {"max_field_replacements": None}
    assert E.options({"max_field_replacements": None}) == {"max_field_replacements": None}
    assert E.options({"max_field_replacements": 0}) == {"max_field_replacements": 0}
    for bad in (-1, "two", 1.5, True):
        with pytest.raises(ValueError):
            E.options({"max_field_replacements": bad})
    with pytest.raises(ValueError):
        E.options({"jokers": True})


def test_first_position_offers_every_column_both_ways():
    state = E.new_state(0, E.options({}), 2)
    moves = E.legal_moves(state, ROW3)
    assert len([m for m in moves if m.kind != "field"]) == 9 * 7 * 2
    field_ranks = {c[0] for c in state["field"]}
    fields = [m for m in moves if m.kind == "field"]
    assert fields == [
        M("field", card, state["field"].index(fc) + 1)
        for card in state["hands"][ROW3]
        for fc in state["field"]
        if fc[0] == card[0]
    ]
    assert {m.card[0] for m in fields} <= field_ranks
    # (the waiting seat gets no moves: the table asks legal_moves only for the seat to move)


# ---------------------------------------------------------------- column plays


def test_face_up_into_an_empty_slot_then_the_slot_is_taken():
    state = pos(hand3=["8♣", "3♦"], hand1=["4♥"])
    state2, events = play(state, ROW3, "8♣ C4")
    assert state2["rows"][ROW3][3] == {"card": "8♣", "up": True}
    assert [e.text for e in events] == ["Row 3 plays 8♣ in C4"]
    assert "8♣" not in state2["hands"][ROW3] and E.to_move(state2) == ROW1
    state3, _ = play(state2, ROW1, "4♥ C1")
    err = illegal(state3, ROW3, M("up", "3♦", 4))
    assert err.rule == "slot-taken"
    assert "C4" in err.reason and err.hint == "Open columns on Row 3: C1, C2, C3, C5, C6, C7."
    assert illegal(state3, ROW3, M("down", "3♦", 4)).rule == "slot-taken"
    assert not [m for m in E.legal_moves(state3, ROW3) if m.column == 4 and m.kind != "field"]


def test_face_up_opposite_a_face_up_card_is_legal_face_down_is_not():
    state = pos(row1="[] [] 5♥ [] [] [] []", row3="J♦ [] [] [] [] [] []", hand3=["8♣"])
    assert E.to_move(state) == ROW3
    err = illegal(state, ROW3, M("down", "8♣", 3))
    assert err.rule == "face-down-on-face-up"
    assert "8♣ C3" in err.hint and "C2, C4, C5, C6, C7" in err.hint
    assert M("down", "8♣", 3) not in E.legal_moves(state, ROW3)
    state2, events = play(state, ROW3, "8♣ C3")
    assert state2["rows"][ROW3][2] == {"card": "8♣", "up": True}
    assert state2["rows"][ROW1][2] == {"card": "5♥", "up": True}
    assert [e.text for e in events] == ["Row 3 plays 8♣ in C3"]


def test_face_down_opposite_an_empty_slot_is_known_only_to_its_owner():
    state = pos(hand3=["8♣", "3♦"])
    state2, events = play(state, ROW3, "3♦ C2 FD")
    assert state2["rows"][ROW3][1] == {"card": "3♦", "up": False}
    (event,) = events
    assert event.for_viewer(None) == "Row 3 plays a card face down in C2"
    assert event.for_viewer(ROW1) == "Row 3 plays a card face down in C2"
    assert event.for_viewer(ROW3) == "Row 3 plays 3♦ face down in C2"
    assert "3♦" in E.hidden_tokens(state2, ROW1) and "3♦" in E.hidden_tokens(state2, None)
    assert "3♦" not in E.hidden_tokens(state2, ROW3)
    assert E.view(state2, ROW1)["rows"]["row3"][1] == {"face": "down"}
    assert E.view(state2, None)["rows"]["row3"][1] == {"face": "down"}
    assert E.view(state2, ROW3)["rows"]["row3"][1] == {"card": "3♦", "face": "down"}
    assert "My Face-Down: C2=3♦" in E.render(state2, ROW3)
    assert "3♦" not in E.render(state2, ROW1) and "3♦" not in E.render(state2, None)


def test_face_down_opposite_a_face_down_card_keeps_both_hidden():
    state = pos(row3="[] FD:3♦ [] [] [] [] []", hand1=["6♥"])
    assert E.to_move(state) == ROW1
    state2, events = play(state, ROW1, "6♥ C2 FD")
    assert state2["rows"][ROW3][1] == {"card": "3♦", "up": False}
    assert state2["rows"][ROW1][1] == {"card": "6♥", "up": False}
    assert {"3♦", "6♥"} <= E.hidden_tokens(state2, None)
    assert [e.text for e in events] == ["Row 1 plays a card face down in C2"]


def test_face_up_opposite_a_face_down_card_challenges_it_for_good():
    state = pos(row3="[] FD:3♦ [] [] [] [] []", hand1=["6♥"])
    assert "3♦" in E.hidden_tokens(state, ROW1)
    state2, events = play(state, ROW1, "6♥ C2")
    assert state2["rows"][ROW3][1] == {"card": "3♦", "up": True}
    assert [e.text for e in events] == [
        "Row 1 plays 6♥ in C2",
        "Row 1 challenges the face-down card in C2: Row 3's 3♦ is turned face up for good",
    ]
    assert events[1].kind == "challenge"
    assert "3♦" not in E.hidden_tokens(state2, ROW1)
    board = E.render(state2, None)
    assert "Row 1: []-6♥-[]" in board and "Row 3: []-3♦-[]" in board
    assert "My Face-Down" not in E.render(state2, ROW3)
    # the revealed card never goes back down: Row 3's later plays leave it face up
    state3, _ = play(state2, ROW3, E.render_move(E.legal_moves(state2, ROW3)[0]))
    assert state3["rows"][ROW3][1] == {"card": "3♦", "up": True}


def test_a_card_not_in_hand_is_refused_without_saying_where_it_is():
    state = pos(row3="FD:3♦ [] [] [] [] [] []", hand3=["8♣"], hand1=["4♥", "6♥"])
    hand = "-".join(state["hands"][ROW1])
    for card in ("8♣", "3♦", "7♠", "2♥"):  # Row 3's hand, Row 3's FD, a Field Card, unused
        err = illegal(state, ROW1, M("up", card, 2))
        assert err.rule == "not-in-hand"
        assert err.reason == f"You do not hold {card}; a turn plays one card from your own hand."
        assert err.hint == f"Your hand: {hand}"


# For the lead: "only the seat to move may play" and "no play once the game is over" are the
# table's guards now (NotYourTurn / GameOver / CannotAct from blocked()), tested there.


def test_blocked_gives_the_exhausted_reason_and_none_otherwise():
    state = pos()
    assert E.blocked(state, ROW1) is None and E.blocked(state, ROW3) is None
    full = pos(
        row1="2♥ 3♥ 4♥ 5♥ 6♥ [] []",
        row3="2♦ 3♦ 4♦ 6♦ 7♦ 8♦ 9♦",
        replacements=(0, 1),
        discard=["K♠"],
    )
    assert E.to_move(full) == ROW1 and E.blocked(full, ROW1) is None
    reason = E.blocked(full, ROW3)
    assert reason.startswith("You have exhausted your turns: all 7 slots of your row (Row 3)")
    assert "field replacements included" in reason and "Row 1 plays on" in reason
    empty = pos(
        row1="2♥ 3♥ 4♥ 5♥ 6♥ 7♥ []",
        row3="2♦ 3♦ 4♦ 6♦ 7♦ [] []",
        hand3=[],
        hand1=["8♥"],
        replacements=(4, 2),
        discard=["K♠", "K♥", "K♣", "A♠", "A♥", "A♦"],
        pad=False,
    )
    assert E.to_move(empty) == ROW1
    assert E.blocked(empty, ROW3).startswith(
        "You have exhausted your turns: you have played all 9 cards of your hand"
    )


def test_apply_does_not_change_its_input():
    state = pos(row3="FD:3♦ [] [] [] [] [] []", hand1=["6♥"])
    before = copy.deepcopy(state)
    E.apply(state, ROW1, M("up", "6♥", 1))
    assert state == before


# ---------------------------------------------------------------- field replacement


def test_field_replacement_needs_an_equal_rank_and_works_in_any_column():
    # C2's slots are both full; its Field Card can still be replaced
    state = pos(row1="[] Q♦ [] [] [] [] []", row3="[] 4♦ [] [] [] [] []", hand3=["K♣", "K♠"])
    err = illegal(state, ROW3, M("field", "K♠", 1))
    assert err.rule == "field-rank"
    assert "C1 holds 7♠, so only a 7 can replace it" in err.reason
    assert "K♣ FC2" in err.hint and "K♠ FC2" in err.hint
    state2, events = play(state, ROW3, "K♣ FC2")
    assert state2["field"][1] == "K♣" and state2["discard"] == ["K♦"]
    assert state2["replacements"] == [1, 0]
    assert [e.text for e in events] == [
        "Row 3 replaces the Field Card of C2: K♣ replaces K♦, which goes to the discard"
    ]
    assert "Discard: K♦" in E.render(state2, None)
    assert state2["rows"] == state["rows"]  # no slot is used
    assert E.view(state2, ROW1)["discard"] == ["K♦"]


def test_max_field_replacements_caps_each_seat_separately():
    kw = dict(max_field_replacements=1, replacements=(1, 0), discard=["7♣"])
    state = pos(row1="6♥ [] [] [] [] [] []", hand3=["7♦", "K♣"], **kw)
    assert E.to_move(state) == ROW3
    err = illegal(state, ROW3, M("field", "K♣", 2))
    assert err.rule == "max-field-replacements"
    assert not [m for m in E.legal_moves(state, ROW3) if m.kind == "field"]
    assert "Field Replacements Left: Row 3 0, Row 1 1" in E.render(state, ROW3)
    assert E.to_move(play(state, ROW3, "K♣ C2")[0]) == ROW1
    state2 = pos(row1="6♥ [] [] [] [] [] []", row3="[] K♣ [] [] [] [] []", hand1=["K♠"], **kw)
    assert M("field", "K♠", 2) in E.legal_moves(state2, ROW1)


def test_zero_replacements_forbids_them():
    state = E.new_state(0, E.options({"max_field_replacements": 0}), 2)
    assert all(m.kind != "field" for m in E.legal_moves(state, ROW3))
    assert "Field Replacements Left: Row 3 0, Row 1 0" in E.render(state, None)


def test_unlimited_replacements_by_default():
    state = pos(
        hand3=["7♦", "K♣"],
        replacements=(4, 4),
        discard=["K♠", "K♥", "A♠", "A♥", "A♦", "2♠", "2♥", "2♦"],
    )
    assert M("field", "7♦", 1) in E.legal_moves(state, ROW3)


# ---------------------------------------------------------------- exhaustion and the end


def test_a_full_row_exhausts_its_seat_which_is_then_skipped():
    state = pos(
        row1="2♥ 3♥ 4♥ 5♥ [] [] []",
        row3="2♦ 3♦ 4♦ 6♦ 7♦ 8♦ []",
        hand3=["9♦"],
        hand1=["6♥", "7♥", "8♥"],
        replacements=(0, 2),
        discard=["K♠", "K♥"],
    )
    assert E.to_move(state) == ROW3
    state, events = play(state, ROW3, "9♦ C7")
    assert [e.text for e in events][-1] == "Row 3 has exhausted all of its turns (row full)"
    assert E.to_move(state) == ROW1
    assert "Exhausted: Row 3 (row full)" in E.render(state, None)
    assert "field replacements included" in E.blocked(state, ROW3)
    state, events = play(state, ROW1, "6♥ C5")
    assert [e.text for e in events] == [
        "Row 1 plays 6♥ in C5",
        "Row 3 is exhausted and is skipped; Row 1 plays again",
    ]
    assert events[1].kind == "skip" and E.to_move(state) == ROW1
    state, _ = play(state, ROW1, "7♥ C6")
    assert E.to_move(state) == ROW1 and E.outcome(state) is None
    state, events = play(state, ROW1, "8♥ C7")
    assert E.to_move(state) is None and E.outcome(state) is not None
    texts = [e.text for e in events]
    assert texts[1] == "Row 1 has exhausted all of its turns (row full)"
    assert texts[2] == "Both seats are exhausted: the game is over. Scoring:"
    assert len([e for e in events if e.kind == "score"]) == 7
    board = E.render(state, None, E.outcome(state)).splitlines()
    assert texts[-1] == board[-2] and board[-1] == "Game over: Row 3 won 4 columns to 1."


def test_an_empty_hand_exhausts_its_seat_even_with_open_slots():
    state = pos(
        row1="2♥ 3♥ 4♥ 5♥ 6♥ 7♥ []",
        row3="2♦ 3♦ 4♦ 6♦ 7♦ [] []",
        hand3=["8♦"],
        hand1=["8♥"],
        replacements=(3, 2),
        discard=["K♠", "K♥", "K♣", "A♠", "A♥"],
        pad=False,
    )
    assert E.to_move(state) == ROW3
    state, events = play(state, ROW3, "8♦ C6")
    assert events[-1].text == "Row 3 has exhausted all of its turns (hand empty)"
    assert E.to_move(state) == ROW1
    state, events = play(state, ROW1, "8♥ C7")
    assert E.to_move(state) is None
    assert E.outcome(state) is not None  # (the table refuses any further move: GameOver)


# ---------------------------------------------------------------- scoring

WORKED = dict(
    row1="3♠ Q♦ FD:8♥ J♣ [] 6♣ 9♦",
    row3="K♥ 4♦ FD:A♠ 8♠ 2♥ 6♥ 4♠",
    hand3=["3♣", "Q♣"],
    hand1=[],
    discard=["7♦", "X♠", "A♦"],
    replacements=(0, 3),
    pad=False,
)


def test_worked_example_from_the_rules_text():
    state = pos(**WORKED)
    assert E.to_move(state) is None
    outcome = E.outcome(state)
    assert outcome.winners == [ROW1] and not outcome.draw
    assert outcome.scores == {ROW3: 2, ROW1: 3}
    assert outcome.reason == "Row 1 won 3 columns to 2"
    results = E.view(state, None, outcome)["column_results"]
    assert [r["winner"] for r in results] == ["row1", "row1", None, "row1", "row3", None, "row3"]
    assert "Row 1 wins 3 columns to 2." in E.rules_text()


def final(row1, row3, field=FIELD):
    """A finished position: both rows full (the hands keep their 2 leftover cards)."""
    return pos(row1=row1, row3=row3, field=field)


def winners(state):
    return [r["winner"] for r in E.view(state, None, E.outcome(state))["column_results"]]


def board(state, seat=None):
    """The board text; a finished position is shown with its outcome."""
    return E.render(state, seat, E.outcome(state))


def test_a_suit_match_beats_any_rank_and_otherwise_the_higher_rank_wins():
    # field:        7♠  K♦  2♣  X♥  A♣  5♦  9♠
    state = final("2♠ 3♦ K♣ A♥ 4♥ 8♣ Q♦", "K♥ J♦ Q♣ J♥ 3♥ 6♣ Q♥")
    #   C1 only 2♠ matches -> row1;  C2 both ♦, J♦ > 3♦ -> row3;  C3 both ♣, K♣ > Q♣ -> row1
    #   C4 both ♥, A♥ > J♥ -> row1;  C5 neither, 4♥ > 3♥ -> row1;  C6 neither, 8♣ > 6♣ -> row1
    #   C7 neither ♠: Q♦ = Q♥ -> draw
    assert winners(state) == ["row1", "row3", "row1", "row1", "row1", "row1", None]
    lines = board(state).splitlines()
    assert "C1: Row 1 wins: Row 1's 2♠ matches the field suit ♠, Row 3's K♥ does not" in lines
    assert "C2: Row 3 wins: both match the field suit ♦ and Row 3's J♦ outranks Row 1's 3♦" in lines
    assert (
        "C5: Row 1 wins: neither matches the field suit ♣ and Row 1's 4♥ outranks Row 3's 3♥"
        in lines
    )
    assert (
        "C7: draw: neither matches the field suit ♠ and Row 3's Q♥ and Row 1's Q♦ are of equal rank"
        in lines
    )
    assert lines[-2] == "Final Score: Row 3 1, Row 1 5 - Row 1 wins"
    assert lines[-1] == "Game over: Row 1 won 5 columns to 1."
    assert E.outcome(state).scores == {ROW3: 1, ROW1: 5}


def test_both_face_down_is_a_draw_but_a_face_down_card_beats_an_empty_slot_or_is_compared():
    state = pos(
        row1="FD:A♠ FD:2♥ 3♥ 4♥ 5♥ 6♥ []",
        row3="FD:2♠ [] 3♣ 4♣ 5♣ 6♣ FD:8♥",
        hand3=[],
        hand1=[],
        replacements=(3, 3),
        discard=["7♦", "7♣", "7♥", "9♦", "9♣", "9♥"],
        pad=False,
    )
    assert E.to_move(state) is None
    #   C1 both FD -> draw although A♠ would have won;  C2 FD 2♥ vs empty -> row1;
    #   C7 FD 8♥ vs empty -> row3
    assert winners(state)[0] is None
    assert winners(state)[1] == "row1" and winners(state)[6] == "row3"
    lines = board(state).splitlines()
    assert "C1: draw: both cards are face-down (Row 3's 2♠, Row 1's A♠), nobody scores" in lines
    assert "C2: Row 1 wins: Row 1's 2♥ faces an empty slot" in lines
    assert "C7: Row 3 wins: Row 3's 8♥ faces an empty slot" in lines


def test_both_slots_empty_is_a_draw_and_equal_points_is_a_tie():
    #   C1 ♠: neither; 2♦ = 2♥ draw.  C2 ♦: only 3♦ -> row3.  C3 ♣: neither, 4♦ = 4♥ draw
    state = pos(
        row1="2♥ 5♥ 4♥ [] [] [] []",
        row3="2♦ 3♦ 4♦ [] [] [] []",
        hand3=[],
        hand1=[],
        replacements=(6, 6),
        discard=["7♣", "7♦", "7♥", "6♠", "6♣", "6♥", "X♠", "X♦", "X♣", "A♠", "A♦", "A♥"],
        field="7♠ 6♦ 2♣ X♥ A♣ 5♦ 9♠",
        pad=False,
    )
    assert winners(state) == [None, "row3", None, None, None, None, None]
    state = pos(
        row1="2♥ 5♥ 4♥ [] [] [] []",
        row3="2♦ 3♦ 4♦ [] [] [] []",
        hand3=[],
        hand1=[],
        replacements=(6, 6),
        discard=["7♣", "7♦", "7♥", "6♠", "6♣", "6♦", "X♠", "X♦", "X♣", "A♠", "A♦", "A♥"],
        field="7♠ 6♥ 2♣ X♥ A♣ 5♦ 9♠",
        pad=False,
    )
    #   C2 ♥: only 5♥ -> row1; nothing else scores
    assert winners(state) == [None, "row1", None, None, None, None, None]
    assert "C4: draw: both slots are empty" in board(state)
    tie = final("2♠ 4♣ 4♥ 5♠ 6♥ 7♥ 8♥", "3♠ 3♣ 4♦ 5♣ 6♦ 7♣ 8♦")
    #   C1 both ♠: 3♠ -> row3;  C2 neither ♦: 4♣ -> row1;  C3..C7 equal ranks -> draws
    assert winners(tie) == ["row3", "row1", None, None, None, None, None]
    outcome = E.outcome(tie)
    assert outcome.draw and outcome.winners == [] and outcome.reason == "Tie: 1 columns each"
    assert board(tie).splitlines()[-2] == "Final Score: Row 3 1, Row 1 1 - tie"
    assert board(tie).splitlines()[-1] == "Game over: Tie: 1 columns each."


def test_the_current_field_card_sets_the_suit():
    rows = dict(row1="2♠ [] [] [] [] [] []", row3="A♥ [] [] [] [] [] []")
    state = pos(**rows, hand3=["7♥"])
    assert E.to_move(state) == ROW3
    replaced, _ = play(state, ROW3, "7♥ FC1")  # C1's suit is now ♥
    ended = replaced
    # finish the game without touching C1: fill both rows
    while E.to_move(ended) is not None:
        seat = E.to_move(ended)
        move = next(m for m in E.legal_moves(ended, seat) if m.kind == "up")
        ended, _ = E.apply(ended, seat, move)
    assert ended["field"][0] == "7♥"
    assert winners(ended)[0] == "row3"  # A♥ matches ♥; 2♠ no longer matches anything
    untouched = state
    while E.to_move(untouched) is not None:
        seat = E.to_move(untouched)
        move = next(m for m in E.legal_moves(untouched, seat) if m.kind == "up")
        untouched, _ = E.apply(untouched, seat, move)
    assert winners(untouched)[0] == "row1"  # with 7♠ in the field, 2♠ wins


# ---------------------------------------------------------------- views and hidden cards


def test_views_show_only_what_each_seat_may_see():
    state = pos(row1="FD:6♥ [] [] [] [] [] []", row3="FD:3♦ [] [] [] [] [] []")
    v3, v1, vs = E.view(state, ROW3), E.view(state, ROW1), E.view(state, None)
    assert v3["hand"] == state["hands"][ROW3] and v1["hand"] == state["hands"][ROW1]
    assert vs["hand"] is None
    assert v3["hand_counts"] == {"row3": 8, "row1": 8}
    assert v3["rows"]["row1"][0] == {"face": "down"}
    assert v1["rows"]["row3"][0] == {"face": "down"}
    assert v1["rows"]["row1"][0] == {"card": "6♥", "face": "down"}
    assert v3["to_move"] == "row3" and not v3["over"] and v3["outcome"] is None
    for seat, view in ((ROW3, v3), (ROW1, v1), (None, vs)):
        text = json.dumps(view, ensure_ascii=False)
        assert not [t for t in E.hidden_tokens(state, seat) if t in text]
        assert "rng" not in view  # the seed would let a reader replay the shuffle
    assert E.hidden_tokens(state, ROW3) == set(state["unused"]) | set(state["hands"][ROW1]) | {"6♥"}
    assert E.hidden_tokens(state, None) == (
        set(state["unused"]) | set(state["hands"][ROW1]) | set(state["hands"][ROW3]) | {"6♥", "3♦"}
    )


def test_after_the_end_everything_but_the_unused_cards_is_shown():
    state = pos(**WORKED)
    for seat in (ROW3, ROW1, None):
        assert E.hidden_tokens(state, seat) == set(state["unused"])
        view = E.view(state, seat, E.outcome(state))
        assert view["over"] is True and view["to_move"] is None
        assert view["rows"]["row1"][2] == {"card": "8♥", "face": "down"}
        assert view["unplayed"] == {"row3": ["3♣", "Q♣"], "row1": []}
        assert view["outcome"]["winners"] == ["row1"]
        assert "Row 3: K♥-4♦-A♠-8♠-2♥-6♥-4♠" in board(state, seat)


# ---------------------------------------------------------------- storage


def test_round_trip_and_validation_rejects_broken_states():
    state = E.new_state(7, E.options({}), 2)
    state, _ = play(state, ROW3, E.render_move(E.legal_moves(state, ROW3)[1]))
    assert E.from_dict(json.loads(json.dumps(E.to_dict(state)))) == state

    def broken(change):
        bad = copy.deepcopy(state)
        change(bad)
        with pytest.raises(InvalidStateError):
            E.from_dict(bad)

    broken(lambda s: s["hands"][0].append(s["unused"].pop()))  # 10 cards dealt to Row 3
    broken(lambda s: s["hands"][1].__setitem__(0, s["hands"][0][0]))  # a duplicated card
    broken(lambda s: s.__setitem__("turn", 0))  # Row 3 twice in a row
    broken(lambda s: s.__setitem__("turn", 2))
    broken(lambda s: s.__setitem__("field", s["field"][:6]))
    broken(lambda s: s["options"].__setitem__("max_field_replacements", -1))
    broken(lambda s: s.__setitem__("game", "trumps"))
    broken(lambda s: s.pop("discard"))
    broken(lambda s: s["rows"][0].__setitem__(0, {"card": "7♠"}))
    # a face-down card may not face a face-up card
    up = pos(row1="6♥ [] [] [] [] [] []", row3="[] [] [] [] [] [] 2♥", hand3=["3♦"])
    up, _ = play(up, ROW3, "3♦ C2")
    bad = copy.deepcopy(up)
    bad["rows"][ROW3][0], bad["rows"][ROW3][1] = {"card": "3♦", "up": False}, None
    assert E.from_dict(up) == up
    with pytest.raises(InvalidStateError):
        E.from_dict(bad)


def test_rank_order():
    assert [rank(c + "♠") for c in "23456789XJQKA"] == list(range(2, 15))
