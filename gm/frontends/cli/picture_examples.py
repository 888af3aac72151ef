"""The board pictures README shows (docs/boards/<game>.svg): one per game, the first seat's view of
a fixed seeded position in mid-game (every seat played by the game's heuristic level, the one
below ``strong``, whose moves depend on the view and a seeded ``random.Random`` only: the strong
level thinks for a wall-clock time), drawn by
:func:`gm.games.pictures.board_svg`. ``python -m gm.frontends.cli.picture_examples [directory]``
writes them; tests/frontends/test_pictures.py checks the committed files are what this produces
today."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from gm.games import GAMES, REGISTRY, pictures
from gm.play.answers import events_for

SEED = 2026
DIRECTORY = Path("docs") / "boards"
# plies played before the picture, per game: about the middle of a typical game
PLIES = {"masul": 9, "trumps": 14, "solonyo": 7, "maze": 13, "card-chess": 24, "n-in-a-row": 11}
PLAYERS = {"maze": 3}


def example(name: str) -> str:
    """The picture of game ``name``'s example position, as its first seat sees it."""
    engine = REGISTRY[name]
    levels = [level for level in GAMES[name].levels if level != "strong"]
    policy = GAMES[name].levels[levels[-1]]
    players = PLAYERS.get(name, engine.info.min_players)
    state = engine.new_state(SEED, engine.options({}), players)
    rng = random.Random(f"{SEED}/{name}")
    events: list = []
    for _ in range(PLIES.get(name, 10)):
        seat = engine.to_move(state)
        if seat is None:
            break
        legal = engine.legal_moves(state, seat)
        move = policy(engine, engine.view(state, seat, None), seat, legal, rng)
        state, events = engine.apply(state, seat, move)
    outcome = engine.outcome(state)
    view = engine.view(state, 0, outcome)
    return pictures.board_svg(engine, view, events_for(engine, events, 0)) + "\n"


def examples() -> dict[str, str]:
    """File name → picture, for every built-in game."""
    return {f"{name}.svg": example(name) for name in GAMES if name in PLIES}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    directory = Path(args[0]) if args else DIRECTORY
    directory.mkdir(parents=True, exist_ok=True)
    for file, svg in examples().items():
        (directory / file).write_text(svg, encoding="utf-8")
        print(f"{directory / file}: {len(svg.encode())} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
