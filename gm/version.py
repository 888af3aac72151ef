"""What this gm is: the distribution's name and version, the API's version, the git commit.

``GET /version`` answers :func:`about`; it is computed once per process (file reads only, no
subprocess): the commit comes from ``GM_GIT_COMMIT`` (the Dockerfile's build argument) or, when gm
runs from a git checkout (editable install, ``PYTHONPATH``), from that checkout's ``.git`` (HEAD,
the ref it names, packed-refs); else it is null.
"""

from __future__ import annotations

import functools
import os
import re
from importlib import metadata
from pathlib import Path
from typing import Any

import gm

#: The name gm is published under on PyPI (``pip install gm-gamemaster``); the import package
#: and the command stay ``gm`` (the command is also installed as ``gamemaster``).
DISTRIBUTION = "gm-gamemaster"

#: The version of the HTTP API and the MCP tools (gm/contract/operations.py): the major number
# changes when
#: an operation, an argument or an answer field is removed or changes meaning. 2: the lean
#: answers (gm/play/compact.py) by default; a request asks for version 1's full answers with
#: ``?api_version=1`` or the header ``GM-API-Version: 1``.
API_VERSION = "2.0"

_SHA = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")


def distribution_version() -> str:
    """The installed distribution's version; gm's own when it runs from a source tree that is
    not installed under that name (e.g. ``PYTHONPATH=.``)."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return gm.__version__


def _git_dir(checkout: Path) -> Path | None:
    """The git directory of ``checkout`` (a worktree's ``.git`` file names it), or None. Only
    the folder itself: an installed gm inside some repository's virtualenv has no commit."""
    dot_git = checkout / ".git"
    if dot_git.is_dir():
        return dot_git
    if dot_git.is_file():
        text = dot_git.read_text(errors="replace").strip()
        if text.startswith("gitdir:"):
            target = Path(text.removeprefix("gitdir:").strip())
            return target if target.is_absolute() else (checkout / target).resolve()
    return None


def _read_ref(git_dir: Path, ref: str) -> str | None:
    common = git_dir
    commondir = git_dir / "commondir"  # a worktree's refs live in the main repository
    if commondir.is_file():
        common = (git_dir / commondir.read_text().strip()).resolve()
    for base in (git_dir, common):
        loose = base / ref
        if loose.is_file():
            sha = loose.read_text().strip()
            return sha if _SHA.fullmatch(sha) else None
    packed = common / "packed-refs"
    if packed.is_file():
        for line in packed.read_text(errors="replace").splitlines():
            sha, _, name = line.partition(" ")
            if name.strip() == ref and _SHA.fullmatch(sha):
                return sha
    return None


def git_commit_of(checkout: Path) -> str | None:
    """The commit checked out in the git checkout ``checkout``, or None."""
    try:
        git_dir = _git_dir(checkout.resolve())
        if git_dir is None:
            return None
        head = (git_dir / "HEAD").read_text().strip()
        if head.startswith("ref:"):
            return _read_ref(git_dir, head.removeprefix("ref:").strip())
        return head if _SHA.fullmatch(head) else None
    except OSError:
        return None


@functools.cache
def git_commit() -> str | None:
    """``GM_GIT_COMMIT``, or the commit of the checkout gm runs from (``gm/`` at its top), or
    None."""
    given = os.environ.get("GM_GIT_COMMIT", "").strip().lower()
    if given:
        return given if re.fullmatch(r"[0-9a-f]{7,64}", given) else None
    return git_commit_of(Path(gm.__file__).resolve().parent.parent)


@functools.cache
def about() -> dict[str, Any]:
    """The answer of ``GET /version``."""
    return {
        "name": DISTRIBUTION,
        "version": distribution_version(),
        "api_version": API_VERSION,
        "commit": git_commit(),
    }
