"""Mystique Maze: connection rule, win check, turn structure, set-ups, options, boards, parser,
hidden information and the AI levels."""

from __future__ import annotations

import itertools
import random

import pytest

from gm.games.base import (
    AmbiguousMoveError,
    GameError,
    IllegalMoveError,
    InvalidStateError,
    MoveCap,
    Outcome,
    ParseError,
)
from gm.games.maze import ENGINE
from gm.games.maze.ai import LEVELS, heuristic_policy
from gm.games.maze.geometry import (
    ALL_CARDS,
    CORNERS,
    connected,
    distance,
    find_cards,
    longest_chain,
    winning_chain,
)

E = ENGINE

# A chain for seat A (1YS ... 5BA): 1YS~1RS~1RM~1BM~2BM~2BC~3BC~4BC~4BA~5BA
CHAIN_A = ["1RS", "1RM", "1BM", "2BM", "2BC", "3BC", "4BC", "4BA"]
# A chain for seat B (1BS ... 5YA)
CHAIN_B = ["2BS", "2RS", "2YS", "2YM", "2YC", "3YC", "4YC", "4YA"]
# Hands that chain nothing for B (no card touches 1BS or 5YA)
HAND_B2 = ["3RS", "3RM", "4RS", "4RM", "5RS", "3YS", "4YS", "4YM"]
HAND_B3 = ["3RS", "3RM", "4RS", "5RM", "5RS", "3YS", "4YS", "4YM"]
# A hand that chains nothing for A
HAND_A8 = [*CHAIN_A[:7], "5YS"]


def make_state(
    hands,
    *,
    pile=(),
    deck=None,
    players=None,
    to_move=0,
    step="draw",
    drawn=None,
    known=None,
    turns=None,
    options=None,
):
    """A valid state with the given hands; the deck holds every other card (canonical order,
    top last) unless given. ``turns`` defaults to the fewest completed turns that fit the cards
    drawn (one deck draw per card gone from the deck) and the seat to move."""
    hands = [list(h) for h in hands]
    players = players or len(hands)
    corners = {c for pair in CORNERS[:players] for c in pair}
    used = corners | {c for h in hands for c in h} | set(pile)
    if deck is None:
        deck = [c for c in ALL_CARDS if c not in used]
    if turns is None:
        start = 60 - 10 * players
        drawn_now = drawn is not None and drawn["from"] == "deck"
        turns = max(start - len(deck) - drawn_now, 1 if pile else 0)
        while turns % players != to_move:
            turns += 1
    state = {
        "game": "maze",
        "rng": {"seed": 7, "n": 0},
        "options": E.options(options or {}),
        "players": players,
        "hands": hands,
        "known": [list(k) for k in (known or [[] for _ in hands])],
        "deck": list(deck),
        "pile": list(pile),
        "to_move": to_move,
        "step": step,
        "drawn": drawn,
        "turns": turns,
        "result": None,
    }
    return E.from_dict(state)


def play(state, seat, text):
    return E.apply(state, seat, E.parse_move(text, state, seat))


def texts(events, viewer=None):
    return [e.for_viewer(viewer) for e in events]


# ---------------------------------------------------------------- connection rule


@pytest.mark.parametrize(
    "a, b",
    [
        ("2BS", "3BS"),  # number, one step
        ("4YC", "5YC"),
        ("2YS", "2RS"),  # colour Yellow - Red
        ("2RS", "2BS"),  # colour Red - Blue
        ("2BS", "2BM"),  # suit Suns - Moons (the seed's own example)
        ("3RM", "3RC"),  # Moons - Crowns
        ("3RC", "3RA"),  # Crowns - Arms
    ],
)
def test_cards_one_step_apart_on_one_line_are_connected(a, b):
    assert connected(a, b) and connected(b, a)


@pytest.mark.parametrize(
    "a, b",
    [
        ("2BS", "2BA"),  # the seed's own example: Suns and Arms are the two ends
        ("1YS", "5YS"),  # numbers do not wrap
        ("2YS", "2BS"),  # Blue is not next to Yellow
        ("2BS", "2BC"),  # two steps on the suit line
        ("1YS", "3YS"),  # two steps on the number line
        ("2BS", "3BM"),  # two characteristics differ
        ("2BS", "2BS"),  # a card is not connected to itself
    ],
)
def test_cards_not_one_step_apart_are_not_connected(a, b):
    assert not connected(a, b)


def test_seed_suit_line_joins_suns_and_arms_but_not_moons_and_crowns():
    assert connected("2BS", "2BA", "seed")
    assert connected("2BS", "2BM", "seed")
    assert not connected("2BM", "2BC", "seed")
    assert not connected("2BS", "2BC", "seed")


def test_each_seats_corners_are_nine_links_apart_with_the_corrected_line():
    for a, b in CORNERS:
        assert distance(a, b, "corrected") == 9
        assert distance(a, b, "seed") == 7


# ---------------------------------------------------------------- card notation


@pytest.mark.parametrize(
    "text, card",
    [
        ("1YS", "1YS"),
        ("3rc", "3RC"),
        ("ace of yellow suns", "1YS"),
        ("ACE OF YELLOW SUN", "1YS"),
        ("2 blue moons", "2BM"),
        ("three of red crowns", "3RC"),
        ("5 of Blue Arms", "5BA"),
        ("discard the 4 of the red moons please", "4RM"),
    ],
)
def test_cards_are_read_as_codes_or_words(text, card):
    assert [c for c, _ in find_cards(text)] == [card]


@pytest.mark.parametrize("text", ["13RC", "6YS", "3GC", "3RX", "RC3", "arms"])
def test_non_cards_are_not_read_as_cards(text):
    assert find_cards(text) == []


# ---------------------------------------------------------------- the win check


def test_a_hand_chaining_both_corners_wins_in_order():
    hand = random.Random(1).sample(CHAIN_A, 8)
    assert winning_chain(hand, CORNERS[0], "corrected") == ["1YS", *CHAIN_A, "5BA"]


def test_seven_chained_cards_and_a_stray_do_not_win():
    hand = [*CHAIN_A[:7], "3YA"]
    assert winning_chain(hand, CORNERS[0], "corrected") is None


def test_eight_chained_cards_that_miss_the_second_corner_do_not_win():
    hand = [*CHAIN_A[:7], "4RC"]  # 4BC~4RC, but 4RC is not next to 5BA
    assert winning_chain(hand, CORNERS[0], "corrected") is None


def test_a_chain_wins_only_between_its_own_corners():
    assert winning_chain(CHAIN_A, CORNERS[1], "corrected") is None
    assert winning_chain(CHAIN_B, CORNERS[1], "corrected") is not None
    assert winning_chain(CHAIN_B, CORNERS[0], "corrected") is None


def test_with_the_seed_line_every_hand_card_must_still_be_used():
    short = ["1YA", "1RA", "1BA", "2BA", "3BA", "4BA"]  # 1YS~1YA: Suns-Arms in the seed line
    assert winning_chain(short, CORNERS[0], "seed") is not None  # 7 links: too short for a hand
    assert winning_chain([*short, "3YC", "4YM"], CORNERS[0], "seed") is None
    detour = ["1YM", "2YM", "2RM", "2BM", "2BS", "2BA", "3BA", "4BA"]
    assert winning_chain(detour, CORNERS[0], "seed") == ["1YS", *detour, "5BA"]
    assert winning_chain(detour, CORNERS[0], "corrected") is None  # 2BS~2BA only in seed line


@pytest.mark.parametrize("order", ["corrected", "seed"])
def test_win_check_agrees_with_brute_force(order):
    rng = random.Random(order)
    for _ in range(150):
        ends = tuple(rng.sample(ALL_CARDS, 2))
        # a random walk keeps some hands connected, so both answers occur
        walk, card = [], ends[0]
        while len(walk) < 6:
            card = rng.choice([c for c in ALL_CARDS if connected(card, c, order)])
            if card not in ends and card not in walk:
                walk.append(card)
        hand = walk if rng.random() < 0.5 else [*walk[:5], rng.choice(ALL_CARDS)]
        if len(set(hand) | set(ends)) != 8:
            continue
        brute = any(
            all(connected(x, y, order) for x, y in itertools.pairwise([ends[0], *p, ends[1]]))
            for p in itertools.permutations(hand)
        )
        found = winning_chain(hand, ends, order)
        assert (found is not None) == brute, (hand, ends)
        if found:
            assert sorted(found[1:-1]) == sorted(hand)
            assert all(connected(x, y, order) for x, y in itertools.pairwise(found))


def test_longest_chain_starts_at_a_corner():
    assert longest_chain(["3YA", *CHAIN_A[:7]], CORNERS[0], "corrected") == ["1YS", *CHAIN_A[:7]]
    assert longest_chain(["4BA", "4BC", "2YM"], CORNERS[0], "corrected") == ["5BA", "4BA", "4BC"]
    assert longest_chain(["3YA", "2YM"], CORNERS[0], "corrected") == []
    assert longest_chain(CHAIN_A, CORNERS[0], "corrected") == ["1YS", *CHAIN_A, "5BA"]


# ---------------------------------------------------------------- winning in play


def test_discarding_into_a_winning_hand_wins_and_shows_the_chain():
    state = make_state([[*CHAIN_A[:7], "3YA"], HAND_B2], pile=["4BA"])
    new, events = play(state, 0, "PILE 3YA")
    assert texts(events) == [
        "A takes 4BA from the pile",
        "A discards 3YA",
        "A wins: 1YS~1RS~1RM~1BM~2BM~2BC~3BC~4BC~4BA~5BA",
    ]
    result = E.outcome(new)
    assert result.winners == [0] and not result.draw and result.termination == "rules"
    assert result.scores == {0: 9, 1: 0}  # A's chain joins both corners; B has no link
    assert result.reason == "A wins with 1YS~1RS~1RM~1BM~2BM~2BC~3BC~4BC~4BA~5BA"
    assert E.to_move(new) is None
    view = E.view(new, 1, result)
    assert view["over"] is True and view["to_move"] is None
    assert view["seats"][0]["known_cards"] == sorted(CHAIN_A, key=ALL_CARDS.index)
    assert view["outcome"]["chain"] == ["1YS", *CHAIN_A, "5BA"]
    assert E.render(new, 1, result).splitlines()[-1] == (
        "Game over: A wins with 1YS~1RS~1RM~1BM~2BM~2BC~3BC~4BC~4BA~5BA."
    )
    # For the lead: moves after the end are refused by the table (GameOver), not the engine.


def test_a_near_winning_hand_does_not_end_the_game():
    state = make_state([[*CHAIN_A[:7], "3YA"], HAND_B2], pile=["4BA"])
    new, events = play(state, 0, "PILE 4BC")  # keeps 3YA: all 8 cards are needed
    assert E.outcome(new) is None and E.to_move(new) == 1
    assert texts(events) == ["A takes 4BA from the pile", "A discards 4BC"]


def test_only_the_seat_whose_turn_ends_is_checked():
    state = make_state([["1RS", "1RM", "2RC", "2BC", "3BC", "4BC", "3YA", "3RA"], CHAIN_B])
    new, _ = play(state, 0, "DRAW DECK")
    new, _ = play(new, 0, "DISCARD 3RA")
    assert E.outcome(new) is None  # B already holds a chain, but it is A's turn that ended
    new, events = play(new, 1, "PILE 3RA")  # B takes the pile card and throws it back
    assert E.outcome(new).winners == [1]
    assert events[-1].text == "B wins: 1BS~2BS~2RS~2YS~2YM~2YC~3YC~4YC~4YA~5YA"


# ---------------------------------------------------------------- turn structure


def test_first_turn_must_draw_from_the_deck():
    state = E.new_state(3, E.options({}), 2)
    assert E.legal_moves(state, 0) == [("draw", "deck")]
    for text in ["DRAW PILE", "take from the discard pile", f"PILE {state['hands'][0][0]}"]:
        with pytest.raises(IllegalMoveError) as info:
            E.parse_move(text, state, 0)
        assert info.value.rule == "empty-pile"
        assert "DRAW DECK" in info.value.hint
    assert E.parse_move("draw", state, 0) == ("draw", "deck")


def test_drawing_from_the_deck_then_discarding():
    state = make_state([CHAIN_A, CHAIN_B], deck=None)
    top = state["deck"][-1]
    new, events = play(state, 0, "DRAW DECK")
    assert events[0].text == "A draws from the deck"
    assert events[0].for_viewer(0) == f"A draws {top} from the deck"
    assert events[0].for_viewer(1) == "A draws from the deck"
    assert new["step"] == "discard" and top in new["hands"][0]
    assert E.legal_moves(new, 0) == [
        ("discard", c) for c in sorted(new["hands"][0], key=ALL_CARDS.index)
    ]
    done, events = play(new, 0, "DISCARD 1RS")
    assert texts(events) == ["A discards 1RS"]
    assert done["pile"] == ["1RS"] and E.to_move(done) == 1 and done["step"] == "draw"


def test_drawing_from_the_pile_is_public_then_discarding():
    state = make_state([HAND_A8, HAND_B2], pile=["3YA"], to_move=1)
    new, events = play(state, 1, "DRAW PILE")
    assert texts(events) == ["B takes 3YA from the pile"]
    assert E.legal_moves(new, 1)[:2] == [("discard", "3YS"), ("discard", "3YA")]
    done, _ = play(new, 1, "discard 3YA")  # throwing the taken card back is allowed by default
    assert done["pile"] == ["3YA"] and E.to_move(done) == 0


def test_discarding_a_card_not_in_hand_is_refused():
    state = play(make_state([CHAIN_A, HAND_B2], pile=["3YA"]), 0, "DRAW DECK")[0]
    with pytest.raises(IllegalMoveError) as info:
        E.parse_move("DISCARD 1YM", state, 0)
    assert info.value.rule == "not-in-hand"
    assert "1YM" in info.value.reason and "DISCARD 1RS" in info.value.hint
    with pytest.raises(IllegalMoveError) as info:
        E.parse_move("PILE 1YM", make_state([CHAIN_A, HAND_B2], pile=["3YA"]), 0)
    assert info.value.rule == "not-in-hand"


def test_discarding_before_drawing_is_refused():
    state = make_state([CHAIN_A, HAND_B2], pile=["3YA"])
    with pytest.raises(IllegalMoveError) as info:
        E.parse_move("DISCARD 1RS", state, 0)
    assert info.value.rule == "draw-first"


def test_drawing_twice_is_refused():
    state = play(make_state([CHAIN_A, HAND_B2], pile=["3YA"]), 0, "DRAW DECK")[0]
    for text in ["DRAW DECK", "DRAW PILE", "PILE 1RS"]:
        with pytest.raises(IllegalMoveError) as info:
            E.parse_move(text, state, 0)
        assert info.value.rule == "one-draw"


def test_deck_card_must_be_seen_before_discarding():
    state = make_state([CHAIN_A, HAND_B2], pile=["3YA"])
    with pytest.raises(IllegalMoveError) as info:
        E.parse_move("DRAW DECK DISCARD 1RS", state, 0)
    assert info.value.rule == "look-first"


def test_only_the_top_pile_card_can_be_taken():
    state = make_state([CHAIN_A, HAND_B2], pile=["5RC", "3YA"])
    assert E.parse_move("take 3YA", state, 0) == ("draw", "pile")
    with pytest.raises(IllegalMoveError) as info:
        E.parse_move("take 5RC", state, 0)
    assert info.value.rule == "pile-top-only"


# For the lead: a move by a seat that is not to move is refused by the table (NotYourTurn);
# Maze has no blocked() reason of its own.


def test_the_pile_card_may_be_thrown_back_unless_the_option_forbids_it():
    hands = [CHAIN_A, HAND_B2]
    state = make_state(hands, pile=["3YA"])
    assert ("pile", "3YA") in E.legal_moves(state, 0)
    assert E.parse_move("PILE 3YA", state, 0) == ("pile", "3YA")
    strict = make_state(hands, pile=["3YA"], options={"forbid_immediate_rediscard": True})
    assert ("pile", "3YA") not in E.legal_moves(strict, 0)
    with pytest.raises(IllegalMoveError) as info:
        E.parse_move("PILE 3YA", strict, 0)
    assert info.value.rule == "no-rediscard"
    taken = play(strict, 0, "DRAW PILE")[0]
    assert ("discard", "3YA") not in E.legal_moves(taken, 0)
    with pytest.raises(IllegalMoveError) as info:
        E.parse_move("DISCARD 3YA", taken, 0)
    assert info.value.rule == "no-rediscard"
    drew = play(strict, 0, "DRAW DECK")[0]  # a card drawn from the deck may go straight back
    card = drew["drawn"]["card"]
    assert E.parse_move(f"DISCARD {card}", drew, 0) == ("discard", card)


# ---------------------------------------------------------------- reshuffle


def _last_deck_card_state():
    rest = [c for c in ALL_CARDS if c not in {*CHAIN_A, *HAND_B2, "1YS", "5BA", "1BS", "5YA"}]
    rest.remove("5YS")  # the last deck card: it does not help A
    return make_state([CHAIN_A, HAND_B2], deck=["5YS"], pile=rest)


def test_when_the_deck_runs_out_the_pile_but_its_top_becomes_the_new_deck():
    state = _last_deck_card_state()
    old_pile = list(state["pile"])
    drew, _ = play(state, 0, "DRAW DECK")
    assert drew["deck"] == [] and E.to_move(drew) == 0  # the turn finishes first
    new, events = play(drew, 0, "DISCARD 1RS")
    assert new["pile"] == ["1RS"]
    assert sorted(new["deck"]) == sorted(old_pile) and new["deck"] != old_pile
    assert events[-1].kind == "reshuffle"
    assert events[-1].text == (
        "The drawing deck ran out: 39 discards are shuffled into a new deck; 1RS stays on the pile."
    )
    again, _ = play(drew, 0, "DISCARD 1RS")
    assert again["deck"] == new["deck"]  # the shuffle comes from the seed: replays agree
    other = dict(drew, rng={"seed": 8, "n": drew["rng"]["n"]})
    assert play(other, 0, "DISCARD 1RS")[0]["deck"] != new["deck"]


def test_winning_with_the_last_deck_card_ends_the_game_with_an_empty_deck():
    """The turn ends in a win before any reshuffle, so a finished game may hold an empty deck
    (and its stored state must load again)."""
    hand = [*CHAIN_A[:7], "3YA"]
    rest = [c for c in ALL_CARDS if c not in {*hand, *HAND_B2, CHAIN_A[7], *CORNERS[0]}]
    rest = [c for c in rest if c not in CORNERS[1]]
    state = make_state([hand, HAND_B2], deck=[CHAIN_A[7]], pile=rest)
    drew, _ = play(state, 0, "DRAW DECK")
    new, events = play(drew, 0, "DISCARD 3YA")
    assert new["deck"] == [] and E.outcome(new).winners == [0]
    assert [e.kind for e in events][-1] == "end"  # no reshuffle after the win
    assert E.from_dict(E.to_dict(new)) == new


def test_no_reshuffle_while_the_deck_has_cards():
    state = make_state([CHAIN_A, HAND_B2], pile=["3YA"])
    new, events = play(state, 0, "PILE 1RS")
    assert [e.kind for e in events] == ["move", "move"] and new["pile"] == ["1RS"]
    assert len(new["deck"]) == len(state["deck"])


# ---------------------------------------------------------------- set-ups and options


@pytest.mark.parametrize("players, deck_size", [(2, 40), (3, 30), (4, 20)])
def test_setup_removes_only_the_corners_in_play(players, deck_size):
    state = E.new_state(11, E.options({}), players)
    in_play = {c for pair in CORNERS[:players] for c in pair}
    left = {c for pair in CORNERS[players:] for c in pair}
    cards = [c for h in state["hands"] for c in h] + state["deck"]
    assert len(state["hands"]) == players and all(len(h) == 8 for h in state["hands"])
    assert len(state["deck"]) == deck_size and state["pile"] == []
    assert not in_play & set(cards) and left <= set(cards)
    assert len(set(cards)) == len(cards) == 60 - 2 * players
    assert E.to_move(state) == 0 and state["step"] == "draw" and state["rng"]["n"] == 0
    assert E.new_state(11, E.options({}), players) == state
    assert E.new_state(12, E.options({}), players)["hands"] != state["hands"]


def test_player_count_outside_two_to_four_is_refused():
    for players in (1, 5):
        with pytest.raises(ValueError):
            E.new_state(1, E.options({}), players)


def test_suit_order_option_changes_the_maze():
    hand = ["1YM", "2YM", "2RM", "2BM", "2BS", "2BA", "3BA", "4BA"]
    for order, wins in [("corrected", False), ("seed", True)]:
        state = make_state([hand, HAND_B2], pile=["3YA"], options={"suit_order": order})
        new, _ = play(state, 0, "PILE 3YA")
        assert (E.outcome(new) is not None) == wins
    seed = make_state([hand, HAND_B2], options={"suit_order": "seed"})
    assert "suit line Moons-Suns-Arms-Crowns" in E.render(seed, None)
    assert E.options({})["suit_order"] == "corrected"
    with pytest.raises(ValueError):
        E.options({"suit_order": "alphabetical"})


def test_turn_cap_is_the_frameworks_move_cap_in_turns():
    assert E.info.cap == MoveCap("turn_cap", "turns", counter="turns") and E.info.max_plies is None
    assert E.options({})["turn_cap"] == 400
    assert E.options({"turn_cap": 1000})["turn_cap"] == 1000
    for bad in (0, 1001):
        with pytest.raises(ValueError):
            E.options({"turn_cap": bad})
    state = E.new_state(5, E.options({"turn_cap": 2}), 2)
    state, _ = play(state, 0, "DRAW DECK")
    state, _ = play(state, 0, f"DISCARD {state['hands'][0][0]}")
    card = state["hands"][1][0]
    state, events = play(state, 1, f"PILE {card}")
    # The engine does not end the game at the cap: the table does (termination "move-cap").
    assert E.outcome(state) is None and E.to_move(state) == 0 and state["turns"] == 2
    assert E.from_dict(E.to_dict(state)) == state  # a state at the cap is valid
    reason = "turn cap reached: 2 turns without a winner"
    capped = Outcome([], True, reason, E.scores(state), termination="move-cap")
    board = E.render(state, 0, capped).splitlines()
    assert board[0].startswith("Mystique Maze - 2 seats - over after 2 turns")
    assert board[-1] == "Game over: turn cap reached: 2 turns without a winner."
    assert not any("to move" in line for line in board)


def test_scores_count_the_links_of_each_seats_longest_chain():
    state = make_state(
        [[*CHAIN_A[:7], "3YA"], ["4YA", "4YC", "3RS", "3RM", "4RS", "5RS", "3YS", "4YM"]]
    )
    assert E.scores(state) == {0: 7, 1: 3}  # 1YS~1RS~...~4BC; 5YA~4YA~4YC~4YM
    drew = play(make_state([CHAIN_A, HAND_B2]), 0, "DRAW DECK")[0]  # A holds 9 cards
    assert E.scores(drew) == {0: 9, 1: 0}  # its best 8 chain both corners


def test_chain_hint_is_optional_and_private():
    state = make_state([CHAIN_A, CHAIN_B], options={"show_chain_hint": False})
    assert "chain_hint" not in E.view(state, 0) and "Best chain" not in E.render(state, 0)
    state = make_state([CHAIN_A, CHAIN_B])
    assert E.view(state, 0)["chain_hint"] == ["1YS", *CHAIN_A, "5BA"]
    assert "chain_hint" not in E.view(state, None)


# ---------------------------------------------------------------- boards and views

HAND_A = ["1RS", "1RM", "1BM", "2BM", "2BC", "3BC", "4BC", "3YA", "2YM"]
HAND_B = ["1YM", "2RS", "2RM", "3RC", "3BS", "4YA", "4BA", "5RM"]


def _golden_state():
    return make_state(
        [HAND_A, HAND_B],
        pile=["4RC", "2YS"],
        step="discard",
        drawn={"card": "2YM", "from": "deck"},
        known=[[], ["2RM"]],
        turns=4,
    )


def test_board_for_the_seat_to_move():
    assert E.render(_golden_state(), 0) == (
        "Mystique Maze - 2 seats - turn 5 of 400 - suit line Suns-Moons-Crowns-Arms\n"
        "> A  corners 1YS 5BA  hand 9\n"
        "  B  corners 1BS 5YA  hand 8  known 2RM\n"
        "Pile: 2YS on top, 2 cards  |  Deck: 37 cards\n"
        "A to move: discard (drew 2YM from the deck)\n"
        "Your hand (A): 1RS 1RM 1BM 2YM 2BM 2BC 3YA 3BC 4BC\n"
        "Best chain from a corner: 1YS~1RS~1RM~1BM~2BM~2BC~3BC~4BC (7 of 8 cards)"
    )


def test_board_for_the_other_seat():
    assert E.render(_golden_state(), 1) == (
        "Mystique Maze - 2 seats - turn 5 of 400 - suit line Suns-Moons-Crowns-Arms\n"
        "> A  corners 1YS 5BA  hand 9\n"
        "  B  corners 1BS 5YA  hand 8  known 2RM\n"
        "Pile: 2YS on top, 2 cards  |  Deck: 37 cards\n"
        "A to move: discard (drew from the deck)\n"
        "Your hand (B): 1YM 2RS 2RM 3RC 3BS 4YA 4BA 5RM\n"
        "Best chain from a corner: 5YA~4YA (1 of 8 cards)"
    )


def test_board_for_a_spectator():
    assert E.render(_golden_state(), None) == (
        "Mystique Maze - 2 seats - turn 5 of 400 - suit line Suns-Moons-Crowns-Arms\n"
        "> A  corners 1YS 5BA  hand 9\n"
        "  B  corners 1BS 5YA  hand 8  known 2RM\n"
        "Pile: 2YS on top, 2 cards  |  Deck: 37 cards\n"
        "A to move: discard (drew from the deck)\n"
        "Spectator: hands are hidden."
    )


def test_board_of_a_four_seat_game_at_its_start():
    state = E.new_state(2, E.options({"show_chain_hint": False}), 4)
    board = E.render(state, 3)
    assert board.splitlines()[:7] == [
        "Mystique Maze - 4 seats - turn 1 of 400 - suit line Suns-Moons-Crowns-Arms",
        "> A  corners 1YS 5BA  hand 8",
        "  B  corners 1BS 5YA  hand 8",
        "  C  corners 1BA 5YS  hand 8",
        "  D  corners 1YA 5BS  hand 8",
        "Pile: empty  |  Deck: 20 cards",
        "A to move: draw (DRAW DECK)",
    ]
    assert board.splitlines()[7] == "Your hand (D): " + " ".join(
        sorted(state["hands"][3], key=ALL_CARDS.index)
    )


def test_view_shows_own_hand_and_only_sizes_of_others():
    state = _golden_state()
    view = E.view(state, 1)
    assert view["hand"] == HAND_B
    assert [s["hand_size"] for s in view["seats"]] == [9, 8]
    assert view["drawn"] == {"from": "deck", "card": None}
    assert E.view(state, 0)["drawn"] == {"from": "deck", "card": "2YM"}
    assert view["pile_top"] == "2YS" and view["deck_size"] == 37
    assert view["to_move"] == "a" and view["step"] == "discard"
    assert E.view(state, None)["hand"] is None


def test_hidden_tokens_follow_what_each_seat_has_seen():
    state = _golden_state()
    assert E.hidden_tokens(state, 1) == set(state["deck"]) | set(HAND_A)
    assert E.hidden_tokens(state, 0) == set(state["deck"]) | (set(HAND_B) - {"2RM"})
    assert E.hidden_tokens(state, None) == set(state["deck"]) | set(HAND_A) | set(HAND_B) - {"2RM"}
    after = play(state, 0, "DISCARD 2YM")[0]
    assert "2YM" not in E.hidden_tokens(after, 1)  # discarded face up


# ---------------------------------------------------------------- parser


@pytest.mark.parametrize(
    "text, move",
    [
        ("DRAW DECK", ("draw", "deck")),
        ("draw from the deck", ("draw", "deck")),
        ("deck", ("draw", "deck")),
        ("DRAW PILE", ("draw", "pile")),
        ("take the top card of the discard pile", ("draw", "pile")),
        ("take 3ya", ("draw", "pile")),
        ("3YA", ("draw", "pile")),
        ("pile 1rs", ("pile", "1RS")),
        ("1RS pile", ("pile", "1RS")),
        ("take from the pile and discard the ace of red suns", ("pile", "1RS")),
        ("take 3YA, discard 1RS", ("pile", "1RS")),
        ("PILE 3YA", ("pile", "3YA")),
    ],
)
def test_draw_step_notation_variants(text, move):
    state = make_state([CHAIN_A, HAND_B2], pile=["3YA"])
    assert E.parse_move(text, state, 0) == move


@pytest.mark.parametrize(
    "text", ["DISCARD 2BM", "discard 2bm", "2 blue moons", "throw away the two of blue moons"]
)
def test_discard_step_notation_variants(text):
    state = play(make_state([CHAIN_A, HAND_B2], pile=["3YA"]), 0, "DRAW DECK")[0]
    assert E.parse_move(text, state, 0) == ("discard", "2BM")


@pytest.mark.parametrize(
    "text", ["draw", "Draw", "draw a card", "draw from the deck", "DRAW DECK", "deck", "I draw"]
)
def test_draw_means_the_drawing_deck_after_the_first_turn(text):
    state = make_state([CHAIN_A, HAND_B2], pile=["3YA"])
    assert state["turns"] > 0
    assert E.parse_move(text, state, 0) == ("draw", "deck")


@pytest.mark.parametrize(
    "text, move",
    [
        ("pile", ("draw", "pile")),
        ("pick up", ("draw", "pile")),
        ("pick up the card", ("draw", "pile")),
        ("pick up 3YA", ("draw", "pile")),
        ("take the pile", ("draw", "pile")),
        ("DRAW PILE", ("draw", "pile")),
        ("draw from the discard pile", ("draw", "pile")),
        ("PILE 1RS", ("pile", "1RS")),
        ("pick up and discard 1RS", ("pile", "1RS")),
    ],
)
def test_the_pile_is_taken_with_pile_or_pick_up_after_the_first_turn(text, move):
    state = make_state([CHAIN_A, HAND_B2], pile=["3YA"])
    assert E.parse_move(text, state, 0) == move


def test_a_bare_take_still_asks_which_one():
    state = make_state([CHAIN_A, HAND_B2], pile=["3YA"])
    with pytest.raises(AmbiguousMoveError) as info:
        E.parse_move("take a card", state, 0)
    assert info.value.candidates == ["DRAW DECK", "DRAW PILE"]


def test_pick_up_on_the_first_turn_names_the_empty_pile():
    state = E.new_state(3, E.options({}), 2)
    for text in ["pick up", "pile", "take the pile"]:
        with pytest.raises(IllegalMoveError) as info:
            E.parse_move(text, state, 0)
        assert info.value.rule == "empty-pile"


def test_hints_say_what_to_do_without_listing_every_legal_move():
    # The front ends add "Legal now: ..." themselves; the engine's hint must not repeat it.
    state = make_state([CHAIN_A, HAND_B2], pile=["3YA"])
    drew = play(state, 0, "DRAW DECK")[0]
    for where, text in [(state, "DISCARD 1RS"), (drew, "DRAW DECK"), (drew, "DISCARD 1YM")]:
        with pytest.raises(IllegalMoveError) as info:
            E.parse_move(text, where, 0)
        assert "Legal now" not in info.value.hint and "Legal now" not in info.value.reason


@pytest.mark.parametrize("text", ["", "xyzzy", "hello there", "7XQ"])
def test_garbage_is_a_parse_error_quoting_the_text(text):
    state = make_state([CHAIN_A, HAND_B2], pile=["3YA"])
    with pytest.raises(ParseError) as info:
        E.parse_move(text, state, 0)
    assert repr(text) in info.value.reason and "DRAW DECK" in info.value.hint


def test_every_legal_move_reads_back_from_its_text():
    state = make_state([CHAIN_A, HAND_B2], pile=["3YA"])
    for move in E.legal_moves(state, 0):
        assert E.parse_move(E.render_move(move), state, 0) == move
    assert [E.render_move(m) for m in E.legal_moves(state, 0)[:3]] == [
        "DRAW DECK",
        "DRAW PILE",
        "PILE 1RS",
    ]


# ---------------------------------------------------------------- storage


def test_from_dict_rejects_broken_states():
    good = make_state([CHAIN_A, HAND_B2], pile=["3YA"])
    assert E.from_dict(E.to_dict(good)) == good
    doubled = E.to_dict(good)
    doubled["hands"][1][0] = "1RS"  # also in A's hand
    short = E.to_dict(good)
    short["deck"].append(short["hands"][0].pop())
    unknown = E.to_dict(good)
    unknown["pile"] = ["9ZZ"]
    stranger = E.to_dict(good)
    stranger["known"][1] = ["1RS"]
    for bad in (doubled, short, unknown, stranger, {"game": "masul"}):
        with pytest.raises(InvalidStateError):
            E.from_dict(bad)


def test_rules_text_explains_the_corrected_suit_line():
    text = E.rules_text()
    assert "Suns - Moons - Crowns - Arms" in text and "suit_order: seed" in text
    assert "PILE 3RC" in text and "DRAW DECK" in text


# ---------------------------------------------------------------- AI


def _play_ai(seed, policies, players=2):
    state = E.new_state(seed, E.options({}), players)
    rng = random.Random(seed)
    while (seat := E.to_move(state)) is not None:
        legal = E.legal_moves(state, seat)
        move = policies[seat](E, E.view(state, seat), seat, legal, rng)
        assert move in legal
        state, _ = E.apply(state, seat, move)
    return E.outcome(state)


def test_ai_levels_are_listed_weakest_first():
    assert list(LEVELS) == ["random", "heuristic", "strong"]


def test_heuristic_takes_a_winning_pile_card():
    state = make_state([[*CHAIN_A[:7], "3YA"], HAND_B2], pile=["4BA"])
    move = heuristic_policy(E, E.view(state, 0), 0, E.legal_moves(state, 0), random.Random(0))
    assert move == ("pile", "3YA")


def test_heuristic_discards_the_card_that_completes_a_win():
    state = make_state([[*CHAIN_A[:7], "3YA"], HAND_B2], pile=["4BA"])
    state = play(state, 0, "DRAW PILE")[0]
    move = heuristic_policy(E, E.view(state, 0), 0, E.legal_moves(state, 0), random.Random(0))
    assert move == ("discard", "3YA")


def test_heuristic_keeps_the_cards_of_its_chain():
    state = make_state([[*CHAIN_A[:6], "3YA", "5YS"], HAND_B3], pile=["4RM"])
    state = play(state, 0, "DRAW PILE")[0]
    for seed in range(5):
        legal = E.legal_moves(state, 0)
        move = heuristic_policy(E, E.view(state, 0), 0, legal, random.Random(seed))
        assert move[1] in ("3YA", "5YS", "4RM")


@pytest.mark.slow
def test_heuristic_wins_most_two_seat_games_against_random():
    wins = 0
    games = 300
    for seed in range(games):
        me = seed % 2
        policies = [LEVELS["random"], LEVELS["random"]]
        policies[me] = LEVELS["heuristic"]
        wins += _play_ai(seed, policies).winners == [me]
    assert wins / games >= 0.8, wins


# ---------------------------------------------------------------- references as people make them

# B drew 5BS from the deck; hand 1RS 2YS 2RC 3YS 3YM 3RA 5YC 5RM 5BS (pile 5YM)
REF_HAND = ["1RS", "2YS", "2RC", "3YS", "3YM", "3RA", "5YC", "5RM"]
REF_A = ["1RM", "1BM", "2BM", "2BC", "3BC", "4BC", "4BA", "4YS"]


def _ref_discard(**options):
    return make_state(
        [REF_A, [*REF_HAND, "5BS"]],
        pile=["5YM"],
        to_move=1,
        step="discard",
        drawn={"card": "5BS", "from": "deck"},
        options=options,
    )


def _ref_draw():
    return make_state([REF_A, REF_HAND], pile=["5YM"], to_move=1)


@pytest.mark.parametrize(
    "text, move",
    [
        ("get rid of the three of yellow moons", "DISCARD 3YM"),  # issue: "already drawn"
        ("discard the card I just drew", "DISCARD 5BS"),
        ("throw away what I drew", "DISCARD 5BS"),
        ("keep the drawn card and discard the 3 of red arms", "DISCARD 3RA"),
        ("discrad 5rm", "DISCARD 5RM"),
        ("discard my second card", "DISCARD 2YS"),
        ("the last card in my hand, discard it", "DISCARD 5BS"),
        ("toss my blue sun!", "DISCARD 5BS"),
        ("drop my ace", "DISCARD 1RS"),
        ("discard card number four", "DISCARD 3YS"),
    ],
)
def test_discard_references_resolve_against_the_hand(text, move):
    state = _ref_discard()
    assert E.render_move(E.parse_move(text, state, 1)) == move


@pytest.mark.parametrize(
    "text, move",
    [
        ("draww", "DRAW DECK"),
        ("take the yellow moon", "DRAW PILE"),
        ("take the pile card and discard my red moon", "PILE 5RM"),
        ("pick up the 5 of yellow moons and get rid of my first card", "PILE 1RS"),
    ],
)
def test_draw_step_references(text, move):
    assert E.render_move(E.parse_move(text, _ref_draw(), 1)) == move


def test_a_reference_that_fits_several_cards_asks_back_with_those_only():
    with pytest.raises(AmbiguousMoveError) as info:
        E.parse_move("discard a three", _ref_discard(), 1)  # "a" is no card
    assert info.value.candidates == ["DISCARD 3YS", "DISCARD 3YM", "DISCARD 3RA"]
    with pytest.raises(AmbiguousMoveError) as info:
        E.parse_move("take the pile and discard my yellow one", _ref_draw(), 1)
    assert len(info.value.candidates) <= 5
    assert all(c.startswith("PILE ") for c in info.value.candidates)


def test_references_that_fit_no_card_of_the_hand_are_refused_not_guessed():
    state = _ref_discard()
    for text, why in [
        ("discard my blue moon", "You hold no blue moon."),
        ("discard my ninth card and my tenth card", None),
        ("discard the 1YS", "You do not hold 1YS; discard a card from your hand."),
    ]:
        with pytest.raises(GameError) as info:
            E.parse_move(text, state, 1)
        assert why is None or info.value.reason == why
    with pytest.raises(IllegalMoveError) as info:
        E.parse_move("discard my tenth card", state, 1)
    assert info.value.rule == "not-in-hand" and "9 cards" in info.value.reason
    # before drawing, "the card I drew" names nothing: refused, never read as DRAW DECK
    with pytest.raises(IllegalMoveError) as info:
        E.parse_move("discard the card I just drew", _ref_draw(), 1)
    assert info.value.rule == "draw-first"
    with pytest.raises(IllegalMoveError) as info:
        E.parse_move("take the blue moon", _ref_draw(), 1)
    assert info.value.reason == "The top card of the discard pile is 5YM, not a blue moon."


def test_the_drawn_card_taken_from_the_pile_obeys_the_rediscard_option():
    state = make_state(
        [REF_A, [*REF_HAND, "5YM"]],
        to_move=1,
        step="discard",
        drawn={"card": "5YM", "from": "pile"},
        known=[[], ["5YM"]],
        options={"forbid_immediate_rediscard": True},
    )
    with pytest.raises(IllegalMoveError) as info:
        E.parse_move("discard what I just took", state, 1)
    assert info.value.rule == "no-rediscard"
    # "my yellow moons" fits 3YM and the banned 5YM: only the legal one is played
    assert E.parse_move("discard my yellow moon", state, 1) == ("discard", "3YM")
