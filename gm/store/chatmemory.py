"""A seat's short chat memory: what gm last asked or offered that seat (the last ask-back's
candidates, the last hint, the last question), so that "the first", "the rk2 one", "yes" or "ok
do that" can be read against it until the seat's next move.

One small JSON value per seat, beside the game's keys (same hash tag, so a cluster keeps them on
one node) and with the game's TTL: it goes when the game goes. Bounded: at most
:data:`MAX_BYTES` bytes are kept (a larger memory is refused and the old one dropped), whatever a
stranger sends, and each write is counted against the byte quotas of its address and game
(gm/store/quotas.py). Only the seat's own messages read it; no view, answer or log carries it.
"""

from __future__ import annotations

import json
from typing import Any

from gm.store.repository import Store

MAX_BYTES = 1024  # one seat's memory, serialised


def memory_key(game_id: str, seat: int) -> str:
    return f"gm:{{{game_id}}}:chat:{seat}"


class ChatMemory:
    """Reads and writes the memory of one game's seats in the game store's Redis."""

    def __init__(self, store: Store):
        self.store = store

    def recall(self, game_id: str, seat: int) -> dict[str, Any]:
        raw = self.store.redis.get(memory_key(game_id, seat))
        if raw is None:
            return {}
        try:
            memory = json.loads(raw)
        except ValueError:
            return {}
        return memory if isinstance(memory, dict) else {}

    def keep(self, game_id: str, seat: int, memory: dict[str, Any]) -> bool:
        """Keep ``memory`` for the seat (replacing what it had); False, and nothing kept, when it
        is over :data:`MAX_BYTES`."""
        key = memory_key(game_id, seat)
        raw = json.dumps(memory, ensure_ascii=False, separators=(",", ":")).encode()
        if len(raw) > MAX_BYTES:
            self.store.redis.delete(key)
            return False
        self.store.redis.set(key, raw, ex=self.store.ttl_s)
        if self.store.guard is not None:  # counted against the address's and game's quotas
            self.store.guard.charge(game_id, len(key) + len(raw), refusable=False)
        return True

    def forget(self, game_id: str, seat: int) -> None:
        self.store.redis.delete(memory_key(game_id, seat))
