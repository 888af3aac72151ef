"""Fuzz every game's move reader with hostile text: whatever a player sends, the table's read path
(:meth:`gm.games.table.Table.read`, canonical text first, then the game's own parser) answers a
move or a typed :class:`~gm.games.base.GameError`, never another exception.

The text mixes arbitrary Unicode with the characters that have broken readers: letters whose case
folding turns them into ASCII (``ſ`` → s, ``K`` → k, ``ı``, ``İ``, ``ß``, ligatures), lone
surrogates, control characters and NUL, next to card words, digits, suit symbols and the games'
own keywords. Deterministic (``derandomize``), no example database; 10,000 inputs per game.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.games import GAMES
from gm.games.base import GameError
from gm.games.table import Table

pytestmark = pytest.mark.slow  # the slow tier: fuzzing every parser

EXAMPLES = 10_000

#: Characters that case-fold, normalise or encode badly, and separators a parser may split on.
TROUBLE = (
    "ſſKkıİiIßẞﬀﬁﬂﬃﬆǅǈǋ\u0130\u0131\u017f\u212a\u212b\u1e9e"
    "\ud800\udbff\udc00\udfff\x00\x01\x07\x1b\x7f\x85\u200b\u200d\u2028\u2029\ufeff\ufffd"
    "♣♦♥♠♧♢♡♤🂡🃞\u0301\u0308 \t\n\r\u00a0\u3000,;:.-+=#x×*/()[]{}'\""
    "0123456789٣۵१²³½⑩ⅫＸ７"
)
WORDS = (
    "7s 7♠ 10 of hearts TH Xh queen of spades Q♥ ace a as AS K♠ king jack ten two six sixes "
    "C1 C3 col column FD FU face down face up field fc replace swap with keep pass take takes "
    "exchange mulligan new hand draw deck pile discard pick play move resign x= y: X O 0,0 -3,4 "
    "1000000,-1000000 up down left right north south east west n s e w stay"
).split()

_chars = st.text(alphabet=st.sampled_from(TROUBLE), max_size=12)
_piece = st.one_of(st.sampled_from(WORDS), _chars, st.text(max_size=8), st.integers().map(str))
HOSTILE = st.one_of(
    st.lists(_piece, max_size=6).map(" ".join),
    st.lists(_piece, max_size=6).map("".join),
    st.text(max_size=40),
)


def _positions(name: str) -> list[tuple[Table, int]]:
    """A few positions of ``name`` with a human to move: the start and after random play."""
    game = GAMES[name]
    info = game.engine.info
    seats = [{"kind": "human"} for _ in range(info.min_players)]
    found = []
    for seed in (1, 2):
        doc = Table.new_document(game, seats, seed, None, None)
        table = Table(game, doc)
        rng = random.Random(seed)
        for ply in range(40):
            seat = table.to_move()
            if seat is None:
                break
            if ply in (0, 1, 5, 17, 39):
                found.append((Table(game, _copy(table.doc)), seat))
            table.play(seat, rng.choice(table.legal_moves(seat)))
    return found


def _copy(doc):
    import json

    return json.loads(json.dumps(doc))


@pytest.fixture(scope="module")
def positions() -> dict[str, list[tuple[Table, int]]]:
    return {name: _positions(name) for name in sorted(GAMES)}


def test_hostile_text_gets_a_move_or_a_game_error(positions):
    """Each input goes to every game's reader (at one of its positions): 10,000 per parser."""
    assert all(positions.values())

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(text=HOSTILE)
    def read_everywhere(text):
        for found in positions.values():
            table, seat = found[len(text) % len(found)]
            try:
                table.read(seat, text)
            except GameError:
                pass

    read_everywhere()


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize(
    "text", ["7ſ", "Kſ", "ſeven of ſpades", "kıng of hearts", "İ", "ß", "ﬀ", "7\u212a", "\ud800"]
)
def test_known_breakers(positions, name, text):
    """The texts that broke readers before, at every position of every game."""
    for table, seat in positions[name]:
        try:
            table.read(seat, text)
        except GameError:
            pass
