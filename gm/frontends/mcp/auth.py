"""Sign-in for ``/mcp``, per the MCP authorization spec: gm is an OAuth 2.1 resource server.

Built on the official SDK's ``mcp.server.auth``: the Protected Resource Metadata document
(``/.well-known/oauth-protected-resource/mcp``), ``401`` with ``WWW-Authenticate: Bearer …
resource_metadata=…`` for a call without a valid token, tokens accepted only when issued for this
server's ``/mcp`` (RFC 8707 audience: ``validate_token_resource``). The operator picks the
authorization server with GM_AUTH:

- ``builtin`` — a small one for self-hosters (:class:`BuiltinProvider`): the SDK's endpoints
  (metadata, ``/authorize``, ``/token`` with PKCE S256, dynamic client registration,
  ``/revoke``), and gm's sign-in page ``/signin`` where a person picks a player name and allows
  the client to play as them. Codes, tokens and clients live in Redis with expiries (tokens
  stored hashed); tokens are random opaque strings.
- ``external`` — an issuer the operator runs (GM_AUTH_ISSUER, its URL): its metadata names its
  JSON Web Key Set, and a token is a JWT checked against those keys (PyJWT: signature, ``iss``,
  ``aud`` = this server's ``/mcp``, ``exp``) by :class:`JwtVerifier`.
- unset — no sign-in (authless, or the operator key GM_API_KEY).

A signed-in call carries its player: :func:`player_of` (the token's subject) — the limits count
per player, and a seat taken by one player answers only that player (:class:`SeatOwners`).
GM_PUBLIC_URL is the server's public address (the issuer, the resource ``<GM_PUBLIC_URL>/mcp``).
"""

from __future__ import annotations

import hashlib
import html
import json
import secrets
import time
import unicodedata
from typing import Any
from urllib.parse import urlsplit

import anyio
import redis
from mcp.server.auth.provider import (
    AccessToken,
    AuthorizationCode,
    AuthorizationParams,
    AuthorizeError,
    RefreshToken,
    TokenError,
    TokenVerifier,
    construct_redirect_uri,
)
from mcp.server.auth.settings import AuthSettings, ClientRegistrationOptions, RevocationOptions
from mcp.shared.auth import OAuthClientInformationFull, OAuthToken
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from gm.settings import Settings

SCOPE = "play"
ACCESS_TTL_S = 3600
REFRESH_TTL_S = 30 * 24 * 3600
CODE_TTL_S = 300
PENDING_TTL_S = 600
CLIENT_TTL_S = 30 * 24 * 3600
NAME_TTL_S = 365 * 24 * 3600
NAME_MAX = 32
COOKIE = "gm_player"
PREFIX = "gm-auth:"


def resource_url(settings: Settings) -> str:
    return f"{settings.public_url.rstrip('/')}/mcp"


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class _Keys:
    """One small JSON value per key, each with its expiry (nothing kept forever)."""

    def __init__(self, client: redis.Redis):
        self.client = client

    async def put(self, kind: str, key: str, value: dict[str, Any], ttl: float) -> None:
        data = json.dumps(value)
        await anyio.to_thread.run_sync(
            lambda: self.client.set(f"{PREFIX}{kind}:{key}", data, ex=max(1, int(ttl)))
        )

    async def get(self, kind: str, key: str) -> dict[str, Any] | None:
        raw = await anyio.to_thread.run_sync(self.client.get, f"{PREFIX}{kind}:{key}")
        return json.loads(raw) if raw else None

    async def take(self, kind: str, key: str) -> dict[str, Any] | None:
        """Get and delete at once (a code or a pending sign-in is used once)."""
        raw = await anyio.to_thread.run_sync(self.client.getdel, f"{PREFIX}{kind}:{key}")
        return json.loads(raw) if raw else None

    async def delete(self, kind: str, key: str) -> None:
        await anyio.to_thread.run_sync(self.client.delete, f"{PREFIX}{kind}:{key}")


class BuiltinProvider:
    """The SDK's ``OAuthAuthorizationServerProvider`` for gm's built-in authorization server."""

    def __init__(self, client: redis.Redis, settings: Settings):
        self.keys = _Keys(client)
        self.public = settings.public_url.rstrip("/")
        self.resource = resource_url(settings)

    # ---- clients (dynamic registration)
    async def get_client(self, client_id: str) -> OAuthClientInformationFull | None:
        found = await self.keys.get("client", _hash(client_id))
        return OAuthClientInformationFull.model_validate(found) if found else None

    async def register_client(self, client_info: OAuthClientInformationFull) -> None:
        assert client_info.client_id is not None
        await self.keys.put(
            "client", _hash(client_info.client_id), client_info.model_dump(mode="json"),
            CLIENT_TTL_S,
        )  # fmt: skip

    # ---- authorization: the sign-in page decides
    async def authorize(
        self, client: OAuthClientInformationFull, params: AuthorizationParams
    ) -> str:
        if params.resource and params.resource.rstrip("/") != self.resource:
            detail = f"This server issues tokens for {self.resource}."
            raise AuthorizeError("invalid_target", detail)
        pending = secrets.token_urlsafe(24)
        await self.keys.put(
            "pending",
            pending,
            {"client_id": client.client_id, "client_name": client.client_name or "",
             "params": params.model_dump(mode="json")},
            PENDING_TTL_S,
        )  # fmt: skip
        return f"{self.public}/signin?request={pending}"

    async def grant(self, pending: dict[str, Any], player: str) -> str:
        """The sign-in page's consent: a code for ``player``; the client's redirect URL."""
        params = AuthorizationParams.model_validate(pending["params"])
        code = secrets.token_urlsafe(32)
        await self.keys.put(
            "code",
            _hash(code),
            AuthorizationCode(
                code=code, scopes=params.scopes or [SCOPE], expires_at=time.time() + CODE_TTL_S,
                client_id=pending["client_id"], code_challenge=params.code_challenge,
                redirect_uri=params.redirect_uri,
                redirect_uri_provided_explicitly=params.redirect_uri_provided_explicitly,
                resource=self.resource, subject=player,
            ).model_dump(mode="json"),
            CODE_TTL_S,
        )  # fmt: skip
        return construct_redirect_uri(str(params.redirect_uri), code=code, state=params.state)

    async def load_authorization_code(
        self, client: OAuthClientInformationFull, authorization_code: str
    ) -> AuthorizationCode | None:
        found = await self.keys.get("code", _hash(authorization_code))
        if not found or found["client_id"] != client.client_id:
            return None
        return AuthorizationCode.model_validate(found)

    async def exchange_authorization_code(
        self, client: OAuthClientInformationFull, authorization_code: AuthorizationCode
    ) -> OAuthToken:
        if not await self.keys.take("code", _hash(authorization_code.code)):
            raise TokenError("invalid_grant", "This code was used already.")
        return await self._issue(
            client, authorization_code.scopes, authorization_code.subject or ""
        )

    async def _issue(
        self, client: OAuthClientInformationFull, scopes: list[str], subject: str
    ) -> OAuthToken:
        access, refresh = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        now = int(time.time())
        common = {"client_id": client.client_id, "scopes": scopes, "resource": self.resource,
                  "subject": subject}  # fmt: skip
        await self.keys.put(
            "access", _hash(access), {**common, "expires_at": now + ACCESS_TTL_S}, ACCESS_TTL_S
        )
        await self.keys.put(
            "refresh", _hash(refresh), {**common, "expires_at": now + REFRESH_TTL_S},
            REFRESH_TTL_S,
        )  # fmt: skip
        return OAuthToken(
            access_token=access, token_type="Bearer", expires_in=ACCESS_TTL_S,
            scope=" ".join(scopes), refresh_token=refresh,
        )  # fmt: skip

    # ---- refresh (rotated) and revocation
    async def load_refresh_token(
        self, client: OAuthClientInformationFull, refresh_token: str
    ) -> RefreshToken | None:
        found = await self.keys.get("refresh", _hash(refresh_token))
        if not found or found["client_id"] != client.client_id:
            return None
        return RefreshToken(token=refresh_token, **found)

    async def exchange_refresh_token(
        self, client: OAuthClientInformationFull, refresh_token: RefreshToken, scopes: list[str]
    ) -> OAuthToken:
        if not await self.keys.take("refresh", _hash(refresh_token.token)):
            raise TokenError("invalid_grant", "This refresh token was used already.")
        subject = refresh_token.subject or ""
        return await self._issue(client, scopes or refresh_token.scopes, subject)

    async def load_access_token(self, token: str) -> AccessToken | None:
        found = await self.keys.get("access", _hash(token))
        if not found or found["expires_at"] < time.time():
            return None
        return AccessToken(token=token, **found)

    async def revoke_token(self, token: AccessToken | RefreshToken) -> None:
        kind = "access" if isinstance(token, AccessToken) else "refresh"
        await self.keys.delete(kind, _hash(token.token))


# ---------------------------------------------------------------- the sign-in page

_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="referrer" content="same-origin"><title>Sign in to gm</title>
<style>body{{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}}
label,input,button{{display:block;font-size:1rem;margin:.5rem 0}}input{{padding:.5rem;width:100%}}
button{{padding:.6rem 1rem;min-height:44px}}.error{{color:#a00}}</style></head>
<body><main><h1>Sign in to gm</h1>
<p><strong>{client}</strong> asks to play card games on gm as you.</p>
{error}
<form method="post" action="/signin">
<input type="hidden" name="request" value="{request}">
<label for="name">Your player name</label>
<input id="name" name="name" required maxlength="{name_max}" autocomplete="nickname"
 value="{name}">
<button type="submit" name="decision" value="allow">Allow and play</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form></main></body></html>"""


def _page(pending_id: str, client: str, name: str = "", error: str = "", status: int = 200):
    note = f'<p class="error" role="alert">{html.escape(error)}</p>' if error else ""
    body = _PAGE.format(
        client=html.escape(client or "An MCP client"), error=note,
        request=html.escape(pending_id), name=html.escape(name), name_max=NAME_MAX,
    )  # fmt: skip
    return HTMLResponse(body, status_code=status, headers=_NO_STORE)


_NO_STORE = {
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",  # no clickjacking of the consent button
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
    "form-action 'self' http: https:; frame-ancestors 'none'",
}


def player_name(raw: str) -> str | None:
    """A player name: 1–32 letters, digits, spaces, '-', '_' or '.', in NFC; else None."""
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if not 1 <= len(name) <= NAME_MAX:
        return None
    if not all(ch.isalnum() or ch in " -_." for ch in name):
        return None
    return name


def signin_routes(provider: BuiltinProvider, secure: bool) -> list[Route]:
    """``GET /signin`` (the form) and ``POST /signin`` (the decision) of the built-in server.

    A name is claimed by the first browser that signs in with it (a random cookie, kept hashed):
    another browser picking it is asked for another name."""
    keys = provider.keys

    async def show(request: Request) -> Response:
        pending_id = request.query_params.get("request", "")
        pending = await keys.get("pending", pending_id) if pending_id else None
        if pending is None:
            return _expired()
        return _page(pending_id, pending["client_name"])

    async def decide(request: Request) -> Response:
        form = await request.form(max_files=0, max_fields=8)
        pending_id = str(form.get("request", ""))[:64]
        pending = await keys.get("pending", pending_id) if pending_id else None
        if pending is None:
            return _expired()
        params = pending["params"]
        if form.get("decision") != "allow":
            await keys.delete("pending", pending_id)
            target = construct_redirect_uri(
                params["redirect_uri"], error="access_denied", state=params.get("state")
            )
            return RedirectResponse(target, status_code=302, headers=_NO_STORE)
        raw = str(form.get("name", ""))[: NAME_MAX * 4]
        name = player_name(raw)
        if name is None:
            hint = "Pick a name of 1 to 32 letters, digits, spaces, '-', '_' or '.'."
            return _page(pending_id, pending["client_name"], raw[:NAME_MAX], hint, 422)
        cookie = request.cookies.get(COOKIE) or secrets.token_urlsafe(24)
        claim = name.casefold()
        owner = await keys.get("name", _hash(claim))
        if owner is not None and owner["cookie"] != _hash(cookie):
            return _page(pending_id, pending["client_name"], name,
                         "That name is taken by another player: pick another.", 409)  # fmt: skip
        if not await keys.take("pending", pending_id):
            return _expired()
        await keys.put("name", _hash(claim), {"cookie": _hash(cookie), "name": name}, NAME_TTL_S)
        target = await provider.grant(pending, f"player:{claim}")
        response = RedirectResponse(target, status_code=302, headers=_NO_STORE)
        response.set_cookie(
            COOKIE, cookie, max_age=NAME_TTL_S, httponly=True, secure=secure, samesite="lax"
        )
        return response

    return [
        Route("/signin", show, methods=["GET"]),
        Route("/signin", decide, methods=["POST"]),
    ]


def _expired() -> Response:
    return HTMLResponse(
        "<!doctype html><title>gm</title><p>This sign-in request has expired or was used. "
        "Start again from your chat app.</p>",
        status_code=400,
        headers=_NO_STORE,
    )


# ---------------------------------------------------------------- an external issuer


class JwtVerifier(TokenVerifier):
    """Tokens of an external issuer: JWTs signed by a key of its JSON Web Key Set (found through
    its RFC 8414 metadata, or OpenID discovery), with ``iss`` the issuer, ``aud`` this server's
    ``/mcp`` and an ``exp`` in the future."""

    ALGORITHMS = ("RS256", "ES256", "PS256", "EdDSA")

    def __init__(self, issuer: str, resource: str):
        self.issuer = issuer.rstrip("/")
        self.resource = resource
        self._jwks: Any = None

    def _client(self) -> Any:
        if self._jwks is None:
            import urllib.request

            import jwt

            meta: dict[str, Any] = {}
            for well_known in ("oauth-authorization-server", "openid-configuration"):
                try:
                    url = f"{self.issuer}/.well-known/{well_known}"
                    with urllib.request.urlopen(url, timeout=5) as answer:  # noqa: S310
                        meta = json.loads(answer.read(256 * 1024))
                    break
                except (OSError, ValueError):
                    continue
            if not meta.get("jwks_uri"):
                raise OSError(f"no jwks_uri in the metadata of {self.issuer}")
            self._jwks = jwt.PyJWKClient(meta["jwks_uri"], cache_keys=True, lifespan=300)
        return self._jwks

    def _verify(self, token: str) -> AccessToken | None:
        import jwt

        try:
            key = self._client().get_signing_key_from_jwt(token)
            claims = jwt.decode(
                token, key.key, algorithms=list(self.ALGORITHMS), audience=self.resource,
                issuer=self.issuer, options={"require": ["exp", "iss", "aud", "sub"]},
            )  # fmt: skip
        except (jwt.PyJWTError, OSError):
            return None
        scopes = str(claims.get("scope", "")).split()
        return AccessToken(
            token=token, client_id=str(claims.get("client_id") or claims.get("azp") or ""),
            scopes=scopes, expires_at=int(claims["exp"]), resource=self.resource,
            subject=f"player:{claims['sub']}", claims={"iss": claims["iss"]},
        )  # fmt: skip

    async def verify_token(self, token: str) -> AccessToken | None:
        return await anyio.to_thread.run_sync(self._verify, token)


# ---------------------------------------------------------------- wiring


def server_options(settings: Settings, client: redis.Redis) -> dict[str, Any]:
    """MCPServer's keyword arguments for GM_AUTH (none without it), and ``routes`` for the
    sign-in page."""
    mode = settings.auth_mode
    if not mode:
        return {}
    if not settings.public_url:
        raise SystemExit("gm: GM_AUTH needs GM_PUBLIC_URL (the address clients reach /mcp at)")
    resource = resource_url(settings)
    secure = urlsplit(settings.public_url).scheme == "https"
    if mode == "builtin":
        provider = BuiltinProvider(client, settings)
        auth = AuthSettings(
            issuer_url=settings.public_url.rstrip("/"),  # type: ignore[arg-type]
            resource_server_url=resource,  # type: ignore[arg-type]
            validate_token_resource=True,
            client_registration_options=ClientRegistrationOptions(
                enabled=True, valid_scopes=[SCOPE], default_scopes=[SCOPE]
            ),
            revocation_options=RevocationOptions(enabled=True),
            required_scopes=[SCOPE],
        )
        return {"auth": auth, "auth_server_provider": provider,
                "routes": signin_routes(provider, secure)}  # fmt: skip
    if mode == "external":
        if not settings.auth_issuer:
            raise SystemExit("gm: GM_AUTH=external needs GM_AUTH_ISSUER (the issuer's URL)")
        auth = AuthSettings(
            issuer_url=settings.auth_issuer,  # type: ignore[arg-type]
            resource_server_url=resource,  # type: ignore[arg-type]
            validate_token_resource=True,
        )
        return {"auth": auth, "token_verifier": JwtVerifier(settings.auth_issuer, resource),
                "routes": []}  # fmt: skip
    raise SystemExit(f"gm: GM_AUTH is 'builtin', 'external' or unset, not {mode!r}")


def player_of(request: Any) -> str | None:
    """The signed-in player of an HTTP request the SDK's bearer middleware let through."""
    scope = getattr(request, "scope", None) or {}
    user = scope.get("user")
    token = getattr(user, "access_token", None)
    return getattr(token, "subject", None) or None


class SeatOwners:
    """Which player took a seat (its token, hashed): a seat taken while signed in answers only
    that player; seats taken without sign-in stay open to whoever holds the token."""

    def __init__(self, client: redis.Redis, ttl_s: int):
        self.client = client
        self.ttl_s = ttl_s

    def claim(self, token: str, player: str) -> None:
        self.client.set(f"{PREFIX}seat:{_hash(token)}", player, ex=self.ttl_s, nx=True)

    def owner(self, token: str) -> str | None:
        raw = self.client.get(f"{PREFIX}seat:{_hash(token)}")
        return raw.decode() if isinstance(raw, bytes) else raw
