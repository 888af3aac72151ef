"""Masul notation: the move reader (every variant and error kind) and golden board texts."""

from __future__ import annotations

import pytest

from gm.games import get_engine
from gm.games.base import AmbiguousMoveError, IllegalMoveError, ParseError
from gm.games.masul import MasulMove as M
from tests.masul_positions import make_position

E = get_engine("masul")
ROW3, ROW1 = 0, 1
EMPTY = "[] [] [] [] [] [] []"
HAND3 = ["7♠", "X♥", "Q♥", "Q♠", "3♣", "4♦", "8♥", "J♠", "6♣"]
HAND1 = ["2♠", "3♠", "4♠", "5♠", "6♠", "8♠", "9♠", "X♠", "K♠"]
FIELD = "2♦ Q♦ 5♣ K♣ A♣ 9♦ 4♥"


def start(**kw):
    return E.from_dict(make_position(EMPTY, FIELD, EMPTY, HAND3, HAND1, **kw))


def parse(text, state=None, seat=ROW3):
    return E.parse_move(text, state or start(), seat)


# ---------------------------------------------------------------- canonical forms


def test_canonical_forms_round_trip():
    state = start()
    assert E.render_move(M("up", "7♠", 3)) == "7♠ C3"
    assert E.render_move(M("down", "7♠", 3)) == "7♠ C3 FD"
    assert E.render_move(M("field", "Q♥", 2)) == "Q♥ FC2"
    for move in E.legal_moves(state, ROW3):
        text = E.render_move(move)
        assert parse(text, state) == move
        assert parse(text.lower(), state) == move
        ascii_text = text
        for symbol, letter in zip("♣♦♥♠", "CDHS", strict=True):
            ascii_text = ascii_text.replace(symbol, letter)
        assert parse(ascii_text, state) == move, ascii_text


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("7s c3 fd", "7♠ C3 FD"),
        ("play the 10 of hearts face down in column 3", "X♥ C3 FD"),
        ("Q♥ FC2", "Q♥ FC2"),
        ("XH col3", "X♥ C3"),
        ("th on c3 facedown", "X♥ C3 FD"),
        ("c3 7♠", "7♠ C3"),
        ("queen of spades fc 2", "Q♠ FC2"),
        ("face down 7s column 3", "7♠ C3 FD"),
        ("7S C3", "7♠ C3"),
        ("3C C1", "3♣ C1"),
        ("4D c1 FD", "4♦ C1 FD"),
        ("8H c1", "8♥ C1"),
        ("10h c1", "X♥ C1"),
        ("Th c1", "X♥ C1"),
        ("xh C1", "X♥ C1"),
        ("ten of hearts in c1", "X♥ C1"),
        ("7♤ c3", "7♠ C3"),
        ("7♠\ufe0f C3", "7♠ C3"),
        ("7 of spades, column 3, face-down please", "7♠ C3 FD"),
        ("7♠ C3 face up", "7♠ C3"),
        ("replace c2 with Q♥", "Q♥ FC2"),
        ("Q♥ on Q♦", "Q♥ FC2"),
        ("replace Q♦ with the queen of hearts", "Q♥ FC2"),
        ("Q♥ on the field card of C2", "Q♥ FC2"),
        ("field 2 Q♥", "Q♥ FC2"),
        ("7 c3", "7♠ C3"),
        ("jack c5 fd", "J♠ C5 FD"),
        ("7s as face down in c3", "7♠ C3 FD"),
    ],
)
def test_variants_read_as_the_canonical_move(text, canonical):
    assert E.render_move(parse(text)) == canonical


# ---------------------------------------------------------------- missing parts


def test_a_card_without_a_column_lists_its_legal_plays():
    with pytest.raises(AmbiguousMoveError) as info:
        parse("7♠")
    assert info.value.candidates == [f"7♠ C{c}{fd}" for c in range(1, 8) for fd in ("", " FD")]
    assert info.value.reason == "'7♠' could mean more than one move."
    assert info.value.hint.startswith("Say which one: 7♠ C1, 7♠ C1 FD, 7♠ C2")
    with pytest.raises(AmbiguousMoveError) as info:
        parse("Q♥")
    assert info.value.candidates[-1] == "Q♥ FC2"
    with pytest.raises(AmbiguousMoveError) as info:
        parse("7♠ face down")
    assert info.value.candidates == [f"7♠ C{c} FD" for c in range(1, 8)]


def test_a_card_with_only_one_legal_play_needs_no_column():
    state = E.from_dict(
        make_position(
            "2♠ 3♠ 4♠ 5♠ 6♠ 8♠ 9♠",
            FIELD,
            "J♣ J♦ J♥ 2♣ 3♦ 3♥ []",
            ["7♠", "X♥"],
            ["X♠", "K♠"],
            replacements=(1, 0),
            discard=["Q♣"],
        )
    )
    assert E.to_move(state) == ROW3
    assert parse("7♠", state) == M("up", "7♠", 7)  # C7 faces a face-up card: face up only


def test_a_rank_held_twice_is_ambiguous():
    with pytest.raises(AmbiguousMoveError) as info:
        parse("Q c1")
    assert info.value.candidates == ["Q♥ C1", "Q♠ C1"]


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "text, detail",
    [
        ("", "It names no card."),
        ("xyzzy plugh", "It names no card."),
        ("c3 fd", "It names no card."),
        ("7♠ Q♥ c3", "It names 2 cards (7♠, Q♥); a turn plays one card."),
        ("7♠ c1 c2", "It names more than one column (C1, C2); name one."),
        ("7♠ c8", "There is no column 8; the columns are C1-C7."),
        ("7♠ c3 fd face up", "It says both face up and face down."),
    ],
)
def test_unparsable_text_is_quoted_with_the_expected_form(text, detail):
    with pytest.raises(ParseError) as info:
        parse(text)
    assert info.value.reason == f"Could not read {text!r} as a move. {detail}"
    # the example uses a card of the reader's own hand, never a card it may not see
    assert info.value.hint == (
        "Expected one card from your hand and a column, e.g. '3♣ C3' (face up), "
        "'3♣ C3 FD' (face down) or '3♣ FC3' (replace the Field Card of C3); "
        "suits may be written S H D C, tens as X, T or 10"
    )


def test_illegal_moves_name_the_rule():
    state = start()
    cases = {
        "A♠ c1": "not-in-hand",  # nobody holds it: unused
        "K♠ c1": "not-in-hand",  # Row 1 holds it
        "Q♥ FC3": "field-rank",
        "Q♥ FC2 FD": "field-face-up",
        "5 c1": "not-in-hand",
    }
    for text, rule in cases.items():
        with pytest.raises(IllegalMoveError) as info:
            parse(text, state)
        assert info.value.rule == rule, text
    with pytest.raises(IllegalMoveError) as info:
        parse("K♠ c1", state)
    assert info.value.reason == "You do not hold K♠; a turn plays one card from your own hand."
    # (a seat that is not to move is refused by the table before the reader runs: NotYourTurn)
    up, _ = E.apply(state, ROW3, M("up", "J♠", 3))
    with pytest.raises(IllegalMoveError) as info:
        parse("2♠ c3 fd", up, ROW1)
    assert info.value.rule == "face-down-on-face-up"


def _all_face_up_but_one():
    return make_position(
        "2♠ 3♠ 4♠ 5♠ 6♠ 8♠ 9♠",
        FIELD,
        "J♣ J♦ J♥ 2♣ 3♦ 3♥ []",
        ["2♥", "X♥"],
        ["X♠", "K♠"],
        replacements=(1, 0),
        discard=["Q♣"],
    )


def test_a_kind_without_a_column_is_read_when_only_one_play_fits_it():
    state = E.from_dict(_all_face_up_but_one())  # only C7 is open, facing a face-up 9♠
    assert parse("2h on the field", state) == M("field", "2♥", 1)  # 2♦ is the only 2
    assert parse("replace with 2♥", state) == M("field", "2♥", 1)
    assert parse("X♥", state) == M("up", "X♥", 7)
    with pytest.raises(IllegalMoveError) as info:
        parse("xh field", state)
    assert info.value.rule == "field-rank"
    assert info.value.hint == "Field Cards now: 2♦-Q♦-5♣-K♣-A♣-9♦-4♥."
    with pytest.raises(IllegalMoveError) as info:
        parse("2h fd", state)
    assert info.value.rule == "face-down-on-face-up"
    assert info.value.hint == "Play it face up, e.g. '2♥ C7'."


def test_an_exhausted_seat_is_blocked_and_the_other_plays_on():
    state = E.from_dict(
        make_position(
            "2♠ 3♠ 4♠ 5♠ [] [] []",
            FIELD,
            "J♣ J♦ J♥ 2♣ 3♦ 3♥ 4♣",
            ["2♥", "X♥"],
            ["X♠", "K♠", "A♠"],
            replacements=(0, 2),
            discard=["Q♣", "Q♥"],
        )
    )
    assert E.to_move(state) == ROW1
    assert E.blocked(state, ROW3).startswith("You have exhausted your turns: all 7 slots")
    for text in ("X♠ C5", "K♠ C6", "A♠ C7"):
        state, _ = E.apply(state, ROW1, parse(text, state, ROW1))
    assert E.to_move(state) is None and E.outcome(state) is not None  # the table: GameOver


# ---------------------------------------------------------------- references as people make them
# HAND3 in the board's order: 3♣-6♣-4♦-8♥-X♥-Q♥-7♠-J♠-Q♠


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("play the seven of spades in the third column", "7♠ C3"),  # face up is the default
        ("7♠ in column three", "7♠ C3"),
        ("the seven in colum 2", "7♠ C2"),
        ("jack, collumn 5", "J♠ C5"),
        ("my jack in the last column", "J♠ C7"),
        ("the ten in the middle column face down", "X♥ C4 FD"),
        ("play my second card in the 1st column", "6♣ C1"),
        ("my last card, column one", "Q♠ C1"),
        ("the fourth card in my hand -> c 6", "8♥ C6"),
        ("a diamond in column 2", "4♦ C2"),  # the only diamond; "a" is no ace
        ("my lowest heart in column seven", "8♥ C7"),
        ("my highest club, column 3, hidden", "6♣ C3 FD"),
        ("queen of hearts on the second feild card", "Q♥ FC2"),
        ("replace the feild card of column two with my queen of hearts", "Q♥ FC2"),
        ("ok... so: 7s -> C3!!", "7♠ C3"),
    ],
)
def test_references_as_people_make_them(text, canonical):
    assert E.render_move(parse(text)) == canonical


@pytest.mark.parametrize(
    "text, candidates",
    [
        ("put a club in column 2", ["3♣ C2", "6♣ C2"]),  # never a guess, never the ace
        ("the queen in the third column", ["Q♥ C3", "Q♠ C3"]),
        ("my highest card in column 1", ["Q♥ C1", "Q♠ C1"]),
        ("a spade in c4 face down", ["7♠ C4 FD", "J♠ C4 FD", "Q♠ C4 FD"]),
    ],
)
def test_a_reference_that_fits_several_moves_asks_with_only_those(text, candidates):
    with pytest.raises(AmbiguousMoveError) as info:
        parse(text)
    assert info.value.candidates == candidates


def _facing_a_face_down_card():
    """Row 3 to move; Row 1's 2♠ lies face down in C1, Row 3's 7♠ face up in C7."""
    hand3 = [c for c in HAND3 if c != "7♠"]
    return E.from_dict(
        make_position("FD:2♠" + " []" * 6, FIELD, "[] " * 6 + "7♠", hand3, HAND1[1:])
    )


def test_a_challenge_is_played_face_up_opposite_the_face_down_card():
    state = _facing_a_face_down_card()
    for text in (
        "challenge the face down card in column 1 with my four of diamonds",
        "challenge their FD with the 4 of diamonds",
        "play 4d against the face-down card",
        "challenge c1's face down card with my 4d",
    ):
        assert parse(text, state) == M("up", "4♦", 1), text
    with pytest.raises(AmbiguousMoveError) as info:
        parse("challenge it with a queen", state)
    assert info.value.candidates == ["Q♥ C1", "Q♠ C1"]
    err = _illegal("challenge column 2 with the 4d", state)
    assert err.rule == "no-challenge" and err.hint == "Face-down cards you can challenge: C1"
    assert "2♠" not in err.reason + err.hint  # the face-down card stays hidden
    assert _illegal("challenge the face down card in C1 with my two of diamonds", state).reason == (
        "You do not hold 2♦; a turn plays one card from your own hand."
    )
    assert parse("4d c1 face down", state) == M("down", "4♦", 1)  # no challenge said


def _illegal(text, state=None) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as info:
        parse(text, state)
    return info.value


def test_texts_that_are_no_move_or_name_what_you_do_not_hold_are_refused_clearly():
    for text in ("don't resign", "ok k", "it's a trap", "I can't wait"):
        with pytest.raises(ParseError) as info:
            parse(text)
        assert info.value.reason.endswith("It names no card."), text
    assert _illegal("put my ace in column 3").reason == "You hold no card of rank A."
    assert _illegal("the king, c2").rule == "not-in-hand"
    short = E.from_dict(_all_face_up_but_one())  # Row 3 holds 2♥-X♥
    err = _illegal("my third card in column 7", short)
    assert err.rule == "not-in-hand" and err.reason.startswith("You hold 2 cards")


# ---------------------------------------------------------------- golden boards

START_ROW3 = """\
Masul Player's Hand: 9
Columns: C1-C2-C3-C4-C5-C6-C7
Row 1: []-[]-[]-[]-[]-[]-[]
Row 2: X♣-7♦-2♦-K♠-5♦-6♥-4♥
Row 3: []-[]-[]-[]-[]-[]-[]
My Hand: 5♣-9♣-J♣-Q♦-A♦-3♥-9♥-2♠-6♠
Turn: Row 3 (you)"""

START_ROW1 = """\
Opponent's Hand: 9
Columns: C1-C2-C3-C4-C5-C6-C7
Row 1: []-[]-[]-[]-[]-[]-[]
Row 2: X♣-7♦-2♦-K♠-5♦-6♥-4♥
Row 3: []-[]-[]-[]-[]-[]-[]
My Hand: 4♣-Q♣-A♣-4♦-8♦-3♠-7♠-9♠-A♠
Turn: Row 3 (opponent)"""

START_SPECTATOR = """\
Masul Player's Hand: 9
Columns: C1-C2-C3-C4-C5-C6-C7
Row 1: []-[]-[]-[]-[]-[]-[]
Row 2: X♣-7♦-2♦-K♠-5♦-6♥-4♥
Row 3: []-[]-[]-[]-[]-[]-[]
Row 3 Player's Hand: 9
Turn: Row 3"""


def test_golden_boards_at_the_start_of_seed_0():
    state = E.new_state(0, E.options({}), 2)
    assert E.render(state, ROW3) == START_ROW3
    assert E.render(state, ROW1) == START_ROW1
    assert E.render(state, None) == START_SPECTATOR


MID_MOVES = [(ROW3, "9♣ C1"), (ROW1, "3♠ C2 FD"), (ROW3, "6♠ C3 FD"), (ROW1, "7♠ FC2"),
             (ROW3, "2♠ C2")]  # fmt: skip

MID_ROW3 = """\
Masul Player's Hand: 7
Columns: C1-C2-C3-C4-C5-C6-C7
Row 1: []-3♠-[]-[]-[]-[]-[]
Row 2: X♣-7♠-2♦-K♠-5♦-6♥-4♥
Row 3: 9♣-2♠-FD-[]-[]-[]-[]
My Hand: 5♣-J♣-Q♦-A♦-3♥-9♥
My Face-Down: C3=6♠
Discard: 7♦
Turn: Row 1 (opponent)"""

MID_ROW1 = """\
Opponent's Hand: 6
Columns: C1-C2-C3-C4-C5-C6-C7
Row 1: []-3♠-[]-[]-[]-[]-[]
Row 2: X♣-7♠-2♦-K♠-5♦-6♥-4♥
Row 3: 9♣-2♠-FD-[]-[]-[]-[]
My Hand: 4♣-Q♣-A♣-4♦-8♦-9♠-A♠
Discard: 7♦
Turn: Row 1 (you)"""

MID_SPECTATOR = """\
Masul Player's Hand: 7
Columns: C1-C2-C3-C4-C5-C6-C7
Row 1: []-3♠-[]-[]-[]-[]-[]
Row 2: X♣-7♠-2♦-K♠-5♦-6♥-4♥
Row 3: 9♣-2♠-FD-[]-[]-[]-[]
Row 3 Player's Hand: 6
Discard: 7♦
Turn: Row 1"""


def test_golden_boards_and_events_mid_game():
    state = E.new_state(0, E.options({}), 2)
    public, private = [], []
    for seat, text in MID_MOVES:
        state, events = E.apply(state, seat, E.parse_move(text, state, seat))
        public += [e.for_viewer(None) for e in events]
        private += [e.for_viewer(seat) for e in events]
    assert public == [
        "Row 3 plays 9♣ in C1",
        "Row 1 plays a card face down in C2",
        "Row 3 plays a card face down in C3",
        "Row 1 replaces the Field Card of C2: 7♠ replaces 7♦, which goes to the discard",
        "Row 3 plays 2♠ in C2",
        "Row 3 challenges the face-down card in C2: Row 1's 3♠ is turned face up for good",
    ]
    assert private[1] == "Row 1 plays 3♠ face down in C2"
    assert private[2] == "Row 3 plays 6♠ face down in C3"
    assert E.render(state, ROW3) == MID_ROW3
    assert E.render(state, ROW1) == MID_ROW1
    assert E.render(state, None) == MID_SPECTATOR


FINAL_TAIL = """\
Row 1: 3♠-Q♦-8♥-J♣-[]-6♣-9♦
Row 2: 7♠-K♦-2♣-X♥-A♣-5♦-9♠
Row 3: K♥-4♦-A♠-8♠-2♥-6♥-4♠
{bottom}
Discard: 7♦-X♠-A♦
Unplayed Cards: Row 3 3♣-Q♣; Row 1 (empty)
C1: Row 1 wins: Row 1's 3♠ matches the field suit ♠, Row 3's K♥ does not
C2: Row 1 wins: both match the field suit ♦ and Row 1's Q♦ outranks Row 3's 4♦
C3: draw: both cards are face-down (Row 3's A♠, Row 1's 8♥), nobody scores
C4: Row 1 wins: neither matches the field suit ♥ and Row 1's J♣ outranks Row 3's 8♠
C5: Row 3 wins: Row 3's 2♥ faces an empty slot
C6: draw: neither matches the field suit ♦ and Row 3's 6♥ and Row 1's 6♣ are of equal rank
C7: Row 3 wins: Row 3's 4♠ matches the field suit ♠, Row 1's 9♦ does not
Final Score: Row 3 2, Row 1 3 - Row 1 wins
Game over: Row 1 won 3 columns to 2."""


def test_golden_final_boards():
    state = E.from_dict(
        make_position(
            "3♠ Q♦ FD:8♥ J♣ [] 6♣ 9♦",
            "7♠ K♦ 2♣ X♥ A♣ 5♦ 9♠",
            "K♥ 4♦ FD:A♠ 8♠ 2♥ 6♥ 4♠",
            ["3♣", "Q♣"],
            [],
            discard=["7♦", "X♠", "A♦"],
            replacements=(0, 3),
        )
    )
    head = "Columns: C1-C2-C3-C4-C5-C6-C7\n"
    done = E.outcome(state)
    assert E.render(state, ROW3, done) == "Masul Player's Hand: 0\n" + head + FINAL_TAIL.format(
        bottom="My Hand: 3♣-Q♣"
    )
    assert E.render(state, ROW1, done) == "Opponent's Hand: 2\n" + head + FINAL_TAIL.format(
        bottom="My Hand: (empty)"
    )
    assert E.render(state, None, done) == "Masul Player's Hand: 0\n" + head + FINAL_TAIL.format(
        bottom="Row 3 Player's Hand: 2"
    )


def test_golden_board_with_a_replacement_cap_and_an_exhausted_seat():
    state = E.from_dict(
        make_position(
            "2♠ 3♠ 4♠ 5♠ 6♠ [] []",
            FIELD,
            "J♣ J♦ J♥ 2♣ 3♦ FD:3♥ 4♣",
            ["2♥", "X♥"],
            ["X♠", "K♠", "A♠"],
            replacements=(0, 1),
            discard=["Q♣"],
            max_field_replacements=2,
        )
    )
    assert E.render(state, ROW3) == (
        "Masul Player's Hand: 3\n"
        "Columns: C1-C2-C3-C4-C5-C6-C7\n"
        "Row 1: 2♠-3♠-4♠-5♠-6♠-[]-[]\n"
        "Row 2: 2♦-Q♦-5♣-K♣-A♣-9♦-4♥\n"
        "Row 3: J♣-J♦-J♥-2♣-3♦-FD-4♣\n"
        "My Hand: 2♥-X♥\n"
        "My Face-Down: C6=3♥\n"
        "Discard: Q♣\n"
        "Field Replacements Left: Row 3 2, Row 1 1\n"
        "Exhausted: Row 3 (row full)\n"
        "Turn: Row 1 (opponent)"
    )
