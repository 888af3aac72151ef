"""Mystique Maze's strong level: the exact evaluation over the candidate 8-card sets (every set
that chains a seat's corners), its draw and discard choices, and the search built on it."""

from __future__ import annotations

import math
import random

import pytest

from gm.games import search
from gm.games.maze import ENGINE as E
from gm.games.maze import ai, exact
from gm.games.maze.geometry import ALL_CARDS, CARD_INDEX, CORNERS, winning_chain
from tests.games.test_maze import CHAIN_A, HAND_B2, make_state

pytestmark = pytest.mark.slow  # the slow tier: win-rate statistics


def _cards(mask: int) -> list[str]:
    return [ALL_CARDS[i] for i in range(len(ALL_CARDS)) if mask >> i & 1]


@pytest.mark.parametrize("order, count", [("corrected", 1260), ("seed", 2639)])
def test_the_candidate_sets_are_exactly_the_winning_hands(order, count):
    for corners in CORNERS:
        sets = exact.candidate_sets(*corners, order)
        assert len(sets) == len(set(sets)) == count
        for mask in sets[:: 7 if order == "seed" else 1]:
            hand = _cards(mask)  # another seat's corner may be in a set (out of play: in the deck)
            assert len(hand) == 8 and not set(corners) & set(hand)
            assert winning_chain(hand, corners, order) is not None
    # and no other hand wins: random hands, and hands one card off a winning set
    corners = CORNERS[0]
    sets = set(exact.candidate_sets(*corners, order))
    pool = [c for c in ALL_CARDS if c not in corners]
    rng = random.Random(4)
    hands = [rng.sample(pool, 8) for _ in range(300)]
    for mask in list(sets)[:200]:
        hand = _cards(mask)
        hand[rng.randrange(8)] = rng.choice([c for c in pool if c not in hand])
        hands.append(hand)
    for hand in hands:
        mask = sum(1 << CARD_INDEX[c] for c in hand)
        assert (mask in sets) == (winning_chain(hand, corners, order) is not None), hand


def test_the_default_lattice_paths_number_nine_choose_two_three_four():
    assert len(exact.candidate_sets("1YS", "5BA", "corrected")) == math.factorial(9) // (2 * 6 * 24)


def _view(hands, seat=0, **kw):
    state = make_state(hands, **kw)
    return state, E.view(state, seat, None)


def test_the_value_of_a_known_hand():
    # seat A holds 7 cards of a chain and a stray; B holds nothing of A's, took no card
    hand = [*CHAIN_A[:7], "5YS"]
    state, view = _view([hand, HAND_B2], pile=["3YA"])
    know = exact.Knowledge.of_view(view, 0)
    # the sets holding all 7 chained cards: 1YS..4BC is fixed, the eighth card joins 4BC to
    # 5BA: 4BA or 5BC (5YS is no help) -> two sets missing one card
    one_off = [p for p in know.live if (p & know.hand).bit_count() == 7]
    assert sorted(sorted(set(_cards(p)) - set(hand)) for p in one_off) == [["4BA"], ["5BC"]]
    expected = sum(exact.RHO ** (8 - (p & know.hand).bit_count()) for p in know.live)
    assert know.value(know.hand) == pytest.approx(expected)
    assert know.value(know.hand) > 2 * exact.RHO  # the two one-card-off sets and the rest
    # B's corners are out of reach: no live set holds 1BS or 5YA
    dead = (1 << CARD_INDEX["1BS"]) | (1 << CARD_INDEX["5YA"])
    assert all(not p & dead for p in know.live) and len(know.live) < 1260
    # a card seen going into B's hand is out of reach too
    _, view2 = _view([hand, [*HAND_B2[:7], "4BA"]], pile=["3YA"], known=[[], ["4BA"]])
    know2 = exact.Knowledge.of_view(view2, 0)
    assert all(not p >> CARD_INDEX["4BA"] & 1 for p in know2.live)
    assert know2.value(know2.hand) < know.value(know.hand)


def test_the_gains_of_a_card_are_the_best_swap_exactly(monkeypatch):
    monkeypatch.setattr(exact, "SPAN", 9)  # no pruning: compare with a brute force
    rng = random.Random(2)
    pool = [c for c in ALL_CARDS if c not in CORNERS[0] + CORNERS[1]]
    for _ in range(3):
        hand = rng.sample(pool, 8)
        rest = [c for c in pool if c not in hand]
        _, view = _view([hand, rest[:8]], pile=[rest[8]])
        know = exact.Knowledge.of_view(view, 0)
        gains = know.gains(know.hand)
        base = know.value(know.hand)
        for x in rng.sample(rest, 6):
            i = CARD_INDEX[x]
            with_x = know.hand | (1 << i)
            swaps = [know.value(with_x & ~(1 << CARD_INDEX[d])) for d in hand]
            best = max(0.0, max(swaps) - base)
            gain, drop = gains[i]
            assert gain == pytest.approx(best, abs=1e-12)
            if best > 0:  # the card named is the one to let go
                assert know.value(with_x & ~(1 << drop)) - base == pytest.approx(best)
            else:
                assert drop == i


def _strong(state, seat=0):
    view = E.view(state, seat, None)
    legal = E.legal_moves(state, seat)
    with search.deadline_for(60, think=60_000, iterations=40):
        return ai.LEVELS["strong"](E, view, seat, legal, random.Random(3))


def test_a_hand_one_card_from_winning_takes_the_winning_card_from_the_pile():
    hand = [*CHAIN_A[:7], "3YA"]
    state = make_state([hand, HAND_B2], pile=["4BA"])
    view = E.view(state, 0, None)
    assert exact.exact_moves(view, 0, E.legal_moves(state, 0))[0] == ("pile", "3YA")
    assert _strong(state) == ("pile", "3YA")
    new, _ = E.apply(state, 0, ("pile", "3YA"))
    assert E.outcome(new).winners == [0]


def test_a_winning_discard_is_made_and_a_useless_pile_card_left():
    hand = [*CHAIN_A, "3YA"]  # drew 3YA from the deck: 8 chained cards and a stray
    state = make_state(
        [hand, HAND_B2], pile=["5RC"], step="discard", drawn={"card": "3YA", "from": "deck"}
    )
    assert _strong(state) == ("discard", "3YA")
    # at the draw step, one card from winning (4BA or 5BC): a pile card that helps a little
    # (1RC: a set two cards off) is worth less than the deck's chance of a winning card (2 of
    # 47 unseen cards), so A draws from the deck; 3BA (more sets one card off) is taken
    for top, move in (("5RC", ("draw", "deck")), ("1RC", ("draw", "deck"))):
        state = make_state([[*CHAIN_A[:7], "3YA"], HAND_B2], pile=[top])
        know = exact.Knowledge.of_view(E.view(state, 0, None), 0)
        assert (know.gains(know.hand)[CARD_INDEX[top]][0] > 0) == (top == "1RC")
        assert _strong(state) == move
    state = make_state([[*CHAIN_A[:7], "3YA"], HAND_B2], pile=["3BA"])
    assert _strong(state) == ("pile", "3YA")
    # ... but the winning card on the pile is taken
    state = make_state([[*CHAIN_A[:7], "3YA"], HAND_B2], pile=["5BC"])
    assert _strong(state) == ("pile", "3YA")


def test_the_search_playout_plays_the_heuristic_move_from_the_state():
    """The playout reads a determinization directly; it must choose what the heuristic level
    chooses from the same seat's view (no tie in these positions)."""
    checked = 0
    for seed in (1, 2, 3):
        state = E.new_state(seed, E.options({}), 2)
        rng = random.Random(seed)
        while E.outcome(state) is None and state["turns"] < 40:
            seat = E.to_move(state)
            legal = E.legal_moves(state, seat)
            view = E.view(state, seat, None)
            move = ai.heuristic_policy(E, view, seat, legal, rng)
            assert ai.state_playout(E, state, seat, legal, rng) == move, (seed, state["turns"])
            checked += 1
            state, _ = E.apply(state, seat, move)
    assert checked > 100


def test_the_cut_off_evaluation_prefers_the_seat_nearer_its_chain():
    near = [*CHAIN_A[:7], "3YA"]  # one card from winning
    state = make_state([near, HAND_B2], pile=["5RC"])
    a, b = ai._state_rewards(E, state, 2)
    assert a > 0.9 and b < 0.1 and a + b == pytest.approx(1.0)
    # the value it squashes is Knowledge.value's (the chain programme equals the set sum)
    view = E.view(state, 0, None)
    know = exact.Knowledge.of_view(view, 0)
    behind = math.log(know.value(know.hand)) / math.log(exact.RHO)
    assert 0 < behind < 1
