"""Sign-in for `/mcp` per the MCP authorization spec, against a real `gm serve`:

- the built-in authorization server (GM_AUTH=builtin): the official SDK client's OAuth flow end to
  end — Protected Resource Metadata, authorization server metadata, dynamic client registration,
  PKCE — with gm's sign-in page driven by a real headless Chromium (a person picks a player name and
  allows), then calls with the token; the spec's answers without a token, with an expired token,
  with a token for another resource; another player's token on a seat is refused;
- an external issuer (GM_AUTH=external): a local issuer whose JSON Web Key Set gm fetches; its JWTs
  for gm's `/mcp` are accepted, expired ones, ones for another audience or signed by another key
  get 401.
"""

from __future__ import annotations

import hashlib
import http.server
import json
import re
import threading
import time
import urllib.parse
from pathlib import Path
from typing import Any

import anyio
import jwt
import pytest
import redis
from cryptography.hazmat.primitives.asymmetric import rsa
from mcp import Client
from mcp.client.auth import OAuthClientProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client
from mcp.shared.auth import (
    AuthorizationCodeResult,
    OAuthClientInformationFull,
    OAuthClientMetadata,
    OAuthToken,
)

from tests import browser
from tests.frontends.test_mcp import _ok
from tests.real_server import GmServe, call, free_port

pytestmark = pytest.mark.slow  # the slow tier: gm serve, Chromium

INITIALIZE = {
    "jsonrpc": "2.0", "id": 1, "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {},
               "clientInfo": {"name": "test", "version": "0"}},
}  # fmt: skip
MCP_HEADERS = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}


def _post_mcp(port: int, token: str | None = None) -> tuple[int, dict[str, str], bytes]:
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = dict(MCP_HEADERS)
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    conn.request("POST", "/mcp", json.dumps(INITIALIZE), headers)
    answer = conn.getresponse()
    body = answer.read()
    conn.close()
    return answer.status, {k.lower(): v for k, v in answer.getheaders()}, body


def _serve(tmp_path: Path, **env: str) -> GmServe:
    server = GmServe(tmp_path / "data", workers=2, **env)
    server.env["GM_PUBLIC_URL"] = f"http://127.0.0.1:{server.port}"
    return server


class _Memory:
    """The SDK client's token storage, in memory."""

    def __init__(self) -> None:
        self.tokens: OAuthToken | None = None
        self.client: OAuthClientInformationFull | None = None

    async def get_tokens(self) -> OAuthToken | None:
        return self.tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        self.tokens = tokens

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        return self.client

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self.client = client_info


def _sign_in_in_chromium(url: str, name: str, callback: str) -> tuple[str, str | None, str]:
    """Open the authorization URL in headless Chromium, pick ``name``, allow; the redirect to
    ``callback`` is caught: (code, state, the page's text before allowing)."""
    from playwright.sync_api import sync_playwright

    caught: dict[str, str] = {}
    with sync_playwright() as p:
        chromium = browser.launch(p)
        try:
            page = chromium.new_context().new_page()

            def catch(route: Any) -> None:
                caught["url"] = route.request.url
                route.fulfill(status=200, body="signed in")

            page.route(f"{callback}**", catch)
            page.goto(url)
            text = page.inner_text("main")
            page.fill("#name", name)
            page.click("button[value=allow]")
            page.wait_for_url(f"{callback}**")
        finally:
            chromium.close()
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(caught["url"]).query)
    return query["code"][0], (query.get("state") or [None])[0], text


def _oauth_client(port: int, name: str, seen: list[str]) -> OAuthClientProvider:
    callback = f"http://localhost:{free_port()}/callback"
    pending: dict[str, str] = {}

    async def redirect(url: str) -> None:
        pending["url"] = url

    async def back() -> AuthorizationCodeResult:
        code, state, text = await anyio.to_thread.run_sync(
            _sign_in_in_chromium, pending["url"], name, callback
        )
        seen.append(text)
        return AuthorizationCodeResult(code=code, state=state)

    return OAuthClientProvider(
        server_url=f"http://127.0.0.1:{port}/mcp",
        client_metadata=OAuthClientMetadata(
            client_name=f"Test chat app of {name}",
            redirect_uris=[callback],  # type: ignore[list-item]
            grant_types=["authorization_code", "refresh_token"],
            response_types=["code"],
        ),
        storage=_Memory(),
        redirect_handler=redirect,
        callback_handler=back,
    )


def _signed_in(port: int, provider: OAuthClientProvider) -> Client:
    url = f"http://127.0.0.1:{port}/mcp"
    return Client(streamable_http_client(url, http_client=create_mcp_http_client(auth=provider)))


def _store(server: GmServe) -> redis.Redis:
    return redis.Redis(unix_socket_path=str(server.data_dir / "redis.sock"))


def _plant_token(server: GmServe, token: str, **fields: Any) -> None:
    """An access token as the built-in server keeps it (to make one expired, or for another
    resource, without waiting an hour)."""
    value = {"client_id": "planted", "scopes": ["play"], "subject": "player:planted", **fields}
    digest = hashlib.sha256(token.encode()).hexdigest()
    _store(server).set(f"gm-auth:access:{digest}", json.dumps(value), ex=600)


def test_the_builtin_server_signs_a_player_in_through_the_sdk_client_and_chromium(tmp_path):
    with _serve(tmp_path, GM_AUTH="builtin") as server:
        port, base = server.port, f"http://127.0.0.1:{server.port}"
        # no token: 401 and where to find the resource's metadata
        status, headers, _ = _post_mcp(port)
        assert status == 401
        challenge = headers["www-authenticate"]
        assert challenge.startswith("Bearer ")
        assert f'resource_metadata="{base}/.well-known/oauth-protected-resource/mcp"' in challenge
        status, _, prm, _ = call(port, "GET", "/.well-known/oauth-protected-resource/mcp")
        assert status == 200 and prm["resource"] == f"{base}/mcp"
        assert [u.rstrip("/") for u in prm["authorization_servers"]] == [base]
        status, _, meta, _ = call(port, "GET", "/.well-known/oauth-authorization-server")
        assert status == 200 and meta["code_challenge_methods_supported"] == ["S256"]
        assert meta["registration_endpoint"] == f"{base}/register"

        seen: list[str] = []
        ada = _oauth_client(port, "Ada", seen)

        async def play_as_ada() -> tuple[str, str]:
            async with _signed_in(port, ada) as client:
                game = await _ok(client, "new_game", game="masul", seed=3)
                move = game["view"]["legal_moves"][0]
                answer = await _ok(client, "play_move", token=game["token"], move=move)
                assert answer["legal"] is True
            assert ada.context.current_tokens is not None
            return game["token"], ada.context.current_tokens.access_token

        seat, access = anyio.run(play_as_ada)
        assert "Test chat app of Ada" in seen[0] and "play card games on gm as you" in seen[0]
        assert _post_mcp(port, access)[0] == 200  # the token itself works on a fresh session

        # expired, for another resource, unknown: 401 invalid_token, as the spec says
        _plant_token(server, "expired-token-1", expires_at=int(time.time()) - 5,
                     resource=f"{base}/mcp")  # fmt: skip
        _plant_token(server, "elsewhere-token-1", expires_at=int(time.time()) + 600,
                     resource="https://elsewhere.example/mcp")  # fmt: skip
        for token in ("expired-token-1", "elsewhere-token-1", "never-issued"):
            status, headers, body = _post_mcp(port, token)
            assert status == 401, (token, body)
            assert 'error="invalid_token"' in headers["www-authenticate"]

        # another player: signs in with their own name; Ada's seat does not answer them
        grace = _oauth_client(port, "Grace", seen)

        async def grace_tries() -> str:
            async with _signed_in(port, grace) as client:
                own = await _ok(client, "new_game", game="masul", seed=4)
                assert own["token"] != seat
                result = await client.call_tool("view_game", {"token": seat})
                assert result.is_error
                return "\n".join(c.text for c in result.content)

        refusal = anyio.run(grace_tries)
        assert refusal.startswith("Another player's seat:")
        assert seat not in server.output() and access not in server.output()


def test_a_taken_name_and_a_denial(tmp_path):
    """A name is the first browser's: another browser picking it is asked for another; "Deny"
    sends the client access_denied."""
    from playwright.sync_api import sync_playwright

    with _serve(tmp_path, GM_AUTH="builtin") as server:
        seen: list[str] = []
        anyio.run(_sign_in_once, server.port, "Linus", seen)
        provider = _oauth_client(server.port, "Linus", seen)
        pending: dict[str, str] = {}

        async def capture(url: str) -> None:
            pending["url"] = url
            raise RuntimeError("stop here")  # only the authorization URL is wanted

        provider.context.redirect_handler = capture

        async def start() -> None:
            try:
                async with _signed_in(server.port, provider) as client:
                    await client.list_tools()
            except BaseException:  # noqa: BLE001 — the flow was stopped on purpose
                pass

        anyio.run(start)
        with sync_playwright() as p:
            chromium = browser.launch(p)
            try:
                page = chromium.new_context().new_page()  # another browser: no cookie
                page.goto(pending["url"])
                page.fill("#name", "linus")  # the same name in another case
                page.click("button[value=allow]")
                assert "That name is taken" in page.inner_text("[role=alert]")
                redirects: list[str] = []

                def catch(route: Any) -> None:
                    redirects.append(route.request.url)
                    route.fulfill(status=200, body="no")

                page.route(re.compile(r"^http://localhost:\d+/callback"), catch)
                page.click("button[value=deny]")
                page.wait_for_url(re.compile(r"^http://localhost:\d+/callback"))
            finally:
                chromium.close()
        assert redirects and "error=access_denied" in redirects[0]


async def _sign_in_once(port: int, name: str, seen: list[str]) -> None:
    async with _signed_in(port, _oauth_client(port, name, seen)) as client:
        await client.list_tools()


# ---------------------------------------------------------------- an external issuer


class _Issuer:
    """A local OAuth issuer: its metadata and its JSON Web Key Set over HTTP, and JWTs."""

    def __init__(self) -> None:
        self.key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        public = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(self.key.public_key()))
        public.update(kid="k1", use="sig", alg="RS256")
        documents = {
            "/.well-known/oauth-authorization-server": {
                "issuer": self.url, "jwks_uri": f"{self.url}/jwks.json",
                "authorization_endpoint": f"{self.url}/authorize",
                "token_endpoint": f"{self.url}/token", "response_types_supported": ["code"],
                "code_challenge_methods_supported": ["S256"],
            },
            "/jwks.json": {"keys": [public]},
        }  # fmt: skip
        self.fetched: list[str] = []
        fetched = self.fetched

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                fetched.append(self.path)
                body = json.dumps(documents.get(self.path, {})).encode()
                self.send_response(200 if self.path in documents else 404)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def token(self, audience: str, expires_in: int = 600, key: Any = None, **claims: Any) -> str:
        now = int(time.time())
        payload = {
            "iss": self.url, "sub": "ext-user-7", "aud": audience, "iat": now,
            "exp": now + expires_in, "scope": "play", "client_id": "chat", **claims,
        }  # fmt: skip
        return jwt.encode(payload, key or self.key, algorithm="RS256", headers={"kid": "k1"})


def test_an_external_issuer_s_tokens_are_checked_against_its_keys(tmp_path):
    issuer = _Issuer()
    try:
        with _serve(tmp_path, GM_AUTH="external", GM_AUTH_ISSUER=issuer.url) as server:
            port, resource = server.port, f"http://127.0.0.1:{server.port}/mcp"
            status, _, prm, _ = call(port, "GET", "/.well-known/oauth-protected-resource/mcp")
            assert status == 200 and prm["resource"] == resource
            assert [u.rstrip("/") for u in prm["authorization_servers"]] == [issuer.url]
            assert _post_mcp(port)[0] == 401
            good = issuer.token(resource)

            async def main() -> dict[str, Any]:
                http_client = create_mcp_http_client(headers={"Authorization": f"Bearer {good}"})
                async with Client(streamable_http_client(resource, http_client=http_client)) as c:
                    return await _ok(c, "new_game", game="masul", seed=9)

            assert anyio.run(main)["view"]["status"] == "active"
            assert "/jwks.json" in issuer.fetched  # gm fetched the issuer's keys
            other_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
            for bad in (
                issuer.token(resource, expires_in=-30),
                issuer.token("https://elsewhere.example/mcp"),
                issuer.token(resource, key=other_key),
                issuer.token(resource, iss="https://not-the-issuer.example"),
            ):
                status, headers, _ = _post_mcp(port, bad)
                assert status == 401 and 'error="invalid_token"' in headers["www-authenticate"]
    finally:
        issuer.server.shutdown()
