"""Board picture sizes: the SVG of every viewer (each seat and the spectator) at every step of
seeded random games, per game, with the options that make boards larger (Your Trumps' 52-card
pack, Mystique Maze's 4 seats, So-Lon-Yo's face-up cards); the finished boards too.

    python bench/pictures.py [--games 30]

Prints per game: pictures drawn, the median (typical) and largest size in bytes, where the largest
was found, and the mean time to draw one next to a baseline measured in the same run (serialising
the same view to JSON), as a ratio. The bound is gm.games.pictures.MAX_BYTES (30 KB).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from gm.games import REGISTRY, pictures
from gm.games.base import MOVE_CAP, Outcome
from gm.play.answers import events_for

VARIANTS = {  # (players, options) tried per game, besides the defaults
    "trumps": [(2, {"deck": 52})],
    "maze": [(3, {}), (4, {}), (4, {"suit_order": "seed"})],
    "solonyo": [(2, {"defiant_sees_cards": True})],
    "masul": [(2, {"max_field_replacements": 9})],
}


def pictures_of(name: str, games: int):
    """(size, seconds, json_seconds, where) of every picture of ``games`` random games per
    variant."""
    engine = REGISTRY[name]
    variants = [(engine.info.min_players, {}), *VARIANTS.get(name, [])]
    for players, given in variants:
        cap = engine.info.cap
        if cap is not None:  # the longest games a table allows
            most = next(o.maximum for o in engine.info.options if o.name == cap.option)
            given = {**given, cap.option: most}
        options = engine.options(given)
        limit = options[cap.option] if cap is not None else engine.info.max_plies
        for seed in range(games):
            rng = random.Random(seed)
            state = engine.new_state(seed, options, players)
            events: list = []
            count = 0
            for ply in range(10 * limit + 10):
                seat = engine.to_move(state)
                if cap is not None and cap.counter is not None:
                    count = state[cap.counter]
                outcome = engine.outcome(state) if seat is None else None
                if seat is not None and count >= limit:  # the framework's move cap: a draw
                    seat, reason = None, "Drawn: the cap was reached"
                    outcome = Outcome([], True, reason, engine.scores(state), MOVE_CAP)
                for viewer in [None, *range(players)]:
                    view = engine.view(state, viewer, outcome)
                    last = events_for(engine, events, viewer)
                    start = time.perf_counter()
                    svg = pictures.board_svg(engine, view, last)
                    middle = time.perf_counter()
                    json.dumps([view, last], ensure_ascii=False)
                    end = time.perf_counter()
                    where = f"{players} seats {given} seed {seed} ply {ply} viewer {viewer}"
                    yield len(svg.encode()), middle - start, end - middle, where
                if seat is None:
                    break
                move = rng.choice(engine.legal_moves(state, seat))
                before = seat
                state, events = engine.apply(state, seat, move)
                if cap is None or cap.unit == "plies" or engine.to_move(state) != before:
                    count += 1


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=30, help="random games per variant")
    args = parser.parse_args()
    print(f"bound {pictures.MAX_BYTES} bytes; {args.games} random games per variant")
    print(
        f"{'game':<12}{'pictures':>9}{'median B':>10}{'largest B':>11}{'draw ms':>9}"
        f"{'x json':>8}  largest at"
    )
    for name in REGISTRY:
        rows = list(pictures_of(name, args.games))
        sizes = [r[0] for r in rows]
        draw = statistics.mean(r[1] for r in rows)
        base = statistics.mean(r[2] for r in rows)
        worst = max(rows, key=lambda r: r[0])
        print(
            f"{name:<12}{len(rows):>9}{statistics.median(sizes):>10.0f}{worst[0]:>11}"
            f"{draw * 1000:>9.2f}{draw / base:>8.1f}  {worst[3]}"
        )


if __name__ == "__main__":
    main()
