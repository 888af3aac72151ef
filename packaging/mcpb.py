"""gm as an MCP bundle (``.mcpb``, for Claude Desktop and other hosts that install bundles), built
and checked by the official ``mcpb`` tool (npm ``@anthropic-ai/mcpb``, tests/node_tools/):

    python packaging/mcpb.py [OUT.mcpb]

The bundle is of the ``uv`` kind (manifest 0.4): it carries gm's source and its ``pyproject.toml``,
and the host runs ``uv run --directory <bundle> --extra embedded gm mcp`` — uv installs Python and
the dependencies (the embedded Valkey included), and ``gm mcp`` keeps its games in the platform's
user-data location. The manifest is written from gm's own metadata (version, tools, description)
so it never goes stale; ``mcpb validate`` checks it and ``mcpb pack`` builds the file.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

NODE_BIN = ROOT / "tests" / "node_tools" / "node_modules" / ".bin"
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules", "*.egg-info")


def manifest() -> dict[str, Any]:
    import tomllib

    from gm import __version__
    from gm.contract.operations import OPERATIONS

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    urls = project["urls"]
    return {
        "manifest_version": "0.4",
        "name": "gm-gamemaster",
        "display_name": "gm — card games in the chat",
        "version": __version__,
        "description": project["description"],
        "long_description": "gm holds the only true copy of each card game, checks every move and "
        "renders the board: Masul, Your Trumps, So-Lon-Yo, a maze, Card Chess and N-in-a-row "
        "against its AI or other people. Games are kept on this computer.",
        "author": {"name": project["authors"][0]["name"], "url": urls["Homepage"]},
        "repository": {"type": "git", "url": urls["Source"]},
        "homepage": urls["Homepage"],
        "documentation": urls["Documentation"],
        "support": urls["Issues"],
        "license": project["license"],
        "keywords": project["keywords"],
        "server": {
            "type": "uv",
            "entry_point": "gm/__main__.py",
            "mcp_config": {
                "command": "uv",
                "args": ["run", "--directory", "${__dirname}", "--extra", "embedded", "gm", "mcp"],
            },
        },
        "tools": [{"name": op.name, "description": op.summary} for op in OPERATIONS if op.mcp],
        "compatibility": {
            "platforms": ["darwin", "linux"],  # the embedded Valkey's wheels
            "runtimes": {"python": project["requires-python"]},
        },
    }


def stage(into: Path) -> Path:
    """The bundle's directory: the manifest, gm's source and its project files."""
    into.mkdir(parents=True, exist_ok=True)
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, into / name)
    shutil.copytree(ROOT / "gm", into / "gm", ignore=IGNORED)
    (into / "manifest.json").write_text(json.dumps(manifest(), indent=2, ensure_ascii=False))
    return into


def build(out: Path) -> subprocess.CompletedProcess[str]:
    """Stage, ``mcpb validate``, ``mcpb pack`` into ``out``; the last command's result."""
    mcpb = str(NODE_BIN / "mcpb")
    with tempfile.TemporaryDirectory(prefix="gm-mcpb-") as tmp:
        staged = stage(Path(tmp) / "gm")
        checked = subprocess.run(
            [mcpb, "validate", str(staged / "manifest.json")], capture_output=True, text=True
        )
        if checked.returncode != 0:
            return checked
        return subprocess.run([mcpb, "pack", str(staged), str(out)], capture_output=True, text=True)


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "gm.mcpb").resolve()
    done = build(out)
    print(done.stdout, done.stderr, sep="\n")
    return done.returncode


if __name__ == "__main__":
    raise SystemExit(main())
