"""Waiting for the other seat: long polls (``?wait=&after_version=``), ``wait_for_turn`` and the
event streams (gm/frontends/http/events.py), fanned out through Redis pub/sub.

Every landed write publishes its game's id and new version
(:meth:`gm.store.repository.Store.publish_change`, channel ``gm:{<id>}:changes``). Each process has
one :class:`Hub`: one subscription connection of its own (never one of the pool the requests use)
shared by every wait and stream of the process, subscribed to a game's channel while someone there
waits on it; a notice wakes the local waiters, which re-read the game and redact it for their own
viewer. So a move made through any worker or machine wakes every waiter, and 500 idle streams on a
worker cost one Redis connection, not 500.

Bounded: a wait lasts at most :data:`MAX_WAIT_S` (GM_LIVE_MAX_WAIT may lower it), a stream
GM_LIVE_STREAM_S; concurrent waits and streams are capped per seat token, per spectated game and
per client address, counted in Redis (:class:`Slots`, a sorted set of expiring slots per subject,
so the caps hold across workers and a crashed worker's slots expire by themselves). Over a cap:
429 with Retry-After, nothing read or changed.
"""

from __future__ import annotations

import hashlib
import logging
import os
import secrets
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import redis

from gm.play.problems import ServiceError

log = logging.getLogger("gm")

MAX_WAIT_S = 25  # the most ?wait= and wait_for_turn accept (a GPT Action gives up at ~45 s)
SUBSCRIBE_TIMEOUT_S = 2.0  # how long a waiter waits for its subscription to be confirmed
SLOT_MARGIN_S = 30  # a slot outlives its wait or stream by this much, then expires
SPECTATED_CACHE = 256  # games whose latest spectator view a process keeps
# Redis calls of waits and streams in flight at once in a process (redis-py's pool holds 100
# connections): a move that wakes hundreds of streams, or hundreds opened at once, queue here
# instead of taking every connection of the pool the other requests use
LIVE_CONNECTIONS = 32

# KEYS: the subject's slot set. ARGV: now, the slot's expiry, the cap, the slot id, key ttl.
# {1} taken; {0, earliest expiry} over the cap.
_TAKE = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, first[2] or ARGV[1]}
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return {1}
"""

WHOM = {
    "seat": "This seat already has {cap} waits or live streams open (at most {cap} at once: "
    "another tab, page or waiting call holds them)",
    "game": "This game already has {cap} spectators waiting or watching live (at most {cap})",
    "address": "Your address already has {cap} waits or live streams open (at most {cap})",
}


def too_many(kind: str, cap: int, retry_after: int) -> ServiceError:
    return ServiceError(
        429,
        "Too many waits",
        f"{WHOM[kind].format(cap=cap)}. Close one, or wait {retry_after} s, then try again; "
        "nothing was changed.",
        retry_after=retry_after,
    )


class Held:
    """Slots taken for one wait or stream; :meth:`release` (idempotent) gives them back."""

    def __init__(self, client: redis.Redis, taken: list[tuple[str, str]], gate: Any):
        self.client = client
        self.taken = taken
        self.gate = gate

    def release(self) -> None:
        taken, self.taken = self.taken, []
        if not taken:
            return
        with self.gate:
            for key, member in taken:
                try:
                    self.client.zrem(key, member)
                except redis.exceptions.RedisError:  # it expires by itself
                    log.warning("a live slot was not released; it expires by itself")

    def __enter__(self) -> Held:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


class Slots:
    """Caps on concurrent waits and streams, counted in Redis (one key per subject, hash-tagged
    with the hash of the subject: no secret in a key)."""

    def __init__(
        self, client: redis.Redis, clock: Callable[[], float] = time.time, gate: Any = None
    ):
        self.client = client
        self.clock = clock
        self.gate = gate or threading.BoundedSemaphore(LIVE_CONNECTIONS)
        self._take = client.register_script(_TAKE)

    @staticmethod
    def key(kind: str, subject: str) -> str:
        digest = hashlib.sha256(f"{kind}\n{subject}".encode("utf-8", "surrogatepass")).hexdigest()
        return f"gm-live:{{{digest[:20]}}}:{kind}"

    def take(self, subjects: list[tuple[str, str, int]], seconds: float) -> Held:
        """One slot per ``(kind, subject, cap)`` for ``seconds`` (then it expires), or
        :func:`too_many` with nothing held."""
        held = Held(self.client, [], self.gate)
        now = self.clock()
        member = secrets.token_hex(8)
        for kind, subject, cap in subjects:
            key = self.key(kind, subject)
            expires, ttl = now + seconds + SLOT_MARGIN_S, int(seconds + 2 * SLOT_MARGIN_S)
            with self.gate:
                reply = self._take(keys=[key], args=[now, expires, cap, member, ttl])
            if int(reply[0]) != 1:
                held.release()
                wait = int(float(reply[1]) - now) if len(reply) > 1 else 1
                raise too_many(kind, cap, max(1, min(wait, 30)))
            held.taken.append((key, member))
        return held


class Watcher:
    """One local waiter on a game: woken by its change notices (or by the hub's reset)."""

    def __init__(self, game_id: str):
        self.game_id = game_id
        self.version: int | None = None  # the latest version a notice named
        self._event = threading.Event()

    def notify(self, version: int | None) -> None:
        if version is not None:
            self.version = max(self.version or 0, version)
        self._event.set()

    def wait(self, timeout: float) -> bool:
        """True when woken within ``timeout`` seconds (then re-read the game)."""
        woken = self._event.wait(max(0.0, timeout))
        self._event.clear()
        return woken


#: Set when the process is stopping (gunicorn's SIGTERM, gm/frontends/http/gunicorn_worker.py):
#: every wait answers at once with the view it has, every stream ends (EventSource reconnects,
#: to the next process), so the process stops within its graceful time.
STOPPING = threading.Event()
_HUBS: weakref.WeakSet[Hub] = weakref.WeakSet()


def stop_all() -> None:
    """End every wait and stream of this process now (see :data:`STOPPING`)."""
    STOPPING.set()
    for hub in list(_HUBS):
        hub._wake_all()


class Hub:
    """One process's subscription to change notices, shared by all its waiters."""

    def __init__(self, store: Any):
        _HUBS.add(self)
        self.store = store
        self._lock = threading.Lock()
        self._watchers: dict[str, set[Watcher]] = {}
        self._ready: dict[str, threading.Event] = {}
        self._feed: Any = None
        self._pid = 0

    def _start(self) -> None:  # under self._lock
        if self._feed is not None and self._pid == os.getpid():
            return
        self._pid = os.getpid()
        self._watchers, self._ready = {}, {}
        self._feed = self.store.changes()
        feed = self._feed
        threading.Thread(target=self._run, args=(feed,), name="gm-live-hub", daemon=True).start()

    @contextmanager
    def watch(self, game_id: str) -> Iterator[Watcher]:
        """Be woken by ``game_id``'s changes; on entry the subscription is active (or
        :data:`SUBSCRIBE_TIMEOUT_S` passed), so a change after it is never missed."""
        watcher = Watcher(game_id)
        with self._lock:
            self._start()
            watchers = self._watchers.setdefault(game_id, set())
            if not watchers:
                self._ready[game_id] = threading.Event()
                self._feed.subscribe(game_id)
            watchers.add(watcher)
            ready = self._ready[game_id]
        try:
            ready.wait(SUBSCRIBE_TIMEOUT_S)
            yield watcher
        finally:
            with self._lock:
                watchers = self._watchers.get(game_id, set())
                watchers.discard(watcher)
                if not watchers and game_id in self._watchers:
                    del self._watchers[game_id]
                    self._ready.pop(game_id, None)
                    try:
                        self._feed.unsubscribe(game_id)
                    except redis.exceptions.RedisError:
                        pass  # resubscribed on reconnect only if watched again

    def watching(self) -> int:
        with self._lock:
            return sum(len(w) for w in self._watchers.values())

    def _run(self, feed: Any) -> None:
        while feed is self._feed:
            try:
                notice = feed.next(timeout=1.0)
            except Exception as err:  # noqa: BLE001 — the store went away: wake all, retry
                log.warning("change notices interrupted: %s", err)
                self._wake_all()
                time.sleep(0.5)
                continue
            if notice is None:
                continue
            kind, game_id, version = notice
            with self._lock:
                if kind == "subscribe" and game_id in self._ready:
                    self._ready[game_id].set()
                # a (re)subscription wakes its waiters too: after a reconnect they re-read what
                # they may have missed (a cheap version check)
                watchers = list(self._watchers.get(game_id, ()))
            for watcher in watchers:
                watcher.notify(version)

    def _wake_all(self) -> None:
        with self._lock:
            watchers = [w for ws in self._watchers.values() for w in ws]
        for watcher in watchers:
            watcher.notify(None)


class Live:
    """The waits and streams of one :class:`~gm.play.service.GameService`."""

    def __init__(
        self,
        service: Any,
        settings: Any,
        address: Callable[[], str | None] | None = None,
    ):
        self.service = service
        self.settings = settings
        self.address = address or (lambda: None)  # the HTTP client's address, when there is one
        self.hub = Hub(service.store)
        self.gate = threading.BoundedSemaphore(LIVE_CONNECTIONS)
        self.slots = Slots(service.store.redis, gate=self.gate)
        self._spectated: OrderedDict[str, dict[str, Any]] = OrderedDict()  # game id → view
        self._cache_lock = threading.Lock()

    def gated(self, call: Callable[..., Any], *args: Any) -> Any:
        """``call(*args)`` (Redis work of a wait or stream) within :data:`LIVE_CONNECTIONS`."""
        with self.gate:
            return call(*args)

    def spectator_view(self, game_id: str) -> dict[str, Any]:
        """The spectator view, computed once per version in this process however many
        spectators wait or stream there (a move wakes them all at once)."""
        version = self.current(game_id)
        with self._cache_lock:
            hit = self._spectated.get(game_id)
            if hit is not None and hit["version"] == version:
                self._spectated.move_to_end(game_id)
                return hit
        view = self.service.spectate(game_id)
        with self._cache_lock:
            self._spectated[game_id] = view
            self._spectated.move_to_end(game_id)
            while len(self._spectated) > SPECTATED_CACHE:
                self._spectated.popitem(last=False)
        return view

    @property
    def max_wait(self) -> int:
        return max(0, min(MAX_WAIT_S, int(self.settings.live_max_wait_s)))

    def hold(self, seconds: float, token: str | None = None, game_id: str | None = None) -> Held:
        """Slots for one wait or stream of ``token``'s seat (or of a spectator of ``game_id``)
        and of the client's address; :func:`too_many` when a cap is reached."""
        s = self.settings
        subjects = [("seat", token, s.live_per_seat)] if token else []
        if game_id and not token:
            subjects.append(("game", game_id, s.live_per_game))
        address = self.address()
        if address:
            subjects.append(("address", address, s.live_per_address))
        return self.slots.take(subjects, seconds)

    def current(self, game_id: str) -> int:
        """The game's version now (one GET), -1 when it is gone."""
        try:
            return int(self.service.store.load(game_id)["version"])
        except KeyError:
            return -1  # gone: the re-read says how

    def until(
        self,
        read: Callable[[], dict[str, Any]],
        game_id: str,
        done: Callable[[dict[str, Any]], bool],
        wait: float,
        held: Callable[[float], Held],
    ) -> dict[str, Any]:
        """``read()`` once ``done`` holds of it, or at the end of ``wait`` seconds."""
        view = read()
        wait = min(float(wait or 0), self.max_wait)
        if wait <= 0 or done(view):
            return view
        deadline = time.monotonic() + wait
        with held(wait), self.hub.watch(game_id) as watcher:
            seen = view["version"]
            due_at = None  # when the turn deadline the view shows passes (monotonic)
            while True:
                version = self.gated(self.current, game_id)  # subscribed: nothing is missed
                passed = due_at is not None and time.monotonic() >= due_at
                if version != seen or passed:  # a read enforces a passed turn deadline
                    view = self.gated(read)
                    seen = view["version"]
                    if done(view):
                        return view
                left = deadline - time.monotonic()
                if left <= 0 or STOPPING.is_set():
                    return view
                due = view.get("deadline")
                due_at = None
                if due is not None:  # wake when the seat to move's deadline passes
                    until_due = max(0.0, _epoch(due["at"]) - time.time())
                    left = min(left, until_due + 0.05)
                    due_at = time.monotonic() + until_due
                watcher.wait(left)

    def seat_view(self, token: str, wait: int | None, after: int | None) -> dict[str, Any]:
        """``GET /play/<token>?wait=&after_version=``: the view once its version passes
        ``after`` (default: the version now), or at the end of the wait, unchanged; with the
        events written since that version (what the other seats did meanwhile)."""
        from gm.play.seats import game_id_of

        svc = self.service
        first = svc.seat_view(token)
        if not wait:
            return first
        mark = first["version"] if after is None else after
        views = iter([first])
        view = self.until(
            lambda: next(views, None) or svc.seat_view(token),
            game_id_of(token),
            lambda v: v["version"] > mark,
            wait,
            lambda s: self.hold(s, token=token),
        )
        return self._with_events(token, view, mark)

    def _with_events(self, token: str, view: dict[str, Any], since: int) -> dict[str, Any]:
        """``view`` with ``events``: those written after ``since``."""
        events = []
        if view["version"] > since:
            events = self.gated(self.service.events_since, token, since)
        return {**view, "events": events}

    def spectate(self, game_id: str, wait: int | None, after: int | None) -> dict[str, Any]:
        svc = self.service
        first = svc.spectate(game_id)
        if not wait:
            return first
        mark = first["version"] if after is None else after
        views = iter([first])
        return self.until(
            lambda: next(views, None) or self.spectator_view(game_id),
            game_id,
            lambda v: v["version"] > mark,
            wait,
            lambda s: self.hold(s, game_id=game_id),
        )

    def wait_for_turn(self, token: str, wait: int | None) -> dict[str, Any]:
        """The seat's view once it is its turn or the game is over, or at the end of ``wait``
        seconds (default and at most the maximum wait)."""
        from gm.play.seats import game_id_of

        first = self.service.seat_view(token)
        views = iter([first])
        view = self.until(
            lambda: next(views, None) or self.service.seat_view(token),
            game_id_of(token),
            lambda v: bool(v["your_turn"]) or v["status"] == "finished",
            self.max_wait if wait is None else wait,
            lambda s: self.hold(s, token=token),
        )
        return self._with_events(token, view, first["version"])


def _epoch(at: str) -> float:
    """Epoch seconds of a view's ``deadline.at`` (UTC, ISO 8601)."""
    return datetime.fromisoformat(at.replace("Z", "+00:00")).timestamp()


_LOCK = threading.Lock()


def attach(service: Any, settings: Any, address: Callable[[], str | None] | None = None) -> Live:
    """Give ``service`` its :class:`Live` (create_app and ``gm mcp`` do, with their settings)."""
    live = Live(service, settings, address)
    service.live = live
    return live


def of(service: Any) -> Live:
    """``service``'s :class:`Live` (one with the default settings if none was attached)."""
    live = getattr(service, "live", None)
    if live is None:
        with _LOCK:
            live = getattr(service, "live", None)
            if live is None:
                from gm.settings import Settings

                live = attach(service, Settings())
    return live
