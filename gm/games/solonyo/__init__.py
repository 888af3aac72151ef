"""So-Lon-Yo: the defiant picks one of three cards to beat the challenger's card. See rules.md.

``rules`` (state, values, a pick, the end, scores), ``notation`` (move reader, board text),
``engine`` (the Engine), ``ai`` (levels), ``rules.md`` (served at GET /rules/solonyo).
"""

from gm.games.registry import Game
from gm.games.solonyo.ai import LEVELS
from gm.games.solonyo.engine import ENGINE, SoLonYoEngine
from gm.games.solonyo.rules import DECK, value

GAME = Game(ENGINE, LEVELS)

__all__ = ["DECK", "ENGINE", "GAME", "LEVELS", "SoLonYoEngine", "value"]
