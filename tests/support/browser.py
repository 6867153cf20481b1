"""Debian's Chromium for the tests that need a real browser (never a downloaded one)."""

from __future__ import annotations

import os
import shutil

import pytest

BROWSERS = ("chromium", "chromium-browser")


def chromium() -> str:
    """The path of Chromium on PATH; skips the test without it (fails it on CI)."""
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("CI"):
        pytest.fail("CI is set but no Chromium is on PATH (.ci/run installs Debian's chromium)")
    pytest.skip("no chromium or chromium-browser on PATH (install Debian's chromium package)")
