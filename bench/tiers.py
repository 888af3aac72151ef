"""The test tiers' wall times, printed (never asserted): the quick tier (``pytest -m "not slow"``,
what a developer runs on every change) in this checkout, and with ``--ci`` the whole of
``.ci/run`` (install, lint, the layers contract, both pytest passes) on a fresh clone of HEAD.

    python -m bench.tiers            # the quick tier here (REDIS_URL, or an embedded server)
    python -m bench.tiers --ci       # … and .ci/run on a clean clone (installs a new .venv)

The baseline is the same run's: the quick tier's share of the whole CI run."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> tuple[float, int]:
    start = time.monotonic()
    done = subprocess.run(command, cwd=cwd, env=env, check=False)
    return time.monotonic() - start, done.returncode


def quick_tier() -> tuple[float, int]:
    """``pytest -m "not slow"`` here, on REDIS_URL or an embedded server started for it."""
    env = dict(os.environ)
    command = [sys.executable, "-m", "pytest", "-q", "-m", "not slow"]
    if env.get("REDIS_URL"):
        return timed(command, ROOT, env)
    from gm.store.embedded import EmbeddedRedis

    with tempfile.TemporaryDirectory(prefix="gm-tiers-") as work:
        server = EmbeddedRedis(work).start()
        try:
            return timed(command, ROOT, {**env, "REDIS_URL": server.url})
        finally:
            server.stop()


def ci_run() -> tuple[float, int]:
    with tempfile.TemporaryDirectory(prefix="gm-ci-") as work:
        clone = Path(work) / "gm"
        subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
        env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "VIRTUAL_ENV")}
        env["CI"] = "true"
        return timed(["bash", ".ci/run"], clone, env)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ci", action="store_true", help="also time .ci/run on a clean clone")
    args = parser.parse_args(argv)
    quick, status = quick_tier()
    print(f"quick tier (pytest -m 'not slow'): {quick:.0f} s wall, exit {status}", flush=True)
    if args.ci:
        full, ci_status = ci_run()
        print(f"full .ci/run on a clean clone: {full:.0f} s wall ({full / 60:.1f} min), "
              f"exit {ci_status}; the quick tier is {quick / full:.0%} of it")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
