"""The games' compiled inner loops (setup.py: mypyc) and their pure-Python fallback
(gm/games/compiled.py): the same moves and results either way, the switch that forces the
fallback, and — where the CI expects the compiled build (GM_EXPECT_COMPILED=1) — that the
install made it."""

from __future__ import annotations

import os
import random

import pytest

from gm.games import compiled
from gm.games.masul import model
from gm.games.masul.engine import MasulEngine

KERNEL = "gm.games.masul.playout"
E = MasulEngine()


def _positions(count: int):
    """Compact positions from real deals, a few seed-level moves in."""
    rng = random.Random(3)
    out = []
    for game in range(count):
        options = {} if game % 3 else {"max_field_replacements": 1}
        p = model.position(E.new_state(game, E.options(options)))
        for _ in range(rng.randrange(0, 14)):
            if p.turn is None:
                break
            p.play(model.seed_move(p, rng.random))
        if p.turn is not None:
            out.append(p)
    return out


def _run(kernel, positions) -> list:
    """Every position's seed options for both seats and three playouts, through ``kernel``."""
    rng = random.Random(11)
    out = []
    for p in positions:
        args = (p.hands, p.cards, p.up, p.field, p.left, p.made, p.turn)
        q = kernel.Position(*args).copy()
        out.append([kernel.seed_options(q, 0), kernel.seed_options(q, 1)])
        out.extend(kernel.playout(q.copy(), rng.random, eps) for eps in (0.0, 0.1, 1.0))
    return out


def test_the_compiled_and_the_pure_python_playouts_agree():
    built = compiled.load(KERNEL)
    if not compiled.is_compiled(built):
        pytest.skip("no compiled build here (or GM_PURE_PYTHON=1): nothing to compare")
    pure = compiled.pure(KERNEL)
    assert not compiled.is_compiled(pure)
    positions = _positions(150)
    assert len(positions) > 100
    assert _run(built, positions) == _run(pure, positions)


def test_gm_pure_python_forces_the_source(monkeypatch):
    monkeypatch.setenv(compiled.PURE_ENV, "1")
    module = compiled.load(KERNEL)
    assert module.__file__.endswith("playout.py") and not compiled.is_compiled(module)
    monkeypatch.setenv(compiled.PURE_ENV, "0")
    assert compiled.load(KERNEL) is __import__(KERNEL, fromlist=["playout"])


@pytest.mark.skipif(not os.environ.get("GM_EXPECT_COMPILED"), reason="GM_EXPECT_COMPILED unset")
def test_the_install_built_the_compiled_modules():
    assert compiled.is_compiled(__import__(KERNEL, fromlist=["playout"]))
    assert compiled.is_compiled(model._kernel) != bool(os.environ.get(compiled.PURE_ENV))


def test_a_build_older_than_its_source_is_not_run(monkeypatch):
    """An edit of a compiled module since the last ``pip install -e .``: the source runs (with a
    warning), never the stale build."""
    if not compiled.is_compiled(__import__(KERNEL, fromlist=["playout"])):
        pytest.skip("no compiled build here: nothing can be stale")
    monkeypatch.delenv(compiled.PURE_ENV, raising=False)  # the CI's fallback pass sets it
    real = os.path.getmtime
    monkeypatch.setattr(
        compiled.os.path, "getmtime", lambda p: real(p) + (1e6 if p.endswith(".py") else 0)
    )
    with pytest.warns(RuntimeWarning, match="newer than its compiled build"):
        module = compiled.load(KERNEL)
    assert not compiled.is_compiled(module)
    monkeypatch.setattr(compiled.os.path, "getmtime", real)
    assert compiled.is_compiled(compiled.load(KERNEL))
