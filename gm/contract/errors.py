"""One error map for every front end: an exception → a :class:`Problem` (status, title, detail,
extra). HTTP renders it as ``application/problem+json`` (gm/frontends/http/errors.py), MCP as a tool
error
``"Title (status): detail"`` (gm/frontends/mcp/server.py), the terminal prints the detail
(gm/frontends/cli/terminal.py): the same words everywhere.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

import redis

from gm.play.problems import ServiceError
from gm.store.connect import RETRY_AFTER_S
from gm.store.quotas import QuotaError, StoreTightError
from gm.store.repository import (
    ConflictError,
    NotReplicatedError,
    OutcomeUnknownError,
    store_full,
)

log = logging.getLogger("gm")

#: A Redis Cluster failing over (a master lost, its replica not yet promoted): 503, like a store
#: that cannot be reached.
CLUSTER_DOWN = (
    redis.exceptions.ClusterDownError,
    redis.exceptions.TryAgainError,
    redis.exceptions.SlotNotCoveredError,
)


class InvalidArguments(Exception):
    """A request body (HTTP) or a tool call's arguments (MCP, terminal) that its operation's
    schema refuses; ``detail`` says what is wrong and shows a valid call."""

    def __init__(self, detail: str, errors: Any = None):
        super().__init__(detail)
        self.detail = detail
        self.errors = errors


@dataclass(frozen=True)
class Problem:
    status: int
    title: str
    detail: str
    extra: dict[str, Any] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)  # HTTP only, e.g. Retry-After

    def text(self) -> str:
        """The one-line form (MCP tool errors): ``Title (status): detail``."""
        return f"{self.title} ({self.status}): {self.detail}"


#: Where each problem type of gm is described: ``<PROBLEM_TYPES>#<title in lower case, words
#: joined by '-'>`` (docs/problems.md). Problems whose title is the HTTP status's own phrase keep
#: ``about:blank`` (RFC 9457 §4.2.1).
PROBLEM_TYPES = "https://github.com/gm-gamemaster/gm/blob/main/docs/problems.md"


def problem_type(title: str, status: int) -> str:
    """The absolute URI of the problem type named ``title``."""
    try:
        if HTTPStatus(status).phrase.lower() == title.lower():
            return "about:blank"
    except ValueError:
        pass
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return f"{PROBLEM_TYPES}#{slug}"


INVALID_TITLE = "Invalid request body"
BUSY = Problem(
    409,
    "Busy game",
    "Too many moves reached this game at once. Look at the view again (view_game), then resend "
    "your move.",
)
STORE_DOWN = Problem(
    503,
    "Store unavailable",
    "The game store (Redis) cannot be reached right now. Try again shortly; nothing was changed.",
    headers={"Retry-After": str(RETRY_AFTER_S)},
)
OUTCOME_UNKNOWN = Problem(
    503,
    "Outcome unknown",
    "The game store (Redis) stopped answering while your change was being saved: the move may or "
    "may not have been applied. Look at the view (view_game) before you send it again.",
    headers={"Retry-After": str(RETRY_AFTER_S)},
)
#: When to try again once the store is full: games expire (GM_GAME_TTL), answers sooner.
FULL_RETRY_AFTER_S = 300
STORE_FULL = Problem(
    507,
    "Store full",
    "The game store is full, so nothing new can be saved right now: this request changed "
    "nothing. Saved games can still be viewed. Try again later; the operator can make room "
    "(GM_REDIS_MAXMEMORY, or a shorter GM_GAME_TTL).",
    headers={"Retry-After": str(FULL_RETRY_AFTER_S)},
)


def store_tight(err: StoreTightError) -> Problem:
    return Problem(
        507,
        "Store nearly full",
        "The game store is nearly full, so no new game can start right now: this request "
        "changed nothing. Games already running go on. Try again in "
        f"{err.retry_after} s; the operator can make room (GM_REDIS_MAXMEMORY).",
        {"retry_after": err.retry_after},
        headers={"Retry-After": str(err.retry_after)},
    )


QUOTA_WHOM = {"address": "from your address", "game": "in this game", "player": "for you"}


def over_quota(err: QuotaError) -> Problem:
    return Problem(
        429,
        "Too much stored",
        f"Too much kept in the game store {QUOTA_WHOM.get(err.whom, '')}: at most "
        f"{err.rate.count // 1024} KB {str(err.rate).partition(' ')[2]}. Wait {err.retry_after} s, "
        "then send it again; this request changed nothing.",
        {"retry_after": err.retry_after},
        headers={"Retry-After": str(err.retry_after)},
    )


INTERNAL = Problem(
    500,
    "Internal error",
    "Something went wrong on our side. Look at your view (view_game) to see whether the move was "
    "applied before you send it again; please report this.",
)

#: The exceptions a front end expects from an operation; anything else is a bug (500).
EXPECTED = (
    ServiceError,
    InvalidArguments,
    ConflictError,
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
    redis.exceptions.OutOfMemoryError,
    NotReplicatedError,
    StoreTightError,
    QuotaError,
    *CLUSTER_DOWN,
)


def problem_for(err: BaseException) -> Problem:
    """The problem every front end reports for ``err`` (unexpected ones are logged)."""
    if isinstance(err, ServiceError):
        retry = err.extra.get("retry_after")  # a 429 says when to try again (gm/play/live.py)
        if retry is None and err.status == 503:
            retry = RETRY_AFTER_S
        headers = {"Retry-After": str(retry)} if retry is not None else {}
        return Problem(err.status, err.title, err.detail, dict(err.extra), headers)
    if isinstance(err, InvalidArguments):
        extra = {"errors": err.errors} if err.errors is not None else {}
        return Problem(422, INVALID_TITLE, err.detail, extra)
    if isinstance(err, ConflictError):
        return BUSY
    if isinstance(err, StoreTightError):
        return store_tight(err)
    if isinstance(err, QuotaError):
        return over_quota(err)
    if isinstance(err, (OutcomeUnknownError, NotReplicatedError)):
        log.error("redis unavailable, a write's outcome unknown: %s", err)
        return OUTCOME_UNKNOWN
    if isinstance(err, (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)) or (
        isinstance(err, CLUSTER_DOWN)
    ):
        log.error("redis unavailable: %s", err)
        return STORE_DOWN
    if store_full(err):  # maxmemory reached, noeviction
        log.error("redis is full (maxmemory reached): a write was refused")
        return STORE_FULL
    log.error("unhandled error", exc_info=err)
    return INTERNAL
