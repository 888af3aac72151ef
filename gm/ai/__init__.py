"""AI opponents. Each game module in gm/ai/ exposes ``LEVELS: dict[str, AIPolicy]``.

A policy is called as ``policy(engine, view, seat, legal_moves, rng)`` with its own seat's view
only (never the full state) and returns one of ``legal_moves``.
"""

from __future__ import annotations

import importlib

from gm.games.base import AIPolicy

# API game name → module with LEVELS.
AI_MODULES: dict[str, str] = {
    "masul": "gm.ai.masul",
    "trumps": "gm.ai.trumps",
    "solonyo": "gm.ai.solonyo",
    "maze": "gm.ai.maze",
    "card-chess": "gm.ai.card_chess",
    "n-in-a-row": "gm.ai.n_in_a_row",
}


def levels(game: str) -> dict[str, AIPolicy]:
    """The AI levels of a game, by name (every game has at least "random")."""
    return importlib.import_module(AI_MODULES[game]).LEVELS


def default_level(game: str) -> str:
    """The strongest documented level: the last one listed by the game."""
    return list(levels(game))[-1]
