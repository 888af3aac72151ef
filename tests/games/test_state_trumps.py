"""Your Trumps: tampered states are refused by ``from_dict``; states from play are accepted.

Every tampered case starts from a real state reached by play (random or heuristic games from a
seed; the draw from a hand-built position played to its end) and changes one thing the game
cannot reach.
"""

from __future__ import annotations

import json
import random

import pytest

from gm.games.base import InvalidStateError
from gm.games.trumps import ENGINE, deck_for, sort_key
from gm.games.trumps.ai import LEVELS

S, N = 0, 1


def _play(seed: int, plies: int, level: str = "random", **opts) -> dict:
    """The state after ``plies`` moves of a seeded game (or its end, if sooner)."""
    rng = random.Random(seed)
    state = ENGINE.new_state(seed, ENGINE.options(opts), 2)
    for _ in range(plies):
        seat = ENGINE.to_move(state)
        if seat is None:
            break
        legal = ENGINE.legal_moves(state, seat)
        move = LEVELS[level](ENGINE, ENGINE.view(state, seat, None), seat, legal, rng)
        state, _ = ENGINE.apply(state, seat, move)
    return state


def mid_game() -> dict:
    """A game in play with a pile of at least 3 cards and a known card."""
    for seed in range(100):
        state = _play(seed, 12, trump_south="♥", trump_north="♠")
        if state["phase"] == "play" and len(state["pile"]) >= 3 and any(state["known"]):
            return state
    raise AssertionError("no suitable game")


def choosing() -> dict:
    """South has chosen a trump; north is choosing."""
    return _play(3, 1)


def won() -> dict:
    state = _play(7, 600, level="heuristic")
    assert state["phase"] == "over" and state["result"]["winners"]
    return state


def drawn() -> dict:
    """South goes out but north's last card could beat the top card: the draw rule."""
    south, north, pile = ["K♦", "8♣"], ["A♣"], ["7♦"]
    rest = [c for c in deck_for(36) if c not in south + north + pile]
    state = {
        "game": "trumps",
        "rng": {"seed": 1, "n": 1},
        "options": ENGINE.options({"trump_south": "♥", "trump_north": "♠"}),
        "phase": "play",
        "trumps": ["♥", "♠"],
        "hands": [sorted(south, key=sort_key), north],
        "known": [[], []],
        "pile": rest + pile,
        "turn": S,
        "ply": 18,
        "last": [],
        "result": None,
    }
    state, _ = ENGINE.apply(ENGINE.from_dict(state), S, ("beat", "K♦", "8♣"))
    assert state["result"]["draw"]
    return state


def refused(state: dict) -> None:
    with pytest.raises(InvalidStateError):
        ENGINE.from_dict(json.loads(json.dumps(state)))


# ---------------------------------------------------------------- accepted


@pytest.mark.parametrize("deck", [36, 52])
@pytest.mark.parametrize("level", ["random", "heuristic"])
def test_every_state_along_seeded_games_is_accepted(deck, level):
    for seed in range(8):
        rng = random.Random(seed)
        state = ENGINE.new_state(seed, ENGINE.options({"deck": deck}), 2)
        while (seat := ENGINE.to_move(state)) is not None and state["ply"] < 300:
            assert ENGINE.from_dict(json.loads(json.dumps(state))) == state
            legal = ENGINE.legal_moves(state, seat)
            move = LEVELS[level](ENGINE, ENGINE.view(state, seat, None), seat, legal, rng)
            state, _ = ENGINE.apply(state, seat, move)
        assert ENGINE.from_dict(json.loads(json.dumps(state))) == state


def test_the_sample_states_are_accepted():
    for state in (
        mid_game(),
        choosing(),
        won(),
        drawn(),
        ENGINE.new_state(1, ENGINE.options({}), 2),
    ):
        assert ENGINE.from_dict(json.loads(json.dumps(state))) == state


# ---------------------------------------------------------------- cards


def test_a_duplicated_card_is_refused():
    state = mid_game()
    state["hands"][S][0] = state["pile"][0]
    state["hands"][S].sort(key=sort_key)
    refused(state)


def test_a_missing_card_is_refused():
    state = mid_game()
    state["pile"].pop(0)
    refused(state)
    state = mid_game()
    state["hands"][N].pop()
    refused(state)


def test_a_card_whose_rank_changed_is_refused():
    state = mid_game()
    card = state["pile"][0]
    state["pile"][0] = ("2" if card[0] != "2" else "3") + card[-1]  # not in the 36-card pack
    refused(state)
    state = mid_game()
    state["pile"][0] = "1" + state["pile"][0][-1]
    refused(state)


def test_a_card_whose_suit_changed_is_refused():
    state = mid_game()
    card = state["pile"][0]
    state["pile"][0] = card[:-1] + ("♣" if card[-1] != "♣" else "♦")  # now a duplicate
    refused(state)
    state = mid_game()
    state["pile"][0] = card[:-1] + "★"
    refused(state)


def test_a_card_that_is_not_a_text_is_refused():
    state = mid_game()
    state["pile"][0] = 7
    refused(state)


def test_an_unsorted_hand_is_refused():
    state = mid_game()
    state["hands"][N].reverse()
    refused(state)


def test_known_cards_outside_their_hand_are_refused():
    state = mid_game()
    seat = S if state["known"][S] else N
    state["known"][1 - seat].append(state["known"][seat][0])
    refused(state)
    state = mid_game()
    seat = S if state["known"][S] else N
    state["known"][seat].append(state["known"][seat][0])  # twice
    refused(state)


def test_cards_dealt_before_both_trumps_are_chosen_are_refused():
    state = choosing()
    state["hands"] = [deck_for(36)[:18], deck_for(36)[18:]]
    refused(state)


def test_a_deal_that_never_happened_is_refused():
    state = choosing()
    state["trumps"][N] = "♠" if state["trumps"][S] != "♠" else "♥"  # both chosen, nothing dealt
    refused(state)


def test_an_uneven_deal_is_refused():
    state = _play(2, 2)  # both trumps chosen, dealt, no card played yet
    assert state["phase"] == "play" and state["ply"] == 0
    state["hands"][N].append(state["hands"][S].pop())
    state["hands"][N].sort(key=sort_key)
    refused(state)


# ---------------------------------------------------------------- trumps


def test_two_equal_trumps_are_refused():
    state = mid_game()
    state["trumps"] = ["♥", "♥"]
    state["options"]["trump_north"] = "♥"
    refused(state)
    state = mid_game()
    state["trumps"][N] = "♥"
    refused(state)


def test_a_trump_that_differs_from_the_option_is_refused():
    state = mid_game()
    state["trumps"] = ["♦", "♠"]
    refused(state)


def test_a_trump_that_is_no_suit_is_refused():
    state = choosing()
    state["trumps"][S] = "hearts"
    refused(state)


def test_the_wrong_seat_choosing_is_refused():
    state = choosing()
    state["turn"] = S  # south has chosen: north chooses now
    refused(state)


# ---------------------------------------------------------------- counters


def test_a_ply_count_that_disagrees_with_the_turn_is_refused():
    state = mid_game()
    state["ply"] += 1
    refused(state)
    state = mid_game()
    state["turn"] = 1 - state["turn"]
    refused(state)


def test_a_ply_count_too_small_for_the_pile_is_refused():
    state = mid_game()
    state["pile"] += [c for c in deck_for(36) if c in state["hands"][N]][:4]  # hand -> pile
    state["hands"][N] = [c for c in state["hands"][N] if c not in state["pile"]]
    state["ply"] = 1 if state["turn"] else 2  # the parity stays right, too few moves
    assert len(state["pile"]) > 2 * state["ply"] and state["hands"][N]
    refused(state)


def test_a_negative_or_non_integer_ply_is_refused():
    for value in (-2, True, 2.0, "4"):
        state = mid_game()
        state["ply"] = value
        refused(state)


def test_more_plies_than_the_cap_is_refused():
    state = mid_game()
    state["options"]["max_plies"] = 10
    state["ply"] = 12 + state["turn"]
    refused(state)


def test_moves_before_the_trumps_are_chosen_are_refused():
    state = choosing()
    state["ply"] = 2
    refused(state)


def test_a_shuffle_counter_that_disagrees_is_refused():
    state = mid_game()
    state["rng"]["n"] = 2
    refused(state)
    state = choosing()
    state["rng"]["n"] = 1
    refused(state)


def test_a_bad_turn_is_refused():
    state = mid_game()
    state["turn"] = 2
    refused(state)


# ---------------------------------------------------------------- results


def test_a_result_while_in_play_is_refused():
    state = mid_game()
    state["result"] = {"winners": [S], "draw": False, "reason": "south wins."}
    refused(state)


def test_over_without_a_result_is_refused():
    state = won()
    state["result"] = None
    refused(state)


def test_a_result_that_is_both_a_win_and_a_draw_is_refused():
    state = won()
    state["result"]["draw"] = True
    refused(state)


def test_a_winner_who_still_holds_cards_is_refused():
    state = won()
    winner = state["result"]["winners"][0]
    state["result"]["winners"] = [1 - winner]
    state["result"]["reason"] = f"{ENGINE.info.seat_names[1 - winner]} has no cards left and wins."
    refused(state)


def test_a_draw_the_draw_rule_does_not_give_is_refused():
    state = won()
    state["result"] = {"winners": [], "draw": True, "reason": "a draw."}
    refused(state)


def test_a_win_where_the_draw_rule_applies_is_refused():
    state = drawn()
    state["result"] = {"winners": [S], "draw": False, "reason": "south has no cards left and wins."}
    refused(state)


def test_a_changed_reason_is_refused():
    state = won()
    state["result"]["reason"] = "Move cap of 600 reached: a draw."
    refused(state)


def test_a_result_with_extra_or_missing_fields_is_refused():
    state = won()
    state["result"]["scores"] = {}
    refused(state)
    state = won()
    del state["result"]["reason"]
    refused(state)


def test_play_with_an_empty_hand_is_refused():
    state = won()
    state["phase"] = "play"
    state["result"] = None
    refused(state)


def test_over_while_the_last_mover_still_holds_cards_is_refused():
    state = won()
    winner = state["result"]["winners"][0]
    state["hands"][winner] = [state["hands"][1 - winner].pop()]
    refused(state)


# ---------------------------------------------------------------- options and fields


@pytest.mark.parametrize(
    "change",
    [
        {"deck": 40},
        {"deck": "36"},
        {"max_plies": 5},
        {"max_plies": 2001},
        {"max_plies": 100000},
        {"max_plies": True},
        {"trump_south": "stars"},
        {"colour": "red"},
    ],
)
def test_options_outside_their_limits_or_unknown_are_refused(change):
    state = mid_game()
    state["options"].update(change)
    refused(state)


def test_a_missing_option_is_refused():
    state = mid_game()
    del state["options"]["max_plies"]
    refused(state)


def test_extra_or_missing_fields_are_refused():
    state = mid_game()
    state["score"] = 3
    refused(state)
    state = mid_game()
    del state["known"]
    refused(state)
    state = mid_game()
    state["game"] = "masul"
    refused(state)


def test_an_unknown_phase_is_refused():
    state = mid_game()
    state["phase"] = "deal"
    refused(state)


def test_last_texts_that_are_not_texts_are_refused():
    state = mid_game()
    state["last"] = "south leads"
    refused(state)
