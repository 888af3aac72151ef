"""`gm mcp --http`: the MCP server's Streamable HTTP app (at /mcp) behind gm's own door.

The door (:class:`Guard`, an ASGI middleware) answers every request before the SDK sees it:

- a ``Host`` that is not one of the allowed names is refused (421), and so is an ``Origin`` whose
  host is not, or whose port is not the one the request was sent to (403) — DNS-rebinding
  protection on every address. Allowed: the bind address
  (unless a wildcard), ``localhost``, ``127.0.0.1``, ``::1`` and GM_ALLOWED_HOSTS;
- ``GET /healthz`` answers without the key (``{"status": "ok", "redis": "ok"}``: it reveals
  nothing);
- with GM_API_KEY set, every other request wants ``Authorization: Bearer <key>`` (the scheme in
  any case), else 401 with ``WWW-Authenticate``.

Refusals are ``application/problem+json``. Uvicorn's access log is off (tool calls carry seat tokens
in their bodies, never in URLs) and it does not rewrite the client address from proxy headers: the
rate limits use gm's own rule (GM_TRUSTED_PROXIES, gm/frontends/security.py).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

import anyio
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from gm.contract.errors import problem_for, problem_type
from gm.frontends.security import (
    allowed_hosts,
    bearer_ok,
    host_name,
    origin_host,
    same_origin_port,
)
from gm.settings import Settings


async def _problem(send: Send, status: int, title: str, detail: str, **headers: str) -> None:
    body = json.dumps(
        {"type": problem_type(title, status), "title": title, "status": status, "detail": detail},
        ensure_ascii=False,
    ).encode()
    raw = [
        (b"content-type", b"application/problem+json"),
        (b"content-length", str(len(body)).encode()),
        *((k.lower().encode(), v.encode()) for k, v in headers.items()),
    ]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """Host/Origin check, ``/healthz`` and the operator key in front of ``app``."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str], api_key: str, health: Any):
        self.app = app
        self.hosts = hosts
        self.api_key = api_key
        self.health = health  # () -> None, raises when the store is down

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)  # lifespan: the SDK's session manager
            return
        headers = Headers(scope=scope)
        host = host_name(headers.get("host", ""))
        if host not in self.hosts:
            await _problem(
                send,
                421,
                "Unknown host",
                f"This server does not answer to the host name {host[:100]!r}. The operator can "
                "add it to GM_ALLOWED_HOSTS.",
            )
            return
        origin = headers.get("origin")
        if origin is not None and (
            origin_host(origin) not in self.hosts
            or not same_origin_port(origin, headers.get("host", ""))
        ):
            await _problem(
                send,
                403,
                "Foreign origin",
                "Requests from web pages of other sites are refused. The operator can add the "
                "site's host name to GM_ALLOWED_HOSTS.",
            )
            return
        if scope["path"] == "/healthz" and scope["method"] in ("GET", "HEAD"):
            await self._healthz(send)
            return
        if self.api_key and not bearer_ok(headers.get("authorization"), self.api_key):
            await _problem(
                send,
                401,
                "Missing or wrong API key",
                "This server wants the operator key: send the header "
                "'Authorization: Bearer <GM_API_KEY>'.",
                **{"WWW-Authenticate": 'Bearer realm="gm"'},
            )
            return
        await self.app(scope, receive, send)

    async def _healthz(self, send: Send) -> None:
        try:
            await anyio.to_thread.run_sync(self.health)
        except Exception as err:  # noqa: BLE001 — the error map's words (503)
            p = problem_for(err)
            await _problem(send, p.status, p.title, p.detail)
            return
        body = b'{"status":"ok","redis":"ok"}'
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def build_app(server: Any, service: Any, settings: Settings, host: str) -> Guard:
    """The guarded Streamable HTTP app of ``server`` (an MCPServer)."""
    from mcp.server.transport_security import TransportSecuritySettings

    app = server.streamable_http_app(
        # the Host/Origin check is the Guard's, with gm's allowed names, on every address
        transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
        host=host,
    )
    public = host_name(urlsplit(settings.public_url).netloc)  # GM_PUBLIC_URL's name too
    hosts = allowed_hosts(host, (*settings.allowed_hosts, public))
    key = "" if settings.auth_mode else settings.api_key  # with sign-in, tokens decide
    return Guard(app, hosts, key, service.store.ping)


def serve_http(
    server: Any, service: Any, settings: Settings, host: str, port: int, uds: str | None = None
) -> None:
    """Serve ``server`` over Streamable HTTP at ``http://host:port/mcp`` until interrupted — or,
    with ``uds``, on that Unix socket for ``gm serve``'s workers to relay
    (gm/frontends/http/mcp_door.py; ``host`` is then the public bind address, for the Host
    check)."""
    import sys

    import uvicorn

    app = build_app(server, service, settings, host)
    if uds is None:
        key = "with the operator key" if settings.api_key else "without a key"
        print(f"gm: MCP over Streamable HTTP at http://{host}:{port}/mcp ({key})", file=sys.stderr)
    uvicorn.run(
        app,
        host=host,
        port=port,
        uds=uds,
        log_level="warning",
        access_log=False,
        proxy_headers=False,
        timeout_graceful_shutdown=GRACEFUL_S,
    )


GRACEFUL_S = 2  # on SIGTERM: open requests get this long, then open streams are cut
