"""README as written: `gm serve` with no REDIS_URL serves the API on its embedded Redis server,
and the README's curl session plays a Masul game to the final score against it."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.answers import answer_of
from tests.real_server import free_port

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def _block_after(marker: str) -> str:
    match = re.search(re.escape(marker) + r".*?\n```bash\n(.*?)```", README, re.S)
    assert match, f"README has no bash block after {marker!r}"
    return match.group(1)


def test_readme_names_the_setup_and_test_commands():
    setup = _block_after("## Set-up")
    assert setup.strip().splitlines() == ["pip install -e '.[test]'", "gm serve"]
    assert _block_after("## Tests").strip() == "pytest"


@pytest.fixture
def served(tmp_path):
    """`gm serve` exactly as README says, but on a free port, with no REDIS_URL."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    gm = shutil.which("gm", path=str(Path(sys.executable).parent)) or shutil.which("gm")
    assert gm, "the gm console script is installed by `pip install -e '.[test]'`"
    process = subprocess.Popen(
        [gm, "serve", "--port", str(port), "--workers", "1"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=2) as r:
                assert r.status == 200
                break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise AssertionError(process.stdout.read().decode()) from None
            time.sleep(0.2)
    yield url, process, tmp_path
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)


@pytest.mark.slow
def test_gm_serve_runs_the_readme_curl_session_to_the_final_score(served):
    url, process, cwd = served
    for tool in ("curl", "jq"):
        assert shutil.which(tool), f"the README session needs {tool}"
    script = _block_after("<!-- curl-session")
    script = script.replace("GM=http://127.0.0.1:8000", f"GM={url}")
    # the front-end examples further down run in the same shell, after the session
    script += "\necho '--- front ends ---'\n" + "\n".join(_front_end_curl_blocks())
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr + done.stdout
    out = done.stdout
    assert out.startswith("Masul Player's Hand: 9\n")
    assert '"legal": false' in out and '"reason":' in out
    assert "\nQ♦ C2 FD\nRow 3 plays Q♦ face down in C2\n" in out  # the owner sees its FD card
    assert re.search(r"^Final Score: Row 3 \d+, Row 1 \d+", out, re.M), out[-2000:]
    assert re.search(r"^1 row3: Row 3 plays Q♦ face down in C2$", out, re.M)
    assert "\nVerified: engine_seed, replay matched.\n" in out  # GET /games/<id>/verify
    # the embedded server kept its data where README says
    assert (cwd / "gm-data").is_dir()
    front = out.split("--- front ends ---\n", 1)[1]
    assert front.startswith(f"{url}\n"), "the Action's server: the address it was fetched from"
    assert "\nplay_move\n" in front, "operationIds and OpenAI tool names are listed"
    assert '"path":"/play/{token}/moves"' in front, "the route of a tool is shown"
    assert '"input_schema"' in front, "an Anthropic tool is shown"
    assert "over" in front.split("\n")[-2].lower(), "/say answers on the finished game"


def _front_end_curl_blocks() -> list[str]:
    section = README.split("## Front ends", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```bash\n(.*?)```", section, re.S)
    assert len(blocks) >= 3
    return blocks


@pytest.mark.slow
def test_readme_mcp_example_runs(redis_url, tmp_path):
    section = README.split("### MCP", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    bindir = str(Path(sys.executable).parent)
    env = dict(os.environ, REDIS_URL=redis_url, PATH=bindir + os.pathsep + os.environ["PATH"])
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    reply, board = done.stdout.split("\n", 1)
    assert reply.startswith("Played 3♣ C1. Row 3 plays 3♣ in C1.")
    assert board.startswith("Masul Player's Hand: 8\n")


@pytest.mark.slow
def test_gm_serve_stops_its_embedded_redis_on_sigterm(served):
    url, process, cwd = served
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=30) == 0
    assert not (cwd / "gm-data" / "redis.sock").exists() or not _socket_alive(
        cwd / "gm-data" / "redis.sock"
    )


def _socket_alive(path: Path) -> bool:
    with socket.socket(socket.AF_UNIX) as s:
        try:
            s.connect(str(path))
            return True
        except OSError:
            return False


@pytest.mark.slow
@pytest.mark.parametrize("host", ["claude", "vscode"])
def test_the_desktop_recipes_serve_a_game_started_in_slash(tmp_path, host):
    """README's Claude Desktop and VS Code recipes, started as those hosts start them: the
    command and arguments of the JSON block, the working directory `/`, no GM_DATA_DIR."""
    import anyio
    from mcp import Client, StdioServerParameters

    match = re.search(rf"<!-- desktop-recipe: {host} -->\n```json\n(.*?)```", README, re.S)
    assert match, f"README has no {host} recipe"
    config = json.loads(match.group(1))
    (entry,) = (config["mcpServers"] if host == "claude" else config["servers"]).values()
    assert entry.get("type", "stdio") == "stdio"
    command = shutil.which(entry["command"], path=str(Path(sys.executable).parent))
    assert command, f"{entry['command']} is not installed beside {sys.executable}"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GM_", "REDIS_URL", "XDG_"))}
    env.update(HOME=str(tmp_path), PYTHONPATH=str(ROOT))
    params = StdioServerParameters(command=command, args=entry["args"], env=env, cwd="/")

    async def main() -> str:
        async with Client(params) as client:
            game = await client.call_tool("new_game", {"game": "masul", "seed": 1})
            return answer_of(game)["view"]["status"]

    assert anyio.run(main) == "active"
    assert (tmp_path / ".local" / "share" / "gm" / "redis.log").exists()
