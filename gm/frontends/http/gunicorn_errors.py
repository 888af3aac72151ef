"""gunicorn's own error answers as problem+json, never HTML.

gunicorn answers a request it cannot read (a bad request line, method or header: 400; a request
line over ``limit_request_line``: 414; headers over ``limit_request_fields`` /
``limit_request_field_size``: 431) itself, before the app sees it, with an HTML page written by
``gunicorn.util.write_error``. Every worker class calls that one function through the module, so
:func:`install` (run by gm/frontends/http/gunicorn_conf.py in the arbiter, before the workers fork)
replaces it with one that writes an RFC 9457 problem in gm's words. Nothing of the refused request
(which may hold a seat token) is echoed back.
"""

from __future__ import annotations

import json
from typing import Any

from gunicorn import util

DETAILS = {
    400: "The request could not be read as HTTP (request line, method, version or a header is "
    "malformed). Send a well-formed HTTP/1.1 request.",
    403: "This request is refused by the server's proxy settings.",
    414: "The URL is too long. gm's URLs are a route and at most one seat token; send the move "
    "in the JSON body.",
    408: "The request body did not arrive in time (GM_BODY_TIMEOUT seconds for the whole body). "
    "Send the whole body at once.",
    417: "The Expect header is not supported; send the request without it.",
    429: "Your address has too many connections open to this server. Close some, then try again.",
    431: "The request headers are too many or too large. Send only the headers gm needs "
    "(Content-Type, Authorization).",
    500: "Something went wrong on our side before the request reached gm; please report this.",
    501: "That transfer coding is not supported; send the body with a Content-Length.",
}


def problem_bytes(status: int, reason: str, retry_after: int = 0) -> bytes:
    """The whole HTTP response for a status gunicorn (or gm's worker) answers itself."""
    detail = DETAILS.get(status, "The server could not handle this request.")
    body = json.dumps(
        {"type": "about:blank", "title": reason, "status": status, "detail": detail}
    ).encode("ascii")
    head = (
        f"HTTP/1.1 {status} {reason}\r\n"
        "Connection: close\r\n"
        "Content-Type: application/problem+json\r\n"
        f"Content-Length: {len(body)}\r\n"
        + (f"Retry-After: {retry_after}\r\n" if retry_after else "")
        + "\r\n"
    )
    return head.encode("latin-1") + body


def write_error(sock: Any, status_int: int, reason: str, mesg: str) -> None:
    """Drop-in for ``gunicorn.util.write_error`` (``mesg``, gunicorn's words, is not sent)."""
    util.write_nonblock(sock, problem_bytes(status_int, reason))


def install() -> None:
    util.write_error = write_error
