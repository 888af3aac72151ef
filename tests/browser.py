"""A real headless Chromium for the browser tests: Debian's ``chromium`` (.ci/run installs it)
driven by Playwright's Python package — never a browser Playwright downloads itself.

The flags keep it quiet on a closed network: no background networking, component updates, sync
or QUIC (without them Chromium keeps calling out), and no sandbox (tests run as root in CI)."""

from __future__ import annotations

import os
import shutil
import struct
from typing import Any

CHROMIUM = os.environ.get("GM_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def launch(playwright: Any) -> Any:
    """The shared browser of a test module (one per module: it takes a second to start)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)


def versions(browser: Any) -> str:
    from importlib.metadata import version

    return f"Chromium {browser.version}, Playwright {version('playwright')}"


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) of a PNG, from its IHDR chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])
