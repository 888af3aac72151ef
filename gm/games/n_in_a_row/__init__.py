"""N-in-a-row: beat the leader's record on an unbounded grid. See rules.md."""

from gm.games.n_in_a_row.ai import LEVELS
from gm.games.n_in_a_row.engine import ENGINE, NInARowEngine
from gm.games.n_in_a_row.rules import f_value
from gm.games.registry import Game

GAME = Game(ENGINE, LEVELS)

__all__ = ["ENGINE", "GAME", "LEVELS", "NInARowEngine", "f_value"]
