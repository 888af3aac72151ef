"""The game registry: one :class:`Game` entry per game, naming its engine and its AI levels.

A game package ``gm/games/<name>/`` exposes ``GAME`` in its ``__init__.py``; the built-in games are
listed in :data:`PACKAGES` (catalogue order). :func:`register` adds any other game at run time (a
test's toy game, a plug-in): every front end reads the registry when it builds, so a registered
game appears in HTTP, MCP, the tool files, OpenAPI and the prompts with no other edit.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from gm.games.base import AIPolicy, Engine

# Built-in game packages under gm.games, in catalogue order.
PACKAGES = ("masul", "trumps", "solonyo", "maze", "card_chess", "n_in_a_row")


@dataclass(frozen=True)
class Game:
    """One registry entry. ``levels`` maps AI level names to policies, weakest first (every game
    has ``random``); ``default_level`` is used when a table names none (default: the last,
    strongest, level)."""

    engine: Engine
    levels: Mapping[str, AIPolicy]
    default_level: str = ""

    def __post_init__(self) -> None:
        if "random" not in self.levels:
            raise ValueError(f"{self.name}: every game needs the 'random' AI level")
        if not self.default_level:
            object.__setattr__(self, "default_level", list(self.levels)[-1])
        if self.default_level not in self.levels:
            raise ValueError(f"{self.name}: default level {self.default_level!r} is not a level")

    @property
    def name(self) -> str:
        return self.engine.info.name


GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add ``game`` (its API name must be new)."""
    if game.name in GAMES:
        raise ValueError(f"a game named {game.name!r} is registered already")
    GAMES[game.name] = game
    return game


def unregister(name: str) -> None:
    GAMES.pop(name, None)


class _Engines(Mapping[str, Engine]):
    """API name → engine, a live view of :data:`GAMES`."""

    def __getitem__(self, name: str) -> Engine:
        return GAMES[name].engine

    def __iter__(self) -> Iterator[str]:
        return iter(list(GAMES))

    def __len__(self) -> int:
        return len(GAMES)


REGISTRY: Mapping[str, Engine] = _Engines()


def load_builtin() -> None:
    for package in PACKAGES:
        game = importlib.import_module(f"gm.games.{package}").GAME
        if game.name not in GAMES:
            register(game)
