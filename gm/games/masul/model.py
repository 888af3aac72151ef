"""What the ``strong`` Masul level assumes and how fast it plays on: an opponent model and a
compact playout.

**Playouts.** A determinization (a full state from :func:`gm.games.masul.ai.sample_hidden` or
:func:`model_sampler`) is turned into a few flat lists (cards as 0..51) and played to the end
by the seed level's own policy (:func:`seed_move`: the same scores as
:func:`gm.games.masul.ai.seed_scores`, a test checks they agree), a share ``epsilon`` of the moves
uniformly random. Each seat's policy reads only what that seat may see (the other seat's
face-down cards stay unknown to it). ~0.1 ms a game, about ten times the engine's own speed,
so a move's 8 ms of think time hold several dozen playouts.

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
from typing import Any

from gm.games.base import Engine, State
from gm.games.masul.rules import ALL_CARDS, SEAT_NAMES, copy_state, rank, sort_key

HIGH = 9  # as in ai.py: rank 9 or more is high
_SUITS = "♣♦♥♠"
CARDS = sorted(ALL_CARDS, key=sort_key)
INDEX = {card: i for i, card in enumerate(CARDS)}
RANK = [rank(card) for card in CARDS]
SUIT = [_SUITS.index(card[1]) for card in CARDS]
# STRENGTH[card][field card]: the rank, plus 13 when the suits match (a match beats any rank)
STRENGTH = [[RANK[a] + (13 if SUIT[a] == SUIT[f] else 0) for f in range(52)] for a in range(52)]
UP, DOWN, FIELD = 0, 1, 2
KINDS = ("up", "down", "field")


class Position:
    """A compact Masul state: ``cards[seat][c]`` (-1 empty), ``up[seat][c]``, ``hands``,
    ``field``, replacements ``left`` and ``made`` per seat, ``turn`` (None: over)."""

    __slots__ = ("hands", "cards", "up", "field", "left", "made", "turn")

    def __init__(self, state: State) -> None:
        rows = state["rows"]
        self.hands = [[INDEX[c] for c in hand] for hand in state["hands"]]
        self.cards = [[-1 if s is None else INDEX[s["card"]] for s in row] for row in rows]
        self.up = [[s is not None and s["up"] for s in row] for row in rows]
        self.field = [INDEX[c] for c in state["field"]]
        cap = state["options"]["max_field_replacements"]
        self.made = list(state["replacements"])
        self.left = [99 if cap is None else cap - n for n in self.made]
        self.turn = state["turn"]

    def play(self, move: tuple[int, int, int]) -> None:
        kind, card, c = move
        me = self.turn
        assert me is not None
        self.hands[me].remove(card)
        if kind == FIELD:
            self.field[c] = card
            self.left[me] -= 1
            self.made[me] += 1
        else:
            self.cards[me][c] = card
            self.up[me][c] = kind == UP
            if kind == UP and self.cards[1 - me][c] >= 0:
                self.up[1 - me][c] = True  # a challenge turns the face-down card up
        if not self._tired(1 - me):
            self.turn = 1 - me
        elif self._tired(me):
            self.turn = None

    def _tired(self, seat: int) -> bool:
        return not self.hands[seat] or min(self.cards[seat]) >= 0

    def columns(self) -> tuple[int, int]:
        """Columns won by seat 0 and seat 1 (the final score once the game is over)."""
        a = b = 0
        (r0, r1), (u0, u1) = self.cards, self.up
        for c in range(7):
            x, y = r0[c], r1[c]
            if x < 0 or y < 0:
                a += y < 0 <= x
                b += x < 0 <= y
            elif u0[c] or u1[c]:
                f = self.field[c]
                sx, sy = STRENGTH[x][f], STRENGTH[y][f]
                a += sx > sy
                b += sy > sx
        return a, b


def _known(mine: int, theirs: int, their_up: bool, f: int) -> float:
    """ai._known_value on the compact form: +1 won, -1 lost, fractions for estimates."""
    if mine < 0:
        if theirs < 0 or not their_up:
            return 0.0
        return -(STRENGTH[theirs][f] - 14) / 13
    if theirs < 0:
        return (STRENGTH[mine][f] - 14) / 13
    if not their_up:
        return 0.0
    a, b = STRENGTH[mine][f], STRENGTH[theirs][f]
    return (a > b) - (a < b)


def seed_options(
    p: Position, me: int, hand: list[int] | None = None
) -> tuple[float, list[tuple[int, int, int]]]:
    """The seed level's best score for ``me`` and its moves of that score (ai.seed_scores);
    ``hand`` replaces ``me``'s hand. Reads only what ``me`` sees."""
    hand = p.hands[me] if hand is None else hand
    own, theirs, their_up, field = p.cards[me], p.cards[1 - me], p.up[1 - me], p.field
    may_replace = p.made[me] == 0 and p.left[me] > 0
    best: list[tuple[int, int, int]] = []
    top = -9.0
    opens = [c for c in range(7) if own[c] < 0]
    for card in hand:
        low = RANK[card] < HIGH
        row = STRENGTH[card]
        for c in opens:
            t, s = theirs[c], row[field[c]]
            if t >= 0 and their_up[c]:
                score = 1 + (27 - s) / 100 if s > STRENGTH[t][field[c]] else -0.5 - s / 54
                kind = UP
            elif t >= 0 and low:
                score, kind = 0.05, DOWN
            else:
                score, kind = (s - 14) / 13, DOWN if low else UP
            if score > top + 1e-9:
                top, best = score, [(kind, card, c)]
            elif score > top - 1e-9:
                best.append((kind, card, c))
        if low and may_replace:
            for c in range(7):
                f = field[c]
                if RANK[f] == RANK[card]:
                    gain = _known(own[c], theirs[c], their_up[c], card)
                    gain -= _known(own[c], theirs[c], their_up[c], f)
                    if gain > 0.3:
                        score = 0.5 + gain
                        if score > top + 1e-9:
                            top, best = score, [(FIELD, card, c)]
                        elif score > top - 1e-9:
                            best.append((FIELD, card, c))
    return top, best


def seed_move(p: Position, rand: Callable[[], float]) -> tuple[int, int, int]:
    best = seed_options(p, p.turn)[1]
    return best[0] if len(best) == 1 else best[int(rand() * len(best))]


def random_move(p: Position, rand: Callable[[], float]) -> tuple[int, int, int]:
    """A uniformly random legal move (rules.legal_moves on the compact form)."""
    me = p.turn
    assert me is not None
    own, theirs, their_up = p.cards[me], p.cards[1 - me], p.up[1 - me]
    moves = []
    for card in p.hands[me]:
        for c in range(7):
            if own[c] < 0:
                moves.append((UP, card, c))
                if theirs[c] < 0 or not their_up[c]:
                    moves.append((DOWN, card, c))
        if p.left[me] > 0:
            moves.extend((FIELD, card, c) for c in range(7) if RANK[p.field[c]] == RANK[card])
    return moves[int(rand() * len(moves))]


def playout(p: Position, rand: Callable[[], float], epsilon: float) -> tuple[int, int]:
    """Play ``p`` to the end (seed-level moves, ``epsilon`` of them random); the columns won."""
    while p.turn is not None:
        if epsilon and rand() < epsilon:
            p.play(random_move(p, rand))
        else:
            p.play(seed_move(p, rand))
    return p.columns()


def playout_evaluation(epsilon: float = 0.1, margin: float = 0.5, scale: float = 2.0):
    """The searcher's ``evaluate`` hook: one compact playout to the end from the position,
    worth ``1 - margin`` of its win and ``margin`` of its column lead (0.5 ± tanh(lead /
    scale)); at the end (the searcher adds the win itself) the lead alone. Its randomness comes
    from the determinization's own seed (drawn by the search rng): deterministic."""
    rng = random.Random()

    def lead(a: int, b: int) -> float:
        return 0.5 + 0.5 * math.tanh((a - b) / scale)

    def evaluate(engine: Engine, state: State, players: int) -> list[float]:
        p = Position(state)
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
    unknown = sorted(ALL_CARDS - seen, key=sort_key)
    rng.shuffle(unknown)
    mine, theirs = rows[seat], rows[other]
    for c, slot in enumerate(theirs):  # its face-down cards: low, matching where ours is empty
        if slot is not None and slot["card"] is None:
            weights = []
            for card in unknown:
                i = INDEX[card]
                w = 1.0 if RANK[i] < HIGH else high_down
                weights.append(w * match if mine[c] is None and SUIT[i] == SUIT[field[c]] else w)
            slot["card"] = unknown.pop(rng.choices(range(len(unknown)), weights)[0])
    count = view["hand_counts"][names[other]]
    # what its greedy plays tell: the least it settled for in a column facing our empty slot
    # bounds every card still in hand in the columns open on both sides; a face-up card of ours
    # it left alone bounds the cards that beat it
    settled = 9.0
    for c, slot in enumerate(theirs):
        if slot is not None and mine[c] is None:
            settled = min(settled, (STRENGTH[INDEX[slot["card"]]][field[c]] - 14) / 13)
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
    keys = []
    for card in unknown:
        strength = STRENGTH[INDEX[card]]
        fits = all((strength[f] - 14) / 13 <= settled + 1e-9 for f in both) and not any(
            strength[f] > s and 1 + (27 - strength[f]) / 100 > took + 1e-9 for f, s in left_alone
        )
        keys.append((rng.random() ** (1.0 if fits else 1 / soft), card))  # weighted, no repeat
    keys.sort(reverse=True)
    dealt = [card for _, card in keys]
    return state_from_view(view, seat, rng, rows, dealt[:count], dealt[count:])


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
    hands[1 - seat] = sorted(their_hand, key=sort_key)
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
    p = Position(state)
    other = 1 - seat
    mine, theirs = p.cards[seat], p.cards[other]
    placed = [c for c in range(7) if theirs[c] >= 0]
    fit = total = 0
    if p.made[other]:
        fit = total = 1
    seen_by_it = Position.__new__(Position)  # the board before its last move, from its side
    seen_by_it.field, seen_by_it.left, seen_by_it.made = p.field, p.left, p.made
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


def model_draws(pool: int = 40) -> Callable[..., Callable[[random.Random], State]]:
    """The searcher's ``sampler`` hook: ``pool`` deals from :func:`model_sampler`, weighed by
    :func:`last_move_likelihood` once per decision; each iteration draws one by weight (a copy
    with a fresh playout seed)."""

    def factory(engine: Engine, view: dict[str, Any], seat: int, rng: random.Random):
        deals = [model_sampler(view, seat, rng) for _ in range(pool)]
        cumulative, total = [], 0.0
        for deal in deals:
            total += last_move_likelihood(deal, seat)
            cumulative.append(total)

        def draw(rng: random.Random) -> State:
            i = min(bisect.bisect_right(cumulative, rng.random() * total), pool - 1)
            state = copy_state(deals[i])
            state["rng"]["seed"] = rng.randrange(2**31)
            return state

        return draw

    return factory


def seed_playout(engine: Engine, state: State, seat: int, legal: list, rng: random.Random):
    """The searcher's ``playout`` hook (the move a new tree node tries first): the seed
    level's move, read off the compact form (the same choice as ai.seed_policy, faster)."""
    kind, card, c = seed_move(Position(state), rng.random)
    return type(legal[0])(KINDS[kind], CARDS[card], c + 1)
