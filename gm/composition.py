"""The composition root: the one place where gm's parts are built from :class:`Settings`.

Every door uses it: the HTTP app (gm/frontends/http/app.py), ``gm mcp`` over stdio and over HTTP
(gm/frontends/mcp/server.py), ``gm play`` (gm/frontends/cli/terminal.py), ``gm verify``
(gm/frontends/cli/verify.py), the prompts generator and the test fixtures. So a setting read once
here holds on every door alike: the store's TTLs and replica waits (``GM_GAME_TTL``,
``GM_IDEMPOTENCY_TTL``, ``GM_REDIS_WAIT_REPLICAS``, ``GM_REDIS_WAIT_MS``), the AI's budget and
think time (``GM_AI_BUDGET_MS``, ``GM_AI_THINK_MS``: carried by each request's
:class:`~gm.games.table.Budget`, never a process-wide value), the live hub's caps (``GM_LIVE_*``)
and the rate limits (``GM_LIMIT_*``).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import redis

from gm.games.table import Budget
from gm.play import live
from gm.play.service import GameService
from gm.settings import Settings
from gm.store.connect import answers_at, client_for
from gm.store.quotas import StoreGuard
from gm.store.ratelimits import Limiter
from gm.store.repository import Store

if TYPE_CHECKING:
    from gm.store.embedded import EmbeddedRedis

Clock = Callable[[], float]


@dataclass(frozen=True)
class Parts:
    """What a door serves: the settings it was built from, the store, the use cases (with their
    live hub attached) and the rate limiter."""

    settings: Settings
    client: redis.Redis
    store: Store
    service: GameService
    limiter: Limiter


def budget_for(
    settings: Settings, clock: Callable[[], Clock] | None = None
) -> Callable[[], Budget]:
    """A fresh :class:`Budget` for each request: ``GM_AI_BUDGET_MS`` of wall time, and a
    ``strong`` move thinks ``GM_AI_THINK_MS`` of CPU time, never more than the whole budget.
    ``clock`` makes each budget's clock (the HTTP app's yields to other greenlets)."""
    seconds = max(settings.ai_budget_ms, 1) / 1000
    think = max(1, min(settings.ai_think_ms, settings.ai_budget_ms))

    def budget() -> Budget:
        return Budget(seconds=seconds, think_ms=think, clock=clock() if clock else time.monotonic)

    return budget


def store_for(
    settings: Settings, client: redis.Redis, address: Callable[[], str | None] | None = None
) -> Store:
    """The game store on ``client`` with the settings' TTLs, replica acknowledgements, byte
    quotas and soft limit (``address``: the client address a write is charged to)."""
    guard = StoreGuard(
        client,
        soft_percent=settings.store_soft_limit,
        per_address=settings.quota_address,
        per_game=settings.quota_game,
        address=address,
    )
    return Store(
        client,
        ttl_s=settings.game_ttl_s,
        idempotency_ttl_s=settings.idempotency_ttl_s,
        wait_replicas=settings.redis_wait_replicas,
        wait_ms=settings.redis_wait_ms,
        guard=guard,
    )


def build(
    settings: Settings,
    client: redis.Redis,
    *,
    clock: Callable[[], Clock] | None = None,
    address: Callable[[], str | None] | None = None,
) -> Parts:
    """Every part a door needs, from ``settings`` and a Redis ``client``. ``address`` names the
    client address of the request being served (the live hub caps waits per address)."""
    store = store_for(settings, client, address)
    service = GameService(store, budget=budget_for(settings, clock))
    live.attach(service, settings, address=address)  # waits and event streams, with their caps
    return Parts(settings, client, store, service, Limiter.from_settings(client, settings))


def running_at(data_dir: str) -> str | None:
    """The URL of the embedded server already answering in ``data_dir`` (a running ``gm serve``
    on the same data, say), or None: a second server on the same files would lose games."""
    socket_path = Path(data_dir).resolve() / "redis.sock"
    return f"unix://{socket_path}" if answers_at(socket_path) else None


def start_embedded(settings: Settings, data_dir: str | None = None) -> EmbeddedRedis:
    """The embedded server of ``data_dir`` (else the settings'), started supervised (restarted
    when it dies) with the settings' memory limit; exits with a clear message when another
    server already holds the directory."""
    from gm.store.embedded import DataDirInUse, EmbeddedRedis

    try:
        return EmbeddedRedis(
            data_dir or settings.data_dir, supervise=True, maxmemory=settings.redis_maxmemory
        ).start()
    except DataDirInUse as err:
        raise SystemExit(f"gm: {err}") from None


@contextmanager
def connect(settings: Settings, data_dir: str | None = None) -> Iterator[redis.Redis]:
    """A Redis client: ``REDIS_URL``, or the embedded server of ``data_dir`` — the one already
    running there (a ``gm serve`` on the same data) or one started now and stopped on exit."""
    server = None
    if settings.redis_url:
        url = settings.redis_url
    else:
        data_dir = data_dir or settings.data_dir
        url = running_at(data_dir) or ""
        if not url:
            server = start_embedded(settings, data_dir)
            url = server.url
        print(f"gm: Redis at {url} (data in {Path(data_dir).resolve()})", file=sys.stderr)
    client = client_for(url)
    try:
        yield client
    finally:
        client.close()
        if server is not None:
            server.stop()
