"""Masul's compact form and playouts: the strong level's inner loop (gm/games/masul/model.py
builds on it). Cards are 0..51 (suits ♣♦♥♠, each 2..A: ``13 * suit + rank - 2``).

This module imports nothing but the standard library and is fully typed so that mypyc can
compile it: ``pip install`` builds it as a C extension where setup.py's compiled build works
(gcc and the Python headers), and the pure-Python module stays its fallback (no build, or
``GM_PURE_PYTHON=1``: gm/games/compiled.py). Both behave the same (a test plays them side by
side); ``python -m bench.compiled`` prints the speed ratio. An edit here takes effect in an
editable install once rebuilt (``pip install -e .``): until then the old extension runs (or set
``GM_PURE_PYTHON=1``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

HIGH: Final = 9  # as in ai.py: rank 9 or more is high
RANK: Final[list[int]] = [i % 13 + 2 for i in range(52)]
SUIT: Final[list[int]] = [i // 13 for i in range(52)]
# STRENGTH[card][field card]: the rank, plus 13 when the suits match (a match beats any rank)
STRENGTH: Final[list[list[int]]] = [
    [RANK[a] + (13 if SUIT[a] == SUIT[f] else 0) for f in range(52)] for a in range(52)
]
UP: Final = 0
DOWN: Final = 1
FIELD: Final = 2

Move = tuple[int, int, int]  # (UP | DOWN | FIELD, card, column 0..6)


class Position:
    """A compact Masul state: ``cards[seat][c]`` (-1 empty), ``up[seat][c]``, ``hands``,
    ``field``, replacements ``left`` and ``made`` per seat, ``turn`` (None: over). The lists
    are taken as given (:meth:`copy` copies)."""

    def __init__(
        self,
        hands: list[list[int]],
        cards: list[list[int]],
        up: list[list[bool]],
        field: list[int],
        left: list[int],
        made: list[int],
        turn: int | None,
    ) -> None:
        self.hands = hands
        self.cards = cards
        self.up = up
        self.field = field
        self.left = left
        self.made = made
        self.turn = turn

    def copy(self) -> Position:
        h, c, u = self.hands, self.cards, self.up
        return Position(
            [h[0][:], h[1][:]], [c[0][:], c[1][:]], [u[0][:], u[1][:]],
            self.field[:], self.left[:], self.made[:], self.turn,
        )  # fmt: skip

    def play(self, move: Move) -> None:
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
        r0, r1 = self.cards[0], self.cards[1]
        u0, u1 = self.up[0], self.up[1]
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


def known(mine: int, theirs: int, their_up: bool, f: int) -> float:
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
    return float((a > b) - (a < b))


def seed_options(p: Position, me: int, hand: list[int] | None = None) -> tuple[float, list[Move]]:
    """The seed level's best score for ``me`` and its moves of that score (ai.seed_scores);
    ``hand`` replaces ``me``'s hand. Reads only what ``me`` sees."""
    if hand is None:
        hand = p.hands[me]
    own, theirs, their_up, field = p.cards[me], p.cards[1 - me], p.up[1 - me], p.field
    may_replace = p.made[me] == 0 and p.left[me] > 0
    best: list[Move] = []
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
                    gain = known(own[c], theirs[c], their_up[c], card)
                    gain -= known(own[c], theirs[c], their_up[c], f)
                    if gain > 0.3:
                        score = 0.5 + gain
                        if score > top + 1e-9:
                            top, best = score, [(FIELD, card, c)]
                        elif score > top - 1e-9:
                            best.append((FIELD, card, c))
    return top, best


def seed_move(p: Position, rand: Callable[[], float]) -> Move:
    me = p.turn
    assert me is not None
    best = seed_options(p, me)[1]
    return best[0] if len(best) == 1 else best[int(rand() * len(best))]


def random_move(p: Position, rand: Callable[[], float]) -> Move:
    """A uniformly random legal move (rules.legal_moves on the compact form)."""
    me = p.turn
    assert me is not None
    own, theirs, their_up = p.cards[me], p.cards[1 - me], p.up[1 - me]
    moves: list[Move] = []
    for card in p.hands[me]:
        for c in range(7):
            if own[c] < 0:
                moves.append((UP, card, c))
                if theirs[c] < 0 or not their_up[c]:
                    moves.append((DOWN, card, c))
        if p.left[me] > 0:
            moves.extend((FIELD, card, c) for c in range(7) if RANK[p.field[c]] == RANK[card])
    return moves[int(rand() * len(moves))]


def play_on(p: Position, move: Move, rand: Callable[[], float], epsilon: float) -> tuple[int, int]:
    """A copy of ``p`` with ``move`` played, then :func:`playout`: the columns won."""
    q = p.copy()
    q.play(move)
    return playout(q, rand, epsilon)


def playout(p: Position, rand: Callable[[], float], epsilon: float) -> tuple[int, int]:
    """Play ``p`` to the end (seed-level moves, ``epsilon`` of them random); the columns won."""
    while p.turn is not None:
        if epsilon and rand() < epsilon:
            p.play(random_move(p, rand))
        else:
            p.play(seed_move(p, rand))
    return p.columns()
