"""Hints and verifies are worked out in helper processes of lower CPU priority, never in the
serving worker (gm/frontends/http/offload.py), on a real ``gm serve``: the helper's CPU time is
what grows, a full pool answers 503 with ``Retry-After``, a problem met in a helper is worded as
the worker would, and helpers die with their worker."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import pytest

from tests.real_server import NO_LIMITS_ENV, GmServe, alive, call, descendants

pytestmark = pytest.mark.slow


def _stat(pid: int) -> list[str]:
    text = Path(f"/proc/{pid}/stat").read_text()
    return text.rsplit(") ", 1)[1].split()  # fields from the 3rd (state) on


def _cpu_ticks(pid: int) -> int:
    fields = _stat(pid)
    return int(fields[11]) + int(fields[12])  # utime + stime


def _nice(pid: int) -> int:
    return int(_stat(pid)[16])


def _parent(pid: int) -> int:
    return int(_stat(pid)[1])


def _helpers(gm: GmServe, count: int = 1) -> list[int]:
    """The helpers under ``gm`` (waiting for ``count`` of them)."""
    assert gm.process is not None
    deadline = time.monotonic() + 20
    while True:
        found = []
        for pid in descendants(gm.process.pid):
            try:
                cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                continue
            if b"gm.frontends.http.offload" in cmdline and alive(pid):
                found.append(pid)
        if len(found) >= count or time.monotonic() > deadline:
            return sorted(found)
        time.sleep(0.1)


def _masul_seat(port: int) -> str:
    status, _, game, _ = call(port, "POST", "/games", {"game": "masul", "opponent": "ai"})
    assert status == 201, game
    return game["token"]


def test_a_hint_is_worked_out_in_a_helper_of_lower_priority(tmp_path):
    with GmServe(tmp_path / "data", workers=1, **NO_LIMITS_ENV) as gm:
        (helper,) = _helpers(gm)
        worker = _parent(helper)
        assert _nice(helper) >= min(19, _nice(worker) + 10)  # 19: the lowest priority
        token = _masul_seat(gm.port)
        before = _cpu_ticks(helper)
        for _ in range(3):
            status, _, hint, _ = call(gm.port, "GET", f"/play/{token}/hint")
            assert status == 200, hint
            assert hint["suggestion"] and hint["reply"]
        assert _cpu_ticks(helper) > before  # the search ran there

        # a problem met in the helper: the same problem+json as the worker gives
        status, headers, problem, _ = call(gm.port, "GET", "/play/nosuchgame.nosuchtoken/hint")
        assert status == 404 and headers["content-type"] == "application/problem+json"
        assert problem["title"] == "Unknown seat token"
        status, _, problem, _ = call(gm.port, "GET", "/games/0123456789abcdef/verify")
        assert (status, problem["title"]) == (404, "Unknown game")


def test_a_full_pool_answers_503_with_retry_after(tmp_path):
    env = {**NO_LIMITS_ENV, "GM_OFFLOAD_QUEUE": "0"}  # no request waits for the helper
    with GmServe(tmp_path / "data", workers=1, **env) as gm:
        _helpers(gm)
        tokens = [_masul_seat(gm.port) for _ in range(6)]
        answers: list[tuple[int, dict[str, str], object]] = []
        start = threading.Barrier(len(tokens))

        def ask(token: str) -> None:
            start.wait()
            status, headers, body, _ = call(gm.port, "GET", f"/play/{token}/hint", timeout=60)
            answers.append((status, headers, body))

        threads = [threading.Thread(target=ask, args=(t,)) for t in tokens]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        statuses = sorted(status for status, _, _ in answers)
        assert 200 in statuses and 503 in statuses, statuses
        assert set(statuses) == {200, 503}
        for status, headers, body in answers:
            if status == 503:
                assert int(headers["retry-after"]) > 0
                assert isinstance(body, dict) and body["title"] == "Busy", body
        # the worker stayed answerable, and the helper serves the next hint
        assert call(gm.port, "GET", f"/play/{tokens[0]}/hint", timeout=60)[0] == 200


def test_a_helper_dies_with_its_worker(tmp_path):
    with GmServe(tmp_path / "data", workers=1, **NO_LIMITS_ENV) as gm:
        (helper,) = _helpers(gm)
        os.kill(_parent(helper), signal.SIGKILL)  # gunicorn starts another worker
        deadline = time.monotonic() + 10
        while alive(helper) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(helper)
        fresh = _helpers(gm)
        assert fresh and helper not in fresh
        token = _masul_seat(gm.port)
        assert call(gm.port, "GET", f"/play/{token}/hint", timeout=60)[0] == 200
