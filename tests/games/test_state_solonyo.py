"""So-Lon-Yo stored states: every state along real games is accepted; tampered ones are refused."""

from __future__ import annotations

import copy
import json
import random

import pytest

from gm.games import get_engine
from gm.games.base import InvalidStateError

E = get_engine("solonyo")


def game(seed: int, **options) -> list[dict]:
    """Every state of one random game, the first and the finished one included."""
    rng = random.Random(seed)
    state = E.new_state(seed, E.options(options), 2)
    states = [state]
    while (seat := E.to_move(state)) is not None and len(states) < 400:
        state, _ = E.apply(state, seat, rng.choice(E.legal_moves(state, seat)))
        states.append(state)
    return states


GAMES = [game(seed) for seed in range(6)]
GAMES += [game(10 + seed, scoring="difference", target=60) for seed in range(3)]
GAMES += [game(20 + seed, scoring="challenger_card", defiant_sees_cards=True) for seed in range(3)]
STATES = [s for g in GAMES for s in g]


def refused(state: dict, change) -> None:
    bad = copy.deepcopy(state)
    change(bad)
    with pytest.raises(InvalidStateError):
        E.from_dict(json.loads(json.dumps(bad)))


def find(pred) -> dict:
    return next(s for s in STATES if pred(s))


def running(s: dict) -> bool:
    return s["result"] is None


def over(s: dict) -> bool:
    return s["result"] is not None


# ---------------------------------------------------------------- accepted


def test_every_state_along_random_games_is_accepted():
    for state in STATES:
        assert E.from_dict(json.loads(json.dumps(state))) == state
    assert any(over(s) for s in STATES)
    assert any(s["round"] > 13 for s in STATES)  # reshuffles happened


# ---------------------------------------------------------------- cards


def test_duplicated_missing_or_changed_cards_are_refused():
    state = find(lambda s: running(s) and s["round"] > 3)
    refused(state, lambda s: s["deck"].append(s["challenger_card"]))  # duplicated
    refused(state, lambda s: s["deck"].__setitem__(0, s["discard"][0]))
    refused(state, lambda s: s["deck"].pop())  # missing
    refused(state, lambda s: s["discard"].pop(0))
    refused(state, lambda s: s.__setitem__("challenger_card", "1♠"))  # no such card
    refused(state, lambda s: s["defiant_cards"].__setitem__(0, "X♥"))  # Masul's ten, not ours


def test_a_defiant_hand_of_the_wrong_size_is_refused():
    state = find(lambda s: running(s) and s["round"] > 2)
    refused(state, lambda s: s["deck"].append(s["defiant_cards"].pop()))  # two cards
    refused(state, lambda s: s["defiant_cards"].append(s["deck"].pop()))  # four cards
    refused(state, lambda s: s.__setitem__("challenger_card", None))
    finished = find(over)
    refused(finished, lambda s: s["defiant_cards"].extend([s["deck"].pop() for _ in range(3)]))


def test_cards_dealt_once_the_game_is_over_are_refused():
    finished = find(over)

    def deal_again(s):
        s["challenger_card"] = s["deck"].pop()
        s["defiant_cards"] = [s["deck"].pop() for _ in range(3)]

    refused(finished, deal_again)


# ---------------------------------------------------------------- the round counter


def test_a_round_counter_that_disagrees_with_the_cards_is_refused():
    state = find(lambda s: running(s) and 3 < s["round"] < 13)
    refused(state, lambda s: s.__setitem__("round", s["round"] + 1))
    refused(state, lambda s: s.__setitem__("round", s["round"] - 1))
    refused(state, lambda s: s.__setitem__("round", 0))
    refused(state, lambda s: s.__setitem__("round", -3))
    refused(state, lambda s: s.__setitem__("round", "7"))

    def four_back(s):  # four discarded cards put back into the deck
        s["deck"][:0] = s["discard"][:4]
        del s["discard"][:4]

    refused(state, four_back)


def test_a_reshuffle_count_that_disagrees_with_the_rounds_is_refused():
    state = find(lambda s: running(s) and s["round"] > 14)
    refused(state, lambda s: s["rng"].__setitem__("n", s["rng"]["n"] - 1))
    refused(state, lambda s: s["rng"].__setitem__("n", s["rng"]["n"] + 1))
    refused(state, lambda s: s["rng"].pop("seed"))
    refused(state, lambda s: s["rng"].__setitem__("seed", 1.5))


# ---------------------------------------------------------------- the last comparison


def test_a_last_comparison_that_disagrees_with_the_discard_is_refused():
    state = find(lambda s: running(s) and len(s["discard"]) >= 8)
    refused(state, lambda s: s["last_cards"].reverse())
    refused(state, lambda s: s.__setitem__("last_cards", s["discard"][-8:-4]))
    refused(state, lambda s: s["last_cards"].pop())
    refused(state, lambda s: s.__setitem__("last", None))
    first = GAMES[0][0]
    refused(first, lambda s: s.__setitem__("last", "P1 picks 1 → ..."))


# ---------------------------------------------------------------- scores


def test_negative_or_mistyped_scores_are_refused():
    state = find(lambda s: running(s) and s["round"] > 5)
    refused(state, lambda s: s["scores"].__setitem__(0, -1))
    refused(state, lambda s: s["scores"].__setitem__(1, 2.5))
    refused(state, lambda s: s["scores"].__setitem__(1, True))
    refused(state, lambda s: s["scores"].append(0))


def test_scores_no_play_can_reach_are_refused():
    first = GAMES[0][0]
    refused(first, lambda s: s["scores"].__setitem__(0, 5))  # no pick made yet
    state = find(lambda s: running(s) and s["options"]["scoring"] == "card" and 3 < s["round"])
    refused(state, lambda s: s["scores"].__setitem__(1, 1))  # a win scores at least 2
    picks = state["round"] - 1
    refused(state, lambda s: s["scores"].__setitem__(0, 12 * picks + 1 - s["scores"][1]))
    diff = find(lambda s: running(s) and s["options"]["scoring"] == "difference" and s["round"] > 3)
    picks = diff["round"] - 1
    refused(diff, lambda s: s["scores"].__setitem__(0, 9 * picks + 1 - s["scores"][1]))


def test_a_score_at_the_target_without_a_result_is_refused():
    state = find(lambda s: running(s) and s["round"] > 14 and max(s["scores"]) > 0)
    target = max(state["scores"])
    refused(state, lambda s: s["options"].__setitem__("target", target))


# ---------------------------------------------------------------- the recorded result


def test_a_result_that_disagrees_with_the_position_is_refused():
    finished = find(over)
    d = finished["defiant"]
    refused(finished, lambda s: s.__setitem__("result", None))  # the target is reached
    refused(finished, lambda s: s["result"].__setitem__("winners", [1 - d]))
    refused(finished, lambda s: s["result"].__setitem__("winners", [0, 1]))
    refused(finished, lambda s: s["result"].__setitem__("winners", []))
    refused(finished, lambda s: s["result"].__setitem__("reason", "P2 resigned."))
    refused(finished, lambda s: s["result"].__setitem__("draw", True))
    refused(finished, lambda s: s.__setitem__("defiant", 1 - d))  # the winner is the defiant
    # the winner has not reached the target
    refused(finished, lambda s: s["options"].__setitem__("target", s["scores"][d] + 1))
    # a win far past the target: the game would have ended at an earlier win
    refused(finished, lambda s: s["options"].__setitem__("target", s["scores"][d] - 12))
    # the loser has reached the target too
    refused(finished, lambda s: s["scores"].__setitem__(1 - d, s["scores"][d]))


# ---------------------------------------------------------------- options and fields


def test_options_outside_their_limits_or_unknown_are_refused():
    state = find(lambda s: running(s) and s["round"] > 2 and max(s["scores"]) < 100)
    for name, value in [
        ("scoring", "double"),
        ("target", 0),
        ("target", 100001),
        ("target", "128"),
        ("defiant_sees_cards", 1),
        ("max_rounds", 0),
        ("max_rounds", 5001),
        ("max_rounds", None),
    ]:
        refused(state, lambda s, n=name, v=value: s["options"].__setitem__(n, v))
    refused(state, lambda s: s["options"].__setitem__("jokers", True))
    refused(state, lambda s: s["options"].pop("max_rounds"))


def test_missing_or_extra_fields_and_a_bad_defiant_are_refused():
    state = find(running)
    refused(state, lambda s: s.pop("last_cards"))
    refused(state, lambda s: s.__setitem__("turn", 0))
    refused(state, lambda s: s.__setitem__("game", "masul"))
    for value in (2, -1, True, "p1"):
        refused(state, lambda s, v=value: s.__setitem__("defiant", v))
