"""The ``strong`` level (gm/games/search.py, IS-MCTS over each game's sampler) never peeks: for
every game, two tables whose states look the same to the AI's seat (the same view) but hold
different hidden cards get the same decision with the same rng, played through
``Table.run_ai`` as the service plays it. The second state is the game's own sampler's deal of
the unseen cards (tests/games/test_contract.py checks that a sample shows the seat the same view and
legal moves); the test checks that the hidden cards really differ where the game hides any.

Also: ``strong`` is every game's default level, and its search respects the table's budget."""

from __future__ import annotations

import random
import time

import pytest

from gm.games import GAMES, search
from gm.games.table import Budget, Table

pytestmark = pytest.mark.slow  # the slow tier: the strong AI's searches and statistics

NAMES = sorted(GAMES)
ITERATIONS = 40  # a small, fixed budget: no clock in the decision
# perfect information: the "other" state is the same one (Your Trumps' pack is all dealt, so
# only its secret seed differs)
HIDES_NOTHING = {"n-in-a-row"}


def _positions(name: str, seed: int, count: int):
    """Tables of ``name`` (two strong AI seats) at a few plies of a heuristic-vs-random game."""
    game = GAMES[name]
    engine = game.engine
    levels = list(game.levels)
    rng = random.Random(seed)
    state = engine.new_state(seed, engine.options({}), 2)
    found = []
    for ply in range(200):
        if engine.outcome(state) is not None or len(found) == count:
            break
        seat = engine.to_move(state)
        legal = engine.legal_moves(state, seat)
        if ply % 3 == 1 and len(legal) > 1:
            found.append(state)
        policy = game.levels[levels[1]] if ply % 2 else game.levels["random"]
        move = policy(engine, engine.view(state, seat, None), seat, legal, rng)
        state, _ = engine.apply(state, seat, move)
    return found


def _table(name: str, state: dict, seed: int) -> Table:
    game = GAMES[name]
    doc = Table.new_document(game, [{"kind": "ai", "level": "strong"}] * 2, seed, {}, None)
    doc["state"] = state
    return Table(game, doc, state=state)


@pytest.mark.parametrize("name", NAMES)
def test_the_strong_ai_decides_the_same_on_states_that_look_the_same(name):
    engine = GAMES[name].engine
    positions = _positions(name, seed=11, count=3)
    assert positions
    differing = 0
    for i, state in enumerate(positions):
        seat = engine.to_move(state)
        view = engine.view(state, seat, None)
        try:
            other = engine.sample_hidden(view, seat, random.Random(1000 + i))
        except ValueError:
            continue
        assert engine.view(other, seat, None) == view
        if engine.copy_state(other) != state:
            differing += 1
        moves = []
        for s in (state, other):
            table = _table(name, engine.copy_state(s), seed=5 + i)
            with search.deadline_for(60, think=60_000, iterations=ITERATIONS):
                entries = table.run_ai(Budget(steps=1, seconds=60))
            moves.append(entries[0]["move"])
        assert moves[0] == moves[1], (name, i, moves)
    if name not in HIDES_NOTHING:
        assert differing, f"{name}: no position had other hidden cards"


HIDDEN = {  # where each card game keeps cards the seat to move cannot see
    "masul": lambda state, seat: state["hands"][1 - seat],
    "card-chess": lambda state, seat: state["hands"][1 - seat] + state["draw"],
    "maze": lambda state, seat: state["hands"][1 - seat] + state["deck"],
    "solonyo": lambda state, seat: state["deck"],
}


@pytest.mark.parametrize("name", sorted(HIDDEN))
def test_the_pairs_differ_in_the_cards_the_seat_cannot_see(name):
    """The pairs above are not one state in disguise: the hidden cards are dealt otherwise."""
    engine = GAMES[name].engine
    for i, state in enumerate(_positions(name, seed=3, count=3)):
        seat = engine.to_move(state)
        other = engine.sample_hidden(engine.view(state, seat, None), seat, random.Random(i))
        assert HIDDEN[name](other, seat) != HIDDEN[name](state, seat)


@pytest.mark.parametrize("name", NAMES)
def test_strong_is_the_default_level_and_it_is_stronger_than_the_others(name):
    game = GAMES[name]
    assert game.default_level == "strong"
    assert list(game.levels)[0] == "random" and list(game.levels)[-1] == "strong"


def test_a_search_stops_at_the_table_budget():
    """However many iterations a game allows, a move stops at the request's deadline."""
    name = "card-chess"
    state = _positions(name, seed=2, count=1)[0]
    table = _table(name, state, seed=2)
    t0 = time.monotonic()
    with search.deadline_for(60, think=60_000, iterations=10**6):
        table.run_ai(Budget(steps=1, seconds=0.2))
    assert time.monotonic() - t0 < 1.0


@pytest.mark.parametrize(("name", "iterations"), [("masul", 400)])  # 12 candidates: some settle
def test_a_search_that_stops_once_settled_plays_what_the_whole_budget_plays(
    name, iterations, monkeypatch
):
    """With an iteration budget (no clock), the search stops as soon as the leader cannot be
    overtaken: fewer iterations, the same move as a search made to run every iteration."""
    game = GAMES[name]
    spec = game.levels["strong"].spec
    fewer = 0
    for state in _positions(name, seed=3, count=6):
        seat = game.engine.to_move(state)
        view, legal = game.engine.view(state, seat, None), game.engine.legal_moves(state, seat)
        runs = []
        for check in (search.SETTLED_CHECK, 10**9):  # 10**9: never looks, runs the budget
            monkeypatch.setattr(search, "SETTLED_CHECK", check)
            with search.deadline_for(60, think=60_000, iterations=iterations):
                move, stats = search.search(game.engine, view, seat, legal, random.Random(5), spec)
            runs.append((move, sum(v for v, _ in stats.values())))
        (early, used), (full, budget) = runs
        assert early == full and used <= budget
        fewer += used < budget
    assert fewer  # some decision was settled before the budget's end


def test_a_close_second_makes_the_search_think_longer_within_bounds():
    """Past its think budget a search goes on while the runner-up has at least half the
    leader's visits, up to EXTEND times the budget; a settled choice stops it."""
    root = search._Node(None)
    moves = ["a", "b", "c"]
    spec = search.SearchSpec(evaluate=lambda *a: [0.5, 0.5], prior_visits=0)
    for m, visits in zip(moves, (10, 6, 1), strict=True):
        root.children[m] = child = search._Node(0)
        child.visits, child.reward = visits, visits / 2
    assert search._close(root, moves, spec)
    root.children["b"].visits = 4
    assert not search._close(root, moves, spec)
    assert search._settled(root, moves, spec, left=5)  # 4 + 5 < 10
    assert not search._settled(root, moves, spec, left=6)  # 4 + 6 ties: the mean decides
    clock = search._Clock(60.0, iterations=10**6)
    clock.soft = clock.start  # the think budget spent, the longest extension not
    root.children["b"].visits = 6  # close: goes on
    assert clock.go_on(root, moves, spec) and clock.go_on(root, moves, spec)
    root.children["b"].visits = 1
    assert not clock.go_on(root, moves, spec)
    clock = search._Clock(60.0, iterations=10**6)
    clock.soft = clock.longest = clock.start  # at the longest extension: stops, close or not
    root.children["b"].visits = 6
    assert clock.go_on(root, moves, spec) and not clock.go_on(root, moves, spec)
