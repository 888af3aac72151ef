"""N-in-a-row: the leader/challenger race, the counter reset, the end, placement and f options,
the turn cap, notation, golden boards and the AI."""

from __future__ import annotations

import random

import pytest

from gm.games.base import AmbiguousMoveError, IllegalMoveError, InvalidStateError, ParseError
from gm.games.n_in_a_row import ENGINE, f_value
from gm.games.n_in_a_row.ai import LEVELS

SX, SO = 0, 1


def new(**options) -> dict:
    return ENGINE.new_state(1, ENGINE.options(options), 2)


def play(state: dict, *texts: str) -> tuple[dict, list]:
    events = []
    for text in texts:
        seat = ENGINE.to_move(state)
        state, evs = ENGINE.apply(state, seat, ENGINE.parse_move(text, state, seat))
        events += evs
    return state, events


def rule_of(text: str, state: dict, seat: int | None = None) -> str:
    seat = ENGINE.to_move(state) if seat is None else seat
    with pytest.raises(IllegalMoveError) as info:
        ENGINE.parse_move(text, state, seat)
    return info.value.rule


# ---------------------------------------------------------------- the race


def test_first_mark_makes_x_leader_with_one_and_o_gets_f1_turns():
    state, events = play(new(), "X 0,0")
    assert (state["leader"], state["n"], state["turns_left"]) == (SX, 1, 2)
    assert events[1].text == "Leader: x with 1 in a row · o has 2 turns left to get 2 in a row"
    assert ENGINE.to_move(state) == SO


def test_challenger_beating_the_record_takes_the_lead():
    state, _ = play(new(), "X 0,0", "O 5,5", "X 10,10")
    assert state["turns_left"] == 1 and state["leader"] == SX
    state, events = play(state, "O 6,6")
    assert (state["leader"], state["n"], state["turns_left"]) == (SO, 2, 4)
    assert "o takes the lead!" in events[-1].text
    assert ENGINE.outcome(state) is None


def test_leader_extending_its_record_resets_the_counter():
    state, _ = play(new(), "X 0,0", "O 5,5")
    assert state["turns_left"] == 1
    state, events = play(state, "X 0,1")
    assert (state["leader"], state["n"], state["turns_left"]) == (SX, 2, 4)
    assert "x extends its own record" in events[-1].text


def test_leader_wins_when_the_challengers_turns_run_out():
    state, _ = play(new(), "X 0,0", "O 5,5", "X 10,10")
    assert ENGINE.outcome(state) is None
    state, events = play(state, "O 7,9")
    outcome = ENGINE.outcome(state)
    assert outcome.winners == [SX] and not outcome.draw
    assert outcome.reason == "x wins: o ran out of turns to beat 1 in a row"
    assert outcome.scores == {SX: 1, SO: 1} == ENGINE.scores(state)
    assert ENGINE.to_move(state) is None
    assert events[-1].kind == "end"
    # (a move after the end is the table's GameOver; the engine holds no game-over guard)


def test_a_mark_joining_two_lines_sets_the_record_to_the_full_length():
    # x: 0,0 and 2,0 apart; o keeps a line of 2 as leader; x joins with 1,0 -> 3 in a row
    state, _ = play(new(), "X 0,0", "O 5,5", "X 2,0", "O 5,6", "X 20,20", "O 30,30")
    assert state["leader"] == SO and state["n"] == 2
    state, _ = play(state, "X 1,0")
    assert (state["leader"], state["n"], state["turns_left"]) == (SX, 3, 6)


# ---------------------------------------------------------------- options


def test_custom_linear_f():
    state, _ = play(new(f=3), "X 0,0")
    assert state["turns_left"] == 3
    assert ENGINE.options({"f": "4N"})["f"] == "4N"
    assert ENGINE.options({"f": "5*n"})["f"] == "5N"
    assert ENGINE.options({})["f"] == "2N"


def test_custom_table_f_repeats_its_last_value():
    opts = ENGINE.options({"f": "3, 5, 7"})
    assert opts["f"] == "3,5,7"
    assert [f_value(opts["f"], n) for n in range(1, 6)] == [3, 5, 7, 7, 7]
    state, _ = play(new(f="3,5,7"), "X 0,0")
    assert state["turns_left"] == 3
    state, _ = play(state, "O 4,4", "X 9,9", "O 4,5")  # o leads with 2: x gets f(2) = 5
    assert state["turns_left"] == 5


@pytest.mark.parametrize("bad", [1, 0, "1N", "1,4", "0,3", "a,b", "2,4,x", True, 2.5, ""])
def test_f_must_give_at_least_two_turns_for_the_first_line(bad):
    with pytest.raises(ValueError):
        ENGINE.options({"f": bad})


def test_placement_anywhere_allows_far_points():
    state, _ = play(new(), "X 0,0")
    assert ENGINE.parse_move("O 500,-700", state, SO) == ("mark", "O", 500, -700)
    assert len(ENGINE.legal_moves(state, SO)) == 24  # the 5x5 box around 0,0 minus 0,0
    assert ("mark", "O", 2, -2) in ENGINE.legal_moves(state, SO)


def test_placement_adjacent_requires_touching_a_mark():
    state, _ = play(new(placement="adjacent"), "X 3,3")
    assert rule_of("O 5,5", state) == "not-adjacent"
    assert ENGINE.parse_move("O 4,4", state, SO) == ("mark", "O", 4, 4)  # diagonals count
    assert ENGINE.parse_move("O 2,3", state, SO) == ("mark", "O", 2, 3)
    assert sorted(m[2:] for m in ENGINE.legal_moves(state, SO)) == sorted(
        (3 + dx, 3 + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy
    )
    first = new(placement="adjacent")
    assert ENGINE.parse_move("X 40,-2", first, SX) == ("mark", "X", 40, -2)  # the first: anywhere
    with pytest.raises(ValueError):
        ENGINE.options({"placement": "near"})


def test_the_turn_cap_is_the_frameworks():
    """The engine never ends a game at the cap: the table does, from GameInfo.cap."""
    assert (ENGINE.info.cap.option, ENGINE.info.cap.unit) == ("max_turns", "turns")
    opt = next(o for o in ENGINE.info.options if o.name == "max_turns")
    assert (opt.default, opt.minimum, opt.maximum) == (200, 2, 1000)
    assert ENGINE.options({})["max_turns"] == 200
    with pytest.raises(ValueError):
        ENGINE.options({"max_turns": 1001})
    state, _ = play(new(max_turns=4), "X 0,0", "O 0,5", "X 10,0", "O 0,6")  # o takes the lead
    assert ENGINE.outcome(state) is None and ENGINE.to_move(state) == SX
    assert ENGINE.from_dict(state) == state  # reaching the cap is a valid state


# ---------------------------------------------------------------- notation


@pytest.mark.parametrize(
    "text, point",
    [
        ("O 1,-1", (1, -1)),
        ("o 1,-1", (1, -1)),
        ("(1,-1)", (1, -1)),
        ("1 -1", (1, -1)),
        ("1, -1", (1, -1)),
        ("O (1, -1)", (1, -1)),
        ("x=1 y=-1", (1, -1)),
        ("place an O at 1,−1", (1, -1)),
        ("-1000,1000", (-1000, 1000)),
    ],
)
def test_parser_forms(text, point):
    state, _ = play(new(), "X 0,0")
    assert ENGINE.parse_move(text, state, SO) == ("mark", "O", *point)


def test_render_move_round_trips():
    state, _ = play(new(), "X 0,0", "O 1,-1")
    assert ENGINE.render_move(("mark", "X", 3, -2)) == "X 3,-2"
    assert ENGINE.parse_move("X 3,-2", state, SX) == ("mark", "X", 3, -2)
    for move in ENGINE.legal_moves(state, SX):
        assert ENGINE.parse_move(ENGINE.render_move(move), state, SX) == move


def test_parse_errors_and_illegal_points():
    state, _ = play(new(), "X 0,0")
    for text in ["", "xyzzy", "1", "1,2,3", "1.5,2", "x o 1,2"]:
        with pytest.raises(ParseError) as info:
            ENGINE.parse_move(text, state, SO)
        assert repr(text) in info.value.reason
    assert rule_of("X 1,1", state) == "wrong-mark"
    assert rule_of("0,0", state) == "occupied"
    assert rule_of("1001,0", state) == "off-grid"
    # (O's move on X's turn is the table's NotYourTurn; the engine holds no turn guard)
    with pytest.raises(IllegalMoveError) as info:
        ENGINE.parse_move("0,0", state, SO)
    assert "already holds X" in info.value.reason
    assert "O -1,1" in info.value.hint  # the listed points nearest the last mark first


# Every form the reader accepts, with {L} for a seat letter (the point is 3,4).
LETTER_FORMS = [
    "{L} 3,4",
    "{l} 3,4",
    "{L} x=3 y=4",
    "{l} x=3, y=4",
    "{L}: x:3 y:4",
    "x=3 y=4 {L}",
    "{l} at 3 4",
    "place an {L} at 3,4",
    "{L} (3, 4)",
    "(3,4) {l}",
    "3,4 {L}",
    "{L} 3 4",
    "{L} 3,4 please",
    "put {l} on x = 3 y = 4",
]


@pytest.mark.parametrize("form", LETTER_FORMS)
@pytest.mark.parametrize("seat", [SX, SO])
def test_the_other_seats_letter_is_refused_in_every_form(form, seat):
    """Issue: 'O x=3 y=4' on X's turn was played as X 3,4. Naming the other seat's mark is an
    illegal move in every accepted form, with a reason naming both letters."""
    state = new() if seat == SX else play(new(), "X 0,0")[0]
    mine, theirs = ("X", "O") if seat == SX else ("O", "X")
    text = form.format(L=theirs, l=theirs.lower())
    with pytest.raises(IllegalMoveError) as info:
        ENGINE.parse_move(text, state, seat)
    assert info.value.rule == "wrong-mark", text
    assert info.value.reason.startswith(f"You are {mine}, not {theirs}"), info.value.reason
    assert "3,4" in info.value.hint
    # the own letter in the same form is the move
    own = form.format(L=mine, l=mine.lower())
    assert ENGINE.parse_move(own, state, seat) == ("mark", "XO"[seat], 3, 4), own


def test_axis_labels_are_not_seat_letters():
    state, _ = play(new(), "X 0,0")
    assert ENGINE.parse_move("x=3 y=4", state, SO) == ("mark", "O", 3, 4)
    assert ENGINE.parse_move("y=4 x=3", state, SO) == ("mark", "O", 3, 4)
    assert ENGINE.parse_move("x: -3, y: 4", state, SO) == ("mark", "O", -3, 4)


@pytest.mark.parametrize(
    "text, point",
    [
        ("three four", (3, 4)),
        ("x three y minus two", (3, -2)),
        ("y minus one x two", (2, -1)),
        ("at 3, 4", (3, 4)),
        ("(3 , 4)", (3, 4)),
        ("three comma four", (3, 4)),
        ("minus one, two", (-1, 2)),
        ("O: three, four", (3, 4)),
        ("put an o at minus two, negative three", (-2, -3)),
        ("twenty one, five", (21, 5)),
        ("place one at 3,4", (3, 4)),  # two digit numbers: "one" is no coordinate
        ("put it at zero minus one", (0, -1)),
    ],
)
def test_coordinates_in_words(text, point):
    state, _ = play(new(), "X 0,0", "O 1,0", "X 0,1")
    assert ENGINE.parse_move(text, state, SO) == ("mark", "O", *point)


def test_next_to_a_mark_resolves_one_point_or_asks_the_nearest():
    state, _ = play(new(), "X 0,0", "O 1,0", "X 0,1")  # o's last mark 1,0; the last mark 0,1
    for text, point in [
        ("above my last mark", (1, 1)),
        ("right of my last mark", (2, 0)),
        ("above and to the right of my last mark", (2, 1)),
        ("to the right of the last mark", (1, 1)),
        ("below and to the left of your last move", (-1, 0)),
    ]:
        assert ENGINE.parse_move(text, state, SO) == ("mark", "O", *point), text
    assert rule_of("left of my last mark", state, SO) == "occupied"  # 0,0: never another point
    for text in ("next to my last mark", "right next to my last mark"):
        with pytest.raises(AmbiguousMoveError) as info:
            ENGINE.parse_move(text, state, SO)
        asked = info.value.candidates
        assert len(asked) == 5 and asked[:2] == ["O 1,1", "O 2,0"], asked  # nearest first
    assert rule_of("next to my last mark", new(), SX) == "no-mark"
    assert ENGINE.parse_move("above it", state, SO) == ("mark", "O", 0, 2)  # the last mark, 0,1
    with pytest.raises(AmbiguousMoveError):
        ENGINE.parse_move("next to it", state, SO)


def test_the_middle_is_the_origin():
    for text in ("put an x in the middle", "the centre", "center", "X at the origin"):
        assert ENGINE.parse_move(text, new(), SX) == ("mark", "X", 0, 0), text
    state, _ = play(new(), "X 0,0")
    assert rule_of("the middle", state, SO) == "occupied"


def test_number_words_do_not_invent_coordinates():
    state, _ = play(new(), "X 0,0")
    for text in ("one sec, brb", "take that back", "three", "one two three"):
        with pytest.raises(ParseError):
            ENGINE.parse_move(text, state, SO)
    assert rule_of("x three four", state, SO) == "wrong-mark"  # no y label: x is the letter


# ---------------------------------------------------------------- boards and views

GOLDEN = """\
N-in-a-row · x to move · turn 5 of 200
    -4 -3 -2 -1  0  1  2
  3  .  .  .  .  .  .  .
  2  .  X  .  .  .  .  .
  1  .  .  .  .  .  O  .
  0  .  .  .  .  X  O  .
 -1  .  .  .  .  .  .  .
Leader: o with 2 in a row · x has 4 turns left to get 3 in a row
Last move: O 1,0"""

GOLDEN_START = """\
N-in-a-row · x to move · turn 1 of 200
    -1  0  1
  1  .  .  .
  0  .  .  .
 -1  .  .  .
No marks yet: x places the first X anywhere, e.g. X 0,0"""


def test_golden_boards_for_both_seats_and_a_spectator():
    state, _ = play(new(), "X 0,0", "O 1,1", "X -3,2", "O 1,0")
    assert ENGINE.render(state, SX, None) == GOLDEN  # the seat to move
    assert ENGINE.render(state, SO, None) == GOLDEN  # the other seat: nothing is hidden
    assert ENGINE.render(state, None, None) == GOLDEN
    assert ENGINE.render(new(), None, None) == GOLDEN_START


def test_board_at_the_end_says_who_won():
    state, _ = play(new(), "X 0,0", "O 5,5", "X 10,10", "O 7,9")
    outcome = ENGINE.outcome(state)
    board = ENGINE.render(state, None, outcome)
    assert board.startswith("N-in-a-row · game over · turn 4 of 200")
    assert board.endswith("\nGame over: x wins: o ran out of turns to beat 1 in a row.")
    assert "to move" not in board
    view = ENGINE.view(state, SO, outcome)
    assert view["over"] is True and view["to_move"] is None
    assert view["outcome"]["winners"] == ["x"]


def test_view_and_no_hidden_information():
    state, _ = play(new(), "X 0,0", "O 1,1")
    view = ENGINE.view(state, None, None)
    assert view["over"] is False
    assert view["marks"] == [{"x": 0, "y": 0, "mark": "X"}, {"x": 1, "y": 1, "mark": "O"}]
    assert view["leader"] == "x" and view["challenger"] == "o"
    assert (view["n"], view["turns_left"], view["to_move"]) == (1, 1, "x")
    assert view["bounds"] == {"xmin": 0, "xmax": 1, "ymin": 0, "ymax": 1}
    assert ENGINE.view(state, SX, None) == {**view, "seat": "x"}
    assert ENGINE.hidden_tokens(state, SX) == set() == ENGINE.hidden_tokens(state, None)


def test_from_dict_validates():
    state, _ = play(new(), "X 0,0", "O 1,1")
    assert ENGINE.from_dict(ENGINE.to_dict(state)) == state
    for broken in (
        {**state, "marks": [[0, 0], [0, 0]]},
        {**state, "best": [3, 1]},
        {**state, "marks": [[0, 0], [1, 2000]]},
        {**state, "options": {**state["options"], "f": "1N"}},
    ):
        with pytest.raises(InvalidStateError):
            ENGINE.from_dict(broken)


def test_rules_text_documents_the_decisions():
    text = ENGINE.rules_text()
    assert "f(N) = 2·N" in text and '"2,4,6"' in text and "adjacent" in text
    assert "within **2** of a mark" in text and "13×13" in text and "1000" in text


# ---------------------------------------------------------------- AI


@pytest.mark.slow
@pytest.mark.parametrize("placement", ["anywhere", "adjacent"])
def test_heuristic_beats_random_in_80_percent_of_200_games(placement):
    """Measured: 200 of 200 (100 %) for both placements."""
    wins = 0
    for seed in range(200):
        hseat = seed % 2
        rng = random.Random(seed)
        state = ENGINE.new_state(seed, ENGINE.options({"placement": placement}), 2)
        cap = state["options"]["max_turns"]  # the table's turn cap (a draw)
        while (seat := ENGINE.to_move(state)) is not None and len(state["marks"]) < cap:
            level = "heuristic" if seat == hseat else "random"
            legal = ENGINE.legal_moves(state, seat)
            move = LEVELS[level](ENGINE, ENGINE.view(state, seat, None), seat, legal, rng)
            assert move in legal
            state, _ = ENGINE.apply(state, seat, move)
        outcome = ENGINE.outcome(state)
        wins += outcome is not None and hseat in outcome.winners
    assert wins >= 160, wins
