"""AI levels for So-Lon-Yo. Only the defiant ever decides (which of its three cards to pick).

- ``random``: picks position 1, 2 or 3 uniformly.
- ``heuristic``:
  - **Blind game** (the default: the three cards are face down): there is no decision to improve.
    The cards were dealt from a shuffled deck and the seat sees none of them, so every position has
    the same chance of every card; card counting cannot help either, since the positions of the
    remaining cards are equally unknown. It picks a random position, exactly like ``random``.
  - **Visible cards** (``defiant_sees_cards: true``), each card valued against the challenger's
    card (an ace is 12 against J/Q/K, else 1):
    1. if some cards win, pick the winner that scores most: the highest winning value under
       ``card`` and ``difference`` scoring; under ``challenger_card`` every win scores the same, so
       the lowest winning card (nothing else depends on the choice: all three cards are discarded);
    2. else a card that ties (no points, but the seat stays defiant for a fresh deal);
    3. else the lowest card (every choice loses the role; the lowest makes that obvious).
    This is the best possible pick: the next round is a fresh deal from the same deck whichever
    card is chosen, so only this comparison's points and the role matter.
- ``strong``: the searcher's level (gm/games/search.py, with :func:`sample_hidden`), but there is
  nothing to search: blind, no pick is better than another; with the cards shown the
  heuristic's pick is already the best one. So it plays the heuristic's pick.
"""

from __future__ import annotations

import math
import random
from typing import Any

from gm.games.base import Engine, Move
from gm.games.policies import random_policy
from gm.games.search import SearchSpec, strong_policy, view_playout
from gm.games.solonyo.rules import DECK, ROUNDS_PER_DECK, SEATS, value
from gm.games.solonyo.rules import points as win_points


def heuristic_policy(
    engine: Engine, view: dict[str, Any], seat: int, legal: list[Move], rng: random.Random
) -> Move:
    mine = view["defiant_cards"]
    theirs = view["challenger_card"]
    if not view["defiant_sees_cards"] or None in mine or theirs is None:
        return rng.choice(legal)
    scoring = view["scoring"]

    def points(card: str) -> int:
        return win_points(scoring, value(card, theirs), value(theirs, card))

    vals = [(value(c, theirs), value(theirs, c), i + 1, c) for i, c in enumerate(mine)]
    wins = [v for v in vals if v[0] > v[1]]
    if wins:
        if scoring == "challenger_card":
            pick = min(wins)[2]
        else:
            pick = max(wins, key=lambda v: (points(v[3]), -v[2]))[2]
    else:
        ties = [v for v in vals if v[0] == v[1]]
        pick = ties[0][2] if ties else min(vals)[2]
    move = ("pick", pick)
    return move if move in legal else legal[0]


# ---------------------------------------------------------------- what the AI may assume


def sample_hidden(view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """A state consistent with ``seat``'s view: the deck, the discard below the last comparison
    and (in a blind game) the defiant's three cards are the unseen cards, dealt at random. The
    last comparison's four cards lie on top of the discard unless a reshuffle took them back."""
    seats = list(SEATS)
    challenger = view["challenger_card"]
    shown = [c for c in view["defiant_cards"] if c is not None]
    last = list(view["last_cards"])
    in_discard = last if view["discard_count"] >= 4 and last else []
    seen = {challenger, *shown, *in_discard} - {None}
    unknown = [c for c in DECK if c not in seen]
    rng.shuffle(unknown)
    defiant_cards = list(view["defiant_cards"])
    for i, c in enumerate(defiant_cards):
        if c is None:
            defiant_cards[i] = unknown.pop()
    below = view["discard_count"] - len(in_discard)
    discard = unknown[:below] + in_discard
    deck = unknown[below:]
    rnd = view["round"]
    return {
        "game": "solonyo",
        "rng": {"seed": rng.randrange(2**31), "n": 1 + (rnd - 1) // ROUNDS_PER_DECK},
        "options": {
            "scoring": view["scoring"],
            "target": view["target"],
            "defiant_sees_cards": view["defiant_sees_cards"],
            "max_rounds": view["max_rounds"],
        },
        "deck": deck,
        "discard": discard,
        "defiant": seats.index(view["defiant"]),
        "round": rnd,
        "challenger_card": challenger,
        "defiant_cards": defiant_cards,
        "scores": [view["scores"][n] for n in seats],
        "last": view["last"],
        "last_cards": last,
        "result": None,
    }


def _points_lead(engine: Engine, state: dict[str, Any], players: int) -> list[float]:
    a, b = state["scores"]
    lead = math.tanh((a - b) / max(8, state["options"]["target"] / 4))
    return [0.5 + 0.5 * lead, 0.5 - 0.5 * lead]


def _candidates(engine: Engine, view: dict[str, Any], seat: int, legal, rng) -> list[Move]:
    """Nothing to search: blind, no position is better than another; with the cards shown the
    heuristic's pick is the best one (a search measured 45% against it: noise, not insight)."""
    return [heuristic_policy(engine, view, seat, legal, rng)]


def explain(engine: Engine, view: dict[str, Any], seat: int, move: Move) -> str | None:
    """The coach's reason: blind, that no pick is better; with the cards shown, what the pick
    does against the challenger's card."""
    mine, theirs = view["defiant_cards"], view["challenger_card"]
    if not view["defiant_sees_cards"] or None in mine or theirs is None:
        return (
            "Your three cards are face down, so no position is better than another: any pick "
            "is as good as this one"
        )
    card = mine[move[1] - 1]
    ours, other = value(card, theirs), value(theirs, card)
    if ours > other:
        points = win_points(view["scoring"], ours, other)
        return f"{card} beats the challenger's {theirs}: +{points}, and you stay defiant"
    if ours == other:
        return f"{card} ties the challenger's {theirs}: no points, but you stay defiant"
    return f"None of your cards beats or ties the challenger's {theirs}: every pick loses the role"


STRONG = SearchSpec(
    evaluate=_points_lead,
    playout=view_playout(heuristic_policy),
    epsilon=0.0,
    depth=6,
    iterations=200,
    candidates=_candidates,
    prior_visits=10,
    explain=explain,
)

LEVELS = {"random": random_policy, "heuristic": heuristic_policy, "strong": strong_policy(STRONG)}
