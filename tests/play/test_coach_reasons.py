"""Every hint in every game comes with a reason in the game's words (what the move does, what it
prevents or risks), not only the AI's share of wins: seeded games walked move by move, the coach
asked at every position."""

from __future__ import annotations

import random

import pytest

from gm.games import GAMES
from gm.games.table import Budget, Table
from gm.play import coach

GENERIC = ("The strong AI's choice", "The heuristic AI's choice", "It is your only legal move.")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_hint_has_a_game_worded_reason(game):
    entry = GAMES[game]
    for seed in (1, 2):
        doc = Table.new_document(entry, [{"kind": "human"}, {"kind": "human"}], seed, None, None)
        doc.update(id="walk", version=1)
        table = Table(entry, doc)
        rng = random.Random(seed)
        for _ in range(14):
            seat = table.to_move()
            if seat is None:
                break
            hint = coach.suggest(table, seat, Budget(seconds=0.05, think_ms=5))
            reason = hint["reason"]
            assert hint["suggestion"] and reason, (game, seed, hint)
            assert not reason.startswith(GENERIC), (game, seed, table.doc["ply"], reason)
            assert not reason.startswith("It is your only legal move.")
            legal = table.legal_moves(seat)
            table.play(seat, rng.choice(legal))
