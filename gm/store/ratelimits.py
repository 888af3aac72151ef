"""Rate limits, counted in the game store's Redis: per client address and per seat token, on the
operations that write (creating a game, joining, moves, ``/say``, resigning) and on the coach's
hints (a search, as costly as an AI move).

Fixed windows: a counter per (subject, operation kind, window) — ``INCR`` then ``EXPIRE`` in one
round trip — whose key ``gm-rl:{<hash>}:<kind>:<subject kind>:<seconds>:<window>`` carries its
own hash tag (a Redis Cluster keeps each counter in one slot) and holds no secret: the subject
(an address, a seat token, a game id) is hashed. Every attempt counts, refused ones too. A
request over a limit is refused before the service runs, so nothing of the game is read or
written; the front end answers 429 with ``Retry-After`` (HTTP) or a tool error in the same words
(MCP over HTTP).

When Redis is full (maxmemory reached, see gm/store/embedded.py) a counter cannot be written: the
request goes on unlimited and meets the store's own "full" answer if it writes. When Redis is
unreachable, the error goes to the one error map like any other (503).
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import redis

from gm.settings.rates import Rate
from gm.store.repository import store_full

# What each limited operation counts, and the words of its refusal.
KINDS: dict[str, str] = {
    "new_game": "create",
    "join_game": "join",
    "play_move": "play",
    "say": "play",
    "resign": "play",
    "suggest_move": "play",  # a hint costs what an AI move costs (a search)
    "rematch": "create",
    "mcp_register": "create",  # an OAuth client registered (gm/frontends/http/mcp_door.py)
    "mcp_signin": "join",  # the built-in sign-in page
}
WHAT = {"create": "new games", "join": "joins", "play": "moves and hints"}
WHOM = {
    "address": "from your address", "seat": "on this seat", "game": "for this game",
    "player": "for your player", "session": "in this session",
}  # fmt: skip
#: A call that names its player (signed in) or its MCP session (authless) counts there, with the
#: address's rates; its address (a platform's servers, shared by all its users) then counts with
#: SHARED_FACTOR times those rates — still a ceiling for one direct caller with many sessions.
SHARED_FACTOR = 50


@dataclass(frozen=True)
class Refusal:
    """A request over a limit: the words of the 429 and when to try again."""

    retry_after: int
    detail: str
    title: str = "Too many requests"
    status: int = 429

    def text(self) -> str:
        """The one-line form (MCP tool errors), as gm/contract/errors.py's ``Problem.text``."""
        return f"{self.title} ({self.status}): {self.detail}"


class Limiter:
    """The limits of gm/settings/__init__.py's settings, counted in ``client``."""

    def __init__(
        self,
        client: redis.Redis,
        rates: Mapping[tuple[str, str], tuple[Rate, ...]],
        clock: Callable[[], float] = time.time,
    ):
        self.redis = client
        self.rates = rates  # (kind, subject kind) → rates
        self.clock = clock

    @classmethod
    def from_settings(cls, client: redis.Redis, settings: Any) -> Limiter:
        return cls(
            client,
            {
                ("create", "address"): settings.limit_create,
                ("join", "address"): settings.limit_join,
                ("join", "game"): settings.limit_seat,
                ("play", "address"): settings.limit_play,
                ("play", "seat"): settings.limit_seat,
            },
        )

    def check(self, operation: str, address: str, arguments: Mapping[str, Any]) -> Refusal | None:
        """Count one request of ``operation`` from ``address`` (``arguments``: its path
        arguments, for the seat token or game id); a :class:`Refusal` when a limit is over."""
        kind = KINDS.get(operation)
        if kind is None:
            return None
        subjects = {"address": address}
        for who in ("player", "session"):  # set by the door, never by the caller
            if arguments.get(who):
                subjects[who] = str(arguments[who])
                break
        if arguments.get("token"):
            subjects["seat"] = str(arguments["token"])
        if arguments.get("game_id"):
            subjects["game"] = str(arguments["game_id"])
        counted: list[tuple[str, str, Rate, int]] = []  # (key, subject kind, rate, window)
        now = self.clock()
        shared = "player" in subjects or "session" in subjects
        for subject_kind, subject in subjects.items():
            for rate in self._rates(kind, subject_kind, shared):
                window = int(now // rate.seconds)
                key = self._key(kind, subject_kind, subject, rate, window)
                counted.append((key, subject_kind, rate, window))
        if not counted:
            return None
        try:
            with self.redis.pipeline(transaction=False) as pipe:
                for key, _, rate, _ in counted:
                    pipe.incr(key)
                    pipe.expire(key, rate.seconds + 1)
                replies = pipe.execute()
        except redis.exceptions.ResponseError as err:
            if store_full(err):
                return None  # the store is full: the write itself will say so
            raise
        over = [
            (math.ceil((window + 1) * rate.seconds - now), subject_kind, rate)
            for (_, subject_kind, rate, window), hits in zip(counted, replies[::2], strict=True)
            if int(hits) > rate.count
        ]
        if not over:
            return None
        wait, subject_kind, rate = max(over, key=lambda o: o[0])
        wait = max(1, wait)
        return Refusal(
            wait,
            f"Too many {WHAT[kind]} {WHOM[subject_kind]}: at most {rate}. Wait {wait} s, "
            "then send it again; this request changed nothing.",
        )

    def _rates(self, kind: str, subject_kind: str, shared: bool) -> tuple[Rate, ...]:
        if subject_kind in ("player", "session"):
            return self.rates.get((kind, "address"), ())
        rates = self.rates.get((kind, subject_kind), ())
        if shared and subject_kind == "address":
            return tuple(Rate(r.count * SHARED_FACTOR, r.seconds) for r in rates)
        return rates

    @staticmethod
    def _key(kind: str, subject_kind: str, subject: str, rate: Rate, window: int) -> str:
        digest = hashlib.sha256(
            f"{subject_kind}\n{subject}".encode("utf-8", "surrogatepass")
        ).hexdigest()[:20]
        return f"gm-rl:{{{digest}}}:{kind}:{subject_kind}:{rate.seconds}:{window}"
