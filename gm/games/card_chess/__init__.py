"""Card Chess (API name ``card-chess``): chess on a face-down 5x5 board of cards. See rules.md."""

from gm.games.card_chess.ai import LEVELS
from gm.games.card_chess.engine import ENGINE, CardChessEngine
from gm.games.registry import Game

GAME = Game(ENGINE, LEVELS)

__all__ = ["ENGINE", "GAME", "LEVELS", "CardChessEngine"]
