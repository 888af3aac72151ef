"""Request bytes and values before any schema sees them: JSON parsed with bounded nesting, and
every string checked to be Unicode text. HTTP bodies, MCP tool arguments and terminal calls all pass
:func:`check_text` (through gm/contract/operations.py), so nothing past it meets a lone surrogate
(which UTF-8 cannot encode: not Redis, not a hash of text, not a JSON answer) or a structure deep
enough to exhaust a recursive walk.
"""

from __future__ import annotations

import json
from typing import Any

from gm.contract.errors import InvalidArguments

#: How deep a request may nest JSON (gm's own bodies nest 3 levels: {"seats": [{…}]}).
MAX_JSON_DEPTH = 16


def parse_json(raw: bytes) -> Any:
    """HTTP: a request body parsed as JSON; None when it is not JSON. Nesting deeper than the
    parser's stack is refused here (:func:`check_text` refuses the rest)."""
    try:
        return json.loads(raw)
    except RecursionError:
        raise InvalidArguments(
            f"The body is nested too deeply; gm takes JSON nested at most {MAX_JSON_DEPTH} levels."
        ) from None
    except ValueError:  # not JSON, or not UTF-8/16/32
        return None


def check_text(data: Any) -> None:
    """Every string of a request (keys included) is Unicode text, and it nests at most
    :data:`MAX_JSON_DEPTH` levels: InvalidArguments otherwise. A lone UTF-16 surrogate
    (``"\\ud800"`` in JSON) is no character: it cannot be stored, hashed as text or answered."""
    stack: list[tuple[str, Any, int]] = [("", data, 0)]
    while stack:
        path, value, depth = stack.pop()  # depth: the objects and arrays around ``value``
        if isinstance(value, (dict, list)) and depth >= MAX_JSON_DEPTH:
            raise InvalidArguments(
                f"The body is nested too deeply; gm takes JSON nested at most {MAX_JSON_DEPTH} "
                "levels."
            )
        if isinstance(value, dict):
            for key, item in value.items():
                if isinstance(key, str) and not _is_text(key):
                    where = f"'{path}'" if path else "The body"
                    raise _not_text(f"{where} has a key that")
                stack.append((f"{path}.{key}" if path else str(key), item, depth + 1))
        elif isinstance(value, list):
            stack.extend((f"{path}[{i}]", item, depth + 1) for i, item in enumerate(value))
        elif isinstance(value, str) and not _is_text(value):
            raise _not_text(f"'{path}'" if path else "The body")


def _is_text(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _not_text(where: str) -> InvalidArguments:
    where = where.encode("utf-8", "backslashreplace").decode("utf-8")  # the path may hold one too
    return InvalidArguments(
        f"{where} holds a lone UTF-16 surrogate (such as \\ud800), which is not a character. "
        "Send Unicode text: UTF-8, or \\u escapes in pairs for characters beyond U+FFFF."
    )
