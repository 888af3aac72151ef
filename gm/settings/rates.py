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


BYTE_UNITS = {"": 1, "b": 1, "kb": 1024, "k": 1024, "mb": 1024**2, "m": 1024**2, "gb": 1024**3}


def parse_byte_rates(name: str, raw: str) -> tuple[Rate, ...]:
    """``"16mb/hour, 64mb/day"`` → rates whose counts are bytes; ``off`` → no quota."""
    out = []
    for part in raw.strip().lower().split(","):
        amount, sep, per = part.strip().partition("/")
        digits = amount.strip().rstrip("bkmg")
        unit = amount.strip()[len(digits) :]
        if not sep or not digits.isdigit() or unit not in BYTE_UNITS:
            if raw.strip().lower() in ("off", "0", "none"):
                return ()
            raise SystemExit(
                f"{name} must be like '16mb/hour' or '16mb/hour,64mb/day' (bytes, kb, mb or gb "
                f"per second, minute, hour, day or a number of seconds), or 'off'; got {raw!r}"
            )
        (rate,) = parse_rates(name, f"{int(digits) * BYTE_UNITS[unit]}/{per}")
        out.append(rate)
    return tuple(out)
