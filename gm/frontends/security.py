"""Small shared pieces of gm's safety on the open internet: secrets kept out of text that is logged,
the operator key's Bearer check, the client address a limit counts, the hosts a server answers.

Used by the HTTP API (gm/frontends/http/app.py, gm/frontends/http/requestlog.py), gunicorn's logger
(gm/frontends/http/gunicorn_conf.py) and the MCP server (gm/frontends/mcp/server.py), so each rule
is written once.
"""

from __future__ import annotations

import hmac
import ipaddress
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from werkzeug.datastructures import Headers

# A seat token or an invite is ``<game_id>.<secret>`` (gm/play/seats.py): 16 hex digits, a dot, the
# url-safe secret. Whatever follows a game id's dot (or its %-escape) is the secret, wherever it
# appears.
# A malformed one (an upper-case game id, an id of another length, no dot at all) is redacted like a
# valid one: in any case; and in a /play/ path, the whole segment but what comes before a dot.
_SECRET = re.compile(r"(?<![0-9A-Za-z])([0-9a-fA-F]{16})(?:\.|%2[eE])[A-Za-z0-9_\-%]+")
_PLAY_SEGMENT = re.compile(r"(?<=/play/)[^/?#\s\"']+", re.IGNORECASE)
_GAME_ID = re.compile(r"[0-9a-fA-F]{16}")
REDACTED = "…"


def _play_segment(match: re.Match[str]) -> str:
    segment = match.group(0)
    if segment in (REDACTED, f"{segment.partition('.')[0]}.{REDACTED}"):
        return segment  # redacted already
    if _GAME_ID.fullmatch(segment) or segment == "<token>":
        return segment  # a game id alone (public), a route's template
    parts = re.split(r"\.|%2[eE]", segment, maxsplit=1)
    return f"{parts[0]}.{REDACTED}" if len(parts) == 2 else REDACTED


def redact(text: str) -> str:
    """``text`` with every seat token or invite cut to its game id:
    ``/play/0123456789abcdef.s3cr3t/moves`` → ``/play/0123456789abcdef.…/moves``."""
    text = _SECRET.sub(lambda m: f"{m.group(1)}.{REDACTED}", text)
    return _PLAY_SEGMENT.sub(_play_segment, text)


def has_secret(text: str) -> bool:
    return redact(text) != text


def bearer_ok(header: str | None, key: str) -> bool:
    """Whether an ``Authorization`` header carries ``Bearer <key>`` (the scheme in any case,
    RFC 9110 §11.1); compared in constant time."""
    scheme, _, credentials = (header or "").strip().partition(" ")
    if scheme.lower() != "bearer":
        return False
    return hmac.compare_digest(credentials.strip().encode(), key.encode())


def client_address(
    peer: str | None, headers: Mapping[str, str] | Headers, trusted_proxies: int
) -> str:
    """The address a limit counts: the socket peer, or — behind ``trusted_proxies`` proxies that
    each append the address they saw to ``X-Forwarded-For`` — the address the outermost trusted
    proxy saw. Values a client wrote itself (further left) are never believed."""
    if trusted_proxies > 0:
        forwarded = [
            part.strip() for part in headers.get("X-Forwarded-For", "").split(",") if part.strip()
        ]
        if len(forwarded) >= trusted_proxies:
            return forwarded[-trusted_proxies]
    return peer or "-"


LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")


def is_loopback(host: str) -> bool:
    if host.strip("[]") == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def allowed_hosts(bind_host: str, extra: Iterable[str]) -> frozenset[str]:
    """Host names a server answers to: the bind address (unless a wildcard), the loopback names
    and the operator's list (GM_ALLOWED_HOSTS)."""
    names = {*LOOPBACK_NAMES, *(h.strip().lower() for h in extra if h.strip())}
    bind = bind_host.strip("[]").lower()
    if bind not in ("", "0.0.0.0", "::"):
        names.add(bind)
    return frozenset(names)


def host_name(value: str) -> str:
    """The name part of a Host header (``[::1]:8001`` → ``::1``, ``gm.example:443`` →
    ``gm.example``)."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:].partition("]")[0]
    if value.count(":") == 1:
        return value.partition(":")[0]
    return value


def host_port(value: str) -> str:
    """The port of a Host header as written (``[::1]:8001`` → ``8001``, ``gm.example`` → ``""``:
    the scheme's default)."""
    value = value.strip()
    if value.startswith("["):
        return value.partition("]")[2].removeprefix(":")
    return value.partition(":")[2] if value.count(":") == 1 else ""


def origin_port(origin: str) -> str:
    """The port of an ``Origin`` header as written (``http://localhost:3000`` → ``3000``; a
    browser leaves the scheme's default port out, as it does in ``Host``)."""
    _, sep, rest = origin.strip().partition("://")
    return host_port(rest.partition("/")[0]) if sep else ""


def same_origin_port(origin: str, host: str) -> bool:
    """Whether an ``Origin`` names the port the request was sent to (its ``Host``): a page of
    another server on the same machine (``localhost:3000``) is another origin."""
    return origin_port(origin) == host_port(host)


def origin_host(origin: str) -> str:
    """The host name of an ``Origin`` header (``https://gm.example:8443`` → ``gm.example``);
    empty when it is not a URL origin (``null``)."""
    _, sep, rest = origin.strip().partition("://")
    return host_name(rest.partition("/")[0]) if sep else ""


_HOST = re.compile(r"[A-Za-z0-9.-]{1,253}(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]{2,45}\](:[0-9]{1,5})?")


def public_base(
    scheme: str, host: str, headers: Mapping[str, str] | Headers, trusted_proxies: int, default: str
) -> str:
    """The URL a client used to reach this server: ``scheme://host`` of the request, or — behind
    ``trusted_proxies`` proxies — the ``X-Forwarded-Proto``/``X-Forwarded-Host`` the outermost
    trusted one set (never what a client wrote further left); ``default`` when the host is not a
    plain host name or address (nothing a stranger writes gets into a document as markup)."""
    if trusted_proxies > 0:
        scheme = _forwarded(headers, "X-Forwarded-Proto", trusted_proxies) or scheme
        host = _forwarded(headers, "X-Forwarded-Host", trusted_proxies) or host
    scheme = scheme.lower()
    if scheme not in ("http", "https") or not _HOST.fullmatch(host):
        return default
    return f"{scheme}://{host.lower()}"


def _forwarded(headers: Mapping[str, str] | Headers, name: str, trusted_proxies: int) -> str:
    parts = [part.strip() for part in headers.get(name, "").split(",") if part.strip()]
    return parts[-trusted_proxies] if len(parts) >= trusted_proxies else (parts[0] if parts else "")
