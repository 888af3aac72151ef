"""Settings, read from the environment once at start-up. Every setting has a sensible default."""

from __future__ import annotations

import os
from dataclasses import dataclass


def _int_env(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise SystemExit(f"{name} must be a whole number, got {raw!r}") from None


@dataclass(frozen=True)
class Settings:
    redis_url: str = ""  # empty: `gm serve` starts the embedded server
    data_dir: str = "./gm-data"  # embedded server's append-only files
    game_ttl_s: int = 30 * 24 * 3600  # an idle game is deleted after this long
    idempotency_ttl_s: int = 24 * 3600
    api_key: str = ""  # when set, every route wants `Authorization: Bearer <key>`
    max_body_bytes: int = 64 * 1024
    public_url: str = "http://localhost:8000"
    ai_budget_ms: int = 1000  # AI work one request may do; the next request plays on

    @classmethod
    def from_env(cls) -> Settings:
        return cls(
            redis_url=os.environ.get("REDIS_URL", "").strip(),
            data_dir=os.environ.get("GM_DATA_DIR", "").strip() or cls.data_dir,
            game_ttl_s=_int_env("GM_GAME_TTL", cls.game_ttl_s),
            idempotency_ttl_s=_int_env("GM_IDEMPOTENCY_TTL", cls.idempotency_ttl_s),
            api_key=os.environ.get("GM_API_KEY", "").strip(),
            max_body_bytes=_int_env("GM_MAX_BODY", cls.max_body_bytes),
            public_url=os.environ.get("GM_PUBLIC_URL", "").strip() or cls.public_url,
            ai_budget_ms=_int_env("GM_AI_BUDGET_MS", cls.ai_budget_ms),
        )
