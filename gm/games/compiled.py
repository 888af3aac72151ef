"""The games' compiled inner loops and their pure-Python fallback.

A module listed in setup.py's ``COMPILED`` is built by mypyc into a C extension next to its
source when ``pip install`` can (gcc and the Python headers; an editable install builds it in
place); Python then imports the extension before the source. :func:`load` returns it, or the
pure-Python source when there is no extension or ``GM_PURE_PYTHON=1`` is set (the CI runs the
engine tests both ways). Both must behave the same: only speed differs.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import warnings
from types import ModuleType

PURE_ENV = "GM_PURE_PYTHON"


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` is an extension (mypyc's build) rather than Python source."""
    return not (getattr(module, "__file__", None) or "").endswith(".py")


def pure(name: str) -> ModuleType:
    """The pure-Python module ``name`` from its source file, even where an extension of it is
    built (kept in ``sys.modules`` as ``name + "_py"``)."""
    alias = name + "_py"
    if alias in sys.modules:
        return sys.modules[alias]
    package, _, leaf = name.rpartition(".")
    where = importlib.import_module(package).__path__
    source = next(
        os.path.join(d, leaf + ".py")
        for d in where
        if os.path.exists(os.path.join(d, leaf + ".py"))
    )
    spec = importlib.util.spec_from_file_location(alias, source)
    assert spec is not None and spec.loader is not None, source
    module = importlib.util.module_from_spec(spec)
    sys.modules[alias] = module
    spec.loader.exec_module(module)
    return module


def load(name: str) -> ModuleType:
    """Module ``name``: its compiled build when there is one, unless ``GM_PURE_PYTHON=1``
    (or the build is there but does not load, half-built, or is older than its source: an
    edit since the last ``pip install -e .``)."""
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return pure(name)
    try:
        module = importlib.import_module(name)
    except ImportError:
        return pure(name)
    if is_compiled(module) and _stale(module):
        warnings.warn(
            f"{name}: its source is newer than its compiled build; running the source "
            "(rebuild with pip install -e .)",
            RuntimeWarning,
            stacklevel=2,
        )
        return pure(name)
    return module


def _stale(module: ModuleType) -> bool:
    """Whether the source beside an extension was edited after the extension was built."""
    built = module.__file__ or ""
    source = os.path.join(os.path.dirname(built), module.__name__.rpartition(".")[2] + ".py")
    return os.path.exists(source) and os.path.getmtime(source) > os.path.getmtime(built)
