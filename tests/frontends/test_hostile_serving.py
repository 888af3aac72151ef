"""Hostile bytes against a real ``gm serve`` (gunicorn with gm/frontends/http/gunicorn_conf.py):
gunicorn's own answers to requests it cannot read (400, 414, 431) and the answers to OPTIONS are
problem+json or empty, never HTML; a lone surrogate and deeply nested JSON get a 422 through the
real server."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.real_server import free_port, wait_up

pytestmark = pytest.mark.slow  # the slow tier: gunicorn as a process

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def served(redis_url):
    port = free_port()
    env = {**os.environ, "REDIS_URL": redis_url, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "gm", "serve", "--port", str(port), "--workers", "1",
         "--threads", "2"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    wait_up(f"http://127.0.0.1:{port}/rules", process, "gm serve")
    yield port
    process.terminate()
    process.wait(timeout=30)


def _raw(port: int, data: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send ``data`` as is; the status, headers (lower-case names) and body of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(data)
        chunks = []
        while True:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            chunks.append(chunk)
            head, _, rest = b"".join(chunks).partition(b"\r\n\r\n")
            length = [ln for ln in head.split(b"\r\n") if ln.lower().startswith(b"content-length")]
            if length and len(rest) >= int(length[0].split(b":")[1]):
                break
    head, _, body = b"".join(chunks).partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, v in (ln.split(":", 1) for ln in lines[1:])}
    return status, headers, body


def _assert_problem(status, headers, body, expected):
    assert status == expected
    assert headers["content-type"] == "application/problem+json"
    problem = json.loads(body)
    assert problem["status"] == expected and problem["title"] and problem["detail"]
    assert b"<" not in body


def test_bad_request_line_is_problem_json(served):
    _assert_problem(*_raw(served, b"NOT HTTP AT ALL\r\n\r\n"), 400)
    _assert_problem(*_raw(served, b"GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n"), 400)


def test_uri_too_long_is_problem_json(served):
    token = "0123456789abcdef." + "s" * 5000  # a token in a long URL is not echoed back
    status, headers, body = _raw(served, f"GET /play/{token}/view HTTP/1.1\r\n\r\n".encode())
    _assert_problem(status, headers, body, 414)
    assert token.encode() not in body


def test_headers_too_large_are_problem_json(served):
    big = b"GET /rules HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n"
    _assert_problem(*_raw(served, big), 431)
    many = b"GET /rules HTTP/1.1\r\nHost: x\r\n" + b"X-A: 1\r\n" * 120 + b"\r\n"
    _assert_problem(*_raw(served, many), 431)


@pytest.mark.parametrize("path", ["/games", "/rules", "/openapi.json", "/play/abc.def/moves"])
def test_options_is_an_empty_204_with_allow(served, path):
    status, headers, body = _raw(served, f"OPTIONS {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    assert status == 204 and body == b""
    assert "OPTIONS" in headers["allow"]
    assert "html" not in headers.get("content-type", "")


def test_options_on_an_unknown_route_is_problem_json(served):
    status, headers, body = _raw(served, b"OPTIONS /nowhere HTTP/1.1\r\nHost: x\r\n\r\n")
    _assert_problem(status, headers, body, 404)


def _post(port: int, path: str, body: bytes) -> tuple[int, dict[str, str], bytes]:
    request = (
        f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    ).encode() + body
    return _raw(port, request)


def test_surrogates_and_deep_json_get_422_through_gunicorn(served):
    _assert_problem(*_post(served, "/games", b'{"game": "\\ud800"}'), 422)
    _assert_problem(*_post(served, "/games", b"[" * 5000 + b"]" * 5000), 422)
    _assert_problem(*_post(served, "/games", b'{"game":' * 5000 + b"1" + b"}" * 5000), 422)
    # bytes that are a UTF-8-encoded surrogate (CESU-8), not a JSON escape
    _assert_problem(*_post(served, "/games", b'{"game": "\xed\xa0\x80"}'), 422)
