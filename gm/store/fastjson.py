"""JSON on the hot path: orjson where it gives the standard library's bytes, the standard library
where it would not.

gm writes JSON compact (``,`` and ``:`` without spaces) and as UTF-8 text (no ``\\u`` escapes
beyond the ones JSON needs), which is what orjson writes, 5-10x faster. For every value gm
answers or stores — strings, integers, booleans, null, lists, string-keyed objects and floats
without an exponent — the bytes are the same as ``json.dumps(value, ensure_ascii=False,
separators=(",", ":"))`` (tests/test_fastjson.py plays every game and compares). Where orjson
refuses a value (an integer beyond 64 bits, a non-string key, a lone surrogate, a type only a
``default`` knows) the standard library writes it, so nothing changes there either. Floats with an
exponent (1e16, 1e-7) would be written ``1e16`` rather than ``1e+16``: gm's answers hold none.

Reading: :func:`loads` parses with orjson and falls back to the standard library for what orjson
refuses (``NaN``, lone surrogates), raising the standard library's error when both refuse.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import orjson
from flask.json.provider import DefaultJSONProvider

# dates and dataclasses go to the standard library (with the caller's ``default``), as before
_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


def dumps_bytes(value: Any, default: Callable[[Any], Any] | None = None) -> bytes:
    """``value`` as compact UTF-8 JSON (the standard library's bytes, see the module doc)."""
    try:
        return orjson.dumps(value, option=_OPTIONS)
    except TypeError:  # orjson.JSONEncodeError is one
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=default)
        return text.encode("utf-8")


def dumps(value: Any) -> str:
    """``value`` as compact JSON text (see :func:`dumps_bytes`)."""
    try:
        return orjson.dumps(value, option=_OPTIONS).decode("utf-8")
    except TypeError:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def loads(raw: bytes | str) -> Any:
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        return json.loads(raw)


class FastJSONProvider(DefaultJSONProvider):
    """Flask's JSON answers through :func:`dumps_bytes`: the same bytes as Flask's default
    provider (compact, ``ensure_ascii`` off, keys in insertion order, a final newline), out of
    debug mode; anything else (sorted keys, ``\\u`` escapes, debug indentation) goes to it."""

    ensure_ascii = False
    sort_keys = False

    def response(self, *args: Any, **kwargs: Any) -> Any:
        if self.ensure_ascii or self.sort_keys or self.compact is False or self._app.debug:
            return super().response(*args, **kwargs)
        obj = self._prepare_response_obj(args, kwargs)
        body = dumps_bytes(obj, default=self.default) + b"\n"
        return self._app.response_class(body, mimetype=self.mimetype)  # type: ignore[arg-type]
