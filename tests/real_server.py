"""A real `gm serve` (gunicorn + the embedded, supervised Redis) started by a test, in a temp
data directory on a free loopback port, and the small HTTP helpers the serving tests use."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_up(url: str, process: subprocess.Popen, what: str = "the server", seconds: float = 30):
    """Wait until ``url`` answers; fail (with ``what``) if the process exits or time runs out."""
    import urllib.request

    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            assert process.poll() is None and time.monotonic() < deadline, f"{what} did not start"
            time.sleep(0.2)


#: Every GM_LIMIT_* rate off, for servers that play whole games at machine speed (the limits have
#: tests of their own): the request rates and the work price (tests/store/test_quotas.py).
NO_LIMITS_ENV = {
    f"GM_LIMIT_{k}": "off" for k in ("CREATE", "JOIN", "PLAY", "SEAT", "WORK", "WORK_SEAT")
}


def gm_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GM_", "REDIS_URL"))}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    env.update(extra)
    return env


def call(
    port: int, method: str, path: str, body: Any = None, timeout: float = 10, full: bool = True
) -> tuple[int, dict[str, str], Any, float]:
    """One request on a new connection: (status, headers, JSON body or text, seconds). ``full``
    asks for the full answers (``GM-API-Version: 1``), the shape the serving tests read."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if data is not None else {}
    if full:
        headers["GM-API-Version"] = "1"
    start = time.monotonic()
    try:
        conn.request(method, path, body=data, headers=headers)
        response = conn.getresponse()
        payload = response.read()
    finally:
        conn.close()
    elapsed = time.monotonic() - start
    text = payload.decode("utf-8", errors="replace")
    try:
        parsed: Any = json.loads(text)
    except ValueError:
        parsed = text
    return response.status, {k.lower(): v for k, v in response.getheaders()}, parsed, elapsed


class GmServe:
    """``python -m gm serve`` in ``data_dir``; stopped (SIGTERM, then SIGKILL) on exit."""

    def __init__(self, data_dir: Path, workers: int = 1, **env: str):
        self.data_dir = data_dir
        self.port = free_port()
        self.log = data_dir.parent / f"gm-serve-{self.port}.log"
        self.command = [
            sys.executable, "-m", "gm", "serve",
            "--port", str(self.port), "--workers", str(workers), "--data-dir", str(data_dir),
        ]  # fmt: skip
        self.env = gm_env(**env)
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> GmServe:
        self.data_dir.parent.mkdir(parents=True, exist_ok=True)
        out = open(self.log, "wb")  # noqa: SIM115 — closed with the process
        self.process = subprocess.Popen(
            self.command, env=self.env, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT
        )
        out.close()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gm serve exited: {self.log.read_text()[-2000:]}")
            try:
                if call(self.port, "GET", "/healthz", timeout=2)[0] == 200:
                    return self
            except OSError:
                pass
            time.sleep(0.1)
        self.__exit__()
        raise RuntimeError("gm serve did not answer /healthz within 60 s")

    def __exit__(self, *exc: object) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def output(self) -> str:
        return self.log.read_text(errors="replace")


def redis_pid(data_dir: Path) -> int | None:
    """The process id of the Redis server answering on ``data_dir``'s socket, or None."""
    import redis

    client = redis.Redis(unix_socket_path=str(data_dir / "redis.sock"), socket_timeout=1)
    try:
        return int(client.info("server")["process_id"])
    except (redis.ConnectionError, redis.TimeoutError, OSError):
        return None
    finally:
        client.close()


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (children, their children…), from ``ps``."""
    out = subprocess.run(["ps", "-e", "-o", "pid=,ppid="], capture_output=True, text=True).stdout
    children: dict[int, list[int]] = {}
    for line in out.splitlines():
        child, parent = (int(x) for x in line.split())
        children.setdefault(parent, []).append(child)
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` is a running process (a zombie is not)."""
    stat = Path(f"/proc/{pid}/stat")
    try:
        return not stat.read_text().split(") ", 1)[1].startswith("Z")
    except (OSError, IndexError):
        return False
