"""Holds under abuse: strangers flood a real `gm serve` while a probe seat keeps playing.

    python bench/abuse.py [--only fill,hints,verify,options,slow_bodies,streams] [--seconds 20]
                          [--maxmemory 4mb] [--log FILE]

Starts `gm serve` (its embedded Redis, gunicorn and every default setting: limits, quotas, soft
limit, AI budgets) in a temporary data directory. A **probe** (127.0.0.1) plays a long game of
N-in-a-row between two human seats — a move every 300 ms, each with a fresh idempotency key as
the web page sends — and its moves are timed. Strangers come from other loopback addresses
(127.0.0.10, 127.0.0.11, …: Linux routes all of 127/8 to the loopback, so each is an address of
its own for gm's per-address limits). First the probe alone (the baseline), then each scenario:

- ``fill``: strangers create games and send moves with fresh idempotency keys as fast as gm
  answers, until the store passes its soft limit (or ``--seconds``×3): the probe's game must keep
  moving (0 refused moves) and new games meet a 507/429 with ``Retry-After``;
- ``hints``: strangers (3 addresses, 4 connections each, 8 seats each) ask the coach for hints
  at their limits: as fast as gm answers, and when refused, again after ``Retry-After``;
- ``verify``: strangers (2 addresses, 4 connections each) ask for the verification of long
  finished games (hundreds of moves) at their limits, the same way;
- ``options``: N-in-a-row created with ``f`` past its bound (refused) and at its widest (the
  bytes kept and the largest answer of such a game);
- ``slow_bodies``: 4,000 connections from 80 addresses (50 each: twice the 2,000 that stopped gm
  before) each trickling a request body, a byte every 2 s; a cut one comes back at once;
- ``streams``: 4,000 event streams from 80 addresses (50 each, on a game of their own, within
  every live cap); a closed one comes back after a second. For both, ``/healthz`` is asked on a
  fresh connection every 100 ms from an address of its own, and timed.

For each it prints the probe's move p50/p99 (and the ratio to the baseline), the probe's refused
moves, what the strangers got (status counts; whether every 429/507 carried ``Retry-After``) and
the store's use. ``--maxmemory`` sizes the embedded Redis (default 4mb: on a shared 2-core
machine the fill reaches the soft limit in about a minute; gm's default 256mb only takes
longer; the connection floods are best run at the default, ``--maxmemory 256mb``: with 4mb the
Redis connections a burst opens take a good part of the store); every other setting is gm's
default. A scenario (:data:`SCENARIOS`) prepares what it needs, then returns its flood.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gm.games.n_in_a_row.rules import F_WIDEST  # noqa: E402

PROBE_ADDRESS = "127.0.0.1"
GAMES_UP_FRONT = 3  # the probe's games, made before any flood (each lasts 1000 marks)


def stranger(i: int) -> str:
    """The loopback address of stranger ``i`` (one address each)."""
    return f"127.0.{(10 + i) // 250}.{(10 + i) % 250 + 1}"


class Client:
    """One keep-alive HTTP connection from ``source`` (an address of the loopback)."""

    def __init__(self, port: int, source: str):
        self.port, self.source = port, source
        self.conn: http.client.HTTPConnection | None = None
        self.last_size = 0

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, dict[str, str], Any]:
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data else {}
        for attempt in (1, 2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(
                    "127.0.0.1", self.port, timeout=30, source_address=(self.source, 0)
                )
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                raw = response.read()
                self.last_size = len(raw)
                answer = json.loads(raw) if raw[:1] in (b"{", b"[") else raw
                return response.status, dict(response.headers), answer
            except (OSError, http.client.HTTPException):
                self.conn.close()
                self.conn = None
                if attempt == 2:
                    return 0, {}, None
        return 0, {}, None


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


@dataclass
class Probe:
    """A human game between two seats the probe holds, a move every ``pause`` seconds."""

    port: int
    pause: float = 0.3  # a brisk human: ~200 views and moves a minute per seat, under its limits
    times: list[float] = field(default_factory=list)
    statuses: Counter[str] = field(default_factory=Counter)
    stop: threading.Event = field(default_factory=threading.Event)
    first_refusal: str | None = None
    rounds: int = 0

    def __post_init__(self) -> None:
        self.client = Client(self.port, PROBE_ADDRESS)
        self.waiting = [self._game() for _ in range(GAMES_UP_FRONT)]  # never one made mid-flood
        self.games = 0
        self._next_game()

    def _game(self) -> list[str]:
        # f(N) = 1000·N: far-apart marks never end it before its 1000 marks
        options = {"max_turns": 1000, "f": "1000"}
        body = {"game": "n-in-a-row", "opponent": "human", "options": options}
        status, _, game = self.client.call("POST", "/games", body)
        assert status == 201, (status, game)
        (invite,) = game["invites"].values()
        status, _, joined = self.client.call(
            "POST", f"/games/{game['game_id']}/join", {"invite": invite}
        )
        assert status == 200, (status, joined)
        return [game["token"], joined["token"]]

    def _next_game(self) -> None:
        self.tokens, self.games = self.waiting.pop(), self.games + 1
        self.turn, self.rng = 0, random.Random(self.games)

    def run(self) -> None:
        n, self.rounds = 0, self.rounds + 1
        while not self.stop.is_set():
            token = self.tokens[self.turn % 2]
            status, _, view = self.client.call("GET", f"/play/{token}?api_version=1")  # full view
            if status != 200 or not isinstance(view, dict):
                self.statuses[f"view {status}"] += 1
                time.sleep(self.pause)
                continue
            if view.get("status") != "active":
                self._next_game()
                continue
            if not view.get("your_turn"):
                self.turn += 1
                continue
            # marks far apart (any empty point is legal): no line ends the game before its cap
            placed = view["state"]["marks_placed"]
            x, y = divmod(placed, 30)
            move = f"{x * 4 - 400},{y * 4 - 60}"
            n += 1
            started = time.perf_counter()
            status, _, answer = self.client.call(
                "POST",
                f"/play/{token}/moves",
                {"move": move, "idempotency_key": f"p{self.rounds}-{n}"},
            )
            if status != 200 and self.first_refusal is None:
                self.first_refusal = f"{status} {move!r}: {str(answer)[:200]}"
            self.times.append((time.perf_counter() - started) * 1000)
            self.statuses[f"move {status}"] += 1
            self.turn += 1
            time.sleep(self.pause)

    def measure(self, during: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """Run ``during`` (a scenario) while the probe plays; its figures and the probe's."""
        self.times, self.statuses, self.stop = [], Counter(), threading.Event()
        self.first_refusal = None
        thread = threading.Thread(target=self.run, daemon=True)
        thread.start()
        try:
            result = during()
        finally:
            self.stop.set()
            thread.join(timeout=60)
        refused = sum(c for s, c in self.statuses.items() if s != "move 200")
        return {
            **result,
            "probe_moves": len(self.times),
            "probe_refused": refused,
            "probe_requests": dict(sorted(self.statuses.items())),
            **({"probe_first_refusal": self.first_refusal} if self.first_refusal else {}),
            "probe_p50": percentile(self.times, 50),
            "probe_p99": percentile(self.times, 99),
        }


@dataclass
class Tally:
    """What the strangers got: statuses, and 429/507s without ``Retry-After``."""

    statuses: Counter[str] = field(default_factory=Counter)
    no_retry_after: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, what: str, status: int, headers: dict[str, str]) -> None:
        with self.lock:
            self.statuses[f"{what} {status}"] += 1
            if status in (429, 507, 503) and "Retry-After" not in headers:
                self.no_retry_after += 1

    def summary(self) -> dict[str, Any]:
        return {
            "strangers": dict(sorted(self.statuses.items())),
            "no_retry_after": self.no_retry_after,
        }


def flood(
    port: int,
    addresses: int,
    per_address: int,
    seconds: float,
    one: Callable[..., bool],
    first: int = 0,
    stop: threading.Event | None = None,
) -> None:
    """``addresses`` × ``per_address`` threads (strangers ``first``, ``first`` + 1, …), each
    calling ``one(client, i, state)`` until ``seconds`` pass or it returns False."""
    deadline, stop = time.monotonic() + seconds, stop or threading.Event()

    def worker(address: int, i: int) -> None:
        client, state = Client(port, stranger(first + address)), cast(dict[str, Any], {})
        while time.monotonic() < deadline and not stop.is_set():
            if not one(client, address * per_address + i, state):
                break

    threads = [
        threading.Thread(target=worker, args=(a, i), daemon=True)
        for a in range(addresses)
        for i in range(per_address)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=seconds + 60)
    stop.set()


# ---------------------------------------------------------------- the scenarios


Flood = Callable[[], dict[str, Any]]  # runs a flood, returns its figures


@dataclass
class Context:
    port: int
    store: Any  # a redis client of the embedded server
    seconds: float
    probe: Probe


def _store(ctx: Context) -> dict[str, Any]:
    ready = Client(ctx.port, PROBE_ADDRESS).call("GET", "/readyz")[2]
    memory = ready.get("memory", {}) if isinstance(ready, dict) else {}
    return {
        "store_used_mb": round(memory.get("used_bytes", 0) / 2**20, 1),
        "store_soft_mb": round(memory.get("soft_limit_bytes", 0) / 2**20, 1),
        "store_max_mb": round(memory.get("max_bytes", 0) / 2**20, 1),
        "store_state": memory.get("state"),
        "refused_counted": ready.get("refused") if isinstance(ready, dict) else None,
    }


def fill(ctx: Context) -> Flood:
    """Strangers make the store keep what they can: new games, moves with fresh keys."""
    tally, tight, stop = Tally(), threading.Event(), threading.Event()

    def one(client: Client, i: int, state: dict[str, Any]) -> bool:
        if not state.get("tokens") or state.get("moves", 0) > 20:
            status, headers, game = client.call(
                "POST", "/games", {"game": "n-in-a-row", "opponent": "human"}
            )
            tally.add("create", status, headers)
            if status == 507:
                tight.set()
            if status != 201:
                time.sleep(0.2)
                return True
            (invite,) = game["invites"].values()
            joined = client.call("POST", f"/games/{game['game_id']}/join", {"invite": invite})[2]
            state.update(tokens=[game["token"], joined["token"]], moves=0, n=0)
        token = state["tokens"][state["moves"] % 2]
        x, y = divmod(state["n"], 40)
        state["n"] += 1  # marks far apart: no line ends the game
        body = {"move": f"{x * 3 - 500},{y * 3 - 60}", "idempotency_key": f"fill-{i}-{state['n']}"}
        status, headers, _ = client.call("POST", f"/play/{token}/moves", body)
        tally.add("move", status, headers)
        if status == 200:
            state["moves"] += 1
        elif status in (429, 507):
            time.sleep(0.2)
        return True

    def run() -> dict[str, Any]:
        # until the store is past its soft limit and a while longer (the probe plays on there)
        watcher = threading.Thread(target=_stop_after, args=(tight, stop, ctx.seconds / 2))
        watcher.start()
        flood(ctx.port, 40, 1, ctx.seconds * 6, one, stop=stop)
        watcher.join()
        return {**tally.summary(), **_store(ctx)}

    return run


def _at_the_limit(status: int, headers: dict[str, str]) -> bool:
    """A stranger at the limits: refused, it waits as told (``Retry-After``) and comes back.
    (One that keeps sending regardless is a request flood: the connection caps' scenario.)"""
    if status == 429:
        time.sleep(min(10.0, float(headers.get("Retry-After", "1"))))
    return True


def _stop_after(tight: threading.Event, stop: threading.Event, seconds: float) -> None:
    """Set ``stop`` ``seconds`` after ``tight`` is (or never, if the flood ends first)."""
    while not stop.is_set():
        if tight.wait(0.5):
            time.sleep(seconds)
            stop.set()


def _seats(port: int, address: int, count: int) -> list[str]:
    client = Client(port, stranger(address))
    tokens = []
    for _ in range(count):
        status, _, game = client.call("POST", "/games", {"game": "masul", "opponent": "ai"})
        if status == 201:
            tokens.append(game["token"])
    return tokens


def hints(ctx: Context) -> Flood:
    """Strangers ask the coach for hints from many seats, as fast as gm answers."""
    tally, addresses, per_address = Tally(), 3, 4
    seats = {a: _seats(ctx.port, 100 + a, 8) for a in range(addresses)}  # before the probe

    def one(client: Client, i: int, state: dict[str, Any]) -> bool:
        tokens = seats[i // per_address]
        token = tokens[state.setdefault("k", i) % len(tokens)]
        state["k"] += 1
        status, headers, _ = client.call("GET", f"/play/{token}/hint")
        tally.add("hint", status, headers)
        return _at_the_limit(status, headers)

    def run() -> dict[str, Any]:
        flood(ctx.port, addresses, per_address, ctx.seconds, one, first=100)
        return tally.summary()

    return run


def _finished_games(port: int, count: int) -> list[str]:
    """Long finished games (all-AI Your Trumps tables, hundreds of moves, played on by their
    reads; each from an address of its own, since reads that play AI moves are priced)."""
    ais = [{"kind": "ai", "level": "random"}] * 2
    ids = []
    for seed in range(count):
        client = Client(port, stranger(200 + seed))
        status, _, game = client.call(
            "POST", "/games", {"game": "trumps", "seats": ais, "seed": seed}
        )
        if status != 201:
            continue
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            status, headers, view = client.call("GET", f"/games/{game['game_id']}?api_version=1")
            if isinstance(view, dict) and view.get("status") == "finished":
                ids.append(game["game_id"])
                break
            if status == 429:
                time.sleep(float(headers.get("Retry-After", "1")))
    return ids


def verify(ctx: Context) -> Flood:
    """Strangers ask for the verification of long finished games, as fast as gm answers."""
    tally, games = Tally(), _finished_games(ctx.port, 6)  # before the probe
    assert games, "no finished game to verify"

    def one(client: Client, i: int, state: dict[str, Any]) -> bool:
        game_id = games[state.setdefault("k", i) % len(games)]
        state["k"] += 1
        status, headers, _ = client.call("GET", f"/games/{game_id}/verify")
        tally.add("verify", status, headers)
        return _at_the_limit(status, headers)

    def run() -> dict[str, Any]:
        flood(ctx.port, 2, 4, ctx.seconds, one, first=300)
        return {"finished_games": len(games), **tally.summary()}

    return run


def options(ctx: Context) -> Flood:
    """N-in-a-row's ``f`` past its bound, and at its widest: the bytes kept, the largest answer."""
    return partial(_options, ctx)


def _options(ctx: Context) -> dict[str, Any]:
    client, tally = Client(ctx.port, stranger(400)), Tally()
    wide = ",".join(["1000"] * 5000)  # the attack of the issue: a 60 KB table
    status, headers, _ = client.call(
        "POST", "/games", {"game": "n-in-a-row", "opponent": "human", "options": {"f": wide}}
    )
    tally.add("create f=60KB", status, headers)
    body = {"game": "n-in-a-row", "opponent": "human", "options": {"f": F_WIDEST}}
    status, headers, game = client.call("POST", "/games", body)
    tally.add("create f=widest", status, headers)
    largest = 0
    if status == 201:
        (invite,) = game["invites"].values()
        other = client.call("POST", f"/games/{game['game_id']}/join", {"invite": invite})[2]
        tokens = [game["token"], other["token"]]
        for n in range(60):
            token = tokens[n % 2]
            for path in (f"/play/{token}", f"/play/{token}/history", f"/games/{game['game_id']}"):
                client.call("GET", path)
                largest = max(largest, client.last_size)
            x, y = divmod(n, 7)
            client.call("POST", f"/play/{token}/moves", {"move": f"{x * 50},{y * 50}"})
        kept = sum(
            int(ctx.store.memory_usage(key) or 0)
            for key in ctx.store.scan_iter(f"gm:{{{game['game_id']}}}:*")
        )
        return {**tally.summary(), "bytes_kept_per_game": kept, "largest_answer": largest}
    return tally.summary()


# ---------------------------------------------------------------- the connection floods

CROWD_ADDRESSES, CROWD_PER_ADDRESS = 80, 50  # 4,000 connections: twice what broke gm before
HEALTH_ADDRESS = "127.0.0.2"


@dataclass
class Crowd:
    """``addresses`` × ``per_address`` raw connections held open against the server, in one
    thread (non-blocking sockets): each sends ``head``, then ``trickle`` every ``every`` seconds
    (nothing when empty: it only reads). A connection the server closes or refuses is opened again
    after ``again`` seconds, so the flood stays as large as it can be for the whole scenario."""

    port: int
    head: Callable[[int], bytes]  # the request head of stranger address ``a``
    trickle: bytes = b""
    every: float = 2.0
    again: float = 0.5
    addresses: int = CROWD_ADDRESSES
    per_address: int = CROWD_PER_ADDRESS
    first: int = 500
    outcomes: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)  # a body of each refusal
    open_now: int = 0
    open_max: int = 0

    def run(self, seconds: float) -> dict[str, Any]:
        import heapq
        import selectors

        sel = selectors.DefaultSelector()
        due: list[tuple[float, int]] = [
            (0.0, n) for n in range(self.addresses * self.per_address)
        ]  # (when, slot): to open
        end, next_trickle = time.monotonic() + seconds, 0.0
        while time.monotonic() < end:
            now = time.monotonic()
            while due and due[0][0] <= now:
                self._open(sel, heapq.heappop(due)[1])
            for key, events in sel.select(timeout=0.05):
                state = key.data
                if state["phase"] == "connecting" and events & selectors.EVENT_WRITE:
                    self._connected(sel, key.fileobj, state, due)
                elif events & selectors.EVENT_READ:
                    self._readable(sel, key.fileobj, state, due)
            if self.trickle and now >= next_trickle:
                next_trickle = now + self.every
                for key in list(sel.get_map().values()):
                    if key.data["phase"] == "open":
                        try:
                            key.fileobj.send(self.trickle)  # type: ignore[union-attr]
                        except OSError:
                            pass  # closed: its read says so
        for key in list(sel.get_map().values()):
            key.fileobj.close()  # type: ignore[union-attr]
        sel.close()
        return {
            "connections_open_at_most": self.open_max,
            "connections_closed_by": dict(sorted(self.outcomes.items())),
            **{f"example {k}": v[:300] for k, v in sorted(self.examples.items())},
        }

    def _open(self, sel: Any, slot: int) -> None:
        import selectors

        a = slot // self.per_address
        sock = socket.socket()
        sock.setblocking(False)
        try:
            sock.bind((stranger(self.first + a), 0))
            sock.connect_ex(("127.0.0.1", self.port))
        except OSError:
            sock.close()
            self.outcomes["no socket"] += 1
            return
        state = {"phase": "connecting", "slot": slot, "got": b""}
        sel.register(sock, selectors.EVENT_WRITE, state)

    def _connected(self, sel: Any, sock: Any, state: dict[str, Any], due: list[Any]) -> None:
        import selectors

        if sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) != 0:
            self._closed(sel, sock, state, due, "connect failed")
            return
        try:
            sock.send(self.head(state["slot"] // self.per_address))
        except OSError:
            self._closed(sel, sock, state, due, "connect failed")
            return
        state["phase"] = "open"
        self.open_now += 1
        self.open_max = max(self.open_max, self.open_now)
        sel.modify(sock, selectors.EVENT_READ, state)

    def _readable(self, sel: Any, sock: Any, state: dict[str, Any], due: list[Any]) -> None:
        try:
            data = sock.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if data:
            if len(state["got"]) < 600:
                state["got"] += data[:600]
            return
        head = state["got"].split(b" ")
        status = head[1].decode() if len(head) > 1 and head[0].startswith(b"HTTP/") else "none"
        self.open_now -= 1
        if status not in self.examples and status not in ("200", "408"):
            self.examples[status] = state["got"].decode(errors="replace").split("\r\n\r\n")[-1]
        self._closed(sel, sock, state, due, f"answer {status}")

    def _closed(
        self, sel: Any, sock: Any, state: dict[str, Any], due: list[Any], outcome: str
    ) -> None:
        import heapq

        self.outcomes[outcome] += 1
        sel.unregister(sock)
        sock.close()
        heapq.heappush(due, (time.monotonic() + self.again, state["slot"]))


def _health(port: int, stop: threading.Event, times: list[float], failed: Counter[str]) -> None:
    """``GET /healthz`` on a fresh connection (from an address of its own) every 100 ms."""
    while not stop.is_set():
        started = time.perf_counter()
        conn = http.client.HTTPConnection(
            "127.0.0.1", port, timeout=10, source_address=(HEALTH_ADDRESS, 0)
        )
        try:
            conn.request("GET", "/healthz")
            status = conn.getresponse().status
            if status != 200:
                failed[str(status)] += 1
        except (OSError, http.client.HTTPException) as err:
            failed[type(err).__name__] += 1
        finally:
            conn.close()
        times.append((time.perf_counter() - started) * 1000)
        time.sleep(0.1)


def _crowded(ctx: Context, crowd: Crowd) -> Flood:
    def run() -> dict[str, Any]:
        times: list[float] = []
        failed: Counter[str] = Counter()
        stop = threading.Event()
        health = threading.Thread(target=_health, args=(ctx.port, stop, times, failed))
        health.start()
        try:
            figures = crowd.run(ctx.seconds)
        finally:
            stop.set()
            health.join()
        return {
            **figures,
            "healthz": f"{len(times)} asked, p50 {percentile(times, 50):.0f} ms, "
            f"p99 {percentile(times, 99):.0f} ms, failed {dict(failed)}",
        }

    return run


def slow_bodies(ctx: Context) -> Flood:
    """4,000 connections from 80 addresses, each trickling a request body (1 byte every 2 s);
    cut ones come back at once."""

    def head(_a: int) -> bytes:
        return (
            f"POST /games HTTP/1.1\r\nHost: 127.0.0.1:{ctx.port}\r\n"
            "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
        ).encode()

    return _crowded(ctx, Crowd(ctx.port, head, trickle=b" "))


def streams(ctx: Context) -> Flood:
    """4,000 event streams from 80 addresses (50 each, on a game of their own: every stream
    within the per-game and per-address caps); closed ones come back after a second."""
    games = []
    for a in range(CROWD_ADDRESSES):
        client = Client(ctx.port, stranger(500 + a))
        status, _, game = client.call("POST", "/games", {"game": "n-in-a-row", "opponent": "human"})
        games.append(game["game_id"] if status == 201 else "none")

    def head(a: int) -> bytes:
        return (
            f"GET /games/{games[a]}/events HTTP/1.1\r\nHost: 127.0.0.1:{ctx.port}\r\n"
            "Accept: text/event-stream\r\n\r\n"
        ).encode()

    return _crowded(ctx, Crowd(ctx.port, head, again=1.0))


#: A scenario prepares what it needs (before the probe's clock runs) and returns its flood.
SCENARIOS: dict[str, Callable[[Context], Flood]] = {
    "options": options,
    "hints": hints,
    "verify": verify,
    "slow_bodies": slow_bodies,
    "streams": streams,
    "fill": fill,  # last: it leaves the store above its soft limit
}


# ---------------------------------------------------------------- gm serve


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(data_dir: str, port: int, maxmemory: str, log: str = "") -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "GM_REDIS_MAXMEMORY": maxmemory}
    env.pop("REDIS_URL", None)  # gm serve's own embedded server
    out = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115 — closed below
    process = subprocess.Popen(
        [sys.executable, "-m", "gm", "serve", "--port", str(port), "--data-dir", data_dir],
        env=env,
        stdout=out,
        stderr=out,
        start_new_session=True,
    )
    if log:
        out.close()  # type: ignore[union-attr]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if Client(port, PROBE_ADDRESS).call("GET", "/readyz")[0] == 200:
                return process
        except OSError:
            pass
        time.sleep(0.3)
    process.kill()
    raise SystemExit("gm serve did not start")


def _quiet(seconds: float) -> dict[str, Any]:
    time.sleep(seconds)
    return {}


def report(name: str, figures: dict[str, Any], baseline: dict[str, Any]) -> None:
    p50, p99 = figures["probe_p50"], figures["probe_p99"]
    ratio = p99 / baseline["probe_p99"] if baseline.get("probe_p99") else float("nan")
    print(f"\n== {name}")
    print(
        f"   probe: {figures['probe_moves']} moves, {figures['probe_refused']} refused, "
        f"p50 {p50:.1f} ms, p99 {p99:.1f} ms ({ratio:.1f}× the baseline's p99); "
        f"{figures['probe_requests']}"
    )
    if figures.get("probe_first_refusal"):
        print(f"   probe's first refusal: {figures['probe_first_refusal']}")
    for key, value in figures.items():
        if not key.startswith("probe_"):
            print(f"   {key}: {value}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default=",".join(SCENARIOS), help="scenarios, comma-separated")
    parser.add_argument("--seconds", type=float, default=20, help="length of each flood")
    parser.add_argument("--maxmemory", default="4mb", help="the embedded Redis's maxmemory")
    parser.add_argument("--log", default="", help="append gm serve's output to this file")
    args = parser.parse_args()
    import redis

    with tempfile.TemporaryDirectory(prefix="gm-bench-abuse-") as data_dir:
        port = free_port()
        process = serve(data_dir, port, args.maxmemory, args.log)
        try:
            store = redis.Redis(unix_socket_path=str(Path(data_dir) / "redis.sock"))
            probe = Probe(port)
            ctx = Context(port, store, args.seconds, probe)
            print(f"gm serve on port {port}, maxmemory {args.maxmemory}, default settings")
            baseline = probe.measure(lambda: _quiet(min(10.0, args.seconds)))
            report("baseline (the probe alone)", baseline, baseline)
            for name in args.only.split(","):
                report(name, probe.measure(SCENARIOS[name](ctx)), baseline)
        finally:
            os.killpg(process.pid, 15)
            process.wait(timeout=30)


if __name__ == "__main__":
    main()
