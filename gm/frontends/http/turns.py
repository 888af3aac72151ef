"""Turns: at most :data:`PER_ADDRESS` requests of one client address do their work in a worker at
once (issue 26). The others of that address wait for a turn, asleep — no CPU, no Redis
connection — so a crowd from a few addresses opening thousands of connections at once (event
streams, requests) cannot put everyone else behind them: a newcomer's request runs as soon as the
worker's loop comes round to it, among at most PER_ADDRESS requests of each busy address.

Applied to every request (a WSGI middleware, :func:`middleware`) and, for an event stream, to
its opening snapshot as well (gm/frontends/http/events.py: the stream itself then waits outside
any turn). Not applied to long polls (``?wait=``: they wait in the live hub, capped there) nor
to hints and verifies (they wait for a helper process, capped by its queue: offload.py), nor to
the MCP door (``/mcp``: the worker only relays it, the tools' work and waits — a ``wait`` call
holds for up to 25 s — are the MCP server's, with its own limits per player or session; a chat
platform calls from a few addresses for all its users, who must not queue behind four waits). A
request that waits longer than :data:`WAIT_S` for its turn is answered 503 with ``Retry-After``.
The address is the one the limits count (``GM_TRUSTED_PROXIES``: the client behind the
proxies). ``GM_TURNS_PER_ADDRESS=0`` turns it off.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from gm.settings.env import int_env

PER_ADDRESS = int_env("GM_TURNS_PER_ADDRESS", 4)
WAIT_S = 20
RETRY_AFTER_S = 2
_UNGATED_SUFFIXES = ("/hint", "/verify")


class NoTurn(Exception):
    """No turn came within :data:`WAIT_S`."""


class Turns:
    """The turns of one process: a semaphore per address that has requests in flight."""

    def __init__(self, per_address: int = PER_ADDRESS, wait_s: float = WAIT_S):
        self.per_address, self.wait_s = per_address, wait_s
        self._lock = threading.Lock()
        self._gates: dict[str, tuple[threading.Semaphore, list[int]]] = {}

    @contextmanager
    def turn(self, address: str | None) -> Iterator[None]:
        if self.per_address <= 0 or address is None:
            yield
            return
        with self._lock:
            gate, users = self._gates.setdefault(
                address, (threading.Semaphore(self.per_address), [0])
            )
            users[0] += 1
        try:
            if not gate.acquire(timeout=self.wait_s):
                raise NoTurn
            try:
                yield
            finally:
                gate.release()
        finally:
            with self._lock:
                users[0] -= 1
                if users[0] == 0:
                    del self._gates[address]

    def waiting(self) -> int:
        """Addresses with requests in flight (for tests)."""
        with self._lock:
            return len(self._gates)


TURNS = Turns()

_BUSY = json.dumps(
    {
        "type": "about:blank",
        "title": "Service Unavailable",
        "status": 503,
        "detail": "Too many of your requests are being served at once: this one did nothing. "
        f"Send it again in {RETRY_AFTER_S} s.",
        "retry_after": RETRY_AFTER_S,
    }
).encode()


def middleware(
    app: Callable[..., Iterable[bytes]], address_of: Callable[[dict[str, Any]], str | None]
) -> Callable[..., Iterable[bytes]]:
    """``app`` taking turns by the address ``address_of(environ)`` names."""

    def wsgi(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        path, query = environ.get("PATH_INFO", ""), environ.get("QUERY_STRING", "")
        if path.endswith(_UNGATED_SUFFIXES) or path == "/mcp" or "wait=" in query:
            return app(environ, start_response)
        try:
            with TURNS.turn(address_of(environ)):
                return app(environ, start_response)
        except NoTurn:
            start_response(
                "503 Service Unavailable",
                [
                    ("Content-Type", "application/problem+json"),
                    ("Retry-After", str(RETRY_AFTER_S)),
                    ("Content-Length", str(len(_BUSY))),
                ],
            )
            return [_BUSY]

    return wsgi
