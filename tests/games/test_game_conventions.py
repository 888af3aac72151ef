"""The conventions every built-in game package keeps (docs/adding-a-game.md, "Conventions"):

(a) the whole validator is ``rules.validate(state)``, and ``Engine.validate`` only calls it;
(b) moves are written by ``notation.render_move``, which ``Engine.render_move`` calls;
(c) the coach's ``explain`` of the ``strong`` level is defined in the package's own AI modules;
(d) the game declares its chat words (``GameInfo.chat_words``).
"""

from __future__ import annotations

import ast
import copy
import functools
import importlib
import inspect
import random
import sys
import textwrap
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from gm.games import GAMES, REGISTRY
from gm.games.base import Engine, InvalidStateError
from gm.games.masul.rules import MasulMove
from gm.games.registry import PACKAGES

# The modules that may hold a package's AI: ``ai`` and its extras.
AI_MODULES = ("ai", "exact", "model", "tactics")

# What ``notation.render_move`` takes, when not the move tuple itself.
NOTATION_MOVE: dict[str, Callable[[tuple], Any]] = {"masul": lambda m: MasulMove(*m)}

# Per package: a few ways to damage a reachable state (as tests/test_state_<game>.py do): a card
# duplicated or removed, a counter changed. Each must be refused.
Change = Callable[[dict], None]


def _dup(key: str, into: int = 0, src: int = 1) -> Change:
    def change(s: dict) -> None:
        s[key][into] = s[key][src]

    return change


CORRUPTIONS: dict[str, dict[str, Change]] = {
    "masul": {
        "a card duplicated": lambda s: s["field"].__setitem__(0, s["field"][1]),
        "a card removed": lambda s: s["unused"].pop(),
        "the rng counter changed": lambda s: s["rng"].__setitem__("n", 1),
        "a replacement count changed": lambda s: s["replacements"].__setitem__(
            0, s["replacements"][0] + 1
        ),
    },
    "trumps": {
        "a card duplicated": lambda s: s["hands"][0].append(s["hands"][1][0]),
        "a card removed": lambda s: s["hands"][1].pop(),
        "the ply changed": lambda s: s.__setitem__("ply", s["ply"] + 1),
        "the rng counter changed": lambda s: s["rng"].__setitem__("n", 5),
    },
    "solonyo": {
        "a card duplicated": _dup("deck"),
        "a card removed": lambda s: s["deck"].pop(),
        "the round changed": lambda s: s.__setitem__("round", s["round"] + 13),
        "a score changed": lambda s: s["scores"].__setitem__(0, s["scores"][0] + 1000),
    },
    "maze": {
        "a card duplicated": _dup("deck"),
        "a card removed": lambda s: s["deck"].pop(),
        "the turn count changed": lambda s: s.__setitem__("turns", -1),
        "the rng counter changed": lambda s: s["rng"].__setitem__("n", -1),
    },
    "card_chess": {
        "a card duplicated": _dup("draw"),
        "a card removed": lambda s: s["draw"].pop(),
        "the ply changed": lambda s: s.__setitem__("ply", s["ply"] + 1000),
        "the turn count changed": lambda s: s.__setitem__("turns", s["turns"] + 1),
    },
    "n_in_a_row": {
        "a mark duplicated": lambda s: s["marks"].append(list(s["marks"][0])),
        "a mark off the grid": lambda s: s["marks"].__setitem__(0, [5000, 0]),
        "the record changed": lambda s: s.__setitem__("n", s["n"] + 1),
        "the challenger's turns changed": lambda s: s.__setitem__("turns_left", 99),
    },
}


def _name(package: str) -> str:
    return importlib.import_module(f"gm.games.{package}").GAME.name


def _module(package: str, name: str) -> ModuleType:
    return importlib.import_module(f"gm.games.{package}.{name}")


def _states(engine: Engine, seed: int, plies: int = 12) -> list[dict]:
    """States along one random game: the start and after each of up to ``plies`` moves."""
    rng = random.Random(seed)
    state = engine.new_state(seed, engine.options({}), engine.info.min_players)
    states = [state]
    for _ in range(plies):
        seat = engine.to_move(state)
        if seat is None:
            break
        state, _ = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
        states.append(state)
    return states


def _refusal(validate: Callable[[dict], None], state: dict, what: str) -> str:
    """The message ``validate`` refuses the damaged ``state`` with (``what`` damaged it)."""
    try:
        validate(state)
    except InvalidStateError as err:
        return str(err)
    by = getattr(validate, "__qualname__", repr(validate))
    pytest.fail(f"{state['game']}: {what}: accepted by {by}")


def test_every_built_in_game_is_checked():
    assert set(CORRUPTIONS) == set(PACKAGES)
    assert {_name(p) for p in PACKAGES} <= set(REGISTRY)


# ---------------------------------------------------------------- (a) the validator


@pytest.mark.parametrize("package", PACKAGES)
def test_the_whole_validator_is_rules_validate(package):
    rules = _module(package, "rules")
    assert inspect.isfunction(getattr(rules, "validate", None)), f"{package}: no rules.validate"
    engine = REGISTRY[_name(package)]
    for seed in range(3):
        states = _states(engine, seed)
        for state in states:
            rules.validate(copy.deepcopy(state))
        damaged = 0
        for state in states[1:]:
            for what, change in CORRUPTIONS[package].items():
                bad = copy.deepcopy(state)
                try:
                    change(bad)
                except (IndexError, KeyError):  # nothing to damage that way yet
                    continue
                told = _refusal(rules.validate, copy.deepcopy(bad), what)
                assert _refusal(engine.validate, copy.deepcopy(bad), what) == told, what
                if "validate_sample" in type(engine).__dict__:  # card chess: no deal checks
                    sample = _refusal(engine.validate_sample, copy.deepcopy(bad), what)
                    for_sample = functools.partial(rules.validate, against_deal=False)
                    assert _refusal(for_sample, bad, what) == sample, what
                damaged += 1
        assert damaged >= len(CORRUPTIONS[package]), package


@pytest.mark.parametrize("package", PACKAGES)
def test_engine_validate_only_calls_rules_validate(package):
    """``Engine.validate``'s body (its docstring aside) is the one call ``rules.validate(state)``
    (card chess's ``validate_sample`` adds ``against_deal=False``)."""
    engine = REGISTRY[_name(package)]
    module = sys.modules[type(engine).__module__]
    rules = _module(package, "rules")
    for method in ("validate", "validate_sample"):
        if method not in type(engine).__dict__:  # validate_sample: only card chess has its own
            continue
        source = textwrap.dedent(inspect.getsource(getattr(type(engine), method)))
        (func,) = ast.parse(source).body
        assert isinstance(func, ast.FunctionDef)
        body = func.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]  # the docstring
        assert len(body) == 1 and isinstance(body[0], ast.Expr), (package, method)
        call = body[0].value
        assert isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute), package
        assert call.func.attr == "validate" and isinstance(call.func.value, ast.Name), package
        assert module.__dict__[call.func.value.id] is rules, (package, method)
        assert [ast.unparse(a) for a in call.args] == ["state"], (package, method)


# ---------------------------------------------------------------- (b) the notation


@pytest.mark.parametrize("package", PACKAGES)
def test_moves_are_written_by_notation_render_move(package):
    notation = _module(package, "notation")
    render = getattr(notation, "render_move", None)
    assert inspect.isfunction(render), f"{package}: no notation.render_move"
    as_notation = NOTATION_MOVE.get(package, lambda m: m)
    engine = REGISTRY[_name(package)]
    checked = 0
    for state in _states(engine, 7, plies=8):
        seat = engine.to_move(state)
        if seat is None:
            continue
        for move in engine.legal_moves(state, seat):
            assert engine.render_move(tuple(move)) == render(as_notation(tuple(move))), move
            checked += 1
    assert checked


# ---------------------------------------------------------------- (c) the coach's explain


@pytest.mark.parametrize("package", PACKAGES)
def test_the_coach_explains_from_the_package_ai(package):
    strong = GAMES[_name(package)].levels["strong"]
    spec = getattr(strong, "spec", None)  # as gm/play/coach.py reaches it
    assert spec is not None, f"{package}: the strong level is not strong_policy(SearchSpec)"
    if spec.explain is None:
        return
    assert inspect.isfunction(spec.explain), package
    own = {f"gm.games.{package}.{name}" for name in AI_MODULES}
    assert spec.explain.__module__ in own, (package, spec.explain.__module__)


# ---------------------------------------------------------------- (d) the chat words


@pytest.mark.parametrize("package", PACKAGES)
def test_the_game_declares_its_chat_words(package):
    words = REGISTRY[_name(package)].info.chat_words
    assert words is not None, f"{package}: no GameInfo.chat_words"
    assert words.move_words or words.move_verbs or words.move_codes, package
