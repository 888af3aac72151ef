"""Card Chess: movement grids, capture powers, flip and replacement, check, the ends of the game,
exchange, refill, notation, hidden information, golden boards and the AI."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gm.games.card_chess.ai import LEVELS
from gm.games.base import AmbiguousMoveError, IllegalMoveError, InvalidStateError, ParseError
from gm.games.card_chess import ENGINE
from gm.games.card_chess import rules as R

RED, BLACK = 0, 1
IDX = {R.spot_name(i): i for i in range(25)}


def make_state(
    pieces: dict[str, str] | None = None,
    check: tuple[str, ...] = (),
    known: dict[str, str] | None = None,
    hands: tuple[list[str], list[str]] = ([], []),
    turn: int = RED,
    exchanged: tuple[bool, bool] = (False, False),
    draw: list[str] | None = None,
    discard: tuple[str, ...] = (),
    max_plies: int = 500,
) -> dict:
    """A valid state with exactly these pieces, known face-down cards, hands and piles; every
    other card fills the face-down board (in a fixed order) and then the draw pile (or, when
    ``draw`` is given, the discard pile)."""
    pool = Counter({c: 2 for c in R.ALL_CODES})

    def take(card: str) -> str:
        assert pool[card] > 0, f"no copy of {card} left"
        pool[card] -= 1
        return card

    state = R.new_state(7, max_plies)
    state["pieces"] = [None] * 25
    for spot, card in (pieces or {}).items():
        state["pieces"][IDX[spot]] = take(card)
    state["check"] = [False] * 25
    for spot in check:
        state["check"][IDX[spot]] = True
    state["known"] = [False] * 25
    down: list[str | None] = [None] * 25
    for spot, card in (known or {}).items():
        down[IDX[spot]] = take(card)
        state["known"][IDX[spot]] = True
    state["hands"] = [[take(c) for c in hands[0]], [take(c) for c in hands[1]]]
    state["discard"] = [take(c) for c in discard]
    drawn = [take(c) for c in draw] if draw is not None else None
    rest = sorted(pool.elements(), key=R.card_key)
    for i in range(25):
        if down[i] is None:
            down[i] = rest.pop(0)
    state["down"] = down
    if drawn is None:
        state["draw"] = rest
    else:
        state["draw"] = drawn
        state["discard"] += rest
    state["turn"] = turn
    state["exchanged"] = list(exchanged)
    ENGINE.validate(state)
    return state


def targets(state: dict, spot: str) -> set[str]:
    """Where the piece on ``spot`` may go now (moves and captures, no replacement variants)."""
    seat = R.CARD_SIDE[state["pieces"][IDX[spot]]]
    state = dict(state, turn=seat)
    return {
        R.spot_name(m[2])
        for m in ENGINE.legal_moves(state, seat)
        if m[0] in ("move", "capture") and m[1] == IDX[spot]
    }


def illegal_rule(text: str, state: dict, seat: int | None = None) -> str:
    seat = state["turn"] if seat is None else seat
    with pytest.raises(IllegalMoveError) as info:
        ENGINE.parse_move(text, state, seat)
    return info.value.rule


def play(state: dict, text: str):
    seat = ENGINE.to_move(state)
    return ENGINE.apply(state, seat, ENGINE.parse_move(text, state, seat))


# ---------------------------------------------------------------- set-up


def test_new_game_deals_two_decks_board_and_hands():
    state = ENGINE.new_state(3, ENGINE.options({}), 2)
    everything = state["down"] + state["hands"][0] + state["hands"][1] + state["draw"]
    assert Counter(everything) == Counter({c: 2 for c in R.ALL_CODES})
    assert len(state["down"]) == 25 and len(state["draw"]) == 104 - 25 - 10
    assert state["pieces"] == [None] * 25
    assert ENGINE.to_move(state) == RED
    assert ENGINE.info.seat_names == ("red", "black")
    assert state["rng"] == {"seed": 3, "n": 0}
    assert ENGINE.new_state(3, ENGINE.options({}), 2) == state
    assert ENGINE.new_state(4, ENGINE.options({}), 2)["down"] != state["down"]


# ---------------------------------------------------------------- movement grids


def test_pawn_moves_forward_and_captures_diagonally_forward():
    state = make_state({"RK3": "7♥", "M2": "5♣", "BK3": "6♣", "RK4": "2♣"})
    assert targets(state, "RK3") == {"M3", "M2"}  # M4 empty: capture only; no backward
    assert illegal_rule("RK3-M4", state) == "capture-only"
    assert illegal_rule("RK3-RC3", state) == "movement"
    assert illegal_rule("RK3-BK3", state) == "movement"
    assert illegal_rule("RK3-RK4", state) == "movement"  # no sideways capture for pawns
    black = dict(state, turn=BLACK)
    assert targets(black, "BK3") == {"M3"}  # black's forward is down the board
    assert illegal_rule("BK3-BC3", black) == "movement"


def test_pawn_captures_only_pawns_of_equal_or_lower_rank():
    state = make_state({"RK3": "7♥", "M2": "7♣", "M4": "8♣", "RK1": "3♥", "M1": "J♣"})
    assert targets(state, "RK3") == {"M3", "M2"}
    assert illegal_rule("RK3xM4", state) == "capture-power"
    assert illegal_rule("RK1xM2", state) == "capture-power"  # 3 takes no 7
    state["pieces"][IDX["M2"]] = "J♣"
    state["pieces"][IDX["M1"]] = "7♣"
    assert illegal_rule("RK3xM2", state) == "capture-power"  # a pawn takes no face card


def test_ten_double_step_only_from_its_own_castle_with_the_spot_in_front_free():
    state = make_state({"RC3": "10♥", "RK1": "10♦"})
    assert targets(state, "RC3") == {"RK3", "M3"}
    assert targets(state, "RK1") == {"M1"}  # not from elsewhere
    assert illegal_rule("RK1-BK1", state) == "movement"
    blocked = make_state({"RC3": "10♥", "RK3": "2♣"})
    assert targets(blocked, "RC3") == set()
    assert illegal_rule("RC3-M3", blocked) == "ten-double"
    nine = make_state({"RC3": "9♥"})
    assert targets(nine, "RC3") == {"RK3"}
    assert illegal_rule("RC3-M3", nine) == "movement"
    black = make_state({"BC2": "10♠"}, turn=BLACK)
    assert targets(black, "BC2") == {"BK2", "M2"}


def test_jack_from_its_castle():
    state = make_state({"RC3": "J♥", "RK3": "4♣"})
    assert targets(state, "RC3") == {"RK2", "RK4", "RK3"}  # capture forward
    empty_front = make_state({"RC3": "J♥"})
    assert targets(empty_front, "RC3") == {"RK2", "RK4"}
    assert illegal_rule("RC3-RK3", empty_front) == "capture-only"
    assert illegal_rule("RC3-RC4", empty_front) == "movement"


def test_jack_elsewhere_moves_and_captures_on_the_diagonals():
    state = make_state({"M3": "J♥", "BK2": "Q♣", "RK4": "5♠"})
    assert targets(state, "M3") == {"BK2", "BK4", "RK2", "RK4"}
    assert illegal_rule("M3-BK3", state) == "movement"
    assert illegal_rule("M3-M4", state) == "movement"


def test_queen_from_its_castle():
    # sideways is move only (an enemy beside it on our castle is in check and untouchable)
    state = make_state({"RC3": "Q♥", "RK2": "3♣", "RC4": "4♣"}, check=("RC4",))
    assert targets(state, "RC3") == {"RK3", "RK2", "RC2"}
    assert illegal_rule("RC3xRC4", state) == "spot-in-check"
    free = make_state({"RC3": "Q♥"})
    assert targets(free, "RC3") == {"RK3", "RC2", "RC4"}
    assert illegal_rule("RC3-RK4", free) == "capture-only"


def test_queen_elsewhere_moves_and_captures_straight():
    state = make_state({"M3": "Q♠", "RK3": "K♦", "M2": "2♥"}, turn=BLACK)
    assert targets(state, "M3") == {"BK3", "RK3", "M2", "M4"}
    assert illegal_rule("M3-RK4", state) == "movement"
    assert illegal_rule("M3-RC3", state) == "movement"


def test_king_on_all_eight_neighbours_and_no_further():
    state = make_state({"M3": "K♥", "BK2": "9♣", "RK3": "2♥"})
    assert targets(state, "M3") == {"BK2", "BK3", "BK4", "M2", "M4", "RK2", "RK4"}
    assert illegal_rule("M3-BC3", state) == "movement"
    assert illegal_rule("M3xRK3", state) == "occupied-by-own"


def test_ace_moves_like_a_king_and_jumps_over_a_piece():
    state = make_state({"M3": "A♥", "M4": "2♣", "BK3": "7♥", "RK2": "9♠", "RC1": "5♦"})
    assert targets(state, "M3") == {
        "BK2",
        "BK4",
        "M2",
        "M4",
        "RK2",
        "RK3",
        "RK4",
        "M5",  # over the 2♣
        "BC3",  # over its own 7♥
    }
    assert illegal_rule("M3-RC5", state) == "ace-jump"  # nothing on RK4 to jump over
    assert illegal_rule("M3-RC1", state) == "occupied-by-own"  # a jump lands on empty spots only
    assert illegal_rule("M3-BK5", state) == "movement"  # a knight's move is no jump


def test_ace_jump_never_captures():
    state = make_state({"M3": "A♥", "M4": "2♣", "M5": "3♣"})
    assert "M5" not in targets(state, "M3")
    assert illegal_rule("M3xM5", state) == "move-only"


# ---------------------------------------------------------------- capture powers


def test_face_cards_capture_face_cards_and_pawns_but_not_aces():
    state = make_state({"M3": "K♥", "BK3": "Q♣", "BK2": "10♣", "BK4": "A♣"})
    assert {"BK3", "BK2"} <= targets(state, "M3")
    assert illegal_rule("M3xBK4", state) == "capture-power"
    jack = make_state({"M3": "J♥", "BK2": "K♣"})
    assert targets(jack, "M3") >= {"BK2"}  # a jack takes a king


def test_an_ace_captures_anything_and_only_an_ace_captures_an_ace():
    state = make_state({"M3": "A♥", "BK3": "A♣", "M4": "2♣", "RK3": "K♦"})
    assert {"BK3", "M4"} <= targets(state, "M3")
    black = dict(state, turn=BLACK)
    assert targets(black, "BK3") >= {"M3"}  # black's ace takes red's ace
    state2 = make_state({"RK3": "K♥", "M3": "A♣", "RK2": "2♥"}, turn=RED)
    assert illegal_rule("RK3xM3", state2) == "capture-power"


# ---------------------------------------------------------------- capture and flip


def test_capture_flips_the_spot_and_a_revealed_own_card_joins_the_capturer():
    state = make_state(
        {"RK3": "9♥", "M4": "8♣"},
        known={"M4": "6♦"},
        hands=(["2♥", "3♥", "4♥", "5♥", "6♥"], ["2♠", "3♠", "4♠", "5♠", "6♠"]),
    )
    after, events = play(state, "RK3xM4")
    m4 = IDX["M4"]
    assert after["pieces"][IDX["RK3"]] is None
    assert after["pieces"][m4] == "6♦"  # the old board card, red: red's piece now
    assert after["down"][m4] == "9♥" and after["known"][m4]
    assert after["discard"][-1] == "8♣"
    assert "9♥ takes 8♣, goes face down, and 6♦ comes up" in events[0].text
    view = ENGINE.view(after, BLACK)
    assert view["known_face_down"] == {"M4": "9♥"}  # public knowledge
    assert "Known face-down cards: M4 9♥" in ENGINE.render(after, None)


def test_revealed_enemy_card_becomes_an_enemy_piece_without_replacement():
    state = make_state(
        {"RK3": "9♥", "M4": "8♣"},
        known={"M4": "Q♠"},
        hands=(["2♥", "3♥", "4♥", "5♥", "2♠"], ["3♠", "4♠", "5♠", "6♠", "7♠"]),
    )
    after, _ = play(state, "RK3xM4")
    assert after["pieces"][IDX["M4"]] == "Q♠"
    assert R.CARD_SIDE[after["pieces"][IDX["M4"]]] == BLACK


def test_replacement_swaps_a_revealed_enemy_card_for_one_from_the_hand():
    state = make_state(
        {"RK3": "9♥", "M4": "8♣"},
        known={"M4": "Q♠"},
        hands=(["2♥", "3♥", "4♥", "5♥", "2♠"], ["3♠", "4♠", "5♠", "6♠", "7♠"]),
        draw=["K♦", "A♦"],
    )
    assert ("capture", IDX["RK3"], IDX["M4"], "2♠") in ENGINE.legal_moves(state, RED)
    after, events = play(state, "RK3xM4=2♠")
    assert after["pieces"][IDX["M4"]] == "2♠"
    assert "Q♠" in after["discard"] and "8♣" in after["discard"]
    assert "2♠" not in after["hands"][RED]
    assert sorted(after["hands"][RED]) == sorted(["2♥", "3♥", "4♥", "5♥", "A♦"])  # refilled
    assert "red replaces it with 2♠" in events[0].text


def test_unneeded_replacement_stays_secretly_in_the_hand():
    state = make_state(
        {"RK3": "9♥", "M4": "8♣"},
        hands=(["2♥", "3♥", "4♥", "5♥", "2♠"], ["3♠", "4♠", "5♠", "6♠", "7♠"]),
    )
    revealed = state["down"][IDX["M4"]]
    assert R.CARD_SIDE[revealed] == RED  # the fill order puts red cards first
    after, events = play(state, "RK3xM4=2♠")
    assert after["pieces"][IDX["M4"]] == revealed
    assert "2♠" in after["hands"][RED]
    assert "2♠" not in events[0].text  # black is not told what red holds
    assert "your 2♠ was not needed" in events[0].for_viewer(RED)
    assert events[0].for_viewer(BLACK) == events[0].text


def test_replacement_must_be_an_enemy_card_in_hand_and_needed():
    hands = (["2♥", "3♥", "4♥", "5♥", "2♠"], ["3♠", "4♠", "5♠", "6♠", "7♠"])
    state = make_state({"RK3": "9♥", "M4": "8♣"}, hands=hands)
    assert illegal_rule("RK3xM4=3♥", state) == "replacement-colour"
    assert illegal_rule("RK3xM4=9♠", state) == "not-in-hand"
    known_red = make_state({"RK3": "9♥", "M4": "8♣"}, known={"M4": "K♦"}, hands=hands)
    assert illegal_rule("RK3xM4=2♠", known_red) == "replacement-not-needed"
    assert ENGINE.parse_move("RK3xM4", known_red, RED) == ("capture", IDX["RK3"], IDX["M4"], "")
    empty = make_state({"RK3": "9♥"}, hands=hands)
    assert illegal_rule("RK3-M4", empty) == "capture-only"
    assert illegal_rule("RK3xM4", empty) == "nothing-to-capture"
    assert illegal_rule("RK3xM3", empty) == "nothing-to-capture"


# ---------------------------------------------------------------- check


def test_reaching_the_enemy_castle_puts_a_piece_in_check():
    state = make_state({"BK2": "7♥", "RC1": "K♥"}, hands=(["2♥"], []))
    after, events = play(state, "BK2-BC2")
    assert after["check"][IDX["BC2"]]
    assert "7♥ is in check at BC2" in events[0].text
    assert "!7♥" in ENGINE.render(after, None)
    assert ENGINE.view(after, None)["in_check_spots"] == ["BC2"]
    assert R.in_check(after, RED) == 1 and R.in_play(after, RED) == 1


def test_a_piece_in_check_cannot_move_be_captured_or_be_landed_on():
    state = make_state(
        {"BC2": "7♥", "BC3": "K♣", "BK1": "A♣", "BK2": "A♥", "M2": "9♥"},
        check=("BC2",),
        turn=BLACK,
    )
    assert illegal_rule("BC3xBC2", state) == "spot-in-check"
    assert illegal_rule("BK1xBC2", state) == "spot-in-check"
    red = dict(state, turn=RED)
    assert illegal_rule("BC2-BC1", red) == "in-check"
    assert illegal_rule("BK2-BC2", red) == "spot-in-check"
    # an ace may jump over a piece in check, never onto it
    ace = make_state({"RC2": "7♣", "RC3": "A♥"}, check=("RC2",))
    assert "RC1" in targets(ace, "RC3")  # over black's 7♣ in check on red's castle
    assert "RC2" not in targets(ace, "RC3")
    assert illegal_rule("RC3xRC2", ace) == "spot-in-check"


def test_pieces_in_check_do_not_count_toward_five_in_play():
    pieces = {"BC1": "2♥", "RK1": "3♥", "RK2": "4♥", "RK3": "5♥", "RK4": "6♥"}
    state = make_state(pieces, check=("BC1",), hands=(["7♥", "2♠"], []))
    assert R.in_play(state, RED) == 4
    assert ENGINE.parse_move("play 7h rc5", state, RED) == ("play", "7♥", IDX["RC5"])
    five = make_state({**pieces, "RK5": "8♥"}, check=("BC1",), hands=(["7♥", "2♠"], []))
    assert illegal_rule("PLAY 7♥ RC5", five) == "five-in-play"


def test_capture_on_the_enemy_castle_can_put_the_revealed_card_in_check():
    state = make_state({"BK2": "K♥", "BC3": "Q♣"}, known={"BC3": "5♦"}, hands=(["2♥"], []))
    after, events = play(state, "BK2xBC3")
    assert after["pieces"][IDX["BC3"]] == "5♦" and after["check"][IDX["BC3"]]
    assert "5♦ is in check at BC3" in events[0].text


# ---------------------------------------------------------------- the end


def test_five_pieces_in_check_win():
    pieces = {"BC1": "2♥", "BC2": "3♥", "BC3": "4♥", "BC4": "5♥", "BK5": "6♥", "M1": "7♣"}
    state = make_state(pieces, check=("BC1", "BC2", "BC3", "BC4"), hands=(["2♦"], ["2♣"]))
    after, events = play(state, "BK5-BC5")
    outcome = ENGINE.outcome(after)
    assert outcome.winners == [RED] and not outcome.draw
    assert "five red pieces in check" in outcome.reason
    assert outcome.scores == {RED: 5, BLACK: 0}
    assert ENGINE.to_move(after) is None and ENGINE.legal_moves(after, BLACK) == []
    assert events[-1].kind == "end"
    assert illegal_rule("M1-RK1", after, BLACK) == "game-over"
    # four in check is not enough
    state4 = make_state(pieces, check=("BC1", "BC2", "BC3", "BC4"), hands=(["2♦"], ["2♣"]))
    after4, _ = play(state4, "PLAY 2♦ RC1")
    assert ENGINE.outcome(after4) is None


def test_unable_to_act_loses_when_the_opponent_could_act():
    state = make_state(
        {"BK1": "9♣"},
        hands=(["2♣", "3♣", "4♣", "5♣", "6♣"], ["2♥", "3♥", "4♥", "5♥", "7♠"]),
        turn=BLACK,
        exchanged=(True, False),
    )
    after, events = play(state, "BK1-M1")
    outcome = ENGINE.outcome(after)
    assert outcome.winners == [BLACK] and not outcome.draw
    assert "red can neither play in, exchange nor move" in outcome.reason
    # the same position without red's exchange: red may exchange, the game goes on
    fresh = make_state(
        {"BK1": "9♣"},
        hands=(["2♣", "3♣", "4♣", "5♣", "6♣"], ["2♥", "3♥", "4♥", "5♥", "7♠"]),
        turn=BLACK,
    )
    after2, _ = play(fresh, "BK1-M1")
    assert ENGINE.outcome(after2) is None
    assert ENGINE.legal_moves(after2, RED) == [("exchange",)]


def test_unable_to_act_is_a_stalemate_when_the_opponent_could_not_act_either():
    state = make_state(
        {"RK1": "9♣"},
        hands=(["2♣", "3♣", "4♣", "5♣", "6♣"], ["2♥", "3♥", "4♥", "5♥", "6♥"]),
        turn=BLACK,
        exchanged=(True, False),
    )
    after, _ = play(state, "RK1-RC1")  # black's only piece goes into check
    outcome = ENGINE.outcome(after)
    assert outcome.draw and outcome.winners == []
    assert outcome.reason.startswith("stalemate")


def test_ply_cap_ends_the_game_drawn():
    state = ENGINE.new_state(5, ENGINE.options({"max_plies": 2}), 2)
    state, _ = play(state, "EXCHANGE")
    assert ENGINE.outcome(state) is None
    state, events = play(state, "EXCHANGE")
    outcome = ENGINE.outcome(state)
    assert outcome.draw and "2-ply cap" in outcome.reason
    with pytest.raises(ValueError):
        ENGINE.options({"max_plies": 1})
    assert ENGINE.options({})["max_plies"] == 500


# ---------------------------------------------------------------- exchange, refill, reshuffle


def test_exchange_shows_the_hand_draws_five_and_is_refused_twice_in_a_row():
    hand = ["2♥", "9♦", "J♣", "4♠", "K♥"]
    new = ["3♦", "3♥", "8♣", "8♠", "Q♦"]
    state = make_state(hands=(hand, ["2♣"] * 2), draw=["A♠", *new])
    after, events = play(state, "exchange")
    assert sorted(after["hands"][RED]) == sorted(new)
    assert events[0].text == "red exchanges: shows 2♥ 9♦ K♥ 4♠ J♣, discards them and draws 5"
    assert "3♦" not in events[0].text and "3♦" in events[0].for_viewer(RED)
    assert after["discard"][-5:] == sorted(hand, key=R.card_key)
    assert after["exchanged"] == [True, False]
    again = dict(after, turn=RED)
    assert ("exchange",) not in ENGINE.legal_moves(again, RED)
    assert illegal_rule("EXCHANGE", again) == "exchange-twice"
    moved = make_state(hands=(hand, ["2♣"]), exchanged=(False, True), turn=RED)
    assert ("exchange",) in ENGINE.legal_moves(moved, RED)


def test_refill_to_five_and_reshuffle_without_this_turns_discards():
    hand = ["2♥", "9♦", "J♣", "4♠", "K♥"]
    state = make_state(hands=(hand, []), draw=["3♦", "3♥"], discard=("5♣",) * 2)
    before_discards = list(state["discard"])
    after, events = play(state, "EXCHANGE")
    assert len(after["hands"][RED]) == 5
    assert "3♦" in after["hands"][RED] and "3♥" in after["hands"][RED]
    assert any(e.kind == "reshuffle" for e in events)
    assert after["rng"]["n"] == 1
    assert after["discard"] == sorted(hand, key=R.card_key)  # the shown hand was not reshuffled
    assert Counter(after["draw"]) + Counter(after["hands"][RED]) - Counter(["3♦", "3♥"]) == (
        Counter(before_discards)
    )
    # refill after a play-in: one card from the top of the draw pile
    state2 = make_state(hands=(["7♥", "2♠", "3♠", "4♠", "5♠"], []), draw=["Q♣", "A♥"])
    after2, events2 = play(state2, "PLAY 7♥ RC1")
    assert sorted(after2["hands"][RED]) == sorted(["A♥", "2♠", "3♠", "4♠", "5♠"])
    assert events2[1].text == "red draws 1 card" and events2[1].for_viewer(RED).endswith("A♥")


def test_play_in_rules():
    hands = (["7♥", "2♠", "3♠"], [])
    state = make_state({"RC1": "9♦"}, hands=hands)
    assert ENGINE.parse_move("PLAY 7♥ RC2", state, RED) == ("play", "7♥", IDX["RC2"])
    assert illegal_rule("PLAY 7♥ RK2", state) == "play-in-castle"
    assert illegal_rule("PLAY 7♥ RC1", state) == "spot-taken"
    assert illegal_rule("PLAY 2♠ RC2", state) == "play-own-colour"
    assert illegal_rule("PLAY 8♥ RC2", state) == "not-in-hand"


# ---------------------------------------------------------------- notation


def _parse_state():
    return make_state(
        {"RK3": "9♥", "M4": "8♣", "RC1": "10♥", "RC5": "J♦", "BC2": "Q♠"},
        hands=(["7♥", "7♥", "5♦", "2♠", "3♣"], ["2♣"]),
    )


@pytest.mark.parametrize(
    "text, expected",
    [
        ("RC1-RK1", ("move", IDX["RC1"], IDX["RK1"])),
        ("rc1-rk1", ("move", IDX["RC1"], IDX["RK1"])),
        ("red castle 1 to red kingdom 1", ("move", IDX["RC1"], IDX["RK1"])),
        ("RC1 M1", ("move", IDX["RC1"], IDX["M1"])),
        ("move 10♥ from rc1 to middle 1", ("move", IDX["RC1"], IDX["M1"])),
        ("RK3xM4", ("capture", IDX["RK3"], IDX["M4"], "")),
        ("RK3-M4", ("capture", IDX["RK3"], IDX["M4"], "")),
        ("rk3 takes m4", ("capture", IDX["RK3"], IDX["M4"], "")),
        ("red kingdom 3 x middle 4", ("capture", IDX["RK3"], IDX["M4"], "")),
        ("RK3xM4=2♠", ("capture", IDX["RK3"], IDX["M4"], "2♠")),
        ("rk3xm4=2s", ("capture", IDX["RK3"], IDX["M4"], "2♠")),
        ("RK3 x M4 replace with two of spades", ("capture", IDX["RK3"], IDX["M4"], "2♠")),
        ("9♥ takes 8♣ rk3 m4", ("capture", IDX["RK3"], IDX["M4"], "")),
        ("PLAY 7♥ RC2", ("play", "7♥", IDX["RC2"])),
        ("play 7h rc2", ("play", "7♥", IDX["RC2"])),
        ("7♥ red castle 2", ("play", "7♥", IDX["RC2"])),
        ("Play seven of hearts at RC4", ("play", "7♥", IDX["RC4"])),
        ("EXCHANGE", ("exchange",)),
        ("exchange my hand", ("exchange",)),
        ("RC5", ("move", IDX["RC5"], IDX["RK4"])),
    ],
)
def test_parser_forms(text, expected):
    assert ENGINE.parse_move(text, _parse_state(), RED) == expected


@pytest.mark.parametrize("ten", ["10♥", "X♥", "T♥", "xh", "10h", "TH", "ten of hearts"])
def test_ten_is_read_in_every_spelling(ten):
    state = make_state(hands=(["10♥", "2♠"], []))
    assert ENGINE.parse_move(f"play {ten} rc3", state, RED) == ("play", "10♥", IDX["RC3"])


def test_render_move_round_trips_and_is_canonical():
    state = _parse_state()
    texts = {ENGINE.render_move(m) for m in ENGINE.legal_moves(state, RED)}
    assert {"PLAY 7♥ RC2", "RC1-RK1", "RC1-M1", "RK3xM4", "RK3xM4=2♠", "EXCHANGE"} <= texts
    assert "RK3xM4=3♣" in texts
    for move in ENGINE.legal_moves(state, RED):
        assert ENGINE.parse_move(ENGINE.render_move(move), state, RED) == move


def test_parse_errors_ambiguity_and_turn():
    state = _parse_state()
    for text in ["", "hello there", "RC9-RK9", "{}"]:
        with pytest.raises(ParseError) as info:
            ENGINE.parse_move(text, state, RED)
        assert repr(text) in info.value.reason
    with pytest.raises(AmbiguousMoveError) as info:
        ENGINE.parse_move("7♥", state, RED)  # three free castle spots
    assert "PLAY 7♥ RC2" in info.value.candidates
    with pytest.raises(AmbiguousMoveError):
        ENGINE.parse_move("RC1", state, RED)  # the 10 may step one or two
    assert illegal_rule("RC1-RK1", state, BLACK) == "not-your-turn"
    assert illegal_rule("BC2-BK2", state) == "not-your-piece"
    assert illegal_rule("M1-M2", state) == "no-piece"


def test_error_messages_name_no_hidden_card():
    state = _parse_state()
    hidden = ENGINE.hidden_tokens(state, RED)
    for text in ["RK3xM4=A♣", "PLAY K♣ RC2", "RC1-BC1", "K♣"]:
        try:
            ENGINE.parse_move(text, state, RED)
        except IllegalMoveError as err:
            message = err.reason + " " + err.hint
            typed = {t for t in hidden if t in text}
            assert not {t for t in hidden - typed if t in message}, message


# ---------------------------------------------------------------- hidden information


def test_hidden_tokens_count_both_copies_of_a_card():
    state = make_state(
        {"M3": "Q♠"},
        known={"M4": "K♦"},
        hands=(["2♥", "3♥", "4♥", "5♥", "6♥"], ["Q♠", "K♦", "9♣", "9♣", "8♣"]),
        discard=("8♣",),
    )
    red_hidden = ENGINE.hidden_tokens(state, RED)
    assert "Q♠" not in red_hidden  # one copy stands face up on M3
    assert "K♦" not in red_hidden  # one copy is a known face-down card
    assert "8♣" not in red_hidden  # one copy is in the discard pile
    assert "9♣" in red_hidden  # both copies in black's hand
    assert "2♥" not in red_hidden and "2♥" in ENGINE.hidden_tokens(state, BLACK)
    spectator = ENGINE.hidden_tokens(state, None)
    assert "2♥" in spectator and "9♣" in spectator and "Q♠" not in spectator
    view = ENGINE.view(state, BLACK)
    assert view["hand"] == ["K♦", "8♣", "9♣", "9♣", "Q♠"]
    assert view["hand_counts"] == {"red": 5, "black": 5}
    assert ENGINE.view(state, None)["hand"] is None


# ---------------------------------------------------------------- golden boards


def _golden_state():
    return make_state(
        {"BC1": "K♠", "BC3": "10♥", "BC5": "2♣", "BK2": "9♣", "M3": "J♦", "RK1": "8♥",
         "RK4": "5♠", "RC2": "A♦", "RC5": "7♥"},
        check=("BC3",),
        known={"M3": "6♥"},
        hands=(["2♥", "Q♥", "4♦", "3♣", "8♠"], ["A♣", "A♣", "3♥", "6♠", "9♦"]),
        discard=("4♣", "5♦"),
        draw=["7♠"] * 2 + ["7♣"],
    )  # fmt: skip


GOLDEN_RED = """\
Card Chess · red to move · ply 0 of 500
        1    2    3    4    5
BC     K♠   ## !10♥   ##   2♣
BK     ##   9♣   ##   ##   ##
M      ##   ##   J♦   ##   ##
RK     8♥   ##   ##   5♠   ##
RC     ##   A♦   ##   ##   7♥
Ranks: BC black castle · BK black kingdom · M middle · RK red kingdom · RC red castle
Known face-down cards: M3 6♥
In play: red 4, black 4 · in check: red 1, black 0 (five wins)
Your hand (red): 2♥ 4♦ Q♥ 3♣ 8♠
Black's hand: 5 cards
Draw pile: 3 cards · discard pile: 57"""

GOLDEN_BLACK = """\
Card Chess · red to move · ply 0 of 500
        1    2    3    4    5
BC     K♠   ## !10♥   ##   2♣
BK     ##   9♣   ##   ##   ##
M      ##   ##   J♦   ##   ##
RK     8♥   ##   ##   5♠   ##
RC     ##   A♦   ##   ##   7♥
Ranks: BC black castle · BK black kingdom · M middle · RK red kingdom · RC red castle
Known face-down cards: M3 6♥
In play: red 4, black 4 · in check: red 1, black 0 (five wins)
Your hand (black): 3♥ 9♦ 6♠ A♣ A♣
Red's hand: 5 cards
Draw pile: 3 cards · discard pile: 57"""

GOLDEN_SPECTATOR = """\
Card Chess · red to move · ply 0 of 500
        1    2    3    4    5
BC     K♠   ## !10♥   ##   2♣
BK     ##   9♣   ##   ##   ##
M      ##   ##   J♦   ##   ##
RK     8♥   ##   ##   5♠   ##
RC     ##   A♦   ##   ##   7♥
Ranks: BC black castle · BK black kingdom · M middle · RK red kingdom · RC red castle
Known face-down cards: M3 6♥
In play: red 4, black 4 · in check: red 1, black 0 (five wins)
Red's hand: 5 cards · black's hand: 5 cards
Draw pile: 3 cards · discard pile: 57"""


def test_golden_boards():
    state = _golden_state()
    assert ENGINE.render(state, RED) == GOLDEN_RED
    assert ENGINE.render(state, BLACK) == GOLDEN_BLACK
    assert ENGINE.render(state, None) == GOLDEN_SPECTATOR


def test_board_after_an_exchange_and_at_the_end():
    state = _golden_state()
    state["exchanged"] = [True, False]
    assert ENGINE.render(state, RED).endswith("red exchanged last turn and may not exchange now.")
    state["result"] = {"winners": [BLACK], "draw": False, "reason": "black wins: test"}
    assert ENGINE.render(state, None).startswith("Card Chess · game over — black wins: test")


def test_view_structure():
    view = ENGINE.view(_golden_state(), RED)
    assert view["to_move"] == "red" and view["seat"] == "red"
    assert view["pieces"]["BC3"] == "10♥" and view["in_check_spots"] == ["BC3"]
    assert view["known_face_down"] == {"M3": "6♥"}
    assert view["in_play"] == {"red": 4, "black": 4} and view["in_check"]["red"] == 1
    assert view["draw_pile"] == 3 and len(view["discard_pile"]) == 57
    assert view["outcome"] is None


# ---------------------------------------------------------------- storage and rules text


def test_from_dict_validates_the_cards():
    state = _golden_state()
    assert ENGINE.from_dict(ENGINE.to_dict(state)) == state
    broken = ENGINE.to_dict(state)
    broken["hands"][0][0] = "A♣"  # a third ace of clubs
    with pytest.raises(InvalidStateError):
        ENGINE.from_dict(broken)
    unchecked = ENGINE.to_dict(state)
    unchecked["check"][IDX["BC3"]] = False  # a red piece on black's castle must be in check
    with pytest.raises(InvalidStateError):
        ENGINE.from_dict(unchecked)
    with pytest.raises(InvalidStateError):
        ENGINE.from_dict({**ENGINE.to_dict(state), "game": "masul"})


def test_rules_text_explains_the_decisions():
    text = ENGINE.rules_text()
    assert "black castle" in text and "BC BK M RK RC" in text
    assert "only an ace may capture an ace" in text
    assert text.count("*Decision") >= 4
    assert "RK3xM4=2♠" in text and "EXCHANGE" in text


# ---------------------------------------------------------------- AI


def _ai_game(seed: int, heuristic_seat: int) -> dict:
    rng = random.Random(seed)
    state = ENGINE.new_state(seed, ENGINE.options({}), 2)
    while (seat := ENGINE.to_move(state)) is not None:
        level = "heuristic" if seat == heuristic_seat else "random"
        legal = ENGINE.legal_moves(state, seat)
        move = LEVELS[level](ENGINE, ENGINE.view(state, seat), seat, legal, rng)
        assert move in legal
        state, _ = ENGINE.apply(state, seat, move)
    return state


def test_heuristic_beats_random_in_80_percent_of_200_games():
    """Measured: 180 of 200 (90 %)."""
    wins = 0
    for seed in range(200):
        seat = seed % 2
        wins += seat in ENGINE.outcome(_ai_game(seed, seat)).winners
    assert wins >= 160, wins


def test_ai_levels_are_ordered_weakest_first():
    assert list(LEVELS) == ["random", "heuristic"]
