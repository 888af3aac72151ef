"""What a player played on the board inside the chat (the MCP App) since the model's last call for
that seat: a few short lines the model's next answer carries once (gm/frontends/mcp/server.py),
since hosts may drop the app's context updates.

One small Redis list per seat, beside the game's keys (same hash tag, so a cluster keeps them on
one node) and with the game's TTL: it goes when the game goes. Bounded whatever the app sends: at
most :data:`MAX_LINES` lines of at most :data:`LINE_BYTES` bytes each (1 KB in all), the oldest
dropped first; each line is counted against the byte quotas of its address and game. Each line
is what the seat's own answer said (its move and the events as that seat sees them), so it holds
nothing the seat may not know; only that seat's calls read it.
"""

from __future__ import annotations

from gm.store.repository import Store

MAX_LINES = 10
LINE_BYTES = 100  # MAX_LINES * LINE_BYTES: at most 1 KB kept per seat


def moves_key(game_id: str, seat: str) -> str:
    return f"gm:{{{game_id}}}:board:{seat}"


def clip(text: str, limit: int = LINE_BYTES) -> str:
    """``text`` in at most ``limit`` UTF-8 bytes (cut at a character, ``…`` when cut)."""
    raw = text.encode()
    if len(raw) <= limit:
        return text
    return raw[: limit - len("…".encode())].decode(errors="ignore") + "…"


class BoardMoves:
    """Notes and takes the board's moves of one game's seats in the game store's Redis."""

    def __init__(self, store: Store):
        self.store = store

    def note(self, game_id: str, seat: str, line: str) -> None:
        """Add ``line`` (clipped) for the seat, keeping the last :data:`MAX_LINES`."""
        key, line = moves_key(game_id, seat), clip(line)
        if self.store.guard is not None:  # counted against the address's and game's quotas
            self.store.guard.charge(game_id, len(key) + len(line.encode()), refusable=False)
        with self.store.redis.pipeline(transaction=True) as pipe:
            pipe.rpush(key, line)
            pipe.ltrim(key, -MAX_LINES, -1)
            pipe.expire(key, self.store.ttl_s)
            pipe.execute()

    def take(self, game_id: str, seat: str) -> list[str]:
        """The seat's lines, oldest first, and none left (read and cleared at once: two calls at
        the same time never both get them)."""
        key = moves_key(game_id, seat)
        with self.store.redis.pipeline(transaction=True) as pipe:
            pipe.lrange(key, 0, -1)
            pipe.delete(key)
            lines, _ = pipe.execute()
        return [x.decode() if isinstance(x, bytes) else str(x) for x in lines]
