"""gm's server.json for the official MCP registry: the committed file is what
packaging/server_json.py writes from gm's metadata, it validates against the registry's own JSON
schema (pinned in packaging/server.schema.json, checked byte for byte against its recorded
source), a broken copy does not, and what it tells a host is true of gm (the version, the PyPI
name and its command, the `mcp` subcommand, the settings, the README line the registry checks)."""

from __future__ import annotations

import copy
import hashlib
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft7Validator, FormatChecker

import gm
from gm.version import DISTRIBUTION

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))

import server_json  # noqa: E402  (packaging/server_json.py)

SCHEMA_BYTES = (ROOT / "packaging" / "server.schema.json").read_bytes()
SCHEMA = json.loads(SCHEMA_BYTES)
COMMITTED = json.loads((ROOT / "server.json").read_text())


def _errors(document: dict[str, Any]) -> list[str]:
    checker = FormatChecker()
    assert "uri" in checker.checkers, "rfc3986-validator (the test extra) checks format: uri"
    validator = Draft7Validator(SCHEMA, format_checker=checker)
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(document)]


def test_the_schema_is_the_pinned_copy_of_the_registrys():
    note = (ROOT / "packaging" / "README.md").read_text()
    digest = hashlib.sha256(SCHEMA_BYTES).hexdigest()
    assert f"sha256\n  `{digest}`" in note or f"sha256 `{digest}`" in note, digest
    assert f"{len(SCHEMA_BYTES):,} bytes".replace(",", " ") in note
    assert SCHEMA["$id"] == server_json.SCHEMA_URL
    assert SCHEMA["$schema"] == "http://json-schema.org/draft-07/schema#"
    Draft7Validator.check_schema(SCHEMA)


def test_the_committed_server_json_is_the_generated_one():
    assert (ROOT / "server.json").read_text() == server_json.render()
    done = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "server_json.py"), "--check"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr


def test_check_fails_on_a_stale_file(tmp_path, monkeypatch):
    stale = tmp_path / "server.json"
    stale.write_text(server_json.render().replace(gm.__version__, "0.0.0-stale"))
    monkeypatch.setattr(server_json, "OUT", stale)
    assert server_json.main(["--check"]) == 1
    assert server_json.main([]) == 0 and server_json.main(["--check"]) == 0


def test_server_json_validates_against_the_registry_schema():
    assert _errors(COMMITTED) == []
    assert COMMITTED["$schema"] == server_json.SCHEMA_URL


def _variables(document: dict[str, Any]) -> list[dict[str, Any]]:
    variables: list[dict[str, Any]] = document["packages"][0]["environmentVariables"]
    return variables


def _broken(change) -> dict[str, Any]:
    document = copy.deepcopy(COMMITTED)
    change(document)
    return document


BREAKAGES = {
    "no description": lambda d: d.pop("description"),
    "no name": lambda d: d.pop("name"),
    "no version": lambda d: d.pop("version"),
    "a name without its namespace": lambda d: d.update(name="gm"),
    "a description over 100 characters": lambda d: d.update(description="x" * 101),
    "a package version 'latest'": lambda d: d["packages"][0].update(version="latest"),
    "a package without a transport": lambda d: d["packages"][0].pop("transport"),
    "a package without an identifier": lambda d: d["packages"][0].pop("identifier"),
    "a remote that is not http(s)": lambda d: d["remotes"][0].update(url="ftp://x/mcp"),
    "a repository URL that is not a URI": lambda d: d["repository"].update(url="not a uri"),
    "an environment variable without a name": lambda d: _variables(d)[0].pop("name"),
}


@pytest.mark.parametrize("breakage", BREAKAGES)
def test_a_broken_copy_fails(breakage):
    assert _errors(_broken(BREAKAGES[breakage]))


def test_what_it_tells_a_host_is_true():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    (package,) = COMMITTED["packages"]
    assert COMMITTED["version"] == package["version"] == gm.__version__
    assert COMMITTED["name"] == "io.github.gm-gamemaster/gm"
    assert COMMITTED["repository"]["url"] == project["urls"]["Source"]
    assert COMMITTED["name"].split("/")[0] == "io.github." + project["urls"]["Source"].split("/")[3]
    # uvx runs the command named like the distribution: gm ships it, and it takes `mcp`
    assert package["registryType"] == "pypi" and package["identifier"] == DISTRIBUTION
    assert project["name"] == DISTRIBUTION
    assert project["scripts"][DISTRIBUTION] == project["scripts"]["gm"]
    assert [a["value"] for a in package["packageArguments"]] == ["mcp"]
    (runtime,) = package["runtimeArguments"]
    assert runtime["name"] == "--with"
    assert runtime["value"] in project["optional-dependencies"]["embedded"]
    usage = subprocess.run(
        [sys.executable, "-m", "gm", "mcp", "--help"], capture_output=True, text=True, timeout=60
    )
    assert usage.returncode == 0 and "--data-dir" in usage.stdout
    readme = (ROOT / "README.md").read_text()
    for variable in package["environmentVariables"]:
        assert f"| `{variable['name']}` |" in readme  # a setting gm reads (README's table)
    # the registry's proof of PyPI ownership: `mcp-name: <name>` in the package's README,
    # followed by a boundary (whitespace, a tag or the comment's close)
    assert re.search(re.escape("mcp-name: " + COMMITTED["name"]) + r"(\s|<|-->)", readme)
    (remote,) = COMMITTED["remotes"]
    assert remote["type"] == "streamable-http" and remote["url"].endswith("/mcp")
    assert set(re.findall(r"\{(\w+)\}", remote["url"])) == set(remote["variables"])
