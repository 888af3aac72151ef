"""Mystique Maze: from_dict refuses every tampered state and accepts every state of play.

Each negative case starts from a real state reached by play, changes it the way a broken or
forged document would, and must raise InvalidStateError."""

from __future__ import annotations

import copy
import random

import pytest

from gm.games.base import InvalidStateError
from gm.games.maze import ENGINE as E
from gm.games.maze import LEVELS
from gm.games.maze.geometry import CORNERS


def _game(seed: int, players: int = 2, options=None, policy="random", stop=None):
    """The states of one seeded game, start to end (or until ``stop(state)`` holds)."""
    state = E.new_state(seed, E.options(options or {}), players)
    rng = random.Random(seed)
    states = [state]
    cap = min(300, state["options"]["turn_cap"])  # the table stops a game at the cap
    while (seat := E.to_move(state)) is not None and state["turns"] < cap:
        if stop and stop(state):
            break
        legal = E.legal_moves(state, seat)
        move = LEVELS[policy](E, E.view(state, seat), seat, legal, rng)
        state, _ = E.apply(state, seat, move)
        states.append(state)
    return states


def _deck_only(seed: int, turns: int, players: int = 2):
    """A state after ``turns`` turns in which every seat drew from the deck (so no pile draws)."""
    state = E.new_state(seed, E.options({}), players)
    while state["turns"] < turns:
        seat = E.to_move(state)
        state, _ = E.apply(state, seat, ("draw", "deck"))
        state, _ = E.apply(state, seat, ("discard", state["hands"][seat][0]))
    return state


def _won():
    for seed in range(50):
        final = _game(seed, policy="heuristic")[-1]
        if final["result"]:
            return final
    raise AssertionError("no heuristic game was won")


def _mid_game():
    """A draw-step state after a few turns, with a card taken from the pile known to all."""
    for seed in range(200):
        for state in _game(seed):
            if state["step"] == "draw" and state["turns"] >= 6 and any(state["known"]):
                return state
    raise AssertionError("no such state")


def _discard_step(source: str):
    for seed in range(200):
        for state in _game(seed):
            drawn = state["drawn"]
            if drawn and drawn["from"] == source and state["turns"] >= 3:
                return state
    raise AssertionError("no such state")


def _after_reshuffle():
    """Forty deck draws empty the deck of a two-seat game: the pile but its top is reshuffled."""
    state = _deck_only(9, 41)
    assert state["rng"]["n"] == 1 and len(state["deck"]) == 39 - 1
    return state


MID = _mid_game()
DECK = _discard_step("deck")
PILE = _discard_step("pile")
WON = _won()
RESHUFFLED = _after_reshuffle()
EARLY = _deck_only(5, 4)


def _refused(state):
    with pytest.raises(InvalidStateError):
        E.from_dict(state)


def _tampered(base, change):
    state = copy.deepcopy(base)
    change(state)
    return state


def test_the_base_states_are_valid():
    for state in (MID, DECK, PILE, WON, RESHUFFLED, EARLY):
        assert E.from_dict(E.to_dict(state)) == state


# ---------------------------------------------------------------- cards


def _swap_hand_card(s, seat, card):
    s["hands"][seat][0] = card


CARD_CASES = {
    "a hand card doubled from another hand": lambda s: _swap_hand_card(s, 0, s["hands"][1][1]),
    "a hand card doubled from the deck": lambda s: _swap_hand_card(s, 1, s["deck"][0]),
    "a deck card doubled from the pile": lambda s: s["deck"].__setitem__(0, s["pile"][-1]),
    "a deck card missing": lambda s: s["deck"].pop(0),
    "a pile card missing": lambda s: s["pile"].pop(0),
    "an extra card on the pile": lambda s: s["pile"].append(s["deck"][0]),
    "a card's suit changed": lambda s: s["hands"][0].__setitem__(
        0, s["hands"][0][0][:2] + ("S" if s["hands"][0][0][2] != "S" else "M")
    ),
    "a card's number changed": lambda s: s["deck"].__setitem__(
        0, ("2" if s["deck"][0][0] != "2" else "3") + s["deck"][0][1:]
    ),
    "an unknown card code": lambda s: s["deck"].__setitem__(0, "6RC"),
    "a lower-case card code": lambda s: s["deck"].__setitem__(0, s["deck"][0].lower()),
    "a corner card in a hand": lambda s: _swap_hand_card(s, 1, CORNERS[0][1]),
    "a card moved from one hand to another": lambda s: s["hands"][1].append(s["hands"][0].pop()),
    "a card moved from the deck into a hand": lambda s: s["hands"][0].append(s["deck"].pop()),
    "a hand card moved to the pile": lambda s: s["pile"].append(s["hands"][1].pop()),
    "a number for a card": lambda s: s["deck"].__setitem__(0, 7),
}


@pytest.mark.parametrize("case", sorted(CARD_CASES))
def test_cards_changed_lost_or_doubled_are_refused(case):
    _refused(_tampered(MID, CARD_CASES[case]))


def test_known_cards_must_be_in_hand_and_taken_from_the_pile():
    seat = next(s for s, k in enumerate(MID["known"]) if k)
    _refused(_tampered(MID, lambda s: s["known"][seat].append(s["deck"][0])))
    _refused(_tampered(MID, lambda s: s["known"][seat].append(s["known"][seat][0])))
    _refused(_tampered(MID, lambda s: s["known"][1 - seat].append(s["known"][seat][0])))
    # nobody has taken a pile card yet: no card can be known
    _refused(_tampered(EARLY, lambda s: s["known"][0].append(s["hands"][0][0])))


# ---------------------------------------------------------------- counters


COUNTER_CASES = {
    "negative turns": lambda s: s.__setitem__("turns", -1),
    "turns not a number": lambda s: s.__setitem__("turns", "4"),
    "turns a boolean": lambda s: s.__setitem__("turns", True),
    "turns below the deck draws": lambda s: s.__setitem__("turns", s["turns"] - 2),
    "turns one more than played": lambda s: s.__setitem__("turns", s["turns"] + 1),
    "turns past the cap": lambda s: s.__setitem__("turns", 401),
    "the seat to move skipped": lambda s: s.__setitem__("to_move", (s["to_move"] + 1) % 2),
    "the seat to move out of range": lambda s: s.__setitem__("to_move", 2),
    "a reshuffle that never happened": lambda s: s["rng"].__setitem__("n", s["rng"]["n"] + 1),
    "a negative rng counter": lambda s: s["rng"].__setitem__("n", -1),
    "an rng counter not a number": lambda s: s["rng"].__setitem__("n", "1"),
    "rng without a seed": lambda s: s["rng"].pop("seed"),
    "three players with two hands": lambda s: s.__setitem__("players", 3),
    "one player": lambda s: (
        s.__setitem__("players", 1),
        s["hands"].pop(),
        s["known"].pop(),
    ),
}


@pytest.mark.parametrize("case", sorted(COUNTER_CASES))
def test_impossible_counters_are_refused(case):
    base = EARLY if case == "turns below the deck draws" else MID
    _refused(_tampered(base, COUNTER_CASES[case]))


def test_a_turn_count_disagreeing_with_the_cards_drawn_is_refused():
    # after four deck-only turns, four cards are gone from the deck and on the pile
    assert EARLY["turns"] == 4 and len(EARLY["pile"]) == 4
    _refused(_tampered(EARLY, lambda s: s.__setitem__("turns", 2)))
    _refused(_tampered(EARLY, lambda s: s.__setitem__("turns", 0)))
    # the pile is empty only before the first discard
    start = E.new_state(5, E.options({}), 2)
    _refused(_tampered(start, lambda s: s.__setitem__("turns", 2)))
    _refused(_tampered(EARLY, lambda s: (s["deck"].extend(s["pile"]), s["pile"].clear())))


def test_reshuffles_agree_with_the_deck():
    assert RESHUFFLED["rng"]["n"] >= 1
    # (n -> 0 is not detectable from the cards alone: the order of the deck is not checked
    # against the seed, so that rule tests may build positions by hand.)
    _refused(_tampered(RESHUFFLED, lambda s: s["rng"].__setitem__("n", s["rng"]["n"] + 1)))


# ---------------------------------------------------------------- step and hand sizes


STEP_CASES = {
    "a discard step with 8 cards": (
        MID,
        lambda s: (
            s.__setitem__("step", "discard"),
            s.__setitem__("drawn", {"card": s["hands"][s["to_move"]][0], "from": "deck"}),
        ),
    ),
    "a draw step with 9 cards": (DECK, lambda s: (s.__setitem__("step", "draw"),)),
    "a draw step with 9 cards and no drawn card": (
        DECK,
        lambda s: (s.__setitem__("step", "draw"), s.__setitem__("drawn", None)),
    ),
    "a discard step without a drawn card": (DECK, lambda s: s.__setitem__("drawn", None)),
    "a drawn card not in the hand": (DECK, lambda s: s["drawn"].__setitem__("card", s["deck"][0])),
    "a drawn card from nowhere": (DECK, lambda s: s["drawn"].__setitem__("from", "sleeve")),
    "a pile card taken unseen": (PILE, lambda s: s["known"][s["to_move"]].clear()),
    "a deck card relabelled as taken from the pile": (
        DECK,
        lambda s: s["drawn"].__setitem__("from", "pile"),
    ),
    "an unknown step": (MID, lambda s: s.__setitem__("step", "pass")),
    "the nine cards in the wrong hand": (
        DECK,
        lambda s: s["hands"][1 - s["to_move"]].append(s["hands"][s["to_move"]].pop()),
    ),
    "the other seat discarding": (DECK, lambda s: s.__setitem__("to_move", 1 - s["to_move"])),
}


@pytest.mark.parametrize("case", sorted(STEP_CASES))
def test_a_step_inconsistent_with_the_hands_is_refused(case):
    base, change = STEP_CASES[case]
    _refused(_tampered(base, change))


# ---------------------------------------------------------------- the result


def _break_chain(s):
    winner = s["result"]["winners"][0]
    hand = s["hands"][winner]
    card = hand.pop()
    hand.append(s["deck"].pop(0))
    s["deck"].append(card)
    s["known"][winner] = sorted(hand, key=lambda c: c)  # whatever: the chain check comes first


RESULT_CASES = {
    "a win whose hand does not chain": _break_chain,
    "a result both a win and a draw": lambda s: s["result"].__setitem__("draw", True),
    "a drawn result by the rules": lambda s: s["result"].update(winners=[], draw=True),
    "two winners": lambda s: s["result"].__setitem__("winners", [0, 1]),
    "the wrong winner": lambda s: s["result"].__setitem__(
        "winners", [1 - s["result"]["winners"][0]]
    ),
    "a winner out of range": lambda s: s["result"].__setitem__("winners", [5]),
    "a forged chain": lambda s: s["result"]["chain"].reverse(),
    "a forged reason": lambda s: s["result"].__setitem__("reason", "B wins by luck"),
    "a winner's hand kept hidden": lambda s: s["known"][s["result"]["winners"][0]].clear(),
    "a win recorded for the next seat": lambda s: s.__setitem__("to_move", 1 - s["to_move"]),
    "a result without its chain": lambda s: s["result"].pop("chain"),
    "a result that is a string": lambda s: s.__setitem__("result", "A wins"),
    "a win mid-turn": lambda s: (
        s.__setitem__("step", "discard"),
        s["hands"][s["to_move"]].append(s["deck"].pop()),
        s.__setitem__("drawn", {"card": s["hands"][s["to_move"]][-1], "from": "deck"}),
    ),
    "a win erased": lambda s: (
        s.__setitem__("result", None),
        s.__setitem__("to_move", (s["to_move"] + 1) % s["players"]),
    ),
}


@pytest.mark.parametrize("case", sorted(RESULT_CASES))
def test_a_result_disagreeing_with_the_position_is_refused(case):
    assert WON["result"] and E.outcome(WON).winners
    _refused(_tampered(WON, RESULT_CASES[case]))


def test_a_win_that_was_not_recorded_is_refused():
    # the seat whose turn just ended chains its corners: the rules would have ended the game
    before = None
    for seed in range(50):
        states = _game(seed, policy="heuristic")
        if states[-1]["result"]:
            before = states[-2]
            final = states[-1]
            break
    assert before is not None
    _refused(
        _tampered(final, lambda s: (s.__setitem__("result", None), s.__setitem__("to_move", 0)))
    )
    _refused(_tampered(final, lambda s: s.__setitem__("result", None)))


# ---------------------------------------------------------------- options and shape


OPTION_CASES = {
    "turn cap above the maximum": lambda s: s["options"].__setitem__("turn_cap", 1001),
    "turn cap zero": lambda s: s["options"].__setitem__("turn_cap", 0),
    "turn cap below the turns played": lambda s: s["options"].__setitem__("turn_cap", 3),
    "turn cap a string": lambda s: s["options"].__setitem__("turn_cap", "400"),
    "unknown suit order": lambda s: s["options"].__setitem__("suit_order", "alphabetical"),
    "rediscard option not a bool": lambda s: s["options"].__setitem__(
        "forbid_immediate_rediscard", 1
    ),
    "an unknown option": lambda s: s["options"].__setitem__("jokers", True),
    "an option missing": lambda s: s["options"].pop("show_chain_hint"),
    "options not a dict": lambda s: s.__setitem__("options", ["turn_cap"]),
}


@pytest.mark.parametrize("case", sorted(OPTION_CASES))
def test_options_outside_their_limits_are_refused(case):
    assert MID["turns"] > 3
    _refused(_tampered(MID, OPTION_CASES[case]))


@pytest.mark.parametrize("field", ["deck", "pile", "hands", "known", "turns", "result", "rng"])
def test_a_missing_field_is_refused(field):
    _refused(_tampered(MID, lambda s: s.pop(field)))


def test_another_games_state_is_refused():
    _refused(_tampered(MID, lambda s: s.__setitem__("game", "masul")))
    _refused([MID])


# ---------------------------------------------------------------- positive cases


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    "options",
    [{}, {"suit_order": "seed"}, {"forbid_immediate_rediscard": True, "turn_cap": 60}],
)
def test_every_state_of_play_is_accepted(players, options):
    for seed in range(4):
        for policy in ("random", "heuristic"):
            for state in _game(seed, players, options, policy):
                assert E.from_dict(E.to_dict(state)) == state


def test_a_state_at_the_turn_cap_is_accepted():
    states = _game(3, 2, {"turn_cap": 5})
    capped = [s for s in states if s["turns"] == 5 and s["step"] == "draw"]
    assert capped and E.outcome(capped[0]) is None
    assert E.from_dict(capped[0]) == capped[0]
