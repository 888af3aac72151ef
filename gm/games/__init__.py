"""The games layer: pure rules, no Redis, no Flask, no clock. One package per game
(``gm/games/<name>/``), the engine interface (``base``), the framework's table (``table``), fair
deals (``deal``), the pictures' canvas (``pictures``), the AI every game shares (``search``, the
``strong`` level; ``policies``), shared card code (``cards``), chat words (``words``) and the
registry (``registry``).

An AI policy is called as ``policy(engine, view, seat, legal_moves, rng)`` with its own seat's view
only (never the full state) and returns one of ``legal_moves``."""

from __future__ import annotations

from collections.abc import Mapping

from gm.games.base import AIPolicy, Engine
from gm.games.registry import GAMES, REGISTRY, Game, load_builtin, register, unregister

load_builtin()


def get_engine(name: str) -> Engine:
    """The engine for API name ``name``; KeyError when there is none."""
    return REGISTRY[name]


def get_game(name: str) -> Game:
    """The registry entry for API name ``name``; KeyError when there is none."""
    return GAMES[name]


def levels(game: str) -> Mapping[str, AIPolicy]:
    """The AI levels of a game, by name, weakest first (every game has "random")."""
    return GAMES[game].levels


def default_level(game: str) -> str:
    """The level a table gets when it names none."""
    return GAMES[game].default_level


__all__ = [
    "default_level",
    "levels",
    "GAMES",
    "REGISTRY",
    "Game",
    "get_engine",
    "get_game",
    "register",
    "unregister",
]
