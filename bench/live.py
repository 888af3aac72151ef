"""Waiting for the other seat, measured on a real `gm serve` (gunicorn gevent workers, the
embedded Redis):

    python bench/live.py [--rounds 60] [--streams 500] [--games 50] [--moves 40]

1. Latency, 2 workers: two humans play Masul. Before each move the seat that waits has a long
   poll open (``GET /play/<token>?wait=20&after_version=v``) and an event stream
   (``/play/<token>/events``); the other seat moves. Printed: median and p95 of the time from
   the move's acknowledgement (its answer received) to the waiting client's answer (long poll)
   and to the stream's frame — negative when the waiter heard before the mover's answer came
   back — next to the move's own round trip and a plain ``GET /play/<token>`` measured in the
   same run.
2. Idle streams, 1 worker: --streams spectator streams over --games games held open on the one
   worker (raw sockets, each checked to have got its first frame), then --moves moves in those
   games: the moves' latency against the same moves with no stream open (ratio), how many
   streams got each move's frame, and the sockets the worker process held (from /proc).

Traffic goes to 127.0.0.1 only; every loop is bounded.
"""

from __future__ import annotations

import argparse
import http.client
import os
import selectors
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.real_server import GmServe, call  # noqa: E402
from tests.sse import SSEClient  # noqa: E402

ENV = {
    "GM_WORKER_HEADER": "1",
    "GM_LIVE_PER_SEAT": "10",
    "GM_LIVE_PER_GAME": "5000",
    "GM_LIVE_PER_ADDRESS": "5000",
    "GM_WORKER_CONNECTIONS": "2000",
    **{f"GM_LIMIT_{k}": "off" for k in ("CREATE", "JOIN", "PLAY", "SEAT", "WORK", "WORK_SEAT")},
    **{f"GM_QUOTA_{k}": "off" for k in ("ADDRESS", "GAME")},
}


def q(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))]


def ms(values: list[float]) -> str:
    median = statistics.median(values) * 1000
    return f"median {median:7.1f} ms, p95 {q(values, 0.95) * 1000:7.1f} ms"


def two_humans(port: int) -> tuple[str, list[str]]:
    _, _, created, _ = call(port, "POST", "/games", {"game": "masul", "opponent": "human"})
    invite = next(iter(created["invites"].values()))
    _, _, joined, _ = call(port, "POST", f"/games/{created['game_id']}/join", {"invite": invite})
    return created["game_id"], [created["token"], joined["token"]]


def to_move(port: int, tokens: list[str]) -> tuple[str, str, dict] | None:
    for token in tokens:
        view = call(port, "GET", f"/play/{token}")[2]
        if view["status"] == "finished":
            return None
        if view["your_turn"]:
            return token, next(t for t in tokens if t != token), view
    return None


class Follower(threading.Thread):
    """Reads a stream, noting when each version's frame arrived."""

    def __init__(self, port: int, path: str):
        super().__init__(daemon=True)
        self.client = SSEClient(port, path, timeout=60)
        self.arrived: dict[int, float] = {}
        self.start()

    def run(self) -> None:
        try:
            while (block := self.client.next_change(timeout=60)) is not None:
                self.arrived[int(block["id"])] = time.monotonic()
        except OSError:
            pass

    def wait_for(self, version: int, seconds: float = 5) -> float | None:
        deadline = time.monotonic() + seconds
        while version not in self.arrived and time.monotonic() < deadline:
            time.sleep(0.001)
        return self.arrived.get(version)


def latency(port: int, rounds: int) -> None:
    poll, stream, move_rtt, view_rtt = [], [], [], []
    game = None
    followers: dict[str, Follower] = {}
    done = 0
    while done < rounds:
        if game is None or (turn := to_move(port, game[1])) is None:
            for f in followers.values():
                f.client.close()
            game = two_humans(port)
            followers = {t: Follower(port, f"/play/{t}/events") for t in game[1]}
            continue
        mover, waiter, view = turn
        got: dict = {}

        def wait(waiter=waiter, version=view["version"], got=got) -> None:
            path = f"/play/{waiter}?wait=20&after_version={version}"
            status, _, answer, _ = call(port, "GET", path, timeout=30)
            got.update(at=time.monotonic(), version=answer.get("version"), status=status)

        thread = threading.Thread(target=wait)
        thread.start()
        time.sleep(0.15)  # the long poll and the stream are in place
        view_rtt.append(call(port, "GET", f"/play/{mover}")[3])
        status, _, moved, elapsed = call(
            port, "POST", f"/play/{mover}/moves", {"move": view["legal_moves"][0]}
        )
        acknowledged = time.monotonic()
        assert status == 200 and moved["legal"], moved
        move_rtt.append(elapsed)
        thread.join(25)
        assert got.get("version") == moved["version"], (got, moved["version"])
        poll.append(got["at"] - acknowledged)
        arrived = followers[waiter].wait_for(moved["version"])
        assert arrived is not None, "the stream missed a move"
        stream.append(arrived - acknowledged)
        done += 1
    for f in followers.values():
        f.client.close()
    print(f"latency over {rounds} moves, 2 gevent workers (move acknowledged → waiter answered):")
    print(f"  long poll ?wait=     {ms(poll)}")
    print(f"  event stream frame   {ms(stream)}")
    print(f"  baseline: the move's own round trip {ms(move_rtt)}")
    print(f"  baseline: GET /play/<token>         {ms(view_rtt)}")


def open_stream(port: int, path: str) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(f"GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".encode())
    return sock


def established(pid: int, port: int) -> int:
    """Client connections to ``port`` the process ``pid`` holds open (TCP ESTABLISHED), from
    /proc: its socket inodes matched against /proc/net/tcp."""
    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            link = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if link.startswith("socket:["):
            inodes.add(link[8:-1])
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not os.path.exists(table):
            continue
        for line in Path(table).read_text().splitlines()[1:]:
            parts = line.split()
            local_port = int(parts[1].rsplit(":", 1)[1], 16)
            if local_port == port and parts[3] == "01" and parts[9] in inodes:
                count += 1
    return count


def idle_streams(port: int, streams: int, games: int, moves: int, worker_pid: int) -> None:
    tables = [two_humans(port) for _ in range(games)]

    def play(n: int) -> list[float]:
        times = []
        for i in range(n):
            game_id, tokens = tables[i % len(tables)]
            turn = to_move(port, tokens)
            if turn is None:
                tables[i % len(tables)] = two_humans(port)
                turn = to_move(port, tables[i % len(tables)][1])
            mover, _, view = turn
            _, _, moved, elapsed = call(
                port, "POST", f"/play/{mover}/moves", {"move": view["legal_moves"][0]}
            )
            assert moved["legal"], moved
            times.append(elapsed)
        return times

    play(moves)  # warm-up
    before = play(moves)
    selector = selectors.DefaultSelector()
    buffers: dict[socket.socket, bytes] = {}
    started = time.monotonic()
    for i in range(streams):
        sock = open_stream(port, f"/games/{tables[i % games][0]}/events")
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ)
        buffers[sock] = b""

    stop = threading.Event()

    def pump(seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not stop.is_set():
            for key, _ in selector.select(timeout=0.05):
                try:
                    chunk = key.fileobj.recv(65536)
                except BlockingIOError:
                    continue
                if chunk:
                    buffers[key.fileobj] += chunk
                else:
                    selector.unregister(key.fileobj)

    def frames(sock: socket.socket) -> int:
        return buffers[sock].count(b"event: change")

    pump(2)
    while any(frames(s) < 1 for s in buffers) and time.monotonic() - started < 60:
        pump(0.5)
    up = sum(1 for s in buffers if frames(s) >= 1 and b" 200 " in buffers[s][:20])
    opened = time.monotonic() - started
    sockets = established(worker_pid, port)
    seen = {s: frames(s) for s in buffers}
    reader = threading.Thread(target=pump, args=(60,), daemon=True)  # the clients read on
    reader.start()
    during = play(moves)
    time.sleep(2)
    stop.set()
    reader.join()
    got_move = sum(1 for s in buffers if frames(s) > seen[s])
    watched = sum(1 for i in range(streams) if i % games < min(moves, games))
    print(f"idle streams, 1 gevent worker (pid {worker_pid}):")
    print(f"  {up}/{streams} streams open and served their first frame ({opened:.1f} s to open)")
    print(f"  client connections the worker process held open (TCP, /proc): {sockets}")
    print(f"  moves, no stream open:      {ms(before)}")
    print(f"  moves, {up} streams open:   {ms(during)}")
    ratio = statistics.median(during) / statistics.median(before)
    print(f"  ratio (median)              {ratio:.2f}")
    print(f"  streams that got a move's frame: {got_move} (of {watched} watching a moved game)")
    for sock in buffers:
        sock.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--streams", type=int, default=500)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gm-bench-live-") as tmp:
        with GmServe(Path(tmp) / "a" / "data", workers=2, **ENV) as serve:
            time.sleep(3)  # both workers up
            latency(serve.port, args.rounds)
        with GmServe(Path(tmp) / "b" / "data", workers=1, **ENV) as serve:
            conn = http.client.HTTPConnection("127.0.0.1", serve.port, timeout=10)
            conn.request("GET", "/healthz")
            response = conn.getresponse()
            response.read()
            pid = int(response.getheader("X-GM-Worker"))
            conn.close()
            idle_streams(serve.port, args.streams, args.games, args.moves, pid)


if __name__ == "__main__":
    main()
