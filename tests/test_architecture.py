"""docs/architecture.md is the map of gm/: every entry of gm/, every folder and module of the
layers and every game package is named on it, and every path it names exists. The layers
contract itself runs in CI (`lint-imports`); here its configuration is checked to name the same
layers as the page."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GM = ROOT / "gm"
PAGE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
LAYERS = ("frontends", "contract", "play", "store", "games", "settings")


def _entries(folder: Path) -> set[str]:
    return {
        p.name
        for p in folder.iterdir()
        if p.name not in ("__pycache__", "__init__.py", "py.typed")
        and (p.is_dir() or p.suffix in (".py", ".html"))
    }


def test_every_entry_of_gm_is_on_the_page():
    missing = {name for name in _entries(GM) if name not in PAGE}
    assert not missing, f"not on docs/architecture.md: {sorted(missing)}"
    assert len(_entries(GM)) <= 12, sorted(_entries(GM))  # the layers, the root, the entry points


def test_every_folder_and_module_of_the_layers_is_on_the_page():
    missing = []
    for layer in LAYERS:
        for name in _entries(GM / layer):
            if not re.search(rf"(?<![\w.]){re.escape(Path(name).stem)}\b", PAGE):
                missing.append(f"{layer}/{name}")
        for sub in (GM / layer).iterdir():
            if sub.is_dir() and sub.name != "__pycache__" and layer != "games":
                missing += [
                    f"{layer}/{sub.name}/{n}"
                    for n in _entries(sub)
                    if sub.name != "web" and Path(n).stem not in PAGE
                ]
    assert not missing, f"not on docs/architecture.md: {missing}"


def test_every_path_the_page_names_exists():
    named = set(re.findall(r"`((?:gm|tests|docs)/[\w/.-]+?)(?:::\w+)?`", PAGE))
    named |= {
        m if m.startswith("tests/") else f"gm/{m}"
        for m in re.findall(r"`(\w+(?:/\w+)*\.py)", PAGE)
        if "/" in m
    }
    missing = sorted(p for p in named if not (ROOT / p).exists() and not (GM / p).exists())
    assert named and not missing, missing


def test_the_layers_contract_names_the_layers_of_the_page():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    layers = next(c for c in contracts if c["type"] == "layers")
    assert layers["containers"] == ["gm"] and layers.get("exhaustive") is True
    named = {part.strip() for layer in layers["layers"] for part in layer.split("|")}
    assert set(LAYERS) | {"composition", "version", "__main__", "app", "gunicorn_conf"} == named
    order = [layer.split("|")[0].strip() for layer in layers["layers"]]
    assert order.index("frontends") < order.index("composition") < order.index("contract")
    assert order.index("contract") < order.index("play") < order.index("store")
    assert any(c["type"] == "acyclic_siblings" and c["ancestors"] == ["gm"] for c in contracts)
