"""AI opponents. Each game's levels live in its package (``gm/games/<name>/ai.py``) and are named
by its registry entry; this package holds the policies every game can use (``basic``).

A policy is called as ``policy(engine, view, seat, legal_moves, rng)`` with its own seat's view
only (never the full state) and returns one of ``legal_moves``.
"""

from __future__ import annotations

from collections.abc import Mapping

from gm.games.base import AIPolicy


def levels(game: str) -> Mapping[str, AIPolicy]:
    """The AI levels of a game, by name, weakest first (every game has "random")."""
    from gm.games import GAMES

    return GAMES[game].levels


def default_level(game: str) -> str:
    """The level a table gets when it names none."""
    from gm.games import GAMES

    return GAMES[game].default_level
