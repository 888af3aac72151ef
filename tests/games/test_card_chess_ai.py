"""Card Chess's ``strong`` level: its evaluation (checks, threatened checks, the danger of
jamming), the moves it does not search (a win at once, the answer to a capture step) and that it
converts a won position into the win the rules define."""

from __future__ import annotations

import random

import pytest

from gm.games import search
from gm.games.card_chess import ENGINE
from gm.games.card_chess import ai as A
from gm.games.card_chess import rules as R
from tests.games.test_card_chess import IDX, make_state

pytestmark = pytest.mark.slow  # the slow tier: win-rate statistics

RED, BLACK = 0, 1
# black's five pawns on the middle rank, red's kings in front of four of them: black's only
# piece move is 3♠ M5-RK5, and red's queen can step onto RK5 to block it
JAM = {
    "M1": "2♠", "M2": "2♠", "M3": "2♣", "M4": "2♣", "M5": "3♠",
    "RK1": "K♥", "RK2": "K♥", "RK3": "K♦", "RK4": "K♦", "RC5": "Q♥",
}  # fmt: skip
HANDS = (["4♥", "5♥", "6♦", "7♠", "8♣"], ["9♠", "10♣", "9♥", "8♥", "7♦"])


def _value(state, side):
    play, check = R.counts(state)
    return A._side_value(state, side, play, check[side])


def _strong(state, iterations=48, seed=1):
    view = ENGINE.view(state, state["turn"], None)
    legal = ENGINE.legal_moves(state, state["turn"])
    with search.deadline_for(60, think=60_000, iterations=iterations):
        return A.LEVELS["strong"](ENGINE, view, state["turn"], legal, random.Random(seed))


def test_the_evaluation_counts_checks_and_threatened_checks():
    base = {"M1": "7♥", "BK5": "7♠"}
    one = make_state({**base, "BC3": "8♥"}, check=("BC3",), hands=HANDS)
    none = make_state({**base, "RK3": "8♥"}, hands=HANDS)
    assert _value(one, RED) > _value(none, RED) + 0.9  # a check is worth a piece in check
    near = make_state({**base, "BK3": "8♥"}, hands=HANDS)  # BK3-BC3 next turn: into check
    assert _value(near, RED) > _value(none, RED) + 0.4
    assert A._evaluate(ENGINE, one, 2)[RED] > 0.5 > A._evaluate(ENGINE, none, 2)[BLACK] - 0.2
    v = A._evaluate(ENGINE, one, 2)
    assert abs(sum(v) - 1) < 1e-9


def test_the_evaluation_fears_a_side_that_is_about_to_jam():
    """Five pieces in play (no play-in) and one piece move left is worth less than two moves
    left, which is worth less than a side that can still play a piece in."""
    one_move = make_state(JAM, hands=HANDS, turn=BLACK)
    two_moves = make_state({k: v for k, v in JAM.items() if k != "RK4"}, hands=HANDS, turn=BLACK)
    assert len(R.piece_moves(one_move, BLACK)) == 1
    assert _value(one_move, BLACK) < _value(two_moves, BLACK) - 0.3
    four = {k: v for k, v in JAM.items() if k not in ("M1", "RK1")}
    can_play = make_state(four, hands=HANDS, turn=BLACK)
    assert R.play_ins(can_play, BLACK)
    assert _value(can_play, BLACK) > _value(one_move, BLACK) + 0.5


def test_strong_jams_the_other_side_when_that_wins_at_once():
    """Black exchanged last turn and has one piece move: red's queen steps in front of it and
    black cannot act — a win the searcher takes without searching."""
    state = make_state(JAM, hands=HANDS, exchanged=(False, True))
    view = ENGINE.view(state, RED, None)
    legal = ENGINE.legal_moves(state, RED)
    block = ("move", IDX["RC5"], IDX["RK5"])
    assert block in legal
    assert A._candidates(ENGINE, view, RED, legal, random.Random(2)) == [block]
    move = _strong(state)
    after, _ = ENGINE.apply(state, RED, move)
    assert ENGINE.outcome(after).winners == [RED]
    # black may still exchange when it did not exchange last turn: no win at once to take
    open_state = make_state(JAM, hands=HANDS)
    open_view = ENGINE.view(open_state, RED, None)
    assert A._winning_moves(ENGINE, open_view, RED, legal, random.Random(2)) == []


def test_strong_takes_the_fifth_check():
    pieces = {f"BC{f}": "2♥" if f < 3 else "3♦" for f in range(1, 5)} | {"BK5": "9♥", "M3": "7♠"}
    state = make_state(pieces, check=("BC1", "BC2", "BC3", "BC4"), hands=HANDS)
    move = _strong(state)
    assert move == ("move", IDX["BK5"], IDX["BC5"])
    after, _ = ENGINE.apply(state, RED, move)
    assert ENGINE.outcome(after).winners == [RED]


def test_the_answer_to_a_capture_step_is_the_heuristics():
    """After red's capture on M3 revealed black's K♠, red answers as the heuristic does:
    replace the king with its weakest black card."""
    state = make_state(
        {"M3": "K♠", "RK1": "7♥", "BC5": "K♣"},
        known={"M3": "J♥"},
        hands=(["2♠", "9♣", "6♥", "6♦", "3♥"], HANDS[1]),
        pending={"spot": "M3", "captured": "8♠"},
    )
    view = ENGINE.view(state, RED, None)
    legal = ENGINE.legal_moves(state, RED)
    picks = A._candidates(ENGINE, view, RED, legal, random.Random(0))
    assert picks == [("replace", "2♠")]
    assert _strong(state) == ("replace", "2♠")


def test_a_side_that_exchanged_last_fears_a_jam_twice_as_much():
    fresh = make_state(JAM, hands=HANDS, turn=BLACK)
    after_exchange = make_state(JAM, hands=HANDS, turn=RED, exchanged=(False, True))
    assert _value(after_exchange, BLACK) < _value(fresh, BLACK) - 0.5


def test_strong_does_not_exchange_into_a_jam():
    """Black's one piece move is 3♠ M5-RK5: were black to exchange, red's queen would block it
    and black, unable to exchange again, could not act. The exchange is left out of the
    candidates while a safe move is there; were it the only way, the exchange would stay."""
    state = make_state(JAM, hands=HANDS, turn=BLACK)
    view = ENGINE.view(state, BLACK, None)
    legal = ENGINE.legal_moves(state, BLACK)
    assert sorted(legal) == [("exchange",), ("move", IDX["M5"], IDX["RK5"])]
    order = A._safe_first(ENGINE, view, BLACK, [("exchange",), legal[-1]], random.Random(3))
    assert order == [("move", IDX["M5"], IDX["RK5"])]
    assert A._safe_first(ENGINE, view, BLACK, [("exchange",)], random.Random(3)) == [("exchange",)]
    assert _strong(state) == ("move", IDX["M5"], IDX["RK5"])
    # with a free file for black's pawn after the exchange, the exchange is safe: kept in order
    roomy = make_state({k: v for k, v in JAM.items() if k != "RC5"}, hands=HANDS, turn=BLACK)
    moves = [("exchange",), ("move", IDX["M5"], IDX["RK5"])]
    roomy_view = ENGINE.view(roomy, BLACK, None)
    assert A._safe_first(ENGINE, roomy_view, BLACK, moves, random.Random(3)) == moves


# red's pawn on M3 can reach only BK3: black's castle spot BC3 holds red's 4♥ in check
DEAD = {"BC3": "4♥", "RC4": "9♥", "RC5": "8♦", "BK1": "7♠", "RC1": "5♠", "RC2": "6♣"}
DEAD_CHECK = ("BC3", "RC1", "RC2")


def test_the_evaluation_counts_a_pawn_in_a_file_already_in_check_as_dead_weight():
    """A pawn whose file's enemy castle spot is in check never gets in: it holds one of the
    five places for good. The same pawn one file over (open castle spot) is worth more, the
    more so with five pieces in play (no place left to play another one in)."""
    dead = make_state({**DEAD, "M3": "7♥"}, check=DEAD_CHECK, hands=HANDS)
    alive = make_state({**DEAD, "M2": "7♥"}, check=DEAD_CHECK, hands=HANDS)
    assert A._dead_pawns(dead, RED) == (1, 0) and A._dead_pawns(alive, RED) == (0, 0)
    assert _value(dead, RED) < _value(alive, RED) - 0.2
    full = {**DEAD, "M3": "7♥", "M4": "2♦", "M5": "3♦"}
    full_dead = make_state(full, check=DEAD_CHECK, hands=HANDS)
    moved = {**{k: v for k, v in full.items() if k != "M3"}, "M2": "7♥"}
    full_alive = make_state(moved, check=DEAD_CHECK, hands=HANDS)
    assert R.counts(full_dead)[0][RED] == R.MAX_IN_PLAY
    assert _value(full_dead, RED) < _value(full_alive, RED) - 0.4


def test_strong_does_not_first_play_a_pawn_into_a_file_already_in_check():
    """Red's only free castle spot is RC3, whose file ends on BC3, already in check: the
    heuristic plays its 7♥ there, strong searches other moves first."""
    state = make_state(DEAD, check=DEAD_CHECK, hands=(["7♥", "2♠", "3♠", "4♠", "5♣"], HANDS[1]))
    view = ENGINE.view(state, RED, None)
    legal = ENGINE.legal_moves(state, RED)
    play = ("play", "7♥", IDX["RC3"])
    assert play in legal
    assert A.heuristic_policy(ENGINE, view, RED, legal, random.Random(4)) == play
    picks = A._candidates(ENGINE, view, RED, legal, random.Random(4))
    assert picks[0] != play and play in legal


# black has four pieces in check; the last free spot of red's castle, RC1, holds red's 7♥,
# which cannot move (black's 2♠ stands in front of it): no pawn below 7 can ever get in
SHUT = {"RC1": "7♥", "RK1": "2♠", "RC2": "J♠", "RC3": "A♣", "RC4": "A♠", "RC5": "K♣"}
SHUT |= {"M3": "5♥", "RK4": "9♦"}
SHUT_CHECK = ("RC2", "RC3", "RC4", "RC5")
SHUT_HANDS = (HANDS[0], ["4♠", "6♣", "3♥", "5♦", "8♥"])


def test_a_pawn_whose_way_in_is_shut_is_dead_weight():
    """2♠ faces a castle spot held by a piece that cannot move, and the castle spots beside it
    are in check: dead, as a pawn in a file in check is. A 9♠ in file 2 is not: it can take
    the 7♥ from RK2."""
    state = make_state(SHUT, check=SHUT_CHECK, hands=SHUT_HANDS, turn=BLACK)
    assert A._dead_pawns(state, BLACK) == (1, 0)
    assert not A._open_route(state, BLACK, IDX["BC1"], 6)
    assert A._open_route(state, BLACK, IDX["BC2"], 9)
    assert not A._open_route(state, BLACK, IDX["BC2"], 6)
    free = {k: v for k, v in SHUT.items() if k != "RK1"}
    state = make_state(free, check=SHUT_CHECK, hands=SHUT_HANDS, turn=BLACK)
    assert A._open_route(state, BLACK, IDX["BC1"], 2)  # the 7♥ may move on: file 1 is open


def test_strong_does_not_play_in_a_pawn_that_can_never_get_in():
    """Black's hand holds only pawns below 7 (and red cards): every one played in would hold a
    place for good. With its king to move meanwhile, strong does not play one in (the old
    strong played 4♠ or 6♣ into file 1, behind its stuck 2♠, and jammed); the exchange rates
    +10 as with no black card in hand. Without a piece move to fall back on, the exchange
    keeps the heuristic's rating: a dead pawn played in still has steps to make."""
    state = make_state({**SHUT, "BK4": "K♠"}, check=SHUT_CHECK, hands=SHUT_HANDS, turn=BLACK)
    view = ENGINE.view(state, BLACK, None)
    legal = ENGINE.legal_moves(state, BLACK)
    assert len(R.piece_moves(state, BLACK)) >= 4
    base = {m: s for s, m in A.heuristic_scores(view, BLACK, legal, random.Random(7))}
    strong = {m: s for s, m in A._strong_scores(view, BLACK, legal, random.Random(7))}
    assert strong[("exchange",)] == 10
    assert all(strong[m] == base[m] - 30 for m in legal if m[0] == "play")
    for seed in range(4):
        assert _strong(state, seed=seed)[0] != "play"
    # a 9♠ in hand can take the 7♥ from file 2: worth playing in
    hands = (HANDS[0], ["4♠", "9♠", "3♥", "5♦", "8♥"])
    state = make_state(SHUT, check=SHUT_CHECK, hands=hands, turn=BLACK)
    assert _strong(state) == ("play", "9♠", IDX["BC2"])
    state = make_state(SHUT, check=SHUT_CHECK, hands=SHUT_HANDS, turn=BLACK)
    assert not R.piece_moves(state, BLACK)
    view = ENGINE.view(state, BLACK, None)
    legal = ENGINE.legal_moves(state, BLACK)
    strong = {m: s for s, m in A._strong_scores(view, BLACK, legal, random.Random(7))}
    assert strong[("exchange",)] < 0


def test_strong_ranks_a_pawn_walking_face_to_face_with_a_stuck_piece_lower():
    """Red's 10♦ on M4 heads for BC4, held by black's 8♣, which can step out while BK4 is free;
    on BK4 the 10♦ would face it, neither could move, and BC3 and BC5 are in check: its way in
    would be gone. Strong ranks that step 30 below the heuristic; the 5♥'s step in an open
    file keeps the heuristic's score."""
    pieces = {"M4": "10♦", "BC4": "8♣", "BC3": "2♥", "BC5": "3♥", "RK1": "5♥", "M2": "9♠"}
    state = make_state(pieces, check=("BC3", "BC5"), hands=HANDS)
    view = ENGINE.view(state, RED, None)
    legal = ENGINE.legal_moves(state, RED)
    base = {m: s for s, m in A.heuristic_scores(view, RED, legal, random.Random(5))}
    strong = {m: s for s, m in A._strong_scores(view, RED, legal, random.Random(5))}
    step, open_step = ("move", IDX["M4"], IDX["BK4"]), ("move", IDX["RK1"], IDX["M1"])
    assert A._open_route(state, RED, IDX["M4"], 10)
    assert strong[step] == base[step] - 30
    assert strong[open_step] == base[open_step]


def test_a_pawn_played_in_face_to_face_with_an_enemy_pawn_is_dead():
    """Black's 6♠ on RK5 can step into red's castle while RC5 is free; red's 8♥ played in on RC5
    would stop it, and stop itself: face to face, neither can move, and file 5 is shut for the
    8♥ (BC4 and BC5 hold no pawn it could take). Strong ranks that play-in 30 lower; on RC3 it
    keeps the heuristic's score."""
    state = make_state({"RK5": "6♠", "M1": "9♦", "BC2": "K♠"}, hands=(["8♥", *HANDS[0][1:]], []))
    view = ENGINE.view(state, RED, None)
    legal = ENGINE.legal_moves(state, RED)
    base = {m: s for s, m in A.heuristic_scores(view, RED, legal, random.Random(6))}
    strong = {m: s for s, m in A._strong_scores(view, RED, legal, random.Random(6))}
    blocked, free = ("play", "8♥", IDX["RC5"]), ("play", "8♥", IDX["RC3"])
    assert strong[blocked] == base[blocked] - 30
    assert strong[free] == base[free]
