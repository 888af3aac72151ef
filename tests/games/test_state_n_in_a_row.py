"""N-in-a-row: tampered states are refused by ``from_dict``; states from play are accepted.

Every tampered case starts from a real state reached by play and changes one thing the game
cannot reach. ``validate`` replays the marks, so the race counters and the result must be
exactly what the marks give.
"""

from __future__ import annotations

import json
import random

import pytest

from gm.games.base import InvalidStateError
from gm.games.n_in_a_row import ENGINE, LEVELS

SX, SO = 0, 1


def play(*texts: str, **options) -> dict:
    state = ENGINE.new_state(1, ENGINE.options(options), 2)
    for text in texts:
        seat = ENGINE.to_move(state)
        state, _ = ENGINE.apply(state, seat, ENGINE.parse_move(text, state, seat))
    return state


def racing() -> dict:
    """o leads with 2 in a row; x has 3 of its 4 turns left."""
    state = play("X 0,0", "O 1,1", "X -3,2", "O 1,0", "X 5,5")
    assert (state["leader"], state["n"], state["turns_left"]) == (SO, 2, 3)
    return state


def won() -> dict:
    """x wins: o ran out of turns to beat 1 in a row."""
    state = play("X 0,0", "O 5,5", "X 10,10", "O 7,9")
    assert state["result"]["winners"] == [SX]
    return state


def refused(state: dict) -> None:
    with pytest.raises(InvalidStateError):
        ENGINE.from_dict(json.loads(json.dumps(state)))


# ---------------------------------------------------------------- accepted


@pytest.mark.parametrize("placement", ["anywhere", "adjacent"])
@pytest.mark.parametrize("f", ["2N", "3,5,7"])
@pytest.mark.parametrize("level", ["random", "heuristic"])
def test_every_state_along_seeded_games_is_accepted(placement, f, level):
    for seed in range(4):
        rng = random.Random(seed)
        state = ENGINE.new_state(seed, ENGINE.options({"placement": placement, "f": f}), 2)
        while (seat := ENGINE.to_move(state)) is not None and len(state["marks"]) < 80:
            assert ENGINE.from_dict(json.loads(json.dumps(state))) == state
            legal = ENGINE.legal_moves(state, seat)
            move = LEVELS[level](ENGINE, ENGINE.view(state, seat, None), seat, legal, rng)
            state, _ = ENGINE.apply(state, seat, move)
        assert ENGINE.from_dict(json.loads(json.dumps(state))) == state


def test_the_sample_states_are_accepted():
    for state in (racing(), won(), play(), play("X 0,0", max_turns=2)):
        assert ENGINE.from_dict(json.loads(json.dumps(state))) == state


# ---------------------------------------------------------------- marks


def test_two_marks_on_one_point_are_refused():
    state = racing()
    state["marks"][3] = list(state["marks"][0])
    refused(state)


def test_a_mark_off_the_grid_is_refused():
    state = racing()
    state["marks"][2] = [-3, 2000]
    refused(state)


def test_a_mark_not_next_to_another_under_adjacent_is_refused():
    state = play("X 0,0", "O 1,1", "X 1,0", placement="adjacent")
    state["marks"][2] = [5, 0]
    refused(state)


@pytest.mark.parametrize("mark", [[0, 0, 0], ["0", 1], [True, 1], [1.0, 2], [3], "3,4"])
def test_a_malformed_mark_is_refused(mark):
    state = racing()
    state["marks"][4] = mark
    refused(state)


def test_a_mark_after_the_end_is_refused():
    state = won()
    state["marks"].append([20, 20])
    refused(state)


def test_more_marks_than_the_cap_is_refused():
    state = racing()
    state["options"]["max_turns"] = 4
    refused(state)


# ---------------------------------------------------------------- counters


@pytest.mark.parametrize(
    "key, value",
    [
        ("best", [3, 2]),
        ("best", [1, 3]),
        ("best", [True, 2]),
        ("best", [1]),
        ("leader", SX),
        ("leader", None),
        ("leader", True),
        ("n", 3),
        ("n", 1),
        ("turns_left", 4),
        ("turns_left", 2),
        ("turns_left", -1),
        ("turns_left", "3"),
    ],
)
def test_counters_that_disagree_with_the_marks_are_refused(key, value):
    state = racing()
    state[key] = value
    refused(state)


def test_a_leader_before_any_mark_is_refused():
    state = play()
    state["leader"], state["n"], state["turns_left"] = SX, 1, 2
    refused(state)


def test_a_chance_counter_is_refused():
    state = racing()
    state["rng"]["n"] = 1
    refused(state)


# ---------------------------------------------------------------- results


def test_a_win_nobody_earned_is_refused():
    state = racing()
    state["result"] = {"winners": [SO], "draw": False, "reason": "x wins: ..."}
    refused(state)


def test_a_game_that_should_have_ended_is_refused():
    state = won()
    state["result"] = None
    refused(state)


def test_a_result_that_is_both_a_win_and_a_draw_is_refused():
    state = won()
    state["result"]["draw"] = True
    refused(state)


def test_a_draw_recorded_by_the_engine_is_refused():
    """The cap's draw is the framework's outcome, never in the state."""
    state = racing()
    state["result"] = {"winners": [], "draw": True, "reason": "draw: the cap was reached"}
    refused(state)


def test_the_wrong_winner_or_reason_is_refused():
    state = won()
    state["result"]["winners"] = [SO]
    refused(state)
    state = won()
    state["result"]["reason"] = "o wins"
    refused(state)


# ---------------------------------------------------------------- options and fields


@pytest.mark.parametrize(
    "change",
    [
        {"f": "1N"},
        {"f": "2n"},
        {"f": 2},
        {"f": "1,4"},
        {"placement": "near"},
        {"max_turns": 1001},
        {"max_turns": 10_000},
        {"max_turns": 1},
        {"max_turns": True},
        {"colour": "red"},
    ],
)
def test_options_outside_their_limits_or_unknown_are_refused(change):
    state = racing()
    state["options"].update(change)
    refused(state)


def test_a_missing_option_is_refused():
    state = racing()
    del state["options"]["placement"]
    refused(state)


def test_extra_or_missing_fields_are_refused():
    state = racing()
    state["turn"] = 1
    refused(state)
    state = racing()
    del state["best"]
    refused(state)
    state = racing()
    state["game"] = "trumps"
    refused(state)
