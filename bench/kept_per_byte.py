"""What Redis keeps per byte the store guard charges (gm/store/quotas.py ``KEPT_PER_BYTE``, the
factor the guard's estimate of the use between two readings of ``INFO memory`` multiplies by).

    python -m bench.kept_per_byte [--games 200] [--moves 6] [--seed 1]

The burst the estimate is for: many new games, each a few moves in (a key on every move, as a
chat door sends), none finished (a finished game is compacted, and keeps less). On an embedded
Redis of its own, per game: ``--games`` games against the AI over HTTP, ``--moves`` moves each,
the charged bytes summed by wrapping ``StoreGuard.charge`` and Redis's ``used_memory`` read
before and after the batch (after a flush: the baseline of the same run is the empty store, so
the ratio counts only what the games added; a warm-up batch first, the flush synchronous).
Prints, per game, the bytes charged, the bytes
Redis grew by and their ratio, the largest ratio beside the factor in use: the factor must not
be below what Redis really keeps, or a burst passes the soft limit unseen.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from bench.embedded import bench_app
from bench.storage import MAX_PLIES
from gm.games import GAMES
from gm.store.quotas import KEPT_PER_BYTE, StoreGuard


class Counting:
    """``StoreGuard.charge`` wrapped: the bytes charged, summed."""

    def __init__(self) -> None:
        self.charged = 0
        self._real = StoreGuard.charge

    def __enter__(self) -> Counting:
        real, counting = self._real, self

        def charge(guard: StoreGuard, game_id: str, nbytes: int, *, refusable: bool) -> None:
            counting.charged += max(0, nbytes)
            real(guard, game_id, nbytes, refusable=refusable)

        StoreGuard.charge = charge  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        StoreGuard.charge = self._real  # type: ignore[method-assign]


def play(client: Any, service: Any, game: str, seed: int, moves: int) -> None:
    """A game against the AI over HTTP, ``moves`` moves in, a key on every move."""
    rng = random.Random(seed)
    body = {"game": game, "opponent": "ai", "ai_level": "random", "seed": seed}
    created = client.post("/games", json=body).get_json()
    token, status, plies = created["token"], created["view"]["status"], 0
    while status == "active" and plies < min(moves, MAX_PLIES):
        legal = service.seat_view(token)["legal_moves"]
        if not legal:
            continue
        move = {"move": rng.choice(legal), "idempotency_key": f"k-{plies}"}
        status = client.post(f"/play/{token}/moves", json=move).get_json()["status"]
        plies += 1


def used(redis_client: Any) -> int:
    return int(redis_client.info("memory")["used_memory"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games of each kind")
    parser.add_argument("--moves", type=int, default=6, help="moves into each game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with bench_app("kept") as (app, client):
        http, service = app.test_client(), app.extensions["gm.service"]
        http.environ_base["HTTP_GM_API_VERSION"] = "1"
        report(http, service, client, args.games, args.moves, args.seed)


def report(http: Any, service: Any, client: Any, games: int, moves: int, seed: int) -> None:
    """The table: per game, the bytes charged, the bytes Redis grew by, their ratio."""
    print(f"Redis bytes kept per byte charged: {games} games each, {moves} moves in, seed {seed}")
    print(f"{'game':11} {'charged':>10} {'grown':>10} {'kept/charged':>13}")
    total_charged = total_grown = 0
    ratios = []
    for n in range(3):  # warm-up: the scripts loaded, the allocator's first pages taken
        play(http, service, "n-in-a-row", seed + n, moves)
    for game in GAMES:
        client.execute_command("FLUSHDB", "SYNC")  # freed now, not lazily
        before = used(client)
        with Counting() as counted:
            for n in range(games):
                play(http, service, game, seed + n, moves)
        grown = used(client) - before
        total_charged += counted.charged
        total_grown += grown
        ratio = grown / counted.charged if counted.charged else float("nan")
        ratios.append(ratio)
        print(f"{game:11} {counted.charged:>10} {grown:>10} {ratio:>13.2f}")
    overall = total_grown / total_charged if total_charged else float("nan")
    print(f"{'all':11} {total_charged:>10} {total_grown:>10} {overall:>13.2f}")
    most = max(ratios)
    print(
        f"KEPT_PER_BYTE in use: {KEPT_PER_BYTE}; the largest ratio {most:.2f}, the mean "
        f"{overall:.2f}: the factor is {KEPT_PER_BYTE / most:.2f}× the largest"
    )


if __name__ == "__main__":
    main()
