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
"""

from __future__ import annotations

import random
from typing import Any

from gm.ai.basic import random_policy
from gm.games.base import Engine, Move
from gm.games.solonyo.rules import points as win_points
from gm.games.solonyo.rules import value


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


LEVELS = {"random": random_policy, "heuristic": heuristic_policy}
