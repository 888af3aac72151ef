"""What a request's work turned out to cost, beyond its price paid up front
(gm/store/ratelimits.py's ``PRICES``): the use cases note it here — an AI move played on a read
(:data:`AI_MOVE`), a hint asked any way (:data:`HINT`, through ``/say`` too), a verify that
replayed a game (:data:`VERIFY`) — and the door that metered the request charges it to the
caller's address and seat afterwards (``Limiter.charge``), so the next request meets the limit.

A meter lives in a context variable, so a request's notes stay its own under threads and gevent
alike; outside :func:`metered` (tests, the terminal) a note counts nowhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

AI_MOVE = 3  # one AI move played by a read (a request that asked only to look)
HINT = 60  # a coach's search (four strong moves' think time)
VERIFY = 30  # a replay of a whole game


@dataclass
class Meter:
    units: int = 0  # noted beyond the request's price
    prepaid: int = 0  # the part of the notes its price already paid (a hint's, a verify's)


_METER: ContextVar[Meter | None] = ContextVar("gm_work_meter", default=None)


def note(units: int) -> None:
    """Count ``units`` of work for the request being served (when one is metered)."""
    meter = _METER.get()
    if meter is not None:
        meter.units += units


def start(prepaid: int = 0) -> Meter:
    """Meter the work of the request starting now (``prepaid``: units its price paid)."""
    meter = Meter(prepaid=prepaid)
    _METER.set(meter)
    return meter


def stop() -> Meter | None:
    """The meter of the request ending now (None: not metered), detached."""
    meter = _METER.get()
    _METER.set(None)
    return meter


@contextmanager
def metered(prepaid: int = 0) -> Iterator[Meter]:
    meter = Meter(prepaid=prepaid)
    token = _METER.set(meter)
    try:
        yield meter
    finally:
        _METER.reset(token)


def owed(meter: Meter | None) -> int:
    """The units a finished request still owes: what it noted beyond its price."""
    return max(0, meter.units - meter.prepaid) if meter is not None else 0
