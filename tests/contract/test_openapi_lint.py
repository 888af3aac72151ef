"""Redocly (npm `@redocly/cli`, tests/node_tools/) lints the `/openapi.json` a real `gm serve`
answers, with and without an operator key: 0 errors either way, and the document answers 200
without the key (a GPT Action's importer cannot send one)."""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.npm import node_tool
from tests.real_server import GmServe, call

pytestmark = pytest.mark.slow  # the slow tier: gm serve as a process, Node


@pytest.mark.parametrize("key", ["", "lint-operator-key-4x"], ids=["no key", "key"])
def test_redocly_finds_no_error(tmp_path, key):
    with GmServe(tmp_path / "data", GM_API_KEY=key, GM_PUBLIC_URL="https://gm.example.org") as gm:
        status, _, doc, _ = call(gm.port, "GET", "/openapi.json")
    assert status == 200
    assert doc["security"] == ([{"operatorKey": []}] if key else [{}])
    path = tmp_path / "openapi.json"
    path.write_text(json.dumps(doc))
    done = subprocess.run(
        [node_tool("redocly"), "lint", str(path), "--format=json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    report = json.loads(done.stdout)
    errors = [p for p in report["problems"] if p["severity"] == "error"]
    assert errors == [], errors
    assert report["totals"]["errors"] == 0
