r"""Rates of the request limits (``GM_LIMIT_*``): "60/minute, 1000/hour" read into :class:`Rate`\s.
Pure: gm/store/ratelimits.py counts them in Redis."""

from __future__ import annotations

from dataclasses import dataclass

UNITS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}


@dataclass(frozen=True)
class Rate:
    count: int
    seconds: int

    def __str__(self) -> str:
        for unit, seconds in UNITS.items():
            if self.seconds == seconds:
                return f"{self.count} per {unit}"
        return f"{self.count} per {self.seconds} s"


def parse_rates(name: str, raw: str) -> tuple[Rate, ...]:
    """``"60/minute, 1000/hour"`` (or ``60/60``) → rates; ``off`` (or ``0``) → no limit."""
    raw = raw.strip().lower()
    if raw in ("off", "0", "none"):
        return ()
    rates = []
    for part in raw.split(","):
        count, _, per = part.strip().partition("/")
        per = per.strip().removeprefix("1 ").strip()
        seconds = UNITS.get(per.removesuffix("s"), None)
        if seconds is None and per.isdigit():
            seconds = int(per)
        if not count.strip().isdigit() or not seconds or int(count) < 1:
            raise SystemExit(
                f"{name} must be like '60/minute' or '60/minute,1000/hour' (per second, minute, "
                f"hour, day or a number of seconds), or 'off'; got {raw!r}"
            )
        rates.append(Rate(int(count), seconds))
    return tuple(rates)
