"""``GET /version`` (distribution, API version, git commit read once from files) and readiness
(``GET /readyz``: which Redis, whether it answers) next to liveness (``GET /healthz``)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

import gm
from gm import version
from tests.conftest import CLUSTER
from tests.real_server import ROOT


def test_version_names_the_distribution_the_api_and_the_commit(client):
    answer = client.get("/version")
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["name"] == "gm-gamemaster" == version.DISTRIBUTION
    assert body["version"] == gm.__version__ and body["api_version"] == version.API_VERSION
    if shutil.which("git") and (ROOT / ".git").exists():
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
        assert body["commit"] == head  # read from .git without running git


def test_the_commit_is_read_once_not_per_request(client, monkeypatch):
    version.about.cache_clear()
    version.git_commit.cache_clear()
    calls = []
    real = version.git_commit_of
    monkeypatch.setattr(version, "git_commit_of", lambda p: calls.append(p) or real(p))
    for _ in range(5):
        assert client.get("/version").status_code == 200
    assert len(calls) == 1


def _repo(tmp_path: Path, head: str, loose: dict[str, str], packed: str = "") -> Path:
    checkout = tmp_path / "checkout"
    git = checkout / ".git"
    (git / "refs" / "heads").mkdir(parents=True)
    (git / "HEAD").write_text(head)
    for ref, sha in loose.items():
        (git / ref).parent.mkdir(parents=True, exist_ok=True)
        (git / ref).write_text(sha + "\n")
    if packed:
        (git / "packed-refs").write_text(packed)
    return checkout


def test_git_commit_from_a_loose_ref_a_packed_ref_a_detached_head_and_a_worktree(tmp_path):
    a, b = "a" * 40, "b" * 40
    checkout = _repo(tmp_path / "1", "ref: refs/heads/main\n", {"refs/heads/main": a})
    assert version.git_commit_of(checkout) == a
    packed = f"# pack-refs with: peeled fully-peeled sorted\n{b} refs/heads/main\n"
    assert version.git_commit_of(_repo(tmp_path / "2", "ref: refs/heads/main\n", {}, packed)) == b
    assert version.git_commit_of(_repo(tmp_path / "3", a + "\n", {})) == a
    # a worktree: .git is a file naming its git dir, whose refs live in the common dir
    main = _repo(tmp_path / "4", "ref: refs/heads/main\n", {"refs/heads/feature": b})
    wt_git = main / ".git" / "worktrees" / "feature"
    wt_git.mkdir(parents=True)
    (wt_git / "HEAD").write_text("ref: refs/heads/feature\n")
    (wt_git / "commondir").write_text("../..\n")
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / ".git").write_text(f"gitdir: {wt_git}\n")
    assert version.git_commit_of(tree) == b
    assert version.git_commit_of(tmp_path / "nowhere") is None
    assert version.git_commit_of(_repo(tmp_path / "5", "ref: refs/heads/gone\n", {})) is None


def test_gm_git_commit_wins(monkeypatch):
    version.git_commit.cache_clear()
    monkeypatch.setenv("GM_GIT_COMMIT", "ABCDEF1234567")
    try:
        assert version.git_commit() == "abcdef1234567"
        version.git_commit.cache_clear()
        monkeypatch.setenv("GM_GIT_COMMIT", "not a commit; rm -rf")
        assert version.git_commit() is None
    finally:
        version.git_commit.cache_clear()
        version.about.cache_clear()


def test_healthz_is_liveness_and_readyz_says_which_redis(client):
    assert client.get("/healthz").get_json() == {"status": "ok"}
    body = client.get("/readyz").get_json()
    assert body["status"] == "ready"
    kind = "cluster" if CLUSTER else "single"  # GM_TEST_REDIS=cluster: the suite's second pass
    assert body["redis"]["kind"] == kind and body["redis"]["answers"] is True
    assert body["redis"]["ping_ms"] >= 0


def test_readyz_is_503_when_redis_is_away_but_healthz_answers(settings):
    from gm.frontends.http.app import create_app
    from gm.store.connect import client_for

    away = create_app(settings, client=client_for("redis://127.0.0.1:1/0")).test_client()
    assert away.get("/healthz").status_code == 200
    answer = away.get("/readyz")
    assert answer.status_code == 503 and answer.mimetype == "application/problem+json"
    assert int(answer.headers["Retry-After"]) >= 1
    body = answer.get_json()
    assert body["redis"]["kind"] == "single" and body["redis"]["answers"] is False
    assert "does not answer" in body["detail"]


@pytest.mark.parametrize("path", ["/healthz", "/readyz", "/version"])
def test_the_probes_are_documented_but_not_in_the_gpt_schema(path):
    from gm.contract.openapi import build_openapi

    assert path in build_openapi(every=True)["paths"]
    assert path not in build_openapi()["paths"]
