"""So-Lon-Yo: values, roles, deals, scoring options, notation, boards and AI. Positions are built
by hand with ``table`` (all 52 cards placed, so they are valid states)."""

from __future__ import annotations

import json
import random

import pytest

from gm.games.base import AmbiguousMoveError, IllegalMoveError, InvalidStateError, ParseError
from gm.games.policies import random_policy
from gm.games.solonyo import DECK, ENGINE, value
from gm.games.solonyo.ai import LEVELS

P1, P2 = 0, 1
LAST = "P1 picks 2 → K♦(11) beats 8♣(8): +11 → P1 51. P1 stays defiant. (Not picked: 3♠ 7♥.)"
LAST_CARDS = ["8♣", "3♠", "K♦", "7♥"]


def table(challenger, mine, defiant=P1, scores=(0, 0), deck=None, last=None, last_cards=(),
          rnd=None, **opts):  # fmt: skip
    """A round in progress, a reachable state. ``deck`` is the face-down deck (next card last);
    every other card not on the table is in the discard, the last comparison's four cards last.
    The round follows from the deck's size (4 cards a round, a reshuffle every 13 rounds), or the
    deck (free cards in pack order) from ``rnd`` (default 7)."""
    used = [challenger, *mine]
    assert not set(used) & set(last_cards), "the last comparison's cards are in the discard"
    free = [c for c in DECK if c not in used and c not in last_cards]
    if rnd is None:
        rnd = 7 if deck is None else 1 + (48 - len(deck)) // 4
    if deck is None:
        deck = free[: 48 - 4 * ((rnd - 1) % 13)]
    discard = [c for c in free if c not in deck]
    if rnd > 1 and not last_cards:  # some earlier comparison
        last_cards = discard[-4:] if discard else deck[:4]
        last = last or "(an earlier round)"
    discard = [c for c in discard if c not in last_cards] + list(last_cards)
    if len(discard) > 4 * ((rnd - 1) % 13):  # the last comparison was reshuffled into the deck
        discard = []
    state = {
        "game": "solonyo",
        "rng": {"seed": 1, "n": 1 + (rnd - 1) // 13},
        "options": ENGINE.options(opts),
        "deck": list(deck),
        "discard": discard,
        "defiant": defiant,
        "round": rnd,
        "challenger_card": challenger,
        "defiant_cards": list(mine),
        "scores": list(scores),
        "last": last,
        "last_cards": list(last_cards),
        "result": None,
    }
    ENGINE.validate(state)
    return state


def pick(state, text, seat=None):
    seat = state["defiant"] if seat is None else seat
    return ENGINE.apply(state, seat, ENGINE.parse_move(text, state, seat))


def illegal(state, text, seat=None) -> IllegalMoveError:
    seat = state["defiant"] if seat is None else seat
    with pytest.raises(IllegalMoveError) as info:
        ENGINE.parse_move(text, state, seat)
    return info.value


# ---------------------------------------------------------------- values


@pytest.mark.parametrize(
    "card, other, expected",
    [
        ("2♣", "K♦", 2), ("10♥", "3♣", 10), ("J♠", "5♦", 11), ("Q♦", "A♣", 11), ("K♣", "K♦", 11),
        ("A♥", "K♠", 12), ("A♥", "J♣", 12), ("A♥", "Q♦", 12),
        ("A♥", "10♠", 1), ("A♥", "2♠", 1), ("A♥", "A♠", 1),
    ],
)  # fmt: skip
def test_card_values(card, other, expected):
    assert value(card, other) == expected


# ---------------------------------------------------------------- comparisons and roles


def test_a_higher_card_scores_its_value_and_the_defiant_stays():
    state = table("9♣", ["3♠", "K♦", "7♥"], scores=(40, 30))
    new, events = pick(state, "PICK 2")
    assert events[0].text == (
        "P1 picks 2 → K♦(11) beats 9♣(9): +11 → P1 51. P1 stays defiant. (Not picked: 3♠ 7♥.)"
    )
    assert new["scores"] == [51, 30] and ENGINE.to_move(new) == P1
    assert new["round"] == 8 and len(new["defiant_cards"]) == 3
    assert events[1].text.startswith("Round 8: P2 (challenger) gets ")


def test_an_ace_is_twelve_against_a_face_card_and_one_otherwise():
    state = table("K♠", ["A♥", "5♠", "Q♦"], scores=(40, 30))
    new, events = pick(state, "1")
    assert events[0].text.startswith("P1 picks 1 → A♥(12 vs K) beats K♠(11): +12 → P1 52.")
    low = table("9♣", ["A♥", "5♠", "Q♦"], scores=(40, 30))
    new, events = pick(low, "1")
    assert "A♥(1) loses to 9♣(9)" in events[0].text and new["defiant"] == P2
    # the challenger's ace beats the defiant's face card
    new, events = pick(table("A♣", ["K♥", "5♠", "Q♦"]), "1")
    assert "K♥(11) loses to A♣(12 vs K)" in events[0].text and new["defiant"] == P2


def test_a_tie_is_dealt_again_with_no_points_and_the_same_roles():
    state = table("K♠", ["Q♥", "5♠", "7♦"], defiant=P2, scores=(10, 20))
    new, events = pick(state, "PICK 1")
    assert events[0].text.startswith("P2 picks 1 → Q♥(11) ties K♠(11): no points; fresh deal")
    assert new["scores"] == [10, 20] and new["defiant"] == P2 and ENGINE.to_move(new) == P2
    assert new["round"] == 8 and new["challenger_card"] not in ("K♠", "Q♥", "5♠", "7♦")
    aces = table("A♠", ["A♥", "5♠", "7♦"])
    assert "ties" in pick(aces, "1")[1][0].text  # ace against ace: 1 against 1


def test_a_lower_card_swaps_the_roles():
    state = table("9♣", ["3♠", "K♦", "7♥"], scores=(40, 30))
    new, events = pick(state, "PICK 1")
    assert "3♠(3) loses to 9♣(9): no points; roles swap, P2 is now defiant." in events[0].text
    assert new["defiant"] == P2 and new["scores"] == [40, 30]
    assert ENGINE.to_move(new) == P2
    assert events[1].text.startswith("Round 8: P1 (challenger) gets ")


def test_only_the_defiant_moves_and_it_always_has_three_picks():
    state = table("9♣", ["3♠", "K♦", "7♥"])
    assert ENGINE.to_move(state) == P1
    assert ENGINE.legal_moves(state, P1) == [("pick", 1), ("pick", 2), ("pick", 3)]
    # For the lead: the challenger (not to move) is refused by the table (NotYourTurn) now; the
    # engine used to say "You are the challenger this round and have no decision ...".


@pytest.mark.parametrize(
    "scoring, points", [("card", 11), ("difference", 11 - 4), ("challenger_card", 4)]
)
def test_scoring_options(scoring, points):
    state = table("4♣", ["3♠", "K♦", "7♥"], scores=(40, 30), scoring=scoring, rnd=20)
    new, events = pick(state, "PICK 2")
    assert (
        new["scores"] == [40 + points, 30] and f": +{points} → P1 {40 + points}." in events[0].text
    )
    with pytest.raises(ValueError):
        ENGINE.options({"scoring": "double"})


# ---------------------------------------------------------------- dealing


def test_new_game_deals_one_card_to_the_challenger_and_three_to_p1():
    state = ENGINE.new_state(9, ENGINE.options({}), 2)
    assert ENGINE.to_move(state) == P1 and state["round"] == 1
    assert len(state["deck"]) == 48 and len(state["defiant_cards"]) == 3
    assert state == ENGINE.new_state(9, ENGINE.options({}), 2)
    assert state["deck"] != ENGINE.new_state(10, ENGINE.options({}), 2)["deck"]


def test_rounds_deal_from_the_deck_in_order():
    deck = [c for c in DECK if c not in ("9♣", "3♠", "K♦", "7♥")]
    deck = [c for c in deck if c not in ("2♣", "5♦", "6♦", "J♥")] + ["J♥", "6♦", "5♦", "2♣"]
    new, _ = pick(table("9♣", ["3♠", "K♦", "7♥"], deck=deck), "2")
    assert new["challenger_card"] == "2♣" and new["defiant_cards"] == ["5♦", "6♦", "J♥"]
    assert len(new["deck"]) == len(deck) - 4 and len(new["discard"]) == 52 - len(new["deck"]) - 4


def test_reshuffle_when_fewer_than_four_cards_are_left():
    state = table("9♣", ["3♠", "K♦", "7♥"], deck=[])  # 13 rounds have emptied the deck
    assert state["round"] == 13
    new, events = pick(state, "2")
    assert events[1].text == "Fewer than 4 cards left: all 52 cards are reshuffled."
    assert len(new["deck"]) == 48 and new["discard"] == [] and new["round"] == 14
    assert new["rng"]["n"] == state["rng"]["n"] + 1
    assert ENGINE.from_dict(new) == new
    again, _ = pick(state, "2")
    assert again == new  # the reshuffle is seeded by the state, not by chance
    # exactly four left: no reshuffle yet, the round is dealt from them
    four = table("9♣", ["3♠", "K♦", "7♥"], deck=["2♣", "5♦", "6♦", "J♥"])
    new, events = pick(four, "2")
    assert not any("reshuffled" in e.text for e in events)
    assert new["deck"] == [] and new["challenger_card"] == "J♥"


# ---------------------------------------------------------------- the end


def test_reaching_the_target_wins_at_once():
    state = table("9♣", ["3♠", "K♦", "7♥"], scores=(120, 30), rnd=20)
    new, events = pick(state, "2")
    out = ENGINE.outcome(new)
    assert out.winners == [P1] and not out.draw and out.scores == {P1: 131, P2: 30}
    assert events[-1].text == "P1 reaches 131 points (target 128). P1 wins."
    assert ENGINE.to_move(new) is None and new["defiant_cards"] == []  # no further deal
    assert out.reason == "P1 reaches 131 points (target 128). P1 wins."
    view = ENGINE.view(new, P2, out)
    assert view["outcome"]["winners"] == ["p1"] and view["over"] and view["to_move"] is None
    assert ENGINE.from_dict(new) == new
    short = table("9♣", ["3♠", "K♦", "7♥"], scores=(116, 30), rnd=20)
    assert ENGINE.outcome(pick(short, "2")[0]) is None  # 127: one short


def test_target_option():
    state = table("9♣", ["3♠", "K♦", "7♥"], scores=(0, 0), target=10)
    assert ENGINE.outcome(pick(state, "2")[0]).winners == [P1]
    with pytest.raises(ValueError):
        ENGINE.options({"target": 0})


# ---------------------------------------------------------------- notation


@pytest.mark.parametrize(
    "text, position",
    [
        ("PICK 1", 1), ("pick 2", 2), ("3", 3), ("the second card", 2), ("2nd", 2),
        ("middle", 2), ("the first one", 1), ("THIRD", 3), ("last card", 3), ("pick two", 2),
    ],
)  # fmt: skip
def test_positions_in_many_words(text, position):
    state = table("9♣", ["3♠", "K♦", "7♥"])
    assert ENGINE.parse_move(text, state, P1) == ("pick", position)


def test_there_are_only_three_positions():
    state = table("9♣", ["3♠", "K♦", "7♥"])
    for text in ("PICK 4", "pick 0", "the fourth card"):
        err = illegal(state, text)
        assert err.rule == "three-cards" and "PICK 1, PICK 2 or PICK 3" in err.hint
    with pytest.raises(AmbiguousMoveError) as info:
        ENGINE.parse_move("1 or 2", state, P1)
    assert info.value.candidates == ["PICK 1", "PICK 2"]
    for text in ("", "hello", "{}"):
        with pytest.raises(ParseError):
            ENGINE.parse_move(text, state, P1)


def test_naming_a_card_in_a_blind_game_is_refused_without_saying_whether_you_hold_it():
    state = table("9♣", ["3♠", "K♦", "7♥"])
    held, not_held = illegal(state, "K♦"), illegal(state, "PICK A♠")
    assert held.rule == not_held.rule == "blind-pick"
    assert held.reason == not_held.reason and "face down" in held.reason
    assert "K♦" not in held.reason + held.hint


def test_naming_a_visible_card_picks_it_and_a_card_not_among_them_is_refused():
    state = table("9♣", ["3♠", "K♦", "7♥"], defiant_sees_cards=True)
    assert ENGINE.parse_move("K♦", state, P1) == ("pick", 2)
    assert ENGINE.parse_move("pick the king of diamonds", state, P1) == ("pick", 2)
    assert ENGINE.parse_move("7h", state, P1) == ("pick", 3)
    err = illegal(state, "A♠")
    assert err.rule == "not-your-card" and err.reason == "A♠ is not one of your three cards."
    assert "PICK 2 (K♦)" in err.hint


@pytest.mark.parametrize("sees", [False, True])
@pytest.mark.parametrize(
    "text, position",
    [
        ("i'll take the middle one", 2), ("PICK 2 as usual", 2), ("the one on the right", 3),
        ("the right one", 3), ("pick one", 1), ("one", 1), ("my last card", 3), ("midle", 2),
        ("thrid card please", 3), ("number two", 2), ("the leftmost card", 1), ("2nd one", 2),
        ("right, the middle one", 2), ("the first one", 1), ("option 3", 3),
    ],
)  # fmt: skip
def test_positions_as_people_write_them(text, position, sees):
    state = table("9♣", ["3♠", "K♦", "7♥"], defiant_sees_cards=sees)
    assert ENGINE.parse_move(text, state, P1) == ("pick", position)


def test_chat_that_only_looks_like_a_position_is_no_move():
    state = table("9♣", ["3♠", "K♦", "7♥"])
    for text in ("one sec, brb", "just a second", "that's right", "first time playing"):
        with pytest.raises(ParseError):
            ENGINE.parse_move(text, state, P1)


def test_with_the_cards_shown_a_rank_or_superlative_names_a_card():
    state = table("9♣", ["3♠", "K♦", "7♥"], defiant_sees_cards=True)
    for text, n in [("the king", 2), ("my seven", 3), ("the 7", 3), ("the highest card", 2),
                    ("go with the lowest", 1), ("pick 3", 3), ("3", 3)]:  # fmt: skip
        assert ENGINE.parse_move(text, state, P1) == ("pick", n), text
    assert illegal(state, "the ace").rule == "not-your-card"
    with pytest.raises(AmbiguousMoveError) as info:  # the 3♠ or the third card: ask
        ENGINE.parse_move("the 3", state, P1)
    assert info.value.candidates == ["PICK 1", "PICK 3"]
    kings = table("A♣", ["K♣", "3♣", "K♥"], defiant_sees_cards=True)
    for text, candidates in [
        ("the king", ["PICK 1", "PICK 3"]),
        ("the three", ["PICK 2", "PICK 3"]),
    ]:
        with pytest.raises(AmbiguousMoveError) as info:
            ENGINE.parse_move(text, kings, P1)
        assert info.value.candidates == candidates
    assert ENGINE.parse_move("the king of hearts", kings, P1) == ("pick", 3)
    blind = table("9♣", ["3♠", "K♦", "7♥"])
    assert illegal(blind, "the king").rule == illegal(blind, "the highest").rule == "blind-pick"


def test_render_move_round_trips():
    state = table("9♣", ["3♠", "K♦", "7♥"])
    for move in ENGINE.legal_moves(state, P1):
        assert ENGINE.parse_move(ENGINE.render_move(move), state, P1) == move


# ---------------------------------------------------------------- boards and hidden cards

BLIND_P1 = f"""\
So-Lon-Yo · round 7 · target 128 · scoring card
P1 (you, defiant) · 51 points · cards 1: [?]  2: [?]  3: [?]
P2 (challenger) · 10 points · card 9♣(9)
deck: 24 cards · discard: 24 cards
last: {LAST}
To move: p1 (you) — PICK 1, PICK 2 or PICK 3 (face down: a blind pick)."""

BLIND_P2 = f"""\
So-Lon-Yo · round 7 · target 128 · scoring card
P1 (defiant) · 51 points · cards 1: [?]  2: [?]  3: [?]
P2 (you, challenger) · 10 points · card 9♣(9)
deck: 24 cards · discard: 24 cards
last: {LAST}
To move: p1 — PICK 1, PICK 2 or PICK 3 (face down: a blind pick)."""

VISIBLE_SPECTATOR = f"""\
So-Lon-Yo · round 7 · target 128 · scoring card
P1 (defiant) · 51 points · cards 1: A♥(12 vs K)  2: 5♠(5)  3: Q♦(11)
P2 (challenger) · 10 points · card K♣(11)
deck: 24 cards · discard: 24 cards
last: {LAST}
To move: p1 — PICK 1, PICK 2 or PICK 3."""


def _blind():
    return table("9♣", ["A♥", "5♠", "Q♦"], scores=(51, 10), last=LAST, last_cards=LAST_CARDS)


def test_golden_boards():
    state = _blind()
    assert ENGINE.render(state, P1) == BLIND_P1
    assert ENGINE.render(state, P2) == BLIND_P2
    assert ENGINE.render(state, None) == BLIND_P2.replace("you, challenger", "challenger")
    visible = table("K♣", ["A♥", "5♠", "Q♦"], scores=(51, 10), last=LAST,
                    last_cards=LAST_CARDS, defiant_sees_cards=True)  # fmt: skip
    assert ENGINE.render(visible, None) == VISIBLE_SPECTATOR
    assert ENGINE.render(visible, P1).splitlines()[1].startswith("P1 (you, defiant)")


def test_golden_board_when_over():
    state = table(
        "9♣", ["A♥", "5♠", "Q♦"], scores=(120, 30), last=LAST, last_cards=LAST_CARDS, rnd=20
    )
    new, _ = pick(state, "3")
    assert ENGINE.render(new, P2, ENGINE.outcome(new)).splitlines() == [
        "So-Lon-Yo · round 20 · target 128 · scoring card",
        "P1 (defiant) · 131 points",
        "P2 (you, challenger) · 30 points",
        "deck: 24 cards · discard: 28 cards",
        "last: P1 picks 3 → Q♦(11) beats 9♣(9): +11 → P1 131. P1 stays defiant. "
        "(Not picked: A♥ 5♠.)",
        "Game over: P1 reaches 131 points (target 128). P1 wins.",
    ]


def test_blind_cards_are_hidden_from_everyone_including_the_defiant():
    state = _blind()
    for seat in (P1, P2, None):
        hidden = ENGINE.hidden_tokens(state, seat)
        assert {"A♥", "5♠", "Q♦"} <= hidden and "9♣" not in hidden
        assert set(state["deck"]) <= hidden | set(LAST_CARDS)
        view = ENGINE.view(state, seat)
        assert view["defiant_cards"] == [None, None, None]
        assert view["challenger_card"] == "9♣"
        text = json.dumps(view, ensure_ascii=False) + ENGINE.render(state, seat)
        assert not any(c in text for c in hidden)
    assert ENGINE.view(state, P1)["hand"] == [None, None, None]
    assert ENGINE.view(state, P2)["hand"] == ["9♣"]


def test_visible_cards_are_seen_by_all_and_only_the_deck_is_hidden():
    state = table("K♣", ["A♥", "5♠", "Q♦"], defiant_sees_cards=True)
    for seat in (P1, P2, None):
        assert ENGINE.hidden_tokens(state, seat) == set(state["deck"])
        assert ENGINE.view(state, seat)["defiant_cards"] == ["A♥", "5♠", "Q♦"]


def test_cards_of_the_last_comparison_are_history_not_secrets():
    # after a reshuffle the last comparison's cards are back in the deck, but the log shows them
    state = table("9♣", ["3♠", "K♦", "7♥"], deck=[])
    new, events = pick(state, "2")
    for seat in (P1, P2, None):
        hidden = ENGINE.hidden_tokens(new, seat)
        assert not {"9♣", "3♠", "K♦", "7♥"} & hidden
        assert len(hidden) >= 48 - 4
        for event in events:
            assert not [c for c in hidden if c in event.for_viewer(seat)]


def test_state_round_trips_and_bad_states_are_refused():
    state = _blind()
    assert ENGINE.from_dict(json.loads(json.dumps(ENGINE.to_dict(state)))) == state
    bad = _blind()
    bad["deck"].append("9♣")  # also the challenger's card
    with pytest.raises(InvalidStateError):
        ENGINE.from_dict(bad)
    bad = _blind()
    bad["defiant_cards"].pop()
    with pytest.raises(InvalidStateError):
        ENGINE.from_dict(bad)
    bad = _blind()
    bad["scores"] = [200, 0]  # past the target but not over
    with pytest.raises(InvalidStateError):
        ENGINE.from_dict(bad)


def test_apply_does_not_change_its_input():
    state = _blind()
    before = json.dumps(state, sort_keys=True)
    pick(state, "1")
    assert json.dumps(state, sort_keys=True) == before


def test_rules_text_explains_the_game():
    text = ENGINE.rules_text()
    for needle in ("PICK 1", "defiant_sees_cards", "128", "12", "reshuffled", "challenger_card"):
        assert needle in text


# ---------------------------------------------------------------- AI


def _ai(state, level="heuristic", seed=0):
    seat = ENGINE.to_move(state)
    view = ENGINE.view(state, seat)
    return LEVELS[level](ENGINE, view, seat, ENGINE.legal_moves(state, seat), random.Random(seed))


def test_heuristic_with_visible_cards_takes_the_most_points():
    assert _ai(table("9♣", ["10♠", "K♦", "3♥"], defiant_sees_cards=True)) == ("pick", 2)
    assert _ai(table("K♣", ["Q♠", "A♦", "3♥"], defiant_sees_cards=True)) == ("pick", 2)
    diff = table("4♣", ["9♠", "K♦", "3♥"], defiant_sees_cards=True, scoring="difference")
    assert _ai(diff) == ("pick", 2)
    # with challenger_card scoring every win is worth the same: the lowest winning card
    same = table("4♣", ["9♠", "K♦", "5♥"], defiant_sees_cards=True, scoring="challenger_card")
    assert _ai(same) == ("pick", 3)


def test_heuristic_with_visible_cards_ties_rather_than_losing():
    assert _ai(table("K♣", ["Q♠", "3♦", "9♥"], defiant_sees_cards=True)) == ("pick", 1)
    assert _ai(table("K♣", ["4♠", "3♦", "9♥"], defiant_sees_cards=True)) == ("pick", 2)


def test_heuristic_in_a_blind_game_is_a_random_pick():
    state = _blind()
    view = ENGINE.view(state, P1)
    legal = ENGINE.legal_moves(state, P1)
    for seed in range(20):
        assert LEVELS["heuristic"](ENGINE, view, P1, legal, random.Random(seed)) == (
            random_policy(ENGINE, view, P1, legal, random.Random(seed))
        )


def _duel(games, **opts):
    wins = 0
    for g in range(games):
        hero = g % 2
        policies = {hero: LEVELS["heuristic"], 1 - hero: LEVELS["random"]}
        rng = random.Random(g)
        state = ENGINE.new_state(g, ENGINE.options(opts), 2)
        while (seat := ENGINE.to_move(state)) is not None:
            legal = ENGINE.legal_moves(state, seat)
            state, _ = ENGINE.apply(
                state, seat, policies[seat](ENGINE, ENGINE.view(state, seat), seat, legal, rng)
            )
        wins += hero in ENGINE.outcome(state).winners
    return wins / games


@pytest.mark.slow
def test_heuristic_beats_random_when_the_cards_are_visible():
    assert _duel(200, defiant_sees_cards=True) >= 0.9


def test_in_a_blind_deal_no_policy_can_do_better_than_another():
    """Why no So-Lon-Yo level can beat another in the default blind game (issue 13's 65% target
    cannot be met there by any AI): the defiant's three cards are face down, so swapping two of
    them gives a state every seat sees identically, which a uniform shuffle deals exactly as
    often (the two deck orders differ by one transposition), and picking position i in one is
    the same comparison as picking j in the other. So for every view the three picks have the
    same chances: every policy — random, heuristic, strong — wins equally often."""
    rng = random.Random(7)
    checked = 0
    for seed in range(30):
        state = ENGINE.new_state(seed, ENGINE.options({}), 2)
        for _ in range(rng.randrange(1, 25)):
            if ENGINE.to_move(state) is None:
                break
            seat = ENGINE.to_move(state)
            state, _ = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
        seat = ENGINE.to_move(state)
        if seat is None:
            continue
        for i, j in ((0, 1), (0, 2), (1, 2)):
            swapped = ENGINE.copy_state(state)
            cards = swapped["defiant_cards"]
            cards[i], cards[j] = cards[j], cards[i]
            assert swapped != state or cards[i] == cards[j]
            for viewer in (0, 1, None):
                assert ENGINE.view(swapped, viewer) == ENGINE.view(state, viewer)
            a, _ = ENGINE.apply(state, seat, ("pick", i + 1))
            b, _ = ENGINE.apply(swapped, seat, ("pick", j + 1))
            assert (a["scores"], a["defiant"], a["result"]) == (
                b["scores"],
                b["defiant"],
                b["result"],
            )
            assert a["last_cards"] == b["last_cards"] or sorted(a["last_cards"]) == sorted(
                b["last_cards"]
            )
            checked += 1
    assert checked >= 60
