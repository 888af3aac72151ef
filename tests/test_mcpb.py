"""gm's MCP bundle: packaging/mcpb.py writes the manifest from gm's metadata, the official `mcpb`
tool (npm `@anthropic-ai/mcpb`, tests/node_tools/) validates it and packs the bundle; the unpacked
bundle's own sources serve a game over stdio started in `/`, as a desktop host starts it (with the
test's Python in place of uv, which would download the dependencies)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from mcp import Client, StdioServerParameters

from tests.frontends.test_mcp import TOOLS, _ok
from tests.npm import node_tool

pytestmark = pytest.mark.slow  # the slow tier: Node, gm mcp as a process

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))


def test_mcpb_validates_and_packs_a_bundle_that_serves(tmp_path):
    import mcpb  # packaging/mcpb.py

    node_tool("mcpb")
    out = tmp_path / "gm.mcpb"
    done = mcpb.build(out)
    assert done.returncode == 0, done.stdout + done.stderr
    assert out.stat().st_size > 10_000
    info = subprocess.run(
        [node_tool("mcpb"), "info", str(out)], capture_output=True, text=True, timeout=120
    )
    assert info.returncode == 0 and "Size:" in info.stdout
    unpacked = tmp_path / "unpacked"
    subprocess.run(
        [node_tool("mcpb"), "unpack", str(out), str(unpacked)], check=True, timeout=120,
        capture_output=True,
    )  # fmt: skip
    manifest = json.loads((unpacked / "manifest.json").read_text())
    assert manifest["server"]["mcp_config"]["args"][-2:] == ["gm", "mcp"]
    assert {t["name"] for t in manifest["tools"]} == TOOLS
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GM_", "REDIS_URL", "XDG_"))}
    env.update(PYTHONPATH=str(unpacked), HOME=str(tmp_path / "home"))
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "gm", "mcp"], env=env, cwd="/"
    )

    async def main() -> str:
        async with Client(params) as client:
            game = await _ok(client, "new_game", game="masul", seed=8)
            return game["view"]["status"]

    assert anyio.run(main) == "active"
    assert (tmp_path / "home" / ".local" / "share" / "gm" / "redis.log").exists()
