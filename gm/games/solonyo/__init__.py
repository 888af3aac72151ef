"""So-Lon-Yo: the defiant picks one of three cards to beat the challenger's card. See rules.md."""

from gm.games.registry import Game
from gm.games.solonyo.ai import LEVELS
from gm.games.solonyo.engine import DECK, ENGINE, SoLonYoEngine, value

GAME = Game(ENGINE, LEVELS)

__all__ = ["DECK", "ENGINE", "GAME", "LEVELS", "SoLonYoEngine", "value"]
