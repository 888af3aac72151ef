"""Redis repository: one JSON document per game plus an append-only move log, written together.

Keys share the hash tag ``{<game_id>}`` so a game lives in one Redis Cluster slot:
``gm:{id}:doc`` (the document, with its ``version``), ``gm:{id}:log`` (a list of JSON entries) and
``gm:{id}:idem:<seat>:<key>`` (the first answer to an idempotent request). Every write refreshes the
TTL of all of them, so a game disappears after ``ttl`` seconds without activity.

Updates are optimistic: WATCH the document, compute, MULTI/EXEC; on a concurrent write the whole
step is recomputed on the fresh document, at most ``retries`` times (redis-py's ``transaction()``
would retry forever), then :class:`ConflictError`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import redis


class NotFoundError(KeyError):
    """No game with that id (never created, or expired)."""


class ConflictError(RuntimeError):
    """The document kept changing under us; the caller may try again."""


@dataclass
class Update:
    """What an update step wants written. ``doc`` None writes nothing but the idempotency answer."""

    response: Any
    doc: dict[str, Any] | None = None
    log_entries: list[dict[str, Any]] = field(default_factory=list)
    remember: bool = False  # store ``response`` under the request's idempotency key


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class Store:
    def __init__(
        self,
        client: redis.Redis,
        ttl_s: int = 30 * 24 * 3600,
        idempotency_ttl_s: int = 24 * 3600,
        retries: int = 20,
    ):
        self.redis = client
        self.ttl_s = ttl_s
        self.idempotency_ttl_s = min(idempotency_ttl_s, ttl_s)
        self.retries = retries

    # ---- keys
    @staticmethod
    def doc_key(game_id: str) -> str:
        return f"gm:{{{game_id}}}:doc"

    @staticmethod
    def log_key(game_id: str) -> str:
        return f"gm:{{{game_id}}}:log"

    @staticmethod
    def idem_key(game_id: str, seat: int, key: str) -> str:
        return f"gm:{{{game_id}}}:idem:{seat}:{key}"

    # ---- reads
    def ping(self) -> bool:
        return bool(self.redis.ping())

    def load(self, game_id: str) -> dict[str, Any]:
        raw = self.redis.get(self.doc_key(game_id))
        if raw is None:
            raise NotFoundError(game_id)
        return json.loads(raw)

    def log(self, game_id: str) -> list[dict[str, Any]]:
        return [json.loads(x) for x in self.redis.lrange(self.log_key(game_id), 0, -1)]

    def log_page(self, game_id: str, start: int, count: int) -> tuple[list[dict[str, Any]], int]:
        """``count`` log entries from index ``start`` (negative: from the end), and the log's
        length, read together."""
        key = self.log_key(game_id)
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.llen(key)
            pipe.lrange(key, start, start + count - 1 if start >= 0 else -1)
            length, raw = pipe.execute()
        return [json.loads(x) for x in raw], length

    # ---- writes
    def create(self, doc: dict[str, Any], log_entries: list[dict[str, Any]]) -> bool:
        """Write a new game; False when the id is taken (nothing written)."""
        game_id = doc["id"]
        with self.redis.pipeline() as pipe:
            try:
                pipe.watch(self.doc_key(game_id))
                if pipe.exists(self.doc_key(game_id)):
                    pipe.unwatch()
                    return False
                pipe.multi()
                self._write(pipe, doc, log_entries)
                pipe.execute()
                return True
            except redis.WatchError:
                return False

    def update(
        self,
        game_id: str,
        step: Callable[[dict[str, Any]], Update],
        seat: int | None = None,
        idempotency_key: str | None = None,
    ) -> tuple[Any, bool]:
        """Run ``step`` on the current document and write what it returns, atomically.

        Returns ``(response, replayed)``: ``replayed`` is True when an earlier request with the same
        idempotency key answered, in which case ``step`` is not run and nothing is written.
        """
        doc_key = self.doc_key(game_id)
        idem = (
            self.idem_key(game_id, seat if seat is not None else -1, idempotency_key)
            if idempotency_key
            else None
        )
        with self.redis.pipeline() as pipe:
            for _ in range(self.retries):
                try:
                    pipe.watch(doc_key, *([idem] if idem else []))
                    # one round trip for both reads
                    raw, earlier = pipe.mget(doc_key, idem) if idem else (pipe.get(doc_key), None)
                    if earlier is not None:
                        pipe.unwatch()
                        return json.loads(earlier), True
                    if raw is None:
                        pipe.unwatch()
                        raise NotFoundError(game_id)
                    result = step(json.loads(raw))
                    if result.doc is None and not (idem and result.remember):
                        pipe.unwatch()
                        return result.response, False
                    pipe.multi()
                    if result.doc is not None:
                        self._write(pipe, result.doc, result.log_entries)
                    if idem and result.remember:
                        pipe.set(idem, _dumps(result.response), ex=self.idempotency_ttl_s)
                    pipe.execute()
                    return result.response, False
                except redis.WatchError:
                    continue
        raise ConflictError(game_id)

    def _write(self, pipe: Any, doc: dict[str, Any], log_entries: list[dict[str, Any]]) -> None:
        game_id = doc["id"]
        pipe.set(self.doc_key(game_id), _dumps(doc), ex=self.ttl_s)
        if log_entries:
            pipe.rpush(self.log_key(game_id), *[_dumps(e) for e in log_entries])
        pipe.expire(self.log_key(game_id), self.ttl_s)

    def delete(self, game_id: str) -> None:
        self.redis.delete(self.doc_key(game_id), self.log_key(game_id))
