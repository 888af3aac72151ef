"""What the ``strong`` Masul level assumes and how fast it plays on: an opponent model and a
compact playout.

**Playouts.** A determinization (a full state from :func:`gm.games.masul.ai.sample_hidden` or
:func:`model_sampler`) is turned into a few flat lists (cards as 0..51) and played to the end
by the seed level's own policy (:func:`seed_move`: the same scores as
:func:`gm.games.masul.ai.seed_scores`, a test checks they agree), a share ``epsilon`` of the moves
uniformly random. Each seat's policy reads only what that seat may see (the other seat's
face-down cards stay unknown to it). The compact form and its playouts are playout.py, which
mypyc compiles (setup.py; ~17 µs a playout from mid-game, 3.3× its pure-Python source, which
stays the fallback), and :func:`model_simulator` plays the search's iterations on it without
the engine's dict states: a move's 8 ms of think time hold about 400 playouts.

**The opponent model.** The other seat is assumed to play like the seed level (the default
level below ``strong``; a careful human player also keeps high cards up and low cards down).
That tells something about the cards it hides, and :func:`model_sampler` deals the unseen
cards accordingly — softly, every deal consistent with the view stays possible:

* a face-down card of the other seat is low (the seed level plays only low cards face down),
  and where our slot is empty it likely matches the column's suit (that is why it was played);
* a card it played where our slot is still empty was then its best move, so no card still in
  its hand would have scored more in a column open on both sides (its hand is weaker there);
* a card of ours face up in a column where its slot is empty was not taken, so it likely holds
  no card that beats it cheaply;
* one of its cards was its last move, made on today's board: deals in which none of them can
  have been the seed level's choice weigh less (:func:`last_move_likelihood`). A pool of deals
  is drawn once per decision and each iteration takes one by that weight.
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gm.games.base import Engine, State
from gm.games.compiled import load
from gm.games.masul.rules import ALL_CARDS, SEAT_NAMES, copy_state, sort_key

# the inner loop, compiled by mypyc where the build made it (gm/games/compiled.py)
if TYPE_CHECKING:
    from gm.games.masul import playout as _kernel
else:
    _kernel = load("gm.games.masul.playout")
Position = _kernel.Position
HIGH, RANK, SUIT, STRENGTH = _kernel.HIGH, _kernel.RANK, _kernel.SUIT, _kernel.STRENGTH
UP, DOWN, FIELD = _kernel.UP, _kernel.DOWN, _kernel.FIELD
seed_options, seed_move = _kernel.seed_options, _kernel.seed_move
random_move, playout, play_on = _kernel.random_move, _kernel.playout, _kernel.play_on

CARDS = sorted(ALL_CARDS, key=sort_key)  # the compact order (playout.py): 13 × suit + rank − 2
INDEX = {card: i for i, card in enumerate(CARDS)}
KINDS = ("up", "down", "field")


def position(state: State) -> Position:
    """The compact form of a Masul state."""
    rows = state["rows"]
    cap = state["options"]["max_field_replacements"]
    made = list(state["replacements"])
    return Position(
        [[INDEX[c] for c in hand] for hand in state["hands"]],
        [[-1 if s is None else INDEX[s["card"]] for s in row] for row in rows],
        [[s is not None and s["up"] for s in row] for row in rows],
        [INDEX[c] for c in state["field"]],
        [99 if cap is None else cap - n for n in made],
        made,
        state["turn"],
    )


def playout_evaluation(epsilon: float = 0.1, margin: float = 0.5, scale: float = 2.0):
    """The searcher's ``evaluate`` hook: one compact playout to the end from the position,
    worth ``1 - margin`` of its win and ``margin`` of its column lead (0.5 ± tanh(lead /
    scale)); at the end (the searcher adds the win itself) the lead alone. Its randomness comes
    from the determinization's own seed (drawn by the search rng): deterministic."""
    rng = random.Random()

    def lead(a: int, b: int) -> float:
        return 0.5 + 0.5 * math.tanh((a - b) / scale)

    def evaluate(engine: Engine, state: State, players: int) -> list[float]:
        p = position(state)
        if p.turn is None:
            r = lead(*p.columns())
            return [r, 1 - r]
        rng.seed(state["rng"]["seed"] * 37 + len(p.hands[0]) + 9 * len(p.hands[1]))
        a, b = playout(p, rng.random, epsilon)
        r = (1 - margin) * (1.0 if a > b else 0.0 if a < b else 0.5) + margin * lead(a, b)
        return [r, 1 - r]

    return evaluate


# ---------------------------------------------------------------- the opponent model


def model_sampler(view: dict[str, Any], seat: int, rng: random.Random, soft: float = 0.25,
                  match: float = 3.0, high_down: float = 0.1) -> State:  # fmt: skip
    """A determinization like ai.sample_hidden's, the unseen cards dealt by the seed-level
    model of the other seat (see the module text): a card that breaks the model is ``soft``
    times as likely (a high face-down card ``high_down`` times), never impossible."""
    return model_dealer(view, seat, soft, match, high_down)(rng)


def model_dealer(view: dict[str, Any], seat: int, soft: float = 0.25, match: float = 3.0,
                 high_down: float = 0.1) -> Callable[[random.Random], State]:  # fmt: skip
    """:func:`model_sampler`'s deals, ``draw(rng) -> state``: what the view alone decides (the
    unseen cards, the weights of the other seat's face-down cards, what its plays tell about
    its hand) worked out once for a pool of deals."""
    names = SEAT_NAMES
    other = 1 - seat
    field = [INDEX[c] for c in view["field"]]
    seen = set(view["hand"]) | set(view["field"]) | set(view["discard"])
    rows: list[list[dict[str, Any] | None]] = []
    for s in (0, 1):
        row: list[dict[str, Any] | None] = []
        for slot in view["rows"][names[s]]:
            if slot is not None and "card" in slot:
                seen.add(slot["card"])
            row.append(
                None if slot is None else {"card": slot.get("card"), "up": slot["face"] == "up"}
            )
        rows.append(row)
    unknown = sorted(ALL_CARDS - seen, key=INDEX.__getitem__)
    mine, theirs = rows[seat], rows[other]
    # its face-down cards: low, matching where ours is empty
    hidden = [c for c, slot in enumerate(theirs) if slot is not None and slot["card"] is None]
    weight = {c: {card: _hidden_weight(card, field[c], mine[c] is None, match, high_down)
                  for card in unknown} for c in hidden}  # fmt: skip
    count = view["hand_counts"][names[other]]
    # what its greedy plays tell: the least it settled for in a column facing our empty slot
    # bounds every card still in hand in the columns open on both sides; a face-up card of ours
    # it left alone bounds the cards that beat it
    settled_seen = 9.0
    for c, slot in enumerate(theirs):
        if slot is not None and mine[c] is None and slot["card"] is not None:
            settled_seen = min(settled_seen, (STRENGTH[INDEX[slot["card"]]][field[c]] - 14) / 13)
    both = [field[c] for c in range(7) if mine[c] is None and theirs[c] is None]
    took = 1.0  # the best sure-win score it may have just taken instead
    for c in range(7):
        a, b = mine[c], theirs[c]
        if a is not None and b is not None and a["up"] and b["up"]:
            sb = STRENGTH[INDEX[b["card"]]][field[c]]
            if sb > STRENGTH[INDEX[a["card"]]][field[c]]:
                took = max(took, 1 + (27 - sb) / 100)
    left_alone = [
        (field[c], STRENGTH[INDEX[slot["card"]]][field[c]])
        for c, slot in enumerate(mine)
        if slot is not None and slot["up"] and theirs[c] is None
    ]
    need: dict[str, float] = {}  # the least settled score each card fits under (None: never)
    for card in unknown:
        strength = STRENGTH[INDEX[card]]
        beats = any(
            strength[f] > s and 1 + (27 - strength[f]) / 100 > took + 1e-9 for f, s in left_alone
        )
        need[card] = 99.0 if beats else max(((strength[f] - 14) / 13 for f in both), default=-9.0)

    def draw(rng: random.Random) -> State:
        pool = list(unknown)  # no shuffle needed: the picks below are random draws
        dealt_rows = [[None if slot is None else dict(slot) for slot in row] for row in rows]
        settled = settled_seen
        for c in hidden:
            w = weight[c]
            card = pool.pop(rng.choices(range(len(pool)), [w[x] for x in pool])[0])
            slot = dealt_rows[other][c]
            assert slot is not None
            slot["card"] = card
            if mine[c] is None:
                settled = min(settled, (STRENGTH[INDEX[card]][field[c]] - 14) / 13)
        bar = settled + 1e-9
        keys = [  # weighted, no repeat: a card that breaks the model weighs ``soft``
            (rng.random() ** (1.0 if need[card] <= bar else 1 / soft), card) for card in pool
        ]
        keys.sort(reverse=True)
        dealt = [card for _, card in keys]
        return state_from_view(view, seat, rng, dealt_rows, dealt[:count], dealt[count:])

    return draw


def _hidden_weight(card: str, f: int, ours_empty: bool, match: float, high_down: float) -> float:
    """How likely ``card`` is the other seat's face-down card over Field Card ``f``."""
    i = INDEX[card]
    w = 1.0 if RANK[i] < HIGH else high_down
    return w * match if ours_empty and SUIT[i] == SUIT[f] else w


def state_from_view(
    view: dict[str, Any],
    seat: int,
    rng: random.Random,
    rows: list[list[dict[str, Any] | None]],
    their_hand: list[str],
    unused: list[str],
) -> State:
    """The full state of a determinization: ``seat``'s view with the other seat's hand, the
    face-down cards (already in ``rows``) and the unused cards dealt."""
    names = SEAT_NAMES
    hands: list[list[str]] = [[], []]
    hands[seat] = list(view["hand"])
    hands[1 - seat] = sorted(their_hand, key=INDEX.__getitem__)
    to_move = view["to_move"]
    return {
        "game": "masul",
        "rng": {"seed": rng.randrange(2**31), "n": 0},
        "options": {"max_field_replacements": view["max_field_replacements"]},
        "hands": hands,
        "rows": rows,
        "field": list(view["field"]),
        "discard": list(view["discard"]),
        "unused": list(unused),
        "replacements": [view["field_replacements"][names[s]] for s in (0, 1)],
        "turn": None if to_move is None else names.index(to_move),
    }


def last_move_likelihood(state: State, seat: int, floor: float = 0.05) -> float:
    """How well ``state`` (a deal seen from ``seat``) fits the other seat having made its last
    move as the seed level would: the share of its cards on the board that can have been that
    move — the best-scored one, on the board as it was then (ours as it is now, since we have
    not moved since), with the hand it holds now plus that card. A field replacement it made
    may have been the last move too (counted as fitting). ``floor``: the least weight."""
    p = position(state)
    other = 1 - seat
    mine, theirs = p.cards[seat], p.cards[other]
    placed = [c for c in range(7) if theirs[c] >= 0]
    fit = total = 0
    if p.made[other]:
        fit = total = 1
    # the board before its last move, from its side
    seen_by_it = Position(p.hands, p.cards, p.up, p.field, p.left, p.made, other)
    for c in placed:
        total += 1
        x = theirs[c]
        low, up, s = RANK[x] < HIGH, p.up[other][c], STRENGTH[x][p.field[c]]
        # (our card's face then, its score then) for each way this play can have been made
        ways: list[tuple[bool | None, float]] = []
        if mine[c] < 0:
            if low != up:  # low down, high up: the seed level's face
                ways.append((None, (s - 14) / 13))
        elif up:
            t = STRENGTH[mine[c]][p.field[c]]
            ways.append((True, 1 + (27 - s) / 100 if s > t else -0.5 - s / 54))
            if not low:  # or it challenged our face-down card
                ways.append((False, (s - 14) / 13))
        elif low:
            ways.append((False, 0.05))  # face down beside ours
        for our_face, score in ways:
            row = list(theirs)
            row[c] = -1
            ours_up = list(p.up[seat])
            if our_face is not None:
                ours_up[c] = our_face
            seen_by_it.cards = [row, mine] if other == 0 else [mine, row]
            seen_by_it.up = [p.up[other], ours_up] if other == 0 else [ours_up, p.up[other]]
            if score >= seed_options(seen_by_it, other, [*p.hands[other], x])[0] - 1e-9:
                fit += 1
                break
    return 1.0 if not total else floor + (1 - floor) * fit / total


def weighed_deals(
    view: dict[str, Any], seat: int, rng: random.Random, pool: int
) -> tuple[list[State], list[float], float]:
    """``pool`` deals from :func:`model_dealer` for ``seat``'s view and their running weights by
    :func:`last_move_likelihood` (the cumulative list and the total, for a draw by weight)."""
    dealer = model_dealer(view, seat)
    deals = [dealer(rng) for _ in range(pool)]
    cumulative, total = [], 0.0
    for deal in deals:
        total += last_move_likelihood(deal, seat)
        cumulative.append(total)
    return deals, cumulative, total


def model_draws(pool: int = 40) -> Callable[..., Callable[[random.Random], State]]:
    """The searcher's ``sampler`` hook: ``pool`` deals from :func:`model_sampler`, weighed by
    :func:`last_move_likelihood` once per decision; each iteration draws one by weight (a copy
    with a fresh playout seed)."""

    def factory(engine: Engine, view: dict[str, Any], seat: int, rng: random.Random):
        deals, cumulative, total = weighed_deals(view, seat, rng, pool)

        def draw(rng: random.Random) -> State:
            i = min(bisect.bisect_right(cumulative, rng.random() * total), pool - 1)
            state = copy_state(deals[i])
            state["rng"]["seed"] = rng.randrange(2**31)
            return state

        return draw

    return factory


def model_simulator(pool: int = 8, epsilon: float = 0.1, margin: float = 0.5, scale: float = 2.0):
    """The searcher's ``simulator`` hook (a one-level search on the compact form): ``pool``
    deals from :func:`model_sampler` weighed by :func:`last_move_likelihood` once per decision
    (as :func:`model_draws`), turned into :class:`Position`; each simulation draws one by weight,
    plays the root move and a :func:`playout` to the end, worth ``1 - margin`` of its win and
    ``margin`` of its column lead (as :func:`playout_evaluation`)."""

    def lead(a: int, b: int) -> float:
        return 0.5 + 0.5 * math.tanh((a - b) / scale)

    def factory(engine: Engine, view: dict[str, Any], seat: int, rng: random.Random):
        deals, cumulative, total = weighed_deals(view, seat, rng, pool)
        positions = [position(deal) for deal in deals]
        kinds = {kind: i for i, kind in enumerate(KINDS)}
        rand, last = rng.random, pool - 1
        # each seat's reward of a's and b's columns: 1 - margin of the win, margin of the lead
        reward = {
            (a, b): (1 - margin) * (1.0 if a > b else 0.0 if a < b else 0.5) + margin * lead(a, b)
            for a in range(8)
            for b in range(8)
        }

        compact: dict[Any, tuple[int, int, int]] = {}  # each root move's compact form

        def simulate(move) -> list[float]:
            m = compact.get(move)
            if m is None:
                m = compact[move] = (kinds[move[0]], INDEX[move[1]], move[2] - 1)
            p = positions[min(bisect.bisect_right(cumulative, rand() * total), last)]
            r = reward[play_on(p, m, rand, epsilon)]
            return [r, 1 - r]

        return simulate

    return factory


def seed_playout(engine: Engine, state: State, seat: int, legal: list, rng: random.Random):
    """The searcher's ``playout`` hook (the move a new tree node tries first): the seed
    level's move, read off the compact form (the same choice as ai.seed_policy, faster)."""
    kind, card, c = seed_move(position(state), rng.random)
    return type(legal[0])(KINDS[kind], CARDS[card], c + 1)
