"""Masul: the seed-000 dueling card game (3x7 grid, Field Cards, face-down cards, challenges).

``rules`` (state, legality, play, scoring), ``notation`` (move reader, board text), ``engine``
(the Engine), ``ai`` (levels), ``rules.md`` (the rules text served at GET /rules/masul).
"""

from gm.games.masul.ai import LEVELS
from gm.games.masul.engine import ENGINE, MasulEngine
from gm.games.masul.rules import MasulMove
from gm.games.registry import Game

GAME = Game(ENGINE, LEVELS)

__all__ = ["ENGINE", "GAME", "LEVELS", "MasulEngine", "MasulMove"]
