"""``/mcp`` on the HTTP API's port: the HTTP side's door to gm's MCP server.

``gm serve`` runs two kinds of server under one process tree and one port: gunicorn's gevent
workers (the HTTP API, the pages, the event streams: every connection a greenlet, slow clients
cut by gunicorn's deadlines) and one MCP server (``gm mcp --http --socket PATH``: the official SDK's
Streamable HTTP app under uvicorn, an asyncio program) listening on a Unix socket in a private
directory (GM_MCP_SOCKET). asyncio and gevent cannot share a thread, so a worker relays each MCP
request to that socket: the request as it came (its body already bounded by GM_MAX_BODY and read
under gunicorn's deadlines), with ``X-Forwarded-For`` set to the address gm's rule found
(gm/frontends/security.py) — the MCP server believes exactly that one hop — and the answer streamed
back as it is written (Server-Sent Events included). The MCP server is one process for every
worker, so a Streamable HTTP session lives in one place whichever worker relays it.

What is relayed: ``/mcp``, and the OAuth documents and endpoints and the sign-in page the MCP
server serves with GM_AUTH. The rate limits of the HTTP side apply first, and the operator key
unless GM_AUTH is set (then the MCP server's sign-in decides).
"""

from __future__ import annotations

import http.client
import os
import socket
from collections.abc import Iterator

from flask import Blueprint, Response, current_app, request

from gm.frontends.http.errors import problem
from gm.frontends.security import client_address

bp = Blueprint("gm_mcp", __name__)

SOCKET_ENV = "GM_MCP_SOCKET"
CHUNK = 16 * 1024
READ_TIMEOUT_S = 120.0  # a tool call waits at most 25 s; an idle SSE stream gets pings
HOP_BY_HOP = frozenset(
    {
        "connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te",
        "trailer", "transfer-encoding", "upgrade", "x-forwarded-for", "content-length",
    }
)  # fmt: skip


class _UnixConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float):
        super().__init__("localhost", timeout=timeout)
        self.path = path

    def connect(self) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.path)
        self.sock = sock


def _unavailable() -> Response:
    response = problem(
        503,
        "MCP unavailable",
        "The MCP server of this gm is not running (gm serve starts it). Try again in a moment.",
        retry_after=2,
    )
    response.headers["Retry-After"] = "2"
    return response


def relay(path: str) -> Response:
    """Relay the current request to the MCP server and stream its answer back."""
    target = os.environ.get(SOCKET_ENV, "")
    if not target:
        return _unavailable()
    settings = current_app.extensions["gm.settings"]
    headers = {k: v for k, v in request.headers.items() if k.lower() not in HOP_BY_HOP}
    headers["X-Forwarded-For"] = client_address(
        request.remote_addr, request.headers, settings.trusted_proxies
    )
    body = request.get_data(cache=False)  # bounded by MAX_CONTENT_LENGTH (GM_MAX_BODY)
    query = request.query_string.decode("latin-1")
    conn = _UnixConnection(target, READ_TIMEOUT_S)
    try:
        conn.request(request.method, path + (f"?{query}" if query else ""), body or None, headers)
        answer = conn.getresponse()
    except OSError:
        conn.close()
        return _unavailable()
    out = [(k, v) for k, v in answer.getheaders() if k.lower() not in HOP_BY_HOP]
    length = answer.getheader("Content-Length")
    if length is not None:
        out.append(("Content-Length", length))
    return Response(_stream(conn, answer), status=answer.status, headers=out)


def _stream(conn: http.client.HTTPConnection, answer: http.client.HTTPResponse) -> Iterator[bytes]:
    try:
        while chunk := answer.read1(CHUNK):
            yield chunk
    except OSError:
        return  # the MCP server went away mid-answer: the client sees the stream end
    finally:
        conn.close()


@bp.route("/mcp", methods=["GET", "POST", "DELETE"], strict_slashes=False)
def mcp() -> Response:
    return relay("/mcp")


# Sign-in (GM_AUTH, gm/frontends/mcp/auth.py): the MCP server answers these too (404 without it)
@bp.route("/.well-known/oauth-protected-resource/mcp", methods=["GET", "OPTIONS"])
@bp.route("/.well-known/oauth-protected-resource", methods=["GET", "OPTIONS"])
@bp.route("/.well-known/oauth-authorization-server", methods=["GET", "OPTIONS"])
@bp.route("/authorize", methods=["GET", "POST"])
@bp.route("/token", methods=["POST", "OPTIONS"])
@bp.route("/revoke", methods=["POST", "OPTIONS"])
def oauth() -> Response:
    return relay(request.path)


@bp.route("/register", methods=["POST", "OPTIONS"])
def mcp_register() -> Response:  # counted as a creation (gm/store/ratelimits.py)
    return relay(request.path)


@bp.route("/signin", methods=["GET", "POST"])
def mcp_signin() -> Response:  # counted as a join
    return relay(request.path)
