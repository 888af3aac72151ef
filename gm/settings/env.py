"""Reading settings from the environment (no other imports: gunicorn's config loads it in its
master process before any worker)."""

from __future__ import annotations

import os


def int_env(name: str, default: int) -> int:
    """The whole number in ``$name``, or ``default`` when it is unset or empty."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise SystemExit(f"{name} must be a whole number, got {raw!r}") from None
