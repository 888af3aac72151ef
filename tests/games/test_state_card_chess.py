"""Card Chess: ``from_dict`` refuses every tampered state. Each case takes a real state reached
by play, changes it the way a broken or forged document would, and must get InvalidStateError;
every state along seeded random and AI games is accepted."""

from __future__ import annotations

import copy
import random
from functools import cache

import pytest

from gm.games.base import InvalidStateError
from gm.games.card_chess import ENGINE, LEVELS
from gm.games.card_chess import rules as R

RED, BLACK = 0, 1


def _game(seed: int, level: str = "random", plies: int = 400) -> list[dict]:
    rng = random.Random(seed)
    state = ENGINE.new_state(seed, ENGINE.options({}), 2)
    states = [state]
    while (seat := ENGINE.to_move(state)) is not None and state["ply"] < plies:
        legal = ENGINE.legal_moves(state, seat)
        move = LEVELS[level](ENGINE, ENGINE.view(state, seat, None), seat, legal, rng)
        state, _ = ENGINE.apply(state, seat, move)
        states.append(state)
    return states


@cache
def _pool() -> tuple[dict, ...]:
    states: list[dict] = []
    for seed in range(12):
        states += _game(seed, "random" if seed % 2 else "heuristic")
    return tuple(states)


def find(pred, nth: int = 0) -> dict:
    """A deep copy of the ``nth`` reachable state that satisfies ``pred``."""
    hits = [s for s in _pool() if pred(s)]
    assert hits, "no reachable state of that kind in the pool"
    return copy.deepcopy(hits[min(nth, len(hits) - 1)])


def refused(state: dict, match: str | None = None) -> None:
    with pytest.raises(InvalidStateError, match=match):
        ENGINE.from_dict(state)


def running(s):
    return s["result"] is None and s["pending"] is None and s["ply"] > 4


def pending(s):
    return s["pending"] is not None


def over(s):
    return s["result"] is not None


def with_pieces(n):
    return lambda s: running(s) and sum(p is not None for p in s["pieces"]) >= n


# ---------------------------------------------------------------- accepted


def test_every_state_along_random_and_ai_games_is_accepted():
    pool = _pool()
    assert any(pending(s) for s in pool) and any(over(s) for s in pool)
    assert any(s["rng"]["n"] > 0 for s in pool)  # reshuffled games too
    for state in pool:
        assert ENGINE.from_dict(ENGINE.to_dict(state)) == state


def test_states_of_long_games_near_the_maximum_cap_are_accepted():
    for state in _game(99, "random", plies=2000)[::50]:
        ENGINE.from_dict(state)


# ---------------------------------------------------------------- the cards


def test_a_piece_whose_rank_changed():
    state = find(with_pieces(2))
    i = next(i for i, p in enumerate(state["pieces"]) if p is not None)
    card = state["pieces"][i]
    state["pieces"][i] = ("3" if card[0] != "3" else "4") + card[-1]
    refused(state, "exactly twice")


def test_a_hand_card_whose_suit_changed():
    state = find(running)
    card = state["hands"][RED][0]
    state["hands"][RED][0] = card[:-1] + ("♠" if card[-1] != "♠" else "♥")
    refused(state, "exactly twice")


def test_a_duplicated_card():
    state = find(running)
    state["discard"].append(state["hands"][BLACK][0])
    refused(state)


def test_a_missing_card():
    state = find(running)
    state["draw"].pop(0)
    refused(state)


def test_a_card_that_is_no_card():
    for bad in ("1♠", "Z♥", None, 7, "10♣"):
        state = find(running)
        state["hands"][RED][0] = bad
        refused(state)


def test_two_unflipped_board_cards_swapped():
    state = find(running)
    spots = [i for i in range(25) if not state["known"][i]]
    a, b = next((a, b) for a in spots for b in spots if state["down"][a] != state["down"][b])
    state["down"][a], state["down"][b] = state["down"][b], state["down"][a]
    refused(state, "not the one dealt there")


def test_an_unflipped_board_card_swapped_with_a_hand_card():
    state = find(running)
    i = next(i for i in range(25) if not state["known"][i])
    j = next(j for j, c in enumerate(state["hands"][RED]) if c != state["down"][i])
    state["down"][i], state["hands"][RED][j] = state["hands"][RED][j], state["down"][i]
    refused(state, "not the one dealt there")


def test_a_flipped_card_marked_unknown():
    state = find(lambda s: running(s) and any(s["known"]))
    deal = R.initial_deck(state["rng"]["seed"])
    i = next((i for i in range(25) if state["known"][i] and state["down"][i] != deal[i]), None)
    assert i is not None
    state["known"][i] = False
    refused(state, "not the one dealt there")


def test_the_draw_pile_reordered_before_any_reshuffle():
    state = find(lambda s: running(s) and s["rng"]["n"] == 0 and len(set(s["draw"])) > 2)
    state["draw"].reverse()
    refused(state, "draw pile")


def test_a_changed_seed():
    state = find(running)
    state["rng"]["seed"] += 1
    refused(state)


def test_a_hand_of_six():
    state = find(running)
    state["hands"][BLACK].append(state["draw"].pop())
    refused(state, "more than five")


# ---------------------------------------------------------------- the board


def test_a_piece_on_the_enemy_castle_not_in_check():
    state = find(lambda s: running(s) and any(s["check"]))
    state["check"][state["check"].index(True)] = False
    refused(state, "check flag")


def test_check_on_an_empty_spot():
    state = find(running)
    i = state["pieces"].index(None)
    state["check"][i] = True
    refused(state)


def test_a_piece_in_check_off_the_enemy_castle():
    state = find(lambda s: running(s) and any(p for p in s["pieces"][5:20]))
    i = next(i for i in range(5, 20) if state["pieces"][i] is not None)
    state["check"][i] = True
    refused(state, "check flag")


def test_six_pieces_in_play():
    state = find(with_pieces(1))
    side = R.CARD_SIDE[next(p for p in state["pieces"] if p is not None)]
    # move cards of that side from the piles onto empty middle spots until six stand in play
    for i in range(5, 20):
        if R.in_play(state, side) >= 6:
            break
        if state["pieces"][i] is None:
            pile = state["draw"] if any(R.CARD_SIDE[c] == side for c in state["draw"]) else None
            assert pile is not None
            card = next(c for c in pile if R.CARD_SIDE[c] == side)
            pile.remove(card)
            state["pieces"][i] = card
    refused(state)


def test_the_wrong_number_of_spots():
    state = find(running)
    state["check"].pop()
    refused(state, "25 spots")


def test_flags_that_are_not_booleans():
    state = find(running)
    state["known"][0] = 1
    refused(state, "true or false")


# ---------------------------------------------------------------- counters and turn


def test_the_other_seat_to_move():
    state = find(running)
    state["turn"] = 1 - state["turn"]
    refused(state, "cannot be to move")


def test_a_negative_ply():
    state = find(running)
    state["ply"] = -1
    refused(state)


def test_a_ply_count_that_disagrees_with_the_turns():
    state = find(running)
    state["ply"] = state["turns"] - 1
    refused(state, "plies")
    state = find(running)
    state["ply"] = 2 * state["turns"] + 1
    refused(state, "plies")
    state = find(running)
    state["turns"] += 2
    refused(state)


def test_a_ply_count_reset_to_zero():
    state = find(lambda s: s["ply"] == 1 and s["turns"] == 1)
    state["ply"], state["turns"], state["turn"] = 0, 0, RED
    refused(state)


def test_more_pieces_than_moves():
    state = find(with_pieces(3))
    state["ply"] = state["turns"] = 2 if state["turn"] == RED else 1
    refused(state)


def test_a_negative_or_missing_rng_counter():
    state = find(running)
    state["rng"]["n"] = -1
    refused(state)
    state = find(running)
    del state["rng"]["n"]
    refused(state)
    state = find(running)
    state["rng"]["seed"] = True
    refused(state)


def test_a_rng_counter_reset_after_a_reshuffle():
    state = find(lambda s: running(s) and s["rng"]["n"] > 0)
    state["rng"]["n"] = 0
    refused(state)


def test_an_exchange_before_any_turn():
    state = ENGINE.new_state(3, ENGINE.options({}), 2)
    state["exchanged"] = [True, False]
    refused(state)
    state = find(running)
    state["exchanged"] = [True]
    refused(state)
    state = find(running)
    state["exchanged"][0] = "yes"
    refused(state)


# ---------------------------------------------------------------- options and keys


@pytest.mark.parametrize("value", [1, 2001, -5, "500", True, None])
def test_options_outside_their_limits(value):
    state = find(running)
    state["options"]["max_plies"] = value
    refused(state)


def test_unknown_or_missing_options_and_keys():
    state = find(running)
    state["options"]["speed"] = 3
    refused(state, "max_plies")
    state = find(running)
    state["options"] = {}
    refused(state)
    state = find(running)
    state["colour"] = "red"
    refused(state, "unknown keys")
    state = find(running)
    del state["turns"]
    refused(state, "missing")
    state = find(running)
    state["game"] = "masul"
    refused(state)
    state = find(running)
    state["hands"].append([])
    refused(state, "two lists")


# ---------------------------------------------------------------- the result


def test_a_result_in_a_running_position():
    state = find(running)
    state["result"] = {"winners": [RED], "draw": False, "reason": "red wins"}
    refused(state, "not over by the rules")


def test_a_finished_game_whose_result_was_erased():
    state = find(over)
    state["result"] = None
    refused(state, "disagrees")


def test_a_result_with_the_wrong_winner_or_both_win_and_draw():
    state = find(lambda s: over(s) and s["result"]["winners"])
    state["result"]["winners"] = [1 - state["result"]["winners"][0]]
    refused(state, "disagrees")
    state = find(lambda s: over(s) and s["result"]["winners"])
    state["result"]["draw"] = True
    refused(state, "disagrees")
    state = find(lambda s: over(s) and s["result"]["winners"])
    state["result"]["reason"] = "draw: the 500-ply cap was reached"
    refused(state, "disagrees")


def test_a_draw_recorded_for_a_win():
    state = find(lambda s: over(s) and s["result"]["winners"])
    state["result"] = {"winners": [], "draw": True, "reason": state["result"]["reason"]}
    refused(state, "disagrees")


# ---------------------------------------------------------------- the open capture step


def test_an_open_step_is_accepted_and_validated():
    state = find(pending)
    ENGINE.from_dict(state)
    assert ENGINE.to_move(state) == state["turn"]
    assert all(m[0] in ("replace", "keep") for m in ENGINE.legal_moves(state, state["turn"]))


def test_an_open_step_on_another_spot():
    state = find(pending)
    spot = state["pending"]["spot"]
    state["pending"]["spot"] = next(
        i for i in range(25) if i != spot and state["pieces"][i] is None
    )
    refused(state, "open capture step")


def test_an_open_step_without_a_spot_or_with_extra_fields():
    state = find(pending)
    state["pending"]["spot"] = 25
    refused(state)
    state = find(pending)
    state["pending"]["card"] = "2♠"
    refused(state, "pending")


def test_an_open_step_whose_captured_piece_is_the_capturers():
    state = find(pending)
    turn = state["turn"]
    captured = state["pending"]["captured"]
    own = next(c for c in state["draw"] if R.CARD_SIDE[c] == turn)
    state["draw"][state["draw"].index(own)] = captured
    state["pending"]["captured"] = own
    refused(state)


def test_an_open_step_when_the_capturer_holds_no_enemy_card():
    state = find(pending)
    turn, hand = state["turn"], state["hands"][state["turn"]]
    # swap every enemy-coloured card of the hand with an own-coloured one from the discard pile
    for j, card in enumerate(hand):
        if R.CARD_SIDE[card] != turn:
            pile = (
                state["discard"]
                if any(R.CARD_SIDE[c] == turn for c in state["discard"])
                else (state["draw"])
            )
            k = next(k for k, c in enumerate(pile) if R.CARD_SIDE[c] == turn)
            hand[j], pile[k] = pile[k], hand[j]
    refused(state)


def test_an_open_step_in_a_running_position_without_a_capture():
    state = find(running)
    spot = next(i for i in range(25) if state["pieces"][i] is None)
    state["pending"] = {"spot": spot, "captured": state["draw"].pop()}
    refused(state)


def test_an_open_step_in_a_finished_game():
    state = find(pending)
    state["result"] = {"winners": [state["turn"]], "draw": False, "reason": "x"}
    refused(state)
