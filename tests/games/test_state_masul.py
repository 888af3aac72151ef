"""Masul stored states: every state along real games is accepted; tampered copies are refused."""

from __future__ import annotations

import copy
import json
import random

import pytest

from gm.games import get_engine
from gm.games.base import InvalidStateError
from gm.games.masul.rules import exhausted, sort_key

E = get_engine("masul")


def game(seed: int, options: dict | None = None) -> list[dict]:
    """Every state of one random game, the first and the finished one included."""
    rng = random.Random(seed)
    state = E.new_state(seed, E.options(options or {}), 2)
    states = [state]
    while (seat := E.to_move(state)) is not None:
        state, _ = E.apply(state, seat, rng.choice(E.legal_moves(state, seat)))
        states.append(state)
    return states


GAMES = [game(seed) for seed in range(12)] + [
    game(100 + seed, {"max_field_replacements": seed % 3}) for seed in range(6)
]
STATES = [s for g in GAMES for s in g]


def refused(state: dict, change) -> None:
    bad = copy.deepcopy(state)
    change(bad)
    with pytest.raises(InvalidStateError):
        E.from_dict(json.loads(json.dumps(bad)))


def find(pred) -> dict:
    return next(s for s in STATES if pred(s))


def mid(s: dict) -> bool:
    return s["turn"] is not None and not any(exhausted(s, x) for x in (0, 1))


def placed(s: dict, seat: int) -> list[int]:
    return [c for c, x in enumerate(s["rows"][seat]) if x is not None]


# ---------------------------------------------------------------- accepted


def test_every_state_along_random_games_is_accepted():
    for state in STATES:
        assert E.from_dict(json.loads(json.dumps(state))) == state
    assert any(s["discard"] for s in STATES) and any(s["turn"] is None for s in STATES)


# ---------------------------------------------------------------- cards


def test_a_card_whose_rank_or_suit_changed_is_refused():
    state = find(lambda s: mid(s) and placed(s, 0))
    c = placed(state, 0)[0]
    card = state["rows"][0][c]["card"]
    other_rank = ("2" if card[0] != "2" else "3") + card[1]
    refused(state, lambda s: s["rows"][0][c].__setitem__("card", other_rank))
    other_suit = card[0] + ("♠" if card[1] != "♠" else "♥")
    refused(state, lambda s: s["rows"][0][c].__setitem__("card", other_suit))
    refused(state, lambda s: s["hands"][1].__setitem__(0, "Z♠"))
    refused(state, lambda s: s["field"].__setitem__(0, "10♠"))


def test_duplicated_or_missing_cards_are_refused():
    state = find(mid)
    refused(state, lambda s: s["hands"][1].__setitem__(0, s["field"][0]))  # duplicated
    refused(state, lambda s: s["unused"].pop())  # missing
    refused(state, lambda s: s["unused"].append(s["unused"][0]))
    refused(state, lambda s: s["hands"][0].append(s["unused"].pop()))  # a 10th card dealt
    refused(state, lambda s: s["field"].pop())
    refused(state, lambda s: s["discard"].append(s["unused"].pop()))


def test_a_hand_out_of_order_is_refused():
    state = find(lambda s: mid(s) and len(s["hands"][1]) >= 2)
    refused(state, lambda s: s["hands"][1].reverse())


def test_a_played_card_taken_back_into_the_hand_is_refused():
    state = find(lambda s: mid(s) and placed(s, 0))
    c = placed(state, 0)[0]

    def back(s):
        s["hands"][0].append(s["rows"][0][c]["card"])
        s["hands"][0].sort(key=sort_key)
        s["rows"][0][c] = None

    refused(state, back)  # Row 1 would then be a play ahead


def test_a_face_down_card_facing_a_face_up_card_is_refused():
    def up_up(s):
        return any(
            a and b and a["up"] and b["up"] for a, b in zip(s["rows"][0], s["rows"][1], strict=True)
        )

    state = find(up_up)
    c = next(
        i
        for i, (a, b) in enumerate(zip(state["rows"][0], state["rows"][1], strict=True))
        if a and b and a["up"] and b["up"]
    )
    refused(state, lambda s: s["rows"][1][c].__setitem__("up", False))
    refused(state, lambda s: s["rows"][1][c].__setitem__("up", "no"))
    refused(state, lambda s: s["rows"][1][c].pop("up"))
    refused(state, lambda s: s["rows"][1][c].__setitem__("extra", 1))


# ---------------------------------------------------------------- field replacements


def test_a_discard_of_the_wrong_rank_or_count_is_refused():
    state = find(lambda s: s["discard"] and s["turn"] is not None)
    field_ranks = {c[0] for c in state["field"]}
    stranger = next(c for c in state["unused"] if c[0] not in field_ranks)

    def swap(s):
        old = s["discard"][0]
        s["discard"][0] = stranger
        s["unused"].remove(stranger)
        s["unused"].append(old)

    refused(state, swap)
    seat = 0 if state["replacements"][0] else 1
    refused(state, lambda s: s["replacements"].__setitem__(seat, s["replacements"][seat] + 1))
    refused(state, lambda s: s["replacements"].__setitem__(seat, -1))
    refused(state, lambda s: s["replacements"].__setitem__(seat, True))
    refused(state, lambda s: s["replacements"].append(0))


def test_more_replacements_than_the_option_allows_are_refused():
    state = find(lambda s: s["replacements"][0] >= 1)
    refused(state, lambda s: s["options"].__setitem__("max_field_replacements", 0))


# ---------------------------------------------------------------- options and rng


def test_options_outside_their_limits_or_unknown_are_refused():
    state = find(mid)
    for value in (-1, 10, "two", 1.5, True):
        refused(state, lambda s, v=value: s["options"].__setitem__("max_field_replacements", v))
    refused(state, lambda s: s["options"].__setitem__("jokers", True))
    refused(state, lambda s: s["options"].pop("max_field_replacements"))


def test_a_broken_rng_is_refused():
    state = find(mid)
    refused(state, lambda s: s["rng"].__setitem__("n", 1))  # Masul draws no chance after the deal
    refused(state, lambda s: s["rng"].pop("seed"))
    refused(state, lambda s: s["rng"].__setitem__("seed", "x"))
    refused(state, lambda s: s.__setitem__("rng", None))


def test_missing_or_extra_fields_are_refused():
    state = find(mid)
    refused(state, lambda s: s.pop("discard"))
    refused(state, lambda s: s.__setitem__("result", None))
    refused(state, lambda s: s.__setitem__("game", "trumps"))
    refused(state, lambda s: s["rows"][0].pop())
    refused(state, lambda s: s["hands"].append([]))


# ---------------------------------------------------------------- turns and the end


def test_a_turn_that_disagrees_with_the_plays_is_refused():
    state = find(lambda s: mid(s) and s["turn"] == 1)
    refused(state, lambda s: s.__setitem__("turn", 0))  # Row 3 twice in a row
    first = GAMES[0][0]
    refused(first, lambda s: s.__setitem__("turn", 1))  # Row 3 moves first
    for value in (2, -1, True, "row3"):
        refused(state, lambda s, v=value: s.__setitem__("turn", v))


def test_the_game_over_only_when_both_seats_are_exhausted():
    state = find(mid)
    refused(state, lambda s: s.__setitem__("turn", None))
    one = find(lambda s: s["turn"] is not None and any(exhausted(s, x) for x in (0, 1)))
    tired = 0 if exhausted(one, 0) else 1
    refused(one, lambda s: s.__setitem__("turn", tired))  # the exhausted seat does not move
    refused(one, lambda s: s.__setitem__("turn", None))
    over = GAMES[0][-1]
    assert E.to_move(over) is None
    refused(over, lambda s: s.__setitem__("turn", 0))
    refused(over, lambda s: s.__setitem__("turn", 1))


def played(s: dict, seat: int) -> int:
    return len(placed(s, seat)) + s["replacements"][seat]


def test_an_exhausted_seat_never_runs_ahead_of_the_turn_order():
    # Row 3 was exhausted first, one play ahead: Row 1 cannot be two plays behind it
    state = find(
        lambda s: (
            s["turn"] == 1
            and exhausted(s, 0)
            and not exhausted(s, 1)
            and played(s, 0) - played(s, 1) == 1
            and placed(s, 1)
        )
    )

    def undo_row1(s):
        c = placed(s, 1)[0]
        s["hands"][1].append(s["rows"][1][c]["card"])
        s["hands"][1].sort(key=sort_key)
        s["rows"][1][c] = None

    refused(state, undo_row1)
