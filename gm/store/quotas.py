"""What a stranger can make the store keep, in bytes, and room kept for the games already running.

Two guards, both counted in the game store's Redis, used by gm/store/repository.py before a write:

- **Byte quotas** (``GM_QUOTA_ADDRESS``, ``GM_QUOTA_GAME``): every write is charged the bytes it
  makes Redis keep — a new game's document and log, a document's growth, log entries, an
  idempotency answer — to its client address and to its game, in fixed windows like the request
  limits (gm/store/ratelimits.py: ``INCRBY`` then ``EXPIRE``, keys hash-tagged, subjects hashed).
  New games and requests with a new idempotency key are charged (the writes a stranger can repeat
  at will); one over its address's or game's quota is refused (:class:`QuotaError`, a 429 with
  ``Retry-After``) before anything is written. A move without a key costs no count (its bytes
  are bounded by the game's own caps: moves, illegal attempts).
  A signed-in player will be charged the same way: :meth:`StoreGuard.subjects` is the one place
  that names who pays (the ``player`` hook).
- **A soft limit** below ``maxmemory`` (``GM_STORE_SOFT_LIMIT``, a percentage of it): above it, new
  games are refused (:class:`StoreTightError`, a 507 with ``Retry-After``), a new idempotency
  key keeps only its marker, no whole answer (gm/store/repository.py) and the
  bytes are counted afresh against quotas :data:`TIGHT_QUOTA_DIVISOR` times smaller, so the room
  left goes to the moves of games already running — the store never reaches ``maxmemory``
  because strangers opened games.

The store's use is read with ``INFO memory`` at most once a second per process — at every new game
or new key once it is within 10% of the soft limit, counting the bytes charged since the last
reading (a burst within one second is seen before it runs past the limit). Refusals are
counted in one small hash (``gm-metrics``) an operator reads on ``GET /readyz``.
"""

from __future__ import annotations

import hashlib
import math
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import redis

from gm.settings.rates import Rate

#: Above the soft limit the bytes are counted afresh (counters of their own) against quotas this
#: many times smaller: the strangers who go on writing the most meet them, a person playing on (a
#: brief answer per move) does not, whatever either wrote before.
TIGHT_QUOTA_DIVISOR = 10
#: When to try a new game again once the store is above its soft limit.
TIGHT_RETRY_AFTER_S = 300
#: The Redis hash of refusal counts (fields: :data:`COUNTED`).
METRICS_KEY = "gm-metrics"
COUNTED = ("store_tight", "quota", "store_full", "limit", "work")
_READ_EVERY_S = 1.0
NEAR = 0.9  # of the soft limit: from there the use is read at every new game or new key
#: What Redis keeps per byte charged (keys, hash fields, allocator slack), for the estimate of the
#: use between two readings: a burst of writes within a second is seen before it passes the limit.
KEPT_PER_BYTE = 2


class StoreTightError(Exception):
    """The store is above its soft limit: no new game now (a 507 with ``Retry-After``)."""

    def __init__(self, retry_after: int = TIGHT_RETRY_AFTER_S):
        super().__init__("the store is above its soft limit")
        self.retry_after = retry_after


class QuotaError(Exception):
    """A write over a byte quota (a 429 with ``Retry-After``): ``whom`` is the subject kind."""

    def __init__(self, whom: str, rate: Rate, retry_after: int):
        super().__init__(f"byte quota of the {whom} reached")
        self.whom = whom
        self.rate = rate
        self.retry_after = retry_after


@dataclass(frozen=True)
class Memory:
    """The store's use: ``used`` and ``max`` bytes (``max`` 0: no limit), the soft limit."""

    used: int
    max: int
    soft: int

    @property
    def state(self) -> str:
        if self.max and self.used >= self.max:
            return "full"
        if self.soft and self.used >= self.soft:
            return "tight"
        return "ok"


def read_memory(client: redis.Redis, soft_percent: int) -> Memory:
    """``INFO memory`` of ``client`` (of every master, on a cluster: the fullest counts)."""
    info: Any = client.info("memory")
    nodes = info.values() if info and all(isinstance(v, dict) for v in info.values()) else [info]
    best = Memory(0, 0, 0)
    for node in nodes:
        used, limit = int(node.get("used_memory", 0)), int(node.get("maxmemory", 0))
        soft = limit * soft_percent // 100 if limit and 0 < soft_percent < 100 else 0
        here = Memory(used, limit, soft)
        if _ratio(here) >= _ratio(best):
            best = here
    return best


def _ratio(memory: Memory) -> float:
    return memory.used / memory.max if memory.max else 0.0


class StoreGuard:
    """The byte quotas and the soft limit of one store (see the module's words)."""

    def __init__(
        self,
        client: redis.Redis,
        *,
        soft_percent: int = 80,
        per_address: tuple[Rate, ...] = (),
        per_game: tuple[Rate, ...] = (),
        address: Callable[[], str | None] | None = None,
        player: Callable[[], str | None] | None = None,
        clock: Callable[[], float] = time.time,
        read_every_s: float = _READ_EVERY_S,
    ):
        self.redis = client
        self.read_every_s = read_every_s
        self.soft_percent = soft_percent
        self.rates = {"address": per_address, "game": per_game, "player": per_address}
        self.address = address or (lambda: None)
        self.player = player or (lambda: None)  # sign-in (issue 20): a player pays like an address
        self.clock = clock
        self._memory: tuple[float, Memory] | None = None
        self._since = 0  # bytes charged since the last reading of the use
        self._lock = threading.Lock()

    # ---- the soft limit
    def memory(self, fresh: bool = False) -> Memory:
        """The store's use, read at most once a second — but at every call once it is near its
        soft limit, the bytes charged since the last reading counted, so a burst cannot run past
        it between two readings (``fresh``: now)."""
        now = time.monotonic()
        cached = self._memory
        if not fresh and cached is not None and now - cached[0] < self.read_every_s:
            known = cached[1]
            if not (known.soft and known.used + self._since * KEPT_PER_BYTE >= known.soft * NEAR):
                return known
        with self._lock:
            memory = read_memory(self.redis, self.soft_percent)
            self._memory, self._since = (now, memory), 0
        return memory

    def tight(self) -> bool:
        """Whether the store is above its soft limit (new games refused)."""
        if not self.soft_percent or self.soft_percent >= 100:
            return False
        return self.memory().state != "ok"

    def admit_game(self) -> None:
        """Before a new game is written: :class:`StoreTightError` above the soft limit."""
        if self.tight():
            self.count("store_tight")
            raise StoreTightError()

    # ---- the byte quotas
    def subjects(self, game_id: str) -> dict[str, str]:
        """Who pays for a write to ``game_id``: its client address and its game (and, once
        sign-in exists, its player)."""
        out = {"game": game_id}
        address, player = self.address(), self.player()
        if address:
            out["address"] = address
        if player:
            out["player"] = player
        return out

    def charge(self, game_id: str, nbytes: int, *, refusable: bool) -> None:
        """Count ``nbytes`` kept for a write to ``game_id``; when ``refusable`` and a quota is
        over, :class:`QuotaError` (the write must not happen); else counted all the same."""
        if nbytes <= 0:
            return
        self._since += nbytes  # (a close estimate is enough: no lock)
        tight = self.tight()
        counted = list(self._counters(self.subjects(game_id), tight))
        if not counted:
            return
        with self.redis.pipeline(transaction=False) as pipe:
            for key, rate, _, _ in counted:
                pipe.incrby(key, nbytes)
                pipe.expire(key, rate.seconds + 1)
            replies = pipe.execute()
        if not refusable:
            return
        now, divisor = self.clock(), TIGHT_QUOTA_DIVISOR if tight else 1
        over = [
            (math.ceil((window + 1) * rate.seconds - now), whom, rate)
            for (_, rate, whom, window), total in zip(counted, replies[::2], strict=True)
            if int(total) > rate.count // divisor
        ]
        if over:
            wait, whom, rate = max(over, key=lambda o: o[0])
            self.count("quota")
            raise QuotaError(whom, rate, max(1, wait))

    def _counters(
        self, subjects: dict[str, str], tight: bool
    ) -> Iterable[tuple[str, Rate, str, int]]:
        now, prefix = self.clock(), "gm-qt" if tight else "gm-q"
        for whom, subject in subjects.items():
            for rate in self.rates.get(whom, ()):
                window = int(now // rate.seconds)
                digest = hashlib.sha256(
                    f"{whom}\n{subject}".encode("utf-8", "surrogatepass")
                ).hexdigest()[:20]
                yield f"{prefix}:{{{digest}}}:{whom}:{rate.seconds}:{window}", rate, whom, window

    # ---- what an operator watches
    def count(self, what: str) -> None:
        """One more refusal of kind ``what`` (:data:`COUNTED`); never fails a request."""
        count_refusal(self.redis, what)


def count_refusal(client: redis.Redis, what: str) -> None:
    try:
        client.hincrby(METRICS_KEY, what, 1)
    except redis.exceptions.RedisError:
        pass  # a full or unreachable store: the refusal itself says so


def refusals(client: redis.Redis) -> dict[str, int]:
    """The refusals counted so far, by kind (every kind of :data:`COUNTED`, 0 when none)."""
    raw: Any = client.hgetall(METRICS_KEY)
    got = {(k.decode() if isinstance(k, bytes) else str(k)): int(v) for k, v in raw.items()}
    return {what: got.get(what, 0) for what in COUNTED}
