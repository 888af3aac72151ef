"""The npm tools the tests run (tests/node_tools/package.json, pinned by its lock file): the MCP
Inspector CLI, mcpb and Redocly. ``npm ci`` there when they are missing."""

from __future__ import annotations

import subprocess
from pathlib import Path

NODE_TOOLS = Path(__file__).resolve().parent / "node_tools"


def node_tool(name: str) -> str:
    """The path of tests/node_tools/node_modules/.bin/<name>."""
    binary = NODE_TOOLS / "node_modules" / ".bin" / name
    if not binary.exists():
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund"], cwd=NODE_TOOLS, check=True, timeout=600
        )
    return str(binary)
