"""Serving bounds of `gm serve` (issue 26), against a real `gm serve`: a whole request body within
GM_BODY_TIMEOUT (a trickled body gets 408 and its connection is cut, as a trickled head is after
GM_KEEPALIVE); at most GM_CONN_PER_ADDRESS connections of one address per worker (the next gets
429 at once, others are served); a closed event stream frees its live slot at once, not at the next
heartbeat."""

from __future__ import annotations

import json
import socket
import time

import pytest

from tests.real_server import GmServe, call
from tests.sse import SSEClient

pytestmark = pytest.mark.slow  # the slow tier: gm serve as a process


def _read_all(sock: socket.socket, seconds: float) -> bytes:
    sock.settimeout(seconds)
    out = b""
    try:
        while chunk := sock.recv(65536):
            out += chunk
    except TimeoutError:
        pass
    return out


def test_a_trickled_body_meets_the_whole_body_deadline(tmp_path):
    with GmServe(tmp_path / "data", GM_BODY_TIMEOUT="2") as server:
        sock = socket.create_connection(("127.0.0.1", server.port))
        body = json.dumps({"game": "masul"}).encode()
        sock.sendall(
            b"POST /games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + f"Content-Length: {len(body)}\r\n\r\n".encode()
        )
        start = time.monotonic()
        answer = b""
        for byte in body[:-1]:  # one byte a second, each under any per-read timeout
            try:
                sock.sendall(bytes([byte]))
            except OSError:
                break
            sock.settimeout(0.9)
            try:
                if chunk := sock.recv(65536):
                    answer += chunk
                    break
            except TimeoutError:
                continue
        answer += _read_all(sock, 3)
        elapsed = time.monotonic() - start
        sock.close()
        assert answer.startswith(b"HTTP/1.1 408 "), answer[:200]
        assert b'"status": 408' in answer and 1.5 < elapsed < 6
        # a body sent at once is served
        assert call(server.port, "POST", "/games", {"game": "masul"})[0] == 201


def test_connections_per_address_are_capped_and_others_served(tmp_path):
    with GmServe(tmp_path / "data", GM_CONN_PER_ADDRESS="6", GM_KEEPALIVE="30") as server:
        held = []
        for _ in range(6):  # six connections of 127.0.0.1, each holding a half-sent head
            sock = socket.create_connection(("127.0.0.1", server.port))
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            held.append(sock)
        time.sleep(0.5)
        seventh = socket.create_connection(("127.0.0.1", server.port))
        seventh.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        answer = _read_all(seventh, 5)
        seventh.close()
        assert answer.startswith(b"HTTP/1.1 429 "), answer[:200]
        assert b"Retry-After: 5" in answer and b"too many connections" in answer
        # another address (127.0.0.2, loopback too) is served meanwhile
        other = socket.create_connection(
            ("127.0.0.1", server.port), source_address=("127.0.0.2", 0)
        )
        other.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        assert _read_all(other, 5).startswith(b"HTTP/1.1 200 ")
        other.close()
        for sock in held:
            sock.close()
        time.sleep(0.5)
        assert call(server.port, "GET", "/healthz")[0] == 200  # freed again


def test_a_closed_stream_frees_its_live_slot_at_once(tmp_path):
    with GmServe(tmp_path / "data", GM_LIVE_PER_SEAT="1", GM_LIVE_HEARTBEAT_S="60") as server:
        status, _, game, _ = call(server.port, "POST", "/games", {"game": "masul"})
        assert status == 201
        path = f"/play/{game['token']}/events"
        first = SSEClient(server.port, path)
        assert first.status == 200
        first.next()  # retry:
        first.next()  # the first change: the stream waits now
        assert SSEClient(server.port, path).status == 429  # the seat's one slot is held
        first.sock.close()  # the page is closed
        deadline = time.monotonic() + 5
        while True:
            again = SSEClient(server.port, path)
            if again.status == 200 or time.monotonic() > deadline:
                break
            again.sock.close()
            time.sleep(0.2)
        took = 5 - (deadline - time.monotonic())
        assert again.status == 200 and took < 5  # not the 60 s heartbeat
        again.sock.close()
