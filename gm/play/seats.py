"""Seat secrets: tokens and invites, and the keys of idempotent requests.

A seat token (and an invite) is ``<game_id>.<secret>`` with a 256-bit url-safe secret; only its
SHA-256 is stored, compared in constant time with every seat's. The game id in front lets a request
find its game with one read; every key of a game stays in the game's Redis hash slot.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any


def new_secret(game_id: str) -> str:
    return f"{game_id}.{secrets.token_urlsafe(32)}"


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def game_id_of(secret: str) -> str:
    return secret.split(".", 1)[0]


def find_seat(doc: dict[str, Any], secret: str, field: str = "token_hash") -> int | None:
    """The seat whose stored hash of ``field`` matches; every seat is compared."""
    wanted = digest(secret).encode()
    found = None
    for i, entry in enumerate(doc["seats"]):
        stored = (entry.get(field) or "").encode()
        if hmac.compare_digest(stored, wanted):
            found = i
    return found


def holder(token: str) -> str:
    """A short name for the holder of ``token`` (8 hex digits of a hash of it, no secret): the
    store keeps the last answer of each holder's idempotent requests under it."""
    return hashlib.sha256(f"holder\n{token}".encode("utf-8", "surrogatepass")).hexdigest()[:8]


def idempotency_key(token: str, key: str | None) -> str | None:
    """A client's key, scoped to the seat: one seat's key never answers another's request."""
    if key is None:
        return None
    return hashlib.sha256(f"{token}\n{key}".encode("utf-8", "surrogatepass")).hexdigest()[:40]
