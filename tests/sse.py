"""A small Server-Sent Events client for the tests and bench/live.py: a raw HTTP/1.0 request (the
server then sends the stream unchunked and closes it at its end), the response head, and the
stream cut into events (``id``, ``event``, ``data``, ``retry``, ``comment``) — what EventSource
parses, nothing more."""

from __future__ import annotations

import json
import socket
from typing import Any


def parse_block(block: str) -> dict[str, Any]:
    """One event block (the lines before a blank line) as a dict; ``data`` JSON-decoded when it
    is JSON, ``comment`` for ``: …`` lines."""
    out: dict[str, Any] = {}
    for line in block.split("\n"):
        if line.startswith(":"):
            out["comment"] = line[1:].strip()
            continue
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        out[name] = out.get(name, "") + ("\n" if name in out else "") + value
    if "data" in out:
        try:
            out["data"] = json.loads(out["data"])
        except ValueError:
            pass
    return out


class SSEClient:
    """``GET path`` on 127.0.0.1:``port``; ``status`` and ``headers`` (lower-case names) once
    constructed; :meth:`next` gives the next block (None at the end of the stream)."""

    def __init__(self, port: int, path: str, headers: dict[str, str] | None = None, timeout=10):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        extra = "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items())
        self.sock.sendall(
            f"GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n{extra}"
            "\r\n".encode()
        )
        self.buffer = b""
        self.raw = b""  # every byte of the body, for the leak checks
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError(f"no response head: {self.buffer!r}")
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        self.raw = self.buffer
        lines = head.decode("latin-1").split("\r\n")
        self.status = int(lines[0].split()[1])
        self.headers = {
            k.strip().lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:])
        }
        self.closed = False

    def next(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next block; None when the server ended the stream; ``TimeoutError`` (a
        ``socket.timeout``) when nothing came within ``timeout`` seconds."""
        if timeout is not None:
            self.sock.settimeout(timeout)
        while b"\n\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                self.closed = True
                return None
            self.buffer += chunk
            self.raw += chunk
        block, self.buffer = self.buffer.split(b"\n\n", 1)
        return parse_block(block.decode("utf-8"))

    def next_change(self, timeout: float = 5) -> dict[str, Any] | None:
        """The next ``change`` event (comments and ``retry`` skipped)."""
        while True:
            block = self.next(timeout)
            if block is None or block.get("event") in ("change", "problem"):
                return block

    def body(self) -> str:
        """The rest of a non-stream answer (a refusal)."""
        while True:
            chunk = self.sock.recv(65536)
            if not chunk:
                break
            self.buffer += chunk
        return self.buffer.decode("utf-8", errors="replace")

    def close(self) -> None:
        self.sock.close()

    def __enter__(self) -> SSEClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
