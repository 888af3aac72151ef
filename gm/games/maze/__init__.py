"""Mystique Maze (2-4 seats): engine, card geometry, notation and AI. See rules.md for the
rules."""

from gm.games.maze.ai import LEVELS
from gm.games.maze.engine import ENGINE, MazeEngine
from gm.games.registry import Game

GAME = Game(ENGINE, LEVELS)

__all__ = ["ENGINE", "GAME", "LEVELS", "MazeEngine"]
