"""Mystique Maze (2-4 seats): engine, card geometry and notation. See maze.md for the rules."""

from gm.games.maze.engine import ENGINE, MazeEngine

__all__ = ["ENGINE", "MazeEngine"]
