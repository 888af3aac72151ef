"""The registry of games: API name → engine. Add a game by adding its module here."""

from __future__ import annotations

import importlib

from gm.games.base import Engine

# API name → module defining ENGINE. Order is the catalogue order.
GAME_MODULES: dict[str, str] = {
    "masul": "gm.games.masul",
    "trumps": "gm.games.trumps",
    "solonyo": "gm.games.solonyo",
    "maze": "gm.games.maze",
    "card-chess": "gm.games.card_chess",
    "n-in-a-row": "gm.games.n_in_a_row",
}


def _load() -> dict[str, Engine]:
    engines = {}
    for name, module in GAME_MODULES.items():
        engine = importlib.import_module(module).ENGINE
        assert engine.info.name == name, (name, engine.info.name)
        engines[name] = engine
    return engines


REGISTRY: dict[str, Engine] = _load()


def get_engine(name: str) -> Engine:
    """The engine for API name ``name``; KeyError when there is none."""
    return REGISTRY[name]
