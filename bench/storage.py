"""What Redis keeps per game: whole games of every game against the AI over HTTP, an idempotency
key on every move, the game's keys measured with ``MEMORY USAGE`` once it is over.

    python -m bench.storage [--game trumps] [--seed 1]

Per game, in the same run: the game played without keys (compacted at its end), with a key on
every move but the end's compaction switched off (``whole``: what the game would keep as it
ran — its log as written, a marker per key, each seat's last answer), and with both (``kept``:
what a finished game keeps), the kept bytes per 100 plies, and the parts of ``kept``: the
document, the compact log, the idempotency records. Then the read cost of the compact log: a
history page of the finished game read from the whole log, from the compact one the first time
(a replay of the game) and again (the rebuilt log kept in the process), in milliseconds (the
best of three).

A second table bounds the worst case: an all-AI table (level ``random``) at the largest move cap
each game allows, played to its end by reads: the bytes it keeps (no key: an AI seat sends none;
a human seat's last answer adds the ``idem`` figure of the first table), per 100 plies, and the
first read of a history page (the longest replay a read can cost) and the next.

The human seat plays a random legal move (``random.Random(seed)``); the AI seat plays level
``random``. docs/storage.md holds the figures and the reasoning.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass, field
from typing import Any

from bench.embedded import bench_app
from gm.games import GAMES

MAX_PLIES = 1000


@dataclass
class Played:
    game_id: str
    token: str
    plies: int = 0
    keys: dict[str, int] = field(default_factory=dict)  # key suffix -> MEMORY USAGE

    @property
    def total(self) -> int:
        return sum(self.keys.values())

    def part(self, *names: str) -> int:
        return sum(v for k, v in self.keys.items() if k.split(":")[0] in names)


class Bench:
    def __init__(self, app: Any, redis_client: Any):
        self.client = app.test_client()
        # the full answers, with the game's status (what is stored is the same either way: the
        # door makes the answer lean after the store kept it)
        self.client.environ_base["HTTP_GM_API_VERSION"] = "1"
        self.service = app.extensions["gm.service"]
        self.redis = redis_client

    def play(self, game: str, seed: int, keyed: bool, compact: bool = True) -> Played:
        """One whole game against the AI over HTTP; ``compact`` False: the end's compaction
        switched off (the game as it was kept while it ran)."""
        rng = random.Random(seed)
        body = {"game": game, "opponent": "ai", "ai_level": "random", "seed": seed}
        created = self._post("/games", body)
        played = Played(created["game_id"], created["token"])
        finished = self.service.finished
        if not compact:
            self.service.finished = lambda game_id: None
        try:
            status = created["view"]["status"]
            while status == "active" and played.plies < MAX_PLIES:
                legal = self.service.seat_view(played.token)["legal_moves"]
                if not legal:
                    continue  # the AI to move (the read played it)
                move: dict[str, Any] = {"move": rng.choice(legal)}
                if keyed:
                    move["idempotency_key"] = f"k-{played.plies}"
                status = self._post(f"/play/{played.token}/moves", move)["status"]
                played.plies += 1
        finally:
            self.service.finished = finished
        played.plies = self.service.history(token=played.token, limit=1)["total"]
        played.keys = self.memory(played.game_id)
        return played

    def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = self.client.post(path, json=body)
        assert response.status_code < 300, (path, response.status_code, response.get_data())
        return response.get_json()

    def memory(self, game_id: str) -> dict[str, int]:
        keys = self.redis.scan_iter(match=f"gm:{{{game_id}}}:*", count=1000)
        return {
            k.decode().split(":", 2)[2]: self.redis.memory_usage(k, samples=0) or 0 for k in keys
        }

    def longest(self, game: str, seed: int) -> Played:
        """An all-AI table at the game's largest move cap, played to its end by reads."""
        engine = GAMES[game].engine
        options = {}
        if engine.info.cap is not None:
            option = next(o for o in engine.info.options if o.name == engine.info.cap.option)
            options[option.name] = option.maximum
        seats = [{"kind": "ai", "level": "random"}] * engine.info.min_players
        body = {"game": game, "seats": seats, "seed": seed, "options": options}
        created = self._post("/games", body)
        played = Played(created["game_id"], "")
        for _ in range(10_000):
            if self.client.get(f"/games/{played.game_id}").get_json()["status"] != "active":
                break
        played.plies = self.service.history(game_id=played.game_id, limit=1)["total"]
        played.keys = self.memory(played.game_id)
        return played

    def page_ms(self, played: Played, cold: bool) -> float:
        """A history page of ``played`` (the first one), in milliseconds: the best of three (a
        shared machine's other work only adds)."""
        from gm.play import logbook

        best = float("inf")
        for _ in range(3):
            if cold:
                logbook.forget()
            start = time.perf_counter()
            self.service.history(game_id=played.game_id, after=0)
            best = min(best, (time.perf_counter() - start) * 1000)
        return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    with bench_app("storage") as (app, client):
        report(Bench(app, client), args.game or list(GAMES), args.seed)


def report(bench: Bench, games: list[str], seed: int) -> None:
    print(f"Redis bytes per finished game (MEMORY USAGE over its keys), HTTP, seed {seed}")
    print(
        f"{'game':11} {'plies':>5} {'no keys':>8} {'whole':>8} {'kept':>6} {'/100 plies':>10}"
        f" {'doc':>5} {'log':>5} {'idem':>5}   {'page: whole':>11} {'replay':>7} {'kept':>6}"
    )
    for game in games:
        plain = bench.play(game, seed, keyed=False)
        whole = bench.play(game, seed, keyed=True, compact=False)
        kept = bench.play(game, seed, keyed=True)
        assert kept.plies == whole.plies == plain.plies, (kept.plies, whole.plies, plain.plies)
        per100 = kept.total * 100 / max(1, kept.plies)
        read = [bench.page_ms(whole, cold=True), bench.page_ms(kept, cold=True)]
        read.append(bench.page_ms(kept, cold=False))
        print(
            f"{game:11} {kept.plies:>5} {plain.total:>8} {whole.total:>8} {kept.total:>6}"
            f" {per100:>10.0f} {kept.part('doc'):>5} {kept.part('log', 'logz'):>5}"
            f" {kept.part('idem'):>5}   {read[0]:>9.1f}ms {read[1]:>5.1f}ms {read[2]:>4.1f}ms",
            flush=True,
        )
    print()
    print("At the largest move cap: an all-AI table (level random) played to its end")
    print(f"{'game':11} {'plies':>5} {'kept':>6} {'/100 plies':>10} {'doc':>5} {'log':>5}"
          f"   {'page: replay':>12} {'kept':>6}")  # fmt: skip
    for game in games:
        longest = bench.longest(game, seed)
        per100 = longest.total * 100 / max(1, longest.plies)
        cold, warm = bench.page_ms(longest, cold=True), bench.page_ms(longest, cold=False)
        print(
            f"{game:11} {longest.plies:>5} {longest.total:>6} {per100:>10.0f}"
            f" {longest.part('doc'):>5} {longest.part('log', 'logz'):>5}"
            f"   {cold:>10.1f}ms {warm:>4.1f}ms",
            flush=True,
        )


if __name__ == "__main__":
    main()
