"""Settings, read from the environment once at start-up. Every setting has a sensible default."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from gm.settings.env import int_env
from gm.settings.rates import Rate, parse_byte_rates, parse_rates


def _rates_env(name: str, default: tuple[Rate, ...]) -> tuple[Rate, ...]:
    raw = os.environ.get(name, "").strip()
    return parse_rates(name, raw) if raw else default


def _byte_rates_env(name: str, default: tuple[Rate, ...]) -> tuple[Rate, ...]:
    raw = os.environ.get(name, "").strip()
    return parse_byte_rates(name, raw) if raw else default


def _memory_env(name: str, default: str) -> str:
    raw = os.environ.get(name, "").strip().lower().replace(" ", "")
    if not raw:
        return default
    if not re.fullmatch(r"\d+(kb|mb|gb|k|m|g|b)?", raw):
        raise SystemExit(
            f"{name} must be bytes or a size like 256mb or 2gb (0: no limit), got {raw!r}"
        )
    return raw


@dataclass(frozen=True)
class Settings:
    redis_url: str = ""  # empty: `gm serve` starts the embedded server
    data_dir: str = "./gm-data"  # embedded server's append-only files
    game_ttl_s: int = 30 * 24 * 3600  # an idle game is deleted after this long
    idempotency_ttl_s: int = 24 * 3600
    api_key: str = ""  # when set, every route wants `Authorization: Bearer <key>`
    max_body_bytes: int = 64 * 1024
    public_url: str = ""  # the server /openapi.json names; empty: each request's own address
    ai_budget_ms: int = 1000  # AI work one request may do; the next request plays on
    ai_think_ms: int = 8  # a `strong` AI move's search time (up to 3x when close: search.py)
    # ---- limits and exposure (issue 10: limits, authentication); README's configuration table
    limit_create: tuple[Rate, ...] = (Rate(60, 60), Rate(1000, 3600))  # per client address
    limit_join: tuple[Rate, ...] = (Rate(60, 60),)  # per client address
    limit_play: tuple[Rate, ...] = (Rate(600, 60),)  # moves, /say, resign per client address
    limit_seat: tuple[Rate, ...] = (Rate(120, 60),)  # the same per seat token; joins per game
    trusted_proxies: int = 0  # believe X-Forwarded-For from this many proxies in front
    auth_mode: str = ""  # GM_AUTH: sign-in for /mcp: "builtin", "external" or "" (none)
    auth_issuer: str = ""  # GM_AUTH_ISSUER: the external issuer's URL
    allowed_hosts: tuple[str, ...] = ()  # Host names `gm mcp --http` answers besides its own
    redis_maxmemory: str = "256mb"  # the embedded server's memory limit (policy: noeviction)
    # ---- Redis Cluster (issue 14): acknowledge a write only once this many replicas have it
    redis_wait_replicas: int = 0
    redis_wait_ms: int = 1000  # how long a write waits for them before answering 503
    # ---- waiting for the other seat (issue 12, gm/play/live.py); README's configuration table
    live_max_wait_s: int = 25  # the longest ?wait= / wait_for_turn (at most 25)
    live_stream_s: int = 300  # an event stream closes after this long (EventSource reconnects)
    live_heartbeat_s: int = 15  # a comment on an idle stream this often
    live_per_seat: int = 4  # concurrent waits + streams of one seat token
    live_per_game: int = 100  # concurrent spectator waits + streams of one game
    live_per_address: int = 50  # concurrent waits + streams from one client address
    # ---- holds under abuse (issue 26): bytes kept, the store's soft limit, work per request
    store_soft_limit: int = 80  # % of maxmemory above which new games are refused (0: off)
    quota_address: tuple[Rate, ...] = (Rate(16 << 20, 3600), Rate(64 << 20, 86400))  # bytes
    quota_game: tuple[Rate, ...] = (Rate(4 << 20, 86400),)  # bytes kept per game and day
    limit_work: tuple[Rate, ...] = (Rate(120, 10), Rate(900, 60))  # work units per address
    limit_work_seat: tuple[Rate, ...] = (Rate(300, 60),)  # work units per seat token

    @classmethod
    def from_env(cls) -> Settings:
        return cls(
            redis_url=os.environ.get("REDIS_URL", "").strip(),
            data_dir=os.environ.get("GM_DATA_DIR", "").strip() or cls.data_dir,
            game_ttl_s=int_env("GM_GAME_TTL", cls.game_ttl_s),
            idempotency_ttl_s=int_env("GM_IDEMPOTENCY_TTL", cls.idempotency_ttl_s),
            api_key=os.environ.get("GM_API_KEY", "").strip(),
            max_body_bytes=int_env("GM_MAX_BODY", cls.max_body_bytes),
            public_url=os.environ.get("GM_PUBLIC_URL", "").strip() or cls.public_url,
            ai_budget_ms=int_env("GM_AI_BUDGET_MS", cls.ai_budget_ms),
            ai_think_ms=int_env("GM_AI_THINK_MS", cls.ai_think_ms),
            limit_create=_rates_env("GM_LIMIT_CREATE", cls.limit_create),
            limit_join=_rates_env("GM_LIMIT_JOIN", cls.limit_join),
            limit_play=_rates_env("GM_LIMIT_PLAY", cls.limit_play),
            limit_seat=_rates_env("GM_LIMIT_SEAT", cls.limit_seat),
            trusted_proxies=int_env("GM_TRUSTED_PROXIES", cls.trusted_proxies),
            auth_mode=os.environ.get("GM_AUTH", "").strip().lower(),
            auth_issuer=os.environ.get("GM_AUTH_ISSUER", "").strip(),
            allowed_hosts=tuple(
                h.strip() for h in os.environ.get("GM_ALLOWED_HOSTS", "").split(",") if h.strip()
            ),
            redis_maxmemory=_memory_env("GM_REDIS_MAXMEMORY", cls.redis_maxmemory),
            redis_wait_replicas=int_env("GM_REDIS_WAIT_REPLICAS", cls.redis_wait_replicas),
            redis_wait_ms=int_env("GM_REDIS_WAIT_MS", cls.redis_wait_ms),
            live_max_wait_s=int_env("GM_LIVE_MAX_WAIT", cls.live_max_wait_s),
            live_stream_s=int_env("GM_LIVE_STREAM_S", cls.live_stream_s),
            live_heartbeat_s=int_env("GM_LIVE_HEARTBEAT_S", cls.live_heartbeat_s),
            live_per_seat=int_env("GM_LIVE_PER_SEAT", cls.live_per_seat),
            live_per_game=int_env("GM_LIVE_PER_GAME", cls.live_per_game),
            live_per_address=int_env("GM_LIVE_PER_ADDRESS", cls.live_per_address),
            store_soft_limit=int_env("GM_STORE_SOFT_LIMIT", cls.store_soft_limit),
            quota_address=_byte_rates_env("GM_QUOTA_ADDRESS", cls.quota_address),
            quota_game=_byte_rates_env("GM_QUOTA_GAME", cls.quota_game),
            limit_work=_rates_env("GM_LIMIT_WORK", cls.limit_work),
            limit_work_seat=_rates_env("GM_LIMIT_WORK_SEAT", cls.limit_work_seat),
        )
