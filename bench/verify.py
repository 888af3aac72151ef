"""Deal verification cost: one `GET /games/<id>/verify` worth of work per game (no HTTP).

    python bench/verify.py [--games 5]

For each registered game, plays all-AI tables ("random" level) at the largest move cap the game
allows, through the framework's Table, then times :func:`gm.games.deal.verify_game` (commitment,
engine seed, replay of every logged move) and prints plies, milliseconds (mean and max) and the size
of the answer in bytes.
"""

from __future__ import annotations

import argparse
import json
import time

from gm.games import GAMES, REGISTRY, deal
from gm.games.table import Budget, Table


def finished_game(name: str, n: int) -> tuple[dict, list]:
    game = GAMES[name]
    engine = game.engine
    options = {}
    if engine.info.cap is not None:
        opt = next(o for o in engine.info.options if o.name == engine.info.cap.option)
        options[opt.name] = opt.maximum
    game_id = f"{n:016x}"
    deal_doc, seed = deal.new_deal(game_id, 2, None)
    seats = [{"kind": "ai", "level": "random"}] * engine.info.min_players
    doc = Table.new_document(game, seats, seed, options, None)
    doc.update(id=game_id, deal=deal_doc)
    table = Table(game, doc, doc["state"])
    log = table.run_ai(Budget(steps=10**9, seconds=float("inf")))
    assert table.is_over()
    return json.loads(json.dumps(doc)), json.loads(json.dumps(log))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':12} {'plies':>6} {'mean ms':>8} {'max ms':>8} {'bytes':>6}")
    for name in REGISTRY:
        times, plies, size = [], 0, 0
        for n in range(args.games):
            doc, log = finished_game(name, n)
            start = time.perf_counter()
            answer = deal.verify_game(GAMES[name], doc, log, True)
            times.append((time.perf_counter() - start) * 1000)
            assert answer["verified"] is True, answer
            plies, size = max(plies, len(log)), max(size, len(json.dumps(answer)))
        mean = sum(times) / len(times)
        print(f"{name:12} {plies:6} {mean:8.1f} {max(times):8.1f} {size:6}")


if __name__ == "__main__":
    main()
