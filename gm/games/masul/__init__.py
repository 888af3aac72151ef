"""Masul: the seed-000 dueling card game (3x7 grid, Field Cards, face-down cards, challenges).

A package: ``rules`` (state, legality, play, scoring), ``notation`` (move reader, board text),
``engine`` (the gm Engine), ``rules.md`` (the rules text served at GET /rules/masul).
"""

from gm.games.masul.engine import ENGINE, MasulEngine
from gm.games.masul.rules import MasulMove

__all__ = ["ENGINE", "MasulEngine", "MasulMove"]
