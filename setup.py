"""The compiled build: mypyc turns the games' inner loops (``COMPILED``) into C extensions
(gm/games/compiled.py loads them, the pure-Python source being the fallback). Everything else
about the package is in pyproject.toml.

The build needs gcc and the Python headers; where mypyc or the compiler fails the extensions
are left out (``optional``) and the package installs as pure Python. ``GM_PURE_BUILD=1``
skips them on purpose.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup

COMPILED = ["gm/games/masul/playout.py"]


def extensions() -> list:
    if os.environ.get("GM_PURE_BUILD", "") not in ("", "0"):
        return []
    try:
        from mypyc.build import mypycify

        built = mypycify(COMPILED, opt_level="3")
    except Exception as error:  # noqa: BLE001 - no mypyc, or it refused: pure Python
        print(f"gm: compiled build left out ({error!r}); pure Python", file=sys.stderr)
        return []
    for extension in built:
        extension.optional = True  # a compiler error leaves the pure-Python module in charge
    return built


setup(ext_modules=extensions())
