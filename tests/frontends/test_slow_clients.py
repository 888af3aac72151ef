"""Slow and idle clients cannot take gm's workers: against a real `gm serve` (gunicorn with
gm/frontends/http/gunicorn_conf.py: gevent workers, a 5 s deadline for a request's head and for idle
keep-alive), sockets that trickle a request head byte by byte and idle keep-alive connections are
held and then closed by the server, while /healthz and a real move keep answering within 1 s.
The figures are printed (run with -s) and come from bench/slow_clients.py's siege."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from bench.slow_clients import siege
from tests.real_server import GmServe

pytestmark = pytest.mark.slow  # the slow tier: gunicorn as a process

SLOW, IDLE, SECONDS, HEAD_DEADLINE_S = 48, 48, 8.0, 5.0


def test_slow_and_idle_clients_do_not_starve_the_probes():
    tmp = Path(tempfile.mkdtemp(prefix="gm-slow-"))
    try:
        # one worker: every socket lands on it; siege and probes share 127.0.0.1, so the cap
        # per address is off here (tests/frontends/test_serving_bounds.py tests it)
        with GmServe(tmp / "data", workers=1, GM_CONN_PER_ADDRESS="0") as gm:
            figures = siege(gm.port, slow=SLOW, idle=IDLE, seconds=SECONDS, trickle=1.0)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("\n" + "\n".join(figures.lines()))
    assert not figures.probe_failures, figures.probe_failures
    # Probes kept coming the whole siege (every 0.2 s when the machine keeps up): none answered
    # in 1 s or more, and no gap between two of them, nor before the first or after the last,
    # of 1.5 s or more (a starved worker would show one).
    assert max(figures.probe_latencies) < 1.0
    starts = figures.probe_starts
    assert len(starts) >= 2 * SECONDS / 1.5, len(starts)
    gaps = [b - a for a, b in zip([0.0, *starts], [*starts, SECONDS], strict=True)]
    assert max(gaps) < 1.5, gaps
    assert figures.slow_refused == 0 and figures.slow_held_max == SLOW
    # The head's deadline is enforced: the server closes every trickling socket after ~5 s
    # (bytes kept arriving all along), and every idle keep-alive connection after ~5 s.
    assert len(figures.slow_lifetimes) >= SLOW
    assert all(HEAD_DEADLINE_S - 0.5 <= t <= HEAD_DEADLINE_S + 2 for t in figures.slow_lifetimes)
    assert len(figures.idle_lifetimes) == IDLE
    assert all(t <= HEAD_DEADLINE_S + 2 for t in figures.idle_lifetimes)
