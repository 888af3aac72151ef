"""Slow and idle clients against a real `gm serve`: do probes still answer?

    python bench/slow_clients.py [--slow 64] [--idle 64] [--seconds 12] [--workers 2]
                                 [--worker-class gevent|gthread] [--trickle 1.0]

Starts `gm serve` (gunicorn with gm/frontends/http/gunicorn_conf.py, GM_WORKER_CLASS=--worker-class,
the embedded Redis) in a temporary directory on a free loopback port. Then, for --seconds: --slow
sockets trickle a request head one byte every --trickle seconds and never finish it (each one the
server closes is opened again, so the siege keeps its size); --idle connections make one request
and then sit on keep-alive; --hogs clients create all-AI tables (CPU-heavy requests); meanwhile a
prober sends GET /healthz and a real move (Masul against the AI) every 0.2 s, each on a new
connection. Prints how many slow sockets were held at once, how long the server let them live,
what became of the idle ones, and the probes' latency. Traffic goes to 127.0.0.1 only; every loop
is bounded by --seconds.
"""

from __future__ import annotations

import argparse
import errno
import http.client
import json
import os
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE_EVERY_S = 0.2
HEAD = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


@dataclass
class Figures:
    slow_opened: int = 0
    slow_held_max: int = 0  # slow sockets open at the same time, at most
    slow_lifetimes: list[float] = field(default_factory=list)  # closed by the server after (s)
    slow_refused: int = 0  # connects that failed
    idle_opened: int = 0
    idle_lifetimes: list[float] = field(default_factory=list)
    probe_latencies: list[float] = field(default_factory=list)
    probe_failures: list[str] = field(default_factory=list)
    probe_starts: list[float] = field(default_factory=list)  # seconds into the siege

    def lines(self) -> list[str]:
        def spread(values: list[float]) -> str:
            if not values:
                return "none"
            return (
                f"{len(values)}, after {min(values):.1f}/{statistics.median(values):.1f}/"
                f"{max(values):.1f} s (min/median/max)"
            )

        lat = sorted(self.probe_latencies)
        probes = (
            f"{len(lat)} answered, p50 {statistics.median(lat) * 1000:.0f} ms, "
            f"max {lat[-1] * 1000:.0f} ms"
            if lat
            else "none answered"
        )
        failed = f"{len(self.probe_failures)} failed"
        if self.probe_failures:
            failed += f": {self.probe_failures[:2]}"
        return [
            f"slow sockets: {self.slow_opened} opened, {self.slow_held_max} held at once, "
            f"{self.slow_refused} connects failed",
            f"slow sockets closed by the server: {spread(self.slow_lifetimes)}",
            f"idle keep-alive connections: {self.idle_opened} opened; closed by the server: "
            f"{spread(self.idle_lifetimes)}",
            f"probes (GET /healthz and a move, every {PROBE_EVERY_S} s): {probes}; "
            f"{len(self.probe_failures)} failed"
            + (f": {self.probe_failures[:3]}" if self.probe_failures else ""),
        ]


def _connect(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=2)
    sock.setblocking(False)
    return sock


def siege(
    port: int, slow: int, idle: int, seconds: float, trickle: float = 1.0, hogs: int = 0
) -> Figures:
    """Run the slow and idle clients, ``hogs`` CPU-heavy clients and the prober for
    ``seconds``; return what was seen."""
    figures = Figures()
    began = time.monotonic()
    stop_at = began + seconds
    sel = selectors.DefaultSelector()
    born: dict[socket.socket, tuple[str, float]] = {}
    sent: dict[socket.socket, int] = {}

    def open_slow() -> None:
        try:
            sock = _connect(port)
        except OSError:
            figures.slow_refused += 1
            return
        figures.slow_opened += 1
        born[sock] = ("slow", time.monotonic())
        sent[sock] = 0
        sel.register(sock, selectors.EVENT_READ)

    for _ in range(idle):
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        reply = sock.recv(4096)
        assert reply.startswith(b"HTTP/1.1 200"), reply[:100]
        sock.setblocking(False)
        figures.idle_opened += 1
        born[sock] = ("idle", time.monotonic())
        sel.register(sock, selectors.EVENT_READ)
    for _ in range(slow):
        open_slow()

    def closed(sock: socket.socket) -> None:
        kind, t0 = born.pop(sock)
        sent.pop(sock, None)
        sel.unregister(sock)
        sock.close()
        (figures.slow_lifetimes if kind == "slow" else figures.idle_lifetimes).append(
            time.monotonic() - t0
        )
        if kind == "slow" and time.monotonic() < stop_at:
            open_slow()  # the attacker comes back

    def trickler() -> None:
        next_byte = time.monotonic()
        while time.monotonic() < stop_at:
            held = sum(1 for kind, _ in born.values() if kind == "slow")
            figures.slow_held_max = max(figures.slow_held_max, held)
            timeout = max(0.0, min(next_byte, stop_at) - time.monotonic())
            for key, _ in sel.select(timeout):
                sock = key.fileobj
                try:
                    data = sock.recv(65536)  # type: ignore[union-attr]
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if not data:
                    closed(sock)  # type: ignore[arg-type]
            if time.monotonic() >= next_byte:
                next_byte += trickle
                for sock in [s for s, (kind, _) in born.items() if kind == "slow"]:
                    n = sent[sock]
                    byte = HEAD[n : n + 1] if n < len(HEAD) else b"a"
                    try:
                        sock.send(byte)
                        sent[sock] = n + 1
                    except BlockingIOError:
                        pass
                    except OSError as err:
                        if err.errno in (errno.EPIPE, errno.ECONNRESET):
                            closed(sock)

    thread = threading.Thread(target=trickler, daemon=True)
    thread.start()
    hog_threads = [
        threading.Thread(target=_hog, args=(port, stop_at), daemon=True) for _ in range(hogs)
    ]
    for hog in hog_threads:
        hog.start()
    mover = _Mover(port)
    next_probe = time.monotonic()
    while time.monotonic() < stop_at:
        time.sleep(max(0.0, next_probe - time.monotonic()))
        next_probe += PROBE_EVERY_S
        for name, probe in (("healthz", mover.health), ("move", mover.move)):
            start = time.monotonic()
            figures.probe_starts.append(start - began)
            try:
                probe()
                figures.probe_latencies.append(time.monotonic() - start)
            except Exception as err:  # noqa: BLE001 — a failed probe is a figure, not a crash
                figures.probe_failures.append(
                    f"{name} after {time.monotonic() - start:.1f}s: {err!r}"[:160]
                )
    thread.join(timeout=trickle + 5)
    for hog in hog_threads:
        hog.join(timeout=10)
    for sock in list(born):
        sock.close()
    return figures


def _hog(port: int, stop_at: float) -> None:
    """CPU-heavy requests: all-AI tables of every game at the strongest level, each creation
    running a whole AI budget (GM_AI_BUDGET_MS) in its request."""
    mover = _Mover(port)
    games = mover._call("GET", "/rules")["games"]
    while time.monotonic() < stop_at:
        for game in games:
            seats = [{"kind": "ai", "level": game["ai_levels"][-1]}] * 2
            try:
                mover._call("POST", "/games", {"game": game["name"], "seats": seats})
            except (OSError, RuntimeError):
                pass
            if time.monotonic() >= stop_at:
                return


class _Mover:
    """GET /healthz and one legal Masul move against the AI per call, a new connection each."""

    def __init__(self, port: int):
        self.port = port
        self.token = ""
        self.legal: list[str] = []

    def _call(self, method: str, path: str, body: object = None) -> dict:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            data = json.dumps(body).encode() if body is not None else None
            # the full answers (api_version 1): the probe reads the legal moves as a list
            headers = {"Content-Type": "application/json", "GM-API-Version": "1"}
            conn.request(method, path, body=data, headers=headers)
            response = conn.getresponse()
            payload = response.read()
        finally:
            conn.close()
        if response.status >= 300:
            raise RuntimeError(f"{method} {path}: {response.status} {payload[:120]!r}")
        return json.loads(payload)

    def health(self) -> None:
        assert self._call("GET", "/healthz")["status"] == "ok"

    def move(self) -> None:
        if not self.legal:
            game = self._call("POST", "/games", {"game": "masul", "opponent": "ai"})
            self.token, self.legal = game["token"], game["view"]["legal_moves"]
        answer = self._call("POST", f"/play/{self.token}/moves", {"move": self.legal[0]})
        assert answer["legal"] is True, answer
        self.legal = answer.get("legal_moves") or [] if answer["status"] == "active" else []


def start_gm(data_dir: Path, port: int, workers: int, env: dict[str, str]) -> subprocess.Popen:
    command = [
        sys.executable, "-m", "gm", "serve",
        "--port", str(port), "--workers", str(workers), "--data-dir", str(data_dir),
    ]  # fmt: skip
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            _Mover(port).health()
            return process
        except (OSError, RuntimeError, AssertionError):
            if process.poll() is not None:
                raise SystemExit("gm serve exited at start") from None
            time.sleep(0.1)
    process.terminate()
    raise SystemExit("gm serve did not come up")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slow", type=int, default=64)
    parser.add_argument("--idle", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=12)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--worker-class", default="gevent")
    parser.add_argument("--trickle", type=float, default=1.0, help="seconds between bytes")
    parser.add_argument("--hogs", type=int, default=0, help="clients creating all-AI tables")
    args = parser.parse_args()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GM_", "REDIS_URL"))}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    env["GM_WORKER_CLASS"] = args.worker_class
    env["GM_CONN_PER_ADDRESS"] = "0"  # siege and probes share 127.0.0.1: the deadlines alone
    with tempfile.TemporaryDirectory(prefix="gm-bench-") as tmp:
        process = start_gm(Path(tmp) / "data", port, args.workers, env)
        try:
            figures = siege(port, args.slow, args.idle, args.seconds, args.trickle, args.hogs)
        finally:
            process.terminate()
            process.wait(timeout=30)
    print(
        f"gm serve, {args.workers} {args.worker_class} workers; {args.slow} slow sockets "
        f"(1 byte every {args.trickle:g} s), {args.idle} idle keep-alive, {args.hogs} "
        f"all-AI-table clients, {args.seconds:g} s"
    )
    for line in figures.lines():
        print("  " + line)


if __name__ == "__main__":
    main()
