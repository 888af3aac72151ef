"""Fixtures of the doors' tests: the shared headless Chromium of a browser test module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import launch, versions


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium per test module (it takes a second to start; tests/browser.py's flags)."""
    from playwright import sync_api as playwright_api

    with playwright_api.sync_playwright() as p:
        chromium = launch(p)
        print(f"\nbrowser: {versions(chromium)}")
        try:
            yield chromium
        finally:
            chromium.close()
