"""Liveness, readiness and version (``GET /healthz``, ``GET /readyz``, ``GET /version``; the
operations are declared in gm/contract/operations.py).

- ``/healthz`` is liveness: the process serves requests. It does not touch Redis, so an
  orchestrator does not restart every gm when the store is away.
- ``/readyz`` is readiness: which Redis gm uses (``single`` or ``cluster``:
:func:`gm.store.cluster.redis_kind`,
  the one place that says it) and whether it answers a PING now; 503 when it does not. With
  the store's guard (gm/store/quotas.py), what an operator watches under abuse: the store's use
  against its soft limit and ``maxmemory`` (``memory``), and the refusals counted so far
  (``refused``: above the soft limit, over a byte quota, over a request or work limit, full).
- ``/version``: gm/version.py.
"""

from __future__ import annotations

import time
from typing import Any

import redis

from gm.play.problems import ServiceError
from gm.store.cluster import redis_kind
from gm.store.quotas import StoreGuard, refusals


def liveness() -> dict[str, Any]:
    return {"status": "ok"}


def readiness(client: Any, guard: StoreGuard | None = None) -> dict[str, Any]:
    """``{"status": "ready", "redis": {"kind", "answers", "ping_ms"}}``; a 503 ServiceError with
    the same ``redis`` member when the store does not answer."""
    kind = redis_kind(client)
    start = time.monotonic()
    try:
        answers = bool(client.ping())
    except redis.exceptions.RedisError:  # down, timed out, a cluster with slots uncovered, …
        answers = False
    ping_ms = round((time.monotonic() - start) * 1000, 1)
    store = {"kind": kind, "answers": answers, "ping_ms": ping_ms}
    if not answers:
        raise ServiceError(
            503,
            "Not ready",
            f"The game store ({kind} Redis) does not answer: games cannot be played until it "
            "does. Try again shortly.",
            redis=store,
        )
    answer: dict[str, Any] = {"status": "ready", "redis": store}
    if guard is not None:
        try:
            memory = guard.memory(fresh=True)
            answer["memory"] = {
                "used_bytes": memory.used,
                "max_bytes": memory.max,
                "soft_limit_bytes": memory.soft,
                "state": memory.state,
            }
            answer["refused"] = refusals(client)
        except redis.exceptions.RedisError:
            pass  # it answered a PING: ready, without the figures
    return answer
