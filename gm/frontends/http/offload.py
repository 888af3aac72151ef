"""Expensive work off the serving workers (issue 26): a coach's hint and a verify's replay run in
a small pool of helper processes at a lower CPU priority, so the cheap requests of everyone else
(a view, a move) are never queued behind them.

A gevent worker serves all its connections on one thread: a search that lends the CPU every 2 ms
still holds it for the search's setup and the coach's explanation, and a replay between its
pauses. Here each gunicorn worker keeps :data:`PROCESSES` helpers (``python -m
gm.frontends.http.offload``), each run ``nice`` :data:`NICE` — on a busy machine the OS schedules
the workers' short requests first — and the worker's greenlet only waits on a pipe. A helper
builds gm's parts from the same settings (gm/composition.py) on its own Redis connection, and runs
one operation at a time: the operation's service call with the caller's address (byte quotas)
and a work meter (gm/play/work.py) whose units travel back to the caller's request.

Bounded: at most :data:`QUEUE` requests of a worker wait for a busy pool, each at most
:data:`WAIT_S` seconds; past either, the request is refused with a 503 and ``Retry-After`` (nothing
was done). A helper that does not answer within :data:`HARD_S` is killed and replaced. Helpers
die with their worker (``PR_SET_PDEATHSIG``): a stopped or killed ``gm serve`` leaves none.
Outside gunicorn's gevent worker (tests with Flask's client, ``flask run``, GM_OFFLOAD_PROCESSES=0)
the work runs in the request as before.
"""

from __future__ import annotations

import os
import pickle
import signal
import struct
import subprocess
import sys
from typing import Any

from gm.contract.errors import Problem
from gm.contract.operations import Operation
from gm.settings.env import int_env
from gm.store.embedded import die_with_parent

#: The operations whose work runs in a helper: a search, a replay.
OFFLOADED = frozenset({"suggest_move", "verify_deal"})
PROCESSES = int_env("GM_OFFLOAD_PROCESSES", 1)  # helpers per gunicorn worker (0: none)
QUEUE = int_env("GM_OFFLOAD_QUEUE", 4)  # requests of one worker waiting for a busy pool
WAIT_S = int_env("GM_OFFLOAD_WAIT", 5)  # the longest wait for a free helper
NICE = int_env("GM_OFFLOAD_NICE", 10)  # the helpers' niceness (added to the worker's)
HARD_S = 60  # a helper silent this long is killed (a hint's budget is a second or two)
RETRY_AFTER_S = 2
_HEADER = struct.Struct("!I")
_MAX_MESSAGE = 4 * 1024 * 1024


class Offloaded(Exception):
    """A problem met in a helper (the error map's :class:`Problem`), rendered as it would have
    been in the worker; ``units``: the work done before it (charged all the same)."""

    def __init__(self, problem: Problem, units: int = 0):
        super().__init__(problem.detail)
        self.problem = problem
        self.units = units


POOL_FULL = Problem(
    503,
    "Busy",
    "The server is busy with hints and checks right now: this request did nothing. Try again in "
    f"{RETRY_AFTER_S} s.",
    {"retry_after": RETRY_AFTER_S},
    headers={"Retry-After": str(RETRY_AFTER_S)},
)


def _write(stream: Any, value: Any) -> None:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def _read(stream: Any) -> Any:
    head = stream.read(_HEADER.size)
    if len(head) < _HEADER.size:
        raise EOFError("helper closed")
    (size,) = _HEADER.unpack(head)
    if size > _MAX_MESSAGE:
        raise EOFError("message too large")
    data = stream.read(size)
    if len(data) < size:
        raise EOFError("helper closed")
    return pickle.loads(data)  # noqa: S301 — our own child's answer, over its private pipe


# ---------------------------------------------------------------- in the worker (gevent)


class _Helper:
    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gm.frontends.http.offload", str(os.getpid())],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            close_fds=True,
            preexec_fn=_lower,  # noqa: PLW1509 — async-signal-safe: a nice and a prctl call
        )

    def run(self, name: str, args: dict[str, Any], address: str | None) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        _write(self.process.stdin, (name, args, address))
        return _read(self.process.stdout)

    def kill(self) -> None:
        try:
            self.process.kill()
            self.process.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            pass


class Pool:
    """A worker's helpers, at most :data:`QUEUE` requests waiting for one."""

    def __init__(self, size: int):
        from gevent.queue import Queue

        self.helpers = [_Helper() for _ in range(size)]
        self.free: Queue[_Helper] = Queue()
        for helper in self.helpers:
            self.free.put(helper)
        self.waiting = 0

    def call(self, name: str, args: dict[str, Any], address: str | None) -> tuple[Any, int]:
        """The operation's answer and the work units it noted; :class:`Offloaded` for its
        problem, or for a full pool."""
        import gevent
        from gevent.queue import Empty

        if self.free.empty() and self.waiting >= QUEUE:
            raise Offloaded(POOL_FULL)
        self.waiting += 1
        try:
            helper = self.free.get(timeout=WAIT_S)
        except Empty:
            raise Offloaded(POOL_FULL) from None
        finally:
            self.waiting -= 1
        try:
            with gevent.Timeout(HARD_S):
                kind, value, units = helper.run(name, args, address)
        except BaseException as err:  # a helper cut mid-answer is out of step: a fresh one
            helper = self._replace(helper)
            if isinstance(err, (gevent.Timeout, EOFError, OSError, pickle.PickleError)):
                raise Offloaded(POOL_FULL) from None
            raise
        finally:
            self.free.put(helper)
        if kind == "problem":
            raise Offloaded(value, units)
        return value, units

    def _replace(self, helper: _Helper) -> _Helper:
        helper.kill()
        fresh = _Helper()
        self.helpers = [fresh if h is helper else h for h in self.helpers]
        return fresh

    def close(self) -> None:
        for helper in self.helpers:
            helper.kill()


_POOL: Pool | None = None


def start() -> None:
    """Start this worker's helpers (gm's gevent worker, after the fork)."""
    global _POOL
    if PROCESSES > 0 and _POOL is None:
        _POOL = Pool(PROCESSES)


def stop() -> None:
    global _POOL
    if _POOL is not None:
        _POOL.close()
        _POOL = None


def call(op: Operation, service: Any, args: dict[str, Any], address: str | None) -> Any:
    """``op``'s answer: from a helper when it is one of :data:`OFFLOADED` and this worker has
    helpers, else computed here. The helper's noted work is noted here (the caller pays it)."""
    from gm.play import work

    assert op.call is not None
    if _POOL is None or op.name not in OFFLOADED:
        return op.call(service, args)
    try:
        answer, units = _POOL.call(op.name, args, address)
    except Offloaded as err:
        work.note(err.units)
        raise
    work.note(units)
    return answer


def _lower() -> None:
    """In a helper between fork and exec: a lower priority than the workers (from its first
    instruction), and SIGTERM when its worker dies, even SIGKILLed."""
    os.nice(NICE)
    die_with_parent()


# ---------------------------------------------------------------- in a helper


def serve(stdin: Any, stdout: Any) -> None:
    """Answer requests ``(operation name, arguments, address)`` until the pipe closes."""
    from gm import composition
    from gm.contract.errors import problem_for
    from gm.contract.operations import operation
    from gm.play import work
    from gm.settings import Settings
    from gm.store.connect import client_for

    settings = Settings.from_env()
    current: dict[str, str | None] = {"address": None}
    parts = composition.build(
        settings, client_for(settings.redis_url), address=lambda: current["address"]
    )
    while True:
        try:
            name, args, address = _read(stdin)
        except EOFError:
            return
        current["address"] = address
        op = operation(name)
        assert op.call is not None and name in OFFLOADED
        with work.metered() as meter:
            try:
                reply: tuple[str, Any, int] = ("ok", op.call(parts.service, args), meter.units)
            except Exception as err:  # noqa: BLE001 — the one error map words it, as in a worker
                reply = ("problem", problem_for(err), meter.units)
        _write(stdout, reply)


def main() -> None:
    if os.getppid() != int(sys.argv[1]):  # its worker died before it started
        return
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C reaches the whole group: the worker
    # decides. The answers go on a private copy of stdout; fd 1 becomes stderr, so a stray print
    # cannot put the pipe out of step
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    serve(sys.stdin.buffer, answers)


if __name__ == "__main__":
    main()
