"""Failover under load: kill a Redis Cluster master (SIGKILL) while clients play moves, let its
replica take over, and count the acknowledged moves lost.

    python bench/failover.py [--clients 6] [--before 3] [--after 2] [--node-timeout 1000]

Starts a 3-master cluster (one replica each) from the embedded binaries, twice: once with gm's
defaults, once with ``GM_REDIS_WAIT_REPLICAS=1`` (every acknowledged write first waits for one
replica). Each client thread plays two-human games (Masul, both seats) through the Flask app, a
move with an idempotency key, sent again with the same key after a 503. After ``--before``
seconds the master holding one client's game is killed. Prints, per run: moves/s before the kill,
acknowledged moves, moves lost (acknowledged but not in the game's log after the failover), the
503s (each with Retry-After), any other 5xx, and the unavailability window (a client's first
failed request after the kill to its next acknowledged move; the longest).

tests/store/test_cluster_failover.py runs the same (shorter) and asserts 0 lost with the option.
"""

from __future__ import annotations

import argparse
import secrets
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gm.frontends.http.app import create_app  # noqa: E402
from gm.play import logbook  # noqa: E402
from gm.settings import Settings  # noqa: E402
from gm.store.cluster import EmbeddedCluster  # noqa: E402
from gm.store.connect import client_for  # noqa: E402
from gm.store.repository import Store  # noqa: E402

NO_LIMITS = {
    **{f"limit_{k}": () for k in ("create", "join", "play", "seat", "work", "work_seat")},
    **{f"quota_{k}": () for k in ("address", "game")},
}


@dataclass
class Figures:
    acked: dict[str, list[str]] = field(default_factory=dict)  # game id → moves acknowledged
    pending: dict[str, str] = field(default_factory=dict)  # game id → a move sent, not acked
    ok_times: list[tuple[int, float]] = field(default_factory=list)  # (client, t) of each ack
    fail_times: list[tuple[int, float]] = field(default_factory=list)  # (client, t) of each 503
    no_retry_after: int = 0  # 503s without Retry-After
    other_errors: list[str] = field(default_factory=list)  # any other 5xx, or an illegal replay
    playing: dict[int, str] = field(default_factory=dict)  # client → its current game
    latencies: list[float] = field(default_factory=list)  # of the acknowledged move requests
    lock: threading.Lock = field(default_factory=threading.Lock)


def _client_loop(app, i: int, figures: Figures, stop: threading.Event) -> None:  # type: ignore[no-untyped-def]
    http = app.test_client()
    http.environ_base["HTTP_GM_API_VERSION"] = "1"  # the full answers: status, to_move, seats

    def call(method: str, path: str, body=None):  # type: ignore[no-untyped-def]
        """Until an answer that is not a 503 (each 503 counted, with its Retry-After)."""
        while not stop.is_set():
            response = http.open(path, method=method, json=body)
            if response.status_code != 503:
                if response.status_code >= 500:
                    with figures.lock:
                        figures.other_errors.append(f"{response.status_code} {path}")
                return response
            with figures.lock:
                figures.fail_times.append((i, time.monotonic()))
                if not response.headers.get("Retry-After"):
                    figures.no_retry_after += 1
            time.sleep(0.05)
        return None

    while not stop.is_set():
        created = call("POST", "/games", {"game": "masul", "opponent": "human"})
        if created is None or created.status_code != 201:
            continue
        game = created.get_json()
        seat, invite = next(iter(game["invites"].items()))
        joined = call("POST", f"/games/{game['game_id']}/join", {"invite": invite})
        if joined is None or joined.status_code != 200:
            continue
        tokens = {game["seat"]: game["token"], seat: joined.get_json()["token"]}
        game_id = game["game_id"]
        with figures.lock:
            figures.acked[game_id] = []
            figures.playing[i] = game_id
        to_move = game["view"]["to_move"]
        while not stop.is_set() and to_move in tokens:
            view = call("GET", f"/play/{tokens[to_move]}")
            if view is None:
                break
            move = view.get_json()["legal_moves"][0]
            key = secrets.token_hex(8)
            with figures.lock:
                figures.pending[game_id] = move
            sent = time.perf_counter()
            answer = call(
                "POST", f"/play/{tokens[to_move]}/moves", {"move": move, "idempotency_key": key}
            )
            elapsed = time.perf_counter() - sent
            if answer is None:
                break
            body = answer.get_json()
            if answer.status_code != 200 or not body.get("legal"):
                with figures.lock:
                    figures.other_errors.append(f"{answer.status_code} move {body}"[:300])
                break
            with figures.lock:
                figures.acked[game_id].append(body["move"])
                figures.pending.pop(game_id, None)
                figures.ok_times.append((i, time.monotonic()))
                figures.latencies.append(elapsed)
            to_move = body["to_move"] if body["status"] == "active" else None


def run(
    clients: int = 6,
    before_s: float = 3.0,
    after_s: float = 2.0,
    wait_replicas: int = 0,
    node_timeout_ms: int = 1000,
    deadline_s: float = 60.0,
) -> dict[str, float]:
    """One run on a fresh cluster; the figures as a dict."""
    with tempfile.TemporaryDirectory(prefix="gm-failover-") as data_dir:
        cluster = EmbeddedCluster(data_dir, 3, 1, node_timeout_ms=node_timeout_ms).start()
        try:
            return _run(cluster, clients, before_s, after_s, wait_replicas, deadline_s)
        finally:
            cluster.stop()


def _run(cluster, clients, before_s, after_s, wait_replicas, deadline_s):  # type: ignore[no-untyped-def]
    settings = Settings(redis_url=cluster.url, redis_wait_replicas=wait_replicas, **NO_LIMITS)
    app = create_app(settings)
    figures, stop = Figures(), threading.Event()
    threads = [
        threading.Thread(target=_client_loop, args=(app, i, figures, stop), daemon=True)
        for i in range(clients)
    ]
    start = time.monotonic()
    for t in threads:
        t.start()
    time.sleep(before_s)
    with figures.lock:
        moves_before = len(figures.ok_times)
        victim_game = figures.playing.get(0)
    rate_before = moves_before / (time.monotonic() - start)
    assert victim_game, "client 0 never started a game"
    port = cluster.master_port_of(Store.doc_key(victim_game))
    killed_at = time.monotonic()
    cluster.kill(port)
    # its replica takes over; then the killed node is started again (as a supervisor would) and
    # comes back as the new master's replica: with the option, writes to that shard wait for it
    promoted_s = cluster.wait_master_moved(Store.doc_key(victim_game), port)
    cluster.restart(port)
    # until every client acknowledged a move after its first failure (or after the kill), then
    # ``after_s`` more
    while time.monotonic() - killed_at < deadline_s:
        with figures.lock:
            resumed = all(
                any(c == i and t > killed_at for c, t in figures.ok_times) for i in range(clients)
            ) and all(
                any(c == i and t > f for c, t in figures.ok_times)
                for i, f in figures.fail_times
                if f > killed_at
            )
        if resumed:
            break
        time.sleep(0.05)
    time.sleep(after_s)
    stop.set()
    for t in threads:
        t.join(timeout=10)
    cluster.wait_ok()
    windows = []
    for i in range(clients):
        fails = [t for c, t in figures.fail_times if c == i and t > killed_at]
        if fails:
            oks = [t for c, t in figures.ok_times if c == i and t > fails[0]]
            windows.append((oks[0] if oks else time.monotonic()) - fails[0])
    store = Store(client_for(cluster.url))
    store.unpack_log = logbook.unpack  # a game that ended has its log compacted
    lost = 0
    for game_id, acked in figures.acked.items():
        logged = [entry["move"] for entry in store.log(game_id)]
        # the log holds every acknowledged move, in order; one more is a move sent whose answer
        # the client did not get (stopped, or a 503 it did not resend)
        same = 0
        while same < min(len(acked), len(logged)) and acked[same] == logged[same]:
            same += 1
        lost += len(acked) - same
        extra = len(logged) - same
        if extra > (1 if game_id in figures.pending else 0):
            figures.other_errors.append(f"{game_id}: {extra} moves in the log not acknowledged")
    return {
        "wait_replicas": wait_replicas,
        "moves_per_s_before": round(rate_before, 1),
        "acked": sum(len(a) for a in figures.acked.values()),
        "lost": lost,
        "games": len(figures.acked),
        "failed_503": len(figures.fail_times),
        "no_retry_after": figures.no_retry_after,
        "other_errors": len(figures.other_errors),
        "errors_sample": "; ".join(figures.other_errors[:3]),
        "clients_hit": len(windows),
        "window_s": round(max(windows), 2) if windows else 0.0,
        "promoted_s": round(promoted_s, 2),
    }


def cost(clients: int = 6, seconds: float = 10.0, rounds: int = 5) -> dict[int, dict[str, float]]:
    """What the option costs, no failure: the same cluster, the default and
    GM_REDIS_WAIT_REPLICAS=1 taking turns in short rounds; moves/s and move latency."""
    out: dict[int, Figures] = {0: Figures(), 1: Figures()}
    with tempfile.TemporaryDirectory(prefix="gm-wait-cost-") as data_dir:
        cluster = EmbeddedCluster(data_dir, 3, 1).start()
        try:
            apps = {
                wait: create_app(
                    Settings(redis_url=cluster.url, redis_wait_replicas=wait, **NO_LIMITS)
                )
                for wait in out
            }
            for _ in range(rounds):
                for wait, app in apps.items():
                    stop = threading.Event()
                    threads = [
                        threading.Thread(target=_client_loop, args=(app, i, out[wait], stop))
                        for i in range(clients)
                    ]
                    for t in threads:
                        t.start()
                    time.sleep(seconds / rounds)
                    stop.set()
                    for t in threads:
                        t.join(timeout=10)
        finally:
            cluster.stop()
    result = {}
    for wait, figures in out.items():
        ordered = sorted(figures.latencies)
        result[wait] = {
            "moves_per_s": round(len(ordered) / seconds, 1),
            "p50_ms": round(ordered[len(ordered) // 2] * 1000, 2),
            "p99_ms": round(ordered[int(len(ordered) * 0.99)] * 1000, 2),
        }
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=6)
    parser.add_argument("--before", type=float, default=3.0, help="seconds of play before the kill")
    parser.add_argument("--after", type=float, default=2.0, help="seconds of play after recovery")
    parser.add_argument("--node-timeout", type=int, default=1000, help="cluster-node-timeout, ms")
    parser.add_argument("--cost-seconds", type=float, default=10.0, help="per mode, no failure")
    args = parser.parse_args()
    measured = cost(args.clients, args.cost_seconds)
    print(f"{args.clients} clients, Flask app in-process, two-human Masul games, moves with keys")
    print("without a failure, the same cluster, alternating rounds:")
    print("GM_REDIS_WAIT_REPLICAS | moves/s | p50 ms | p99 ms")
    for wait, row in measured.items():
        print(f"{wait} | {row['moves_per_s']} | {row['p50_ms']} | {row['p99_ms']}")
    base, waited = measured[0]["moves_per_s"], measured[1]["moves_per_s"]
    print(f"GM_REDIS_WAIT_REPLICAS=1 runs at {waited / base:.2f}x the default's moves/s")
    print("\na master killed (SIGKILL) after --before seconds:")
    rows = []
    for wait in (0, 1):
        rows.append(run(args.clients, args.before, args.after, wait, args.node_timeout))
    columns = [
        *("wait_replicas", "moves_per_s_before", "acked", "lost", "games", "failed_503"),
        *("no_retry_after", "other_errors", "clients_hit", "promoted_s", "window_s"),
    ]
    print(" | ".join(columns))
    for row in rows:
        print(" | ".join(str(row[c]) for c in columns))
    for row in rows:
        if row["errors_sample"]:
            print(f"wait_replicas={row['wait_replicas']} errors: {row['errors_sample']}")


if __name__ == "__main__":
    main()
