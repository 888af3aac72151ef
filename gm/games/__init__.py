"""The games: one package per game (``gm/games/<name>/``), the engine interface (``base``), the
framework's table (``table``), shared card code (``cards``) and the registry (``registry``)."""

from __future__ import annotations

from gm.games.base import Engine
from gm.games.registry import GAMES, REGISTRY, Game, load_builtin, register, unregister

load_builtin()


def get_engine(name: str) -> Engine:
    """The engine for API name ``name``; KeyError when there is none."""
    return REGISTRY[name]


def get_game(name: str) -> Game:
    """The registry entry for API name ``name``; KeyError when there is none."""
    return GAMES[name]


__all__ = ["GAMES", "REGISTRY", "Game", "get_engine", "get_game", "register", "unregister"]
