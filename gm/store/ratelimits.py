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

**Work** is limited by its price (``GM_LIMIT_WORK`` per address, ``GM_LIMIT_WORK_SEAT`` per seat):
every request about a game costs :data:`PRICES` units up front (a hint, a verify: many; a move, a
view: one), and what it turned out to cost — an AI move played on a read, a hint asked through
``/say``, a verify that was not cached — is added after it ran (:meth:`Limiter.charge`, from
gm/play/work.py's meter), so the next request of that address or seat meets it.

The limiter **fails closed**: when Redis is full (maxmemory reached, see gm/store/embedded.py) a
counter cannot be written, and the request is refused with the store's "full" answer (507 with
``Retry-After``) before it runs. When Redis is unreachable, the error goes to the one error map
like any other (503).
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
from gm.store.quotas import count_refusal
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
WHAT = {"create": "new games", "join": "joins", "play": "moves and hints", "work": "work"}
WHOM = {
    "address": "from your address", "seat": "on this seat", "game": "for this game",
    "player": "for your player", "session": "in this session",
}  # fmt: skip
#: A call that names its player (signed in) or its MCP session (authless) counts there, with the
#: address's rates; its address (a platform's servers, shared by all its users) then counts with
#: SHARED_FACTOR times those rates — still a ceiling for one direct caller with many sessions.
SHARED_FACTOR = 50

# The price of a request in work units, counted up front (gm/play/work.py adds what it turned out
# to cost). A hint is a search (0.3 s of CPU); a verify replays a whole game (seconds, once: a
# finished game's is cached); a move or a read is cheap (an AI reply is a move's normal cost).
PRICES: dict[str, int] = {
    "suggest_move": 60,
    "verify_deal": 30,
    "say": 2,
}
PRICED_PATHS = ("token", "game_id")  # requests about a game pay their price (1 by default)
#: When to try again once the store is full (the limiter cannot count: it refuses).
FULL_RETRY_AFTER_S = 300


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
                ("work", "address"): getattr(settings, "limit_work", ()),
                ("work", "seat"): getattr(settings, "limit_work_seat", ()),
            },
        )

    def check(self, operation: str, address: str, arguments: Mapping[str, Any]) -> Refusal | None:
        """Count one request of ``operation`` from ``address`` (``arguments``: its path
        arguments, for the seat token or game id); a :class:`Refusal` when a limit is over."""
        subjects = {"address": address}
        for who in ("player", "session"):  # set by the door, never by the caller
            if arguments.get(who):
                subjects[who] = str(arguments[who])
                break
        if arguments.get("token"):
            subjects["seat"] = str(arguments["token"])
        if arguments.get("game_id"):
            subjects["game"] = str(arguments["game_id"])
        counted: list[tuple[str, str, str, Rate, int, int]] = []
        kind = KINDS.get(operation)
        if kind is not None:
            counted += self._counters(kind, subjects, 1)
        if operation in PRICES or any(arguments.get(p) for p in PRICED_PATHS):
            counted += self._counters("work", subjects, PRICES.get(operation, 1))
        # a full store: a write or a costly request is refused; a plain read goes on
        return self._count(counted, closed=kind is not None or operation in PRICES)

    def charge(self, address: str, arguments: Mapping[str, Any], units: int) -> Refusal | None:
        """Add ``units`` of work a request turned out to cost (an AI move on a read, a hint
        through ``/say``) to its address and seat; the next request meets it."""
        if units <= 0:
            return None
        subjects = {"address": address}
        if arguments.get("token"):
            subjects["seat"] = str(arguments["token"])
        return self._count(list(self._counters("work", subjects, units)), closed=False, done=True)

    def _counters(
        self, kind: str, subjects: Mapping[str, str], units: int
    ) -> list[tuple[str, str, str, Rate, int, int]]:
        """(key, kind, subject kind, rate, window, units) of each limit of ``kind``."""
        now = self.clock()
        shared = "player" in subjects or "session" in subjects
        out = []
        for subject_kind, subject in subjects.items():
            for rate in self._rates(kind, subject_kind, shared):
                window = int(now // rate.seconds)
                key = self._key(kind, subject_kind, subject, rate, window)
                out.append((key, kind, subject_kind, rate, window, units))
        return out

    def _count(
        self, counted: list[tuple[str, str, str, Rate, int, int]], closed: bool, done: bool = False
    ) -> Refusal | None:
        """Count ``counted``; the refusal when one is over (``done``: the request ran already,
        so it is no refusal an operator counts)."""
        if not counted:
            return None
        try:
            with self.redis.pipeline(transaction=False) as pipe:
                for key, _, _, rate, _, units in counted:
                    pipe.incrby(key, units)
                    pipe.expire(key, rate.seconds + 1)
                replies = pipe.execute()
        except redis.exceptions.ResponseError as err:
            if store_full(err) and not closed:
                return None  # a read (it writes nothing), or work already done
            if store_full(err):  # fails closed: a request that cannot be counted is refused
                return Refusal(
                    FULL_RETRY_AFTER_S,
                    "The game store is full, so this request cannot be counted or saved right "
                    f"now: it changed nothing. Try again in {FULL_RETRY_AFTER_S} s.",
                    title="Store full",
                    status=507,
                )
            raise
        now = self.clock()
        over = [
            (math.ceil((window + 1) * rate.seconds - now), kind, subject_kind, rate)
            for (_, kind, subject_kind, rate, window, _), hits in zip(
                counted, replies[::2], strict=True
            )
            if int(hits) > rate.count
        ]
        if not over:
            return None
        wait, kind, subject_kind, rate = max(over, key=lambda o: o[0])
        wait = max(1, wait)
        if not done:
            count_refusal(self.redis, "work" if kind == "work" else "limit")
        what = f"{WHAT[kind]} {WHOM[subject_kind]}: at most {rate}"
        if kind == "work":
            count, _, per = str(rate).partition(" per ")
            what = (
                f"costly requests {WHOM[subject_kind]}: at most {count} units of work per {per} "
                f"(a hint costs {PRICES['suggest_move']}, a verification "
                f"{PRICES['verify_deal']}, a move or a view 1)"
            )
        return Refusal(
            wait,
            f"Too many {what}. Wait {wait} s, then send it again; this request changed nothing.",
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
