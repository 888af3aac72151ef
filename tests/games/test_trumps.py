"""Your Trumps (Svoi Kozyri): rules, notation, boards and AI. Positions are built by hand with
``position`` (every card of the pack placed, so they are valid states) or dealt from a seed."""

from __future__ import annotations

import json
import random

import pytest

from gm.games.base import AmbiguousMoveError, IllegalMoveError, InvalidStateError, ParseError
from gm.games.trumps import ENGINE, deck_for, sort_key
from gm.games.trumps.ai import LEVELS

S, N = 0, 1


def position(
    south,
    north=None,
    pile=(),
    trumps=("♥", "♠"),
    turn=S,
    known=((), ()),
    rest="pile",
    ply=None,
    last=(),
    **opts,
):
    """A play-phase state. Cards of the pack not named go to north's hand when ``north`` is None,
    else to the bottom of the pile (``rest="pile"``) or to a hand (``rest="north"``/``"south"``).
    ``ply`` defaults to the fewest moves that could have built the pile with ``turn`` to move
    (south moves at even plies)."""
    options = ENGINE.options({"trump_south": trumps[0], "trump_north": trumps[1], **opts})
    named = [*south, *(north or ()), *pile]
    left = [c for c in deck_for(options["deck"]) if c not in named]
    south, north, pile = list(south), list(north or ()), list(pile)
    if rest == "north" or not north:
        north += left
    elif rest == "south":
        south += left
    else:
        pile = left + pile
    if ply is None:
        ply = max(1, (len(pile) + 1) // 2)
        ply += (ply - turn) % 2
    state = {
        "game": "trumps",
        "rng": {"seed": 1, "n": 1},
        "options": options,
        "phase": "play",
        "trumps": list(trumps),
        "hands": [sorted(south, key=sort_key), sorted(north, key=sort_key)],
        "known": [list(known[0]), list(known[1])],
        "pile": pile,
        "turn": turn,
        "ply": ply,
        "last": list(last),
        "result": None,
    }
    ENGINE.validate(state)
    return state


def play(state, seat, text):
    move = ENGINE.parse_move(text, state, seat)
    return ENGINE.apply(state, seat, move)


def illegal(state, seat, text) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as info:
        ENGINE.parse_move(text, state, seat)
    return info.value


# ---------------------------------------------------------------- options and set-up


def test_options_accept_suit_words_and_refuse_identical_trumps():
    opts = ENGINE.options({"trump_south": "hearts", "trump_north": "S"})
    assert (opts["trump_south"], opts["trump_north"]) == ("♥", "♠")
    assert ENGINE.options({})["deck"] == 36 and ENGINE.options({})["max_plies"] == 600
    with pytest.raises(ValueError, match="different"):
        ENGINE.options({"trump_south": "♥", "trump_north": "hearts"})
    with pytest.raises(ValueError):
        ENGINE.options({"trump_south": "stars"})
    with pytest.raises(ValueError):
        ENGINE.options({"deck": 40})


def test_trumps_are_chosen_south_first_and_must_differ():
    state = ENGINE.new_state(5, ENGINE.options({}), 2)
    assert state["phase"] == "trumps" and ENGINE.to_move(state) == S
    assert state["hands"] == [[], []]  # nothing is dealt before the trumps are chosen
    # (north may not move before south has chosen: the table's not-your-turn, not the engine's)
    state, events = play(state, S, "hearts")
    assert events[0].text == "south chooses ♥ as trump."
    assert ENGINE.to_move(state) == N
    assert ("trump", "♥") not in ENGINE.legal_moves(state, N)
    err = illegal(state, N, "TRUMP ♥")
    assert err.rule == "different-trumps" and "must differ" in err.reason
    state, events = play(state, N, "trump s")
    assert state["trumps"] == ["♥", "♠"] and state["phase"] == "play"
    assert "Dealt 18 cards each." in [e.text for e in events]
    assert ENGINE.to_move(state) == S


def test_a_trump_given_at_creation_leaves_the_other_seat_to_choose():
    state = ENGINE.new_state(5, ENGINE.options({"trump_south": "♦"}), 2)
    assert ENGINE.to_move(state) == N
    assert ENGINE.legal_moves(state, N) == [("trump", s) for s in "♣♥♠"]
    state = ENGINE.new_state(5, ENGINE.options({"trump_north": "♦"}), 2)
    assert ENGINE.to_move(state) == S
    assert illegal(state, S, "diamonds").rule == "different-trumps"


def test_trump_moves_only_in_set_up_and_cards_only_after_it():
    state = ENGINE.new_state(5, ENGINE.options({}), 2)
    assert illegal(state, S, "LEAD 9♣").rule == "choose-trump-first"
    assert illegal(state, S, "TAKE").rule == "choose-trump-first"
    dealt = position(["9♣"], pile=["6♦"])
    assert illegal(dealt, S, "TRUMP ♣").rule == "trump-set-up-only"


@pytest.mark.parametrize("deck", [36, 52])
def test_the_whole_pack_is_dealt_evenly(deck):
    opts = ENGINE.options({"trump_south": "♥", "trump_north": "♠", "deck": deck})
    for seed in range(20):
        state = ENGINE.new_state(seed, opts, 2)
        south, north = state["hands"]
        assert sorted(south + north, key=sort_key) == deck_for(deck)
        moved = len(state["known"][S]) - len(state["known"][N])
        assert len(south) == deck // 2 + moved and len(north) == deck // 2 - moved
    assert ENGINE.new_state(3, opts, 2) == ENGINE.new_state(3, opts, 2)


def _seed_where(test, opts):
    return next(seed for seed in range(200) if test(ENGINE.new_state(seed, opts, 2)))


def test_sixes_exchange_hands_your_trump_six_to_you_face_up():
    opts = ENGINE.options({"trump_south": "♥", "trump_north": "♠"})
    seed = _seed_where(lambda s: s["known"] == [["6♥"], []], opts)
    state = ENGINE.new_state(seed, opts, 2)
    assert "6♥" in state["hands"][S] and len(state["hands"][S]) == 19
    assert "Sixes exchange: north hands 6♥ to south." in state["last"]
    assert "6♥" not in ENGINE.hidden_tokens(state, N)  # north saw it handed over
    assert "known: 6♥" in ENGINE.render(state, N, None)
    # without the exchange the trump owner keeps its own six and nothing is shown
    seed = _seed_where(lambda s: "6♠" in s["hands"][N] and not s["known"][N], opts)
    state = ENGINE.new_state(seed, opts, 2)
    assert "6♠" in ENGINE.hidden_tokens(state, S)


def test_sixes_of_the_ownerless_suits_stay_put():
    opts = ENGINE.options({"trump_south": "♥", "trump_north": "♠"})
    seed = _seed_where(lambda s: {"6♣", "6♦"} <= set(s["hands"][N]), opts)
    state = ENGINE.new_state(seed, opts, 2)
    assert {"6♣", "6♦"} <= set(state["hands"][N])
    assert not {"6♣", "6♦"} & set(state["known"][N] + state["known"][S])


# ---------------------------------------------------------------- leading


def test_lead_any_card_onto_an_empty_pile():
    state = position(["9♣", "K♦"])
    assert ENGINE.legal_moves(state, S) == [("lead", "9♣"), ("lead", "K♦")]
    state, events = play(state, S, "lead 9c")
    assert events[0].text == "south leads 9♣."
    assert state["pile"] == ["9♣"] and ENGINE.to_move(state) == N


def test_no_lead_onto_a_pile_and_no_beat_or_take_on_an_empty_one():
    state = position(["9♣", "K♦"], pile=["8♦"], rest="north")
    err = illegal(state, S, "LEAD 9♣")
    assert err.rule == "lead" and "8♦" in err.reason
    empty = position(["9♣", "K♦"])
    assert illegal(empty, S, "BEAT K♦ 9♣").rule == "lead"
    assert illegal(empty, S, "TAKE").rule == "take"
    for words in ("beat it", "cover it"):  # no card named: the rule, not "could not read"
        err = illegal(empty, S, words)
        assert err.rule == "lead" and err.reason.startswith("The pile is empty: there is nothing")


def test_cards_you_do_not_hold_are_refused():
    state = position(["9♣", "K♦"], pile=["8♦"], rest="north")
    err = illegal(state, S, "BEAT A♦ 9♣")
    assert err.rule == "not-in-hand" and err.reason == "You do not hold A♦."
    assert illegal(position(["9♣"], rest="north"), S, "LEAD A♦").rule == "not-in-hand"


# ---------------------------------------------------------------- beating


def test_beat_with_a_higher_card_of_the_same_suit_then_add_a_card():
    state = position(["9♣", "K♦", "6♦"], pile=["8♦"], rest="north")
    state, events = play(state, S, "BEAT K♦ 9♣")
    assert events[0].text == "south beats 8♦ with K♦ and puts 9♣."
    assert state["pile"][-3:] == ["8♦", "K♦", "9♣"] and state["hands"][S] == ["6♦"]
    assert ENGINE.to_move(state) == N


def test_a_lower_card_or_another_ordinary_suit_does_not_beat():
    state = position(["9♣", "7♦", "K♦"], pile=["8♦"], rest="north")
    err = illegal(state, S, "BEAT 7♦ K♦")
    assert err.rule == "beat" and err.reason == "7♦ is lower than 8♦."
    assert illegal(state, S, "BEAT 9♣ K♦").rule == "beat"
    assert {m[1] for m in ENGINE.legal_moves(state, S) if m[0] == "beat"} == {"K♦"}


def test_your_own_trump_beats_any_card_of_another_suit():
    state = position(["6♥", "9♣"], pile=["A♦"], rest="north")  # south owns ♥
    assert ("beat", "6♥", "9♣") in ENGINE.legal_moves(state, S)
    state, _ = play(state, S, "beat A♦ with 6♥ and put 9♣")
    assert state["pile"][-2:] == ["6♥", "9♣"]


def test_the_opponents_trump_is_an_ordinary_card_for_you():
    # south owns ♥, north owns ♠: a spade in south's hand beats only a lower spade
    state = position(["K♠", "9♣"], pile=["7♦"], rest="north")
    err = illegal(state, S, "BEAT K♠ 9♣")
    assert err.rule == "beat" and "north's trump suit" in err.reason
    on_spade = position(["K♠", "9♣", "6♥"], pile=["7♠"], rest="north")
    legal = ENGINE.legal_moves(on_spade, S)
    assert ("beat", "K♠", "9♣") in legal  # a higher spade beats it, as in any ordinary suit
    assert ("beat", "6♥", "9♣") in legal  # and south's own trump beats a spade
    assert illegal(on_spade, S, "BEAT 9♣ K♠").rule == "beat"


def test_your_own_trump_on_the_pile_is_beaten_only_by_a_higher_trump():
    state = position(["9♥", "K♥", "A♣"], pile=["Q♥"], rest="north")  # south owns ♥
    err = illegal(state, S, "BEAT 9♥ A♣")
    assert err.rule == "beat" and "only a higher ♥" in err.reason
    assert illegal(state, S, "BEAT A♣ 9♥").rule == "beat"
    assert ("beat", "K♥", "A♣") in ENGINE.legal_moves(state, S)
    # the same Q♥ is an ordinary card for north, whose trump ♠ beats it
    north = position(["A♣"], north=["6♠", "7♣"], pile=["Q♥"], turn=N, rest="south")
    assert ("beat", "6♠", "7♣") in ENGINE.legal_moves(north, N)


def test_a_second_card_is_required_after_beating():
    state = position(["9♣", "K♦"], pile=["8♦"], rest="north")
    err = illegal(state, S, "BEAT K♦")
    assert err.rule == "second-card" and "second card" in err.reason
    assert ("beat", "K♦", None) not in ENGINE.legal_moves(state, S)
    assert illegal(state, S, "BEAT K♦ K♦").rule == "second"
    assert illegal(state, S, "BEAT K♦ 9♣ 8♦ 7♦").rule == "two-cards-at-most"


def test_no_second_card_when_beating_with_the_last_card_and_that_wins():
    state = position(["K♦"], north=["7♣", "6♣"], pile=["8♦"], rest="pile")
    assert ENGINE.legal_moves(state, S) == [("beat", "K♦", None), ("take",)]
    state, events = play(state, S, "BEAT K♦")
    assert [e.text for e in events] == [
        "south beats 8♦ with the last card K♦.",
        "south has no cards left and wins.",
    ]
    out = ENGINE.outcome(state)
    assert out.winners == [S] and not out.draw and ENGINE.to_move(state) is None
    assert out.scores == {S: 0, N: 2} == ENGINE.scores(state)
    view = ENGINE.view(state, N, out)
    assert view["outcome"]["winners"] == ["south"]
    assert view["over"] is True and view["to_move"] is None and "take_count" not in view
    # (a move after the end is the table's GameOver; the engine holds no game-over guard)


# ---------------------------------------------------------------- taking


def test_take_three_when_the_top_card_is_not_your_trump():
    state = position(["9♣", "K♦"], pile=["10♣", "6♦", "J♣", "9♠"], rest="north")
    state, events = play(state, S, "take")
    assert events[0].text == "south took 3: 6♦ J♣ 9♠ (top now 10♣)."
    assert state["pile"] == ["10♣"] and state["hands"][S] == ["9♣", "J♣", "6♦", "K♦", "9♠"]
    # taken cards were seen by both: they are known, not hidden from north
    assert set(state["known"][S]) == {"6♦", "J♣", "9♠"}
    assert not {"6♦", "J♣", "9♠"} & ENGINE.hidden_tokens(state, N)
    assert "9♣" in ENGINE.hidden_tokens(state, N)


def test_take_five_when_the_top_card_is_your_own_trump():
    pile = ["7♣", "6♦", "J♣", "8♦", "10♣", "Q♦", "9♥"]
    state = position(["9♣"], pile=pile, rest="north")  # 9♥: south's own trump
    assert ENGINE.view(state, S, None)["take_count"] == 5
    assert illegal(state, S, "take 3").rule == "take-count"
    state, events = play(state, S, "pick up 5")
    assert events[0].text.startswith("south took 5: J♣ 8♦ 10♣ Q♦ 9♥")
    assert state["pile"] == ["7♣", "6♦"]


def test_take_the_whole_pile_under_your_own_trump_ace():
    pile = ["7♣", "6♦", "J♣", "8♦", "10♣", "Q♦", "A♥"]
    state, _ = play(position(["9♣"], pile=pile, rest="north"), S, "TAKE")
    assert state["pile"] == [] and len(state["hands"][S]) == 8
    # the ace of the opponent's trump is ordinary for south: only three
    spade_ace = [*pile[:-1], "A♠"]
    state, _ = play(position(["9♣"], pile=spade_ace, rest="north"), S, "TAKE")
    assert len(state["pile"]) == 4


def test_a_short_pile_is_taken_whole():
    state = position(["9♣"], pile=["J♣", "6♦"], rest="north")
    state, events = play(state, S, "TAKE")
    assert events[0].text == "south took 2: J♣ 6♦ (pile empty: north leads)."
    four = position(["9♣"], pile=["J♣", "6♦", "7♦", "8♥"], rest="north")
    state, _ = play(four, S, "TAKE")  # own trump on top, 4 < 5: all four
    assert state["pile"] == []


def test_take_is_allowed_even_when_you_could_beat():
    state = position(["9♣", "K♦"], pile=["8♦"], rest="north")
    assert ("take",) in ENGINE.legal_moves(state, S)
    assert ENGINE.parse_move("take", state, S) == ("take",)


def test_after_a_take_the_other_seat_faces_the_exposed_card_or_leads():
    state = position(["9♣", "K♦"], north=["7♣", "A♦"], pile=["10♣", "6♦", "J♣", "9♠"])
    state, _ = play(state, S, "TAKE")
    assert ENGINE.to_move(state) == N and state["pile"][-1] == "10♣"
    assert ("beat", "A♦", "7♣") not in ENGINE.legal_moves(state, N)  # must beat 10♣
    # (south moving now is the table's NotYourTurn; the engine holds no turn guard)
    short = position(["9♣", "K♦"], north=["7♣", "A♦"], pile=["6♦"], rest="south")
    state, _ = play(short, S, "TAKE")
    assert ENGINE.legal_moves(state, N) == [("lead", "7♣"), ("lead", "A♦")]


# ---------------------------------------------------------------- the end


def test_draw_rule_when_the_last_opponent_card_could_beat_the_top():
    state = position(["K♦", "8♣"], north=["A♣"], pile=["7♦"], rest="pile")
    state, events = play(state, S, "BEAT K♦ 8♣")
    out = ENGINE.outcome(state)
    assert out.draw and out.winners == [] and "north's last card could beat 8♣" in out.reason
    assert "draw" in events[-1].text


def test_no_draw_when_the_last_opponent_card_cannot_beat_or_it_holds_more():
    state = position(["K♦", "8♣"], north=["7♣"], pile=["7♦"], rest="pile")
    state, _ = play(state, S, "BEAT K♦ 8♣")
    assert ENGINE.outcome(state).winners == [S]
    two = position(["K♦", "8♣"], north=["A♣", "A♠"], pile=["7♦"], rest="pile")
    state, _ = play(two, S, "BEAT K♦ 8♣")
    assert ENGINE.outcome(state).winners == [S]


def test_leading_the_last_card_also_empties_the_hand():
    state, _ = play(position(["9♣"]), S, "LEAD 9♣")  # north holds the other 35 cards
    assert ENGINE.outcome(state).winners == [S]


def test_the_ply_cap_is_the_frameworks():
    """The engine never ends a game at the cap: the table does, from GameInfo.cap."""
    assert ENGINE.info.cap.option == "max_plies" and ENGINE.info.cap.unit == "plies"
    opt = next(o for o in ENGINE.info.options if o.name == "max_plies")
    assert (opt.default, opt.maximum) == (600, 2000)
    with pytest.raises(ValueError):
        ENGINE.options({"max_plies": 2001})
    state = position(["9♣", "K♦"], pile=["8♦"], rest="north", ply=10, max_plies=11)
    state, _ = play(state, S, "TAKE")
    assert state["ply"] == 11 and ENGINE.outcome(state) is None and ENGINE.to_move(state) == N
    assert ENGINE.from_dict(state) == state  # reaching the cap is a valid state


# ---------------------------------------------------------------- notation


@pytest.mark.parametrize(
    "text, move",
    [
        ("BEAT 10♦ 9♣", ("beat", "10♦", "9♣")),
        ("beat Td 9c", ("beat", "10♦", "9♣")),
        ("BEAT XD 9C", ("beat", "10♦", "9♣")),
        ("10d 9c", ("beat", "10♦", "9♣")),
        ("beat the eight of diamonds with the ten of diamonds and then the 9 of clubs",
         ("beat", "10♦", "9♣")),
        ("cover it with 10 of diamonds, then put nine of clubs", ("beat", "10♦", "9♣")),
        ("take", ("take",)),
        ("I pick up", ("take",)),
        ("Take 3 cards", ("take",)),
    ],
)  # fmt: skip
def test_forgiving_reader(text, move):
    state = position(["9♣", "10♦"], north=["7♣"], pile=["8♦"])
    assert ENGINE.parse_move(text, state, S) == move


def test_reader_on_an_empty_pile_and_while_choosing_trumps():
    state = position(["9♣", "10♦"], rest="north")
    assert ENGINE.parse_move("ten of diamonds", state, S) == ("lead", "10♦")
    assert ENGINE.parse_move("play 9c", state, S) == ("lead", "9♣")
    assert illegal(state, S, "9c 10d").rule == "lead-one-card"
    fresh = ENGINE.new_state(1, ENGINE.options({}), 2)
    for text in ("TRUMP ♥", "hearts", "trump h", "I choose Hearts"):
        assert ENGINE.parse_move(text, fresh, S) == ("trump", "♥")
    with pytest.raises(AmbiguousMoveError) as asked:  # two suits: asked back, never a guess
        ENGINE.parse_move("hearts or spades", fresh, S)
    assert asked.value.candidates == ["TRUMP ♥", "TRUMP ♠"]
    assert illegal(fresh, S, "the ace of hearts").rule == "choose-trump-first"


@pytest.mark.parametrize("text", ["", "hello there", "beat", "{}"])
def test_text_that_is_no_move_is_a_parse_error(text):
    state = position(["9♣", "10♦"], pile=["8♦"], rest="north")
    with pytest.raises(ParseError) as info:
        ENGINE.parse_move(text, state, S)
    assert repr(text) in info.value.reason and "'BEAT <card> <card>'" in info.value.hint
    assert "9♣" not in info.value.hint, "no example card the player may not hold"


def test_render_move_round_trips_every_legal_move():
    state = position(["9♣", "10♦", "6♥", "Q♦"], pile=["8♦"], rest="north")
    legal = ENGINE.legal_moves(state, S)
    assert len(legal) == 3 * 3 + 1
    for move in legal:
        assert ENGINE.parse_move(ENGINE.render_move(move), state, S) == move


def test_hints_list_what_is_legal():
    state = position(["9♣", "10♦", "6♥"], north=["7♣"], pile=["8♦"])
    hint = illegal(state, S, "BEAT 9♣ 6♥").hint
    assert "10♦ 6♥" in hint and "TAKE (you pick up 3)" in hint
    stuck = position(["9♣"], pile=["8♦", "A♦"], rest="north")
    assert (
        illegal(stuck, S, "BEAT 9♣").hint == "Nothing in your hand beats A♦: TAKE (you pick up 2)."
    )


# ---------------------------------------------------------------- boards and views

GOLDEN_SOUTH = """\
Your Trumps · 36-card pack · 2 moves played (a draw at 600)
north (dealer) · trump ♠ · 26 cards · known: 6♠
pile (3, bottom→top): 9♣ J♣ 7♦ ← top 7♦
south (you) · trump ♥ · 7 cards: 6♣ 10♣ · 8♦ Q♦ · 6♥ 8♥ A♥
last: north beats 9♣ with J♣ and puts 7♦.
To move: south (you) — beat 7♦ with a higher ♦ or any ♥ and add a card, or TAKE 3."""

GOLDEN_NORTH = """\
Your Trumps · 36-card pack · 2 moves played (a draw at 600)
south (non-dealer) · trump ♥ · 7 cards
pile (3, bottom→top): 9♣ J♣ 7♦ ← top 7♦
north (you) · trump ♠ · 26 cards: 7♣ 8♣ Q♣ K♣ A♣ · 6♦ 9♦ 10♦ J♦ K♦ A♦ · \
7♥ 9♥ 10♥ J♥ Q♥ K♥ · 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠
last: north beats 9♣ with J♣ and puts 7♦.
To move: south — beat 7♦ with a higher ♦ or any ♥ and add a card, or TAKE 3."""

GOLDEN_SPECTATOR = """\
Your Trumps · 36-card pack · 2 moves played (a draw at 600)
north (dealer) · trump ♠ · 26 cards · known: 6♠
pile (3, bottom→top): 9♣ J♣ 7♦ ← top 7♦
south (non-dealer) · trump ♥ · 7 cards
last: north beats 9♣ with J♣ and puts 7♦.
To move: south — beat 7♦ with a higher ♦ or any ♥ and add a card, or TAKE 3."""


def _golden_state():
    return position(
        ["6♣", "10♣", "8♦", "Q♦", "6♥", "8♥", "A♥"],
        pile=["9♣", "J♣", "7♦"],
        known=((), ("6♠",)),
        ply=2,
        last=["north beats 9♣ with J♣ and puts 7♦."],
    )


def test_golden_boards():
    state = _golden_state()
    assert ENGINE.render(state, S, None) == GOLDEN_SOUTH
    assert ENGINE.render(state, N, None) == GOLDEN_NORTH
    assert ENGINE.render(state, None, None) == GOLDEN_SPECTATOR


def test_golden_board_while_choosing_trumps_and_when_over():
    state = ENGINE.new_state(1, ENGINE.options({}), 2)
    assert ENGINE.render(state, S, None) == (
        "Your Trumps · 36-card pack · choosing trumps\n"
        "north (dealer) · trump not chosen yet\n"
        "south (you) · trump not chosen yet\n"
        "To move: south (you) — choose a trump suit (TRUMP ♥); the two trumps must differ."
    )
    over, _ = play(position(["9♣"]), S, "LEAD 9♣")
    board = ENGINE.render(over, N, ENGINE.outcome(over))
    assert board.splitlines()[-1] == "Game over: south has no cards left and wins."
    assert "To move" not in board


def test_views_show_own_hand_counts_and_only_known_opponent_cards():
    state = _golden_state()
    south = ENGINE.view(state, S, None)
    assert south["hand"] == ["6♣", "10♣", "8♦", "Q♦", "6♥", "8♥", "A♥"]
    assert south["hand_counts"] == {"south": 7, "north": 26}
    assert south["known_cards"] == {"south": [], "north": ["6♠"]}
    assert (south["top"], south["turn"], south["take_count"]) == ("7♦", "south", 3)
    assert south["trumps"] == {"south": "♥", "north": "♠"} and south["outcome"] is None
    assert (south["to_move"], south["over"]) == ("south", False)
    assert ENGINE.view(state, None, None)["hand"] is None
    hidden = ENGINE.hidden_tokens(state, S)
    assert len(hidden) == 25 and "6♠" not in hidden and "A♠" in hidden
    assert len(ENGINE.hidden_tokens(state, None)) == 7 + 25
    for seat in (S, N, None):
        text = json.dumps(ENGINE.view(state, seat, None), ensure_ascii=False)
        text += ENGINE.render(state, seat, None)
        assert not [c for c in ENGINE.hidden_tokens(state, seat) if c in text.split()]


# ---------------------------------------------------------------- storage


def test_state_round_trips_and_bad_states_are_refused():
    state = _golden_state()
    assert ENGINE.from_dict(json.loads(json.dumps(ENGINE.to_dict(state)))) == state
    dup = _golden_state()
    dup["hands"][S].append("9♣")  # also on the pile
    with pytest.raises(InvalidStateError):
        ENGINE.from_dict(dup)
    lost = _golden_state()
    lost["pile"].pop()
    with pytest.raises(InvalidStateError):
        ENGINE.from_dict(lost)
    same = _golden_state()
    same["trumps"] = ["♥", "♥"]
    with pytest.raises(InvalidStateError):
        ENGINE.from_dict(same)
    with pytest.raises(InvalidStateError):
        ENGINE.from_dict({"game": "trumps"})


def test_apply_does_not_change_its_input():
    state = _golden_state()
    before = json.dumps(state, sort_keys=True)
    ENGINE.apply(state, S, ("beat", "8♥", "6♣"))
    ENGINE.apply(state, S, ("take",))
    assert json.dumps(state, sort_keys=True) == before


def test_rules_text_explains_moves():
    text = ENGINE.rules_text()
    for needle in ("BEAT J♦ 7♣", "TAKE", "TRUMP ♥", "draw rule", "Sixes exchange"):
        assert needle in text


# ---------------------------------------------------------------- AI


def _ai(level, state, seat):
    legal = ENGINE.legal_moves(state, seat)
    return LEVELS[level](ENGINE, ENGINE.view(state, seat, None), seat, legal, random.Random(0))


def test_heuristic_beats_cheaply_and_keeps_its_trumps():
    state = position(["9♦", "A♦", "6♥", "K♥", "7♣"], pile=["8♦"], rest="north")
    move = _ai("heuristic", state, S)
    assert move[:2] == ("beat", "9♦")


def test_heuristic_goes_out_when_it_can_and_takes_when_it_cannot_beat():
    state = position(["K♦", "8♣"], north=["7♣", "6♣", "J♠"], pile=["7♦"], rest="pile")
    assert _ai("heuristic", state, S) in {("beat", "K♦", "8♣")}
    stuck = position(["9♣", "7♣"], pile=["A♦"], rest="north")
    assert _ai("heuristic", stuck, S) == ("take",)


def test_heuristic_leaves_a_card_the_opponent_cannot_beat():
    # the AI deduces north's hand (the pack minus its hand and the pile): north's only trump is
    # 6♠, which beats any non-spade, so the one card north cannot beat is the higher spade 9♠
    south = ["8♦", "A♦", "7♣", "9♠", "K♥", "Q♥"]
    north = ["6♣", "7♦", "10♦", "6♠"]
    state = position(south, north=north, pile=["7♥"], trumps=("♥", "♠"), rest="pile")
    assert _ai("heuristic", state, S) == ("beat", "Q♥", "9♠")


def _duel(level, opponent, games):
    wins = 0
    for g in range(games):
        hero = g % 2
        policies = {hero: LEVELS[level], 1 - hero: LEVELS[opponent]}
        rng = random.Random(g)
        state = ENGINE.new_state(g, ENGINE.options({}), 2)
        cap = state["options"]["max_plies"]  # the table's move cap (a draw)
        while (seat := ENGINE.to_move(state)) is not None and state["ply"] < cap:
            legal = ENGINE.legal_moves(state, seat)
            move = policies[seat](ENGINE, ENGINE.view(state, seat, None), seat, legal, rng)
            state, _ = ENGINE.apply(state, seat, move)
        outcome = ENGINE.outcome(state)
        wins += outcome is not None and hero in outcome.winners
    return wins / games


@pytest.mark.slow
def test_heuristic_beats_random_in_at_least_70_percent_of_500_games():
    assert _duel("heuristic", "random", 500) >= 0.70


# ---------------------------------------------------------------- references (issue 11)

HAND = ["9♣", "A♦", "6♥", "Q♥", "7♠"]  # south, trump ♥, facing 8♦


def _read(state, text, seat=S):
    return ENGINE.render_move(ENGINE.parse_move(text, state, seat))


@pytest.mark.parametrize(
    "text, move",
    [
        ("beat it with my ace and my seven", "BEAT A♦ 7♠"),
        ("throw down my ace, then my lowest club", "BEAT A♦ 9♣"),
        ("beat it with my highest trump and my lowest club", "BEAT Q♥ 9♣"),
        ("trump it with the queen, then the nine", "BEAT Q♥ 9♣"),
        ("beat the eight with my ace and my six", "BEAT A♦ 6♥"),
        ("ace, six", "BEAT A♦ 6♥"),
        ("beat it with my ace of diamnods and the nine of clbus", "BEAT A♦ 9♣"),
        ("use my ace and my last card", "BEAT A♦ 7♠"),
        ("with my ace and my lowest non-trump", "BEAT A♦ 7♠"),
        ("beat with my best trump and my worst card", "BEAT Q♥ 6♥"),
        ("kill it with the ace then dump the club", "BEAT A♦ 9♣"),
        ("beat it with my ace and a club", "BEAT A♦ 9♣"),
    ],
)  # fmt: skip
def test_references_resolve_against_the_own_hand(text, move):
    assert _read(position(HAND, pile=["8♦"], rest="north"), text) == move


def test_a_rank_alone_with_one_such_card_and_the_last_card():
    two = position(["9♣", "A♦"], pile=["8♦"], rest="north")
    for text in ("beat it with my ace", "my ace", "ace", "beat it with my last card"):
        assert _read(two, text) == "BEAT A♦ 9♣", text
    last = position(["A♦"], north=["9♣", "6♦"], pile=["8♦"])
    for text in ("beat it with my last card", "my ace", "beat with my only card"):
        assert _read(last, text) == "BEAT A♦", text


def test_superlatives_and_positions_when_leading():
    state = position(["9♣", "J♣", "A♦", "6♥", "Q♥", "7♠"], rest="north")
    for text, move in [
        ("throw down my lowest club", "LEAD 9♣"),  # issue 11: was "Trumps are chosen only …"
        ("play my highest club", "LEAD J♣"),
        ("my smallest card", "LEAD 6♥"),
        ("lead the jack", "LEAD J♣"),
        ("play my last card", "LEAD 7♠"),
        ("the second card", "LEAD J♣"),
        ("my highest trump", "LEAD Q♥"),
        ("lead a seven", "LEAD 7♠"),
    ]:
        assert _read(state, text) == move, text


def test_a_reference_that_fits_several_moves_is_asked_back_with_few_candidates():
    state = position(HAND, pile=["8♦"], rest="north")
    for text in ("beat it with my ace", "my smallest card", "beat it with a trump"):
        with pytest.raises(AmbiguousMoveError) as info:
            ENGINE.parse_move(text, state, S)
        asked = info.value.candidates
        assert 1 < len(asked) <= 5 and all(c.startswith("BEAT ") for c in asked), text
    with pytest.raises(AmbiguousMoveError) as info:
        ENGINE.parse_move("beat it with my ace", state, S)
    assert all(c.startswith("BEAT A♦ ") for c in info.value.candidates)
    lead = position(["9♣", "J♣", "A♦"], rest="north")
    with pytest.raises(AmbiguousMoveError) as info:
        ENGINE.parse_move("a club", lead, S)
    assert info.value.candidates == ["LEAD 9♣", "LEAD J♣"]


def test_cards_not_in_hand_and_a_wrong_top_card_are_refused_never_another_move():
    state = position(HAND, pile=["8♦"], rest="north")
    for text, words in [
        ("beat it with the ace of spades", "You do not hold A♠"),
        ("the king", "You hold no king"),
        ("beat with the K", "You hold no king"),
        ("beat it with my jack", "You hold no jack"),
        ("beat the nine with my ace and my six", "The top card of the pile is 8♦"),
        ("throw down my lowest club", "9♣ cannot beat 8♦"),
    ]:
        assert words in illegal(state, S, text).reason, text


@pytest.mark.parametrize(
    "text",
    ["take that back", "take back", "take it back", "don't take", "as", "give me 5 minutes",
     "one sec, brb", "hello there"],
)  # fmt: skip
def test_texts_that_are_no_move_are_never_read_as_one(text):
    """ "take that back" is no TAKE (the chat reads it as undo); an article is no ace."""
    state = position(HAND, pile=["8♦"], rest="north")
    with pytest.raises(ParseError):
        ENGINE.parse_move(text, state, S)


@pytest.mark.parametrize(
    "text", ["take", "take them", "I take", "pick up the pile", "take the cards", "I'll take"]
)
def test_take_stands_as_the_move(text):
    assert _read(position(HAND, pile=["8♦"], rest="north"), text) == "TAKE"


def test_an_article_is_no_ace_and_a_suit_word_is_a_suit():
    state = position(["9♣", "A♦", "7♠", "8♠"], pile=["7♦"], rest="north")  # south owns ♥
    with pytest.raises(AmbiguousMoveError) as info:  # "a spade": one of two spades, no ace
        ENGINE.parse_move("beat it with a diamond and a spade", state, S)
    assert info.value.candidates == ["BEAT A♦ 7♠", "BEAT A♦ 8♠"]


@pytest.mark.parametrize(
    "text, suit",
    [("I'll take hearts as my trump", "♥"), ("hearts are my trumps", "♥"),
     ("trump: spades", "♠"), ("make spades trump", "♠"), ("Hearts!", "♥"),
     ("i pick diamonds", "♦"), ("clubs as trumps", "♣"), ("I choose hearst", "♥")],
)  # fmt: skip
def test_trump_choice_in_a_sentence(text, suit):
    fresh = ENGINE.new_state(1, ENGINE.options({}), 2)
    assert ENGINE.parse_move(text, fresh, S) == ("trump", suit)


def test_trump_choice_never_guesses():
    fresh = ENGINE.new_state(1, ENGINE.options({}), 2)
    with pytest.raises(AmbiguousMoveError) as info:
        ENGINE.parse_move("not hearts", fresh, S)
    assert info.value.candidates == ["TRUMP ♣", "TRUMP ♦", "TRUMP ♠"]
    with pytest.raises(ParseError):
        ENGINE.parse_move("take that back", fresh, S)
    # in play, a trump named in a sentence is still refused: trumps are set before the deal
    state = position(HAND, pile=["8♦"], rest="north")
    assert illegal(state, S, "hearts are my trumps").rule == "trump-set-up-only"


def test_the_turn_line_adds_no_second_card_to_a_beat_with_the_last_card():
    from gm.games.trumps.notation import _turn_line

    state = {"turn": 0, "phase": "play", "pile": ["7♦"], "trumps": ["♥", "♠"]}
    last = _turn_line({**state, "hands": [["9♦"], ["6♣", "8♣"]]}, 0)
    assert last == (
        "To move: south (you) — beat 7♦ with a higher ♦ or any ♥ (the last card: nothing to add), "
        "or TAKE 1."
    )
    assert "and add a card" in _turn_line({**state, "hands": [["9♦", "6♠"], ["6♣"]]}, 0)


def test_the_search_playout_makes_the_heuristic_move_from_the_state():
    """ai.heuristic_playout (the strong level's playouts, read off a full state) picks the move
    heuristic_policy picks from the mover's view, in every position of 60 games (both decks)."""
    from gm.games.trumps.ai import heuristic_playout, heuristic_policy

    compared = 0
    for seed in range(12):
        state = ENGINE.new_state(seed, ENGINE.options({"deck": 52 if seed % 2 else 36}), 2)
        rng = random.Random(seed)
        while ENGINE.outcome(state) is None:
            seat = ENGINE.to_move(state)
            legal = ENGINE.legal_moves(state, seat)
            view = ENGINE.view(state, seat, None)
            a = heuristic_policy(ENGINE, view, seat, legal, random.Random(compared))
            b = heuristic_playout(ENGINE, state, seat, legal, random.Random(compared))
            assert a == b, (seed, view)
            compared += 1
            move = rng.choice(legal) if seed % 3 == 0 else a  # random and heuristic games
            state, _ = ENGINE.apply(state, seat, move)
    assert compared > 300
