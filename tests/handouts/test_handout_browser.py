"""A real browser: headless Chromium prints the demo's HTML recap and arc to PDF, and lays
out the arc's SVG charts with a non-empty size."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

BROWSERS = ("chromium", "chromium-browser")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)


def _chromium() -> str:
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("CI"):
        pytest.fail("CI is set but no Chromium is on PATH (.ci/run installs Debian's chromium)")
    pytest.skip("no chromium or chromium-browser on PATH (install Debian's chromium package)")


def _run(browser: str, profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [browser, *FLAGS, f"--user-data-dir={profile}", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.fixture
def demo_handouts(runner, tmp_path: Path) -> Path:
    runner("demo")
    return tmp_path / "handouts"


@pytest.mark.parametrize(
    ("name", "most_pages"),
    [("recap-session-1-players.html", 6), ("recap-session-1-gm.html", 8), ("arc-linda.html", 4)],
)
def test_prints_to_pdf(demo_handouts: Path, tmp_path: Path, name: str, most_pages: int) -> None:
    browser = _chromium()
    pdf = tmp_path / f"{name}.pdf"
    result = _run(
        browser,
        tmp_path / "profile",
        f"--print-to-pdf={pdf}",
        "--no-pdf-header-footer",
        (demo_handouts / name).as_uri(),
    )
    assert pdf.exists() and pdf.stat().st_size > 1000, result.stderr[-2000:]
    pages = len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf.read_bytes()))
    assert 1 <= pages <= most_pages, pages


def test_the_arc_chart_has_a_size(demo_handouts: Path, tmp_path: Path) -> None:
    browser = _chromium()
    page = (demo_handouts / "arc-ariella.html").as_uri()
    dom = _run(browser, tmp_path / "profile", "--dump-dom", page).stdout
    svgs = re.findall(r'<svg[^>]*width="(\d+)" height="(\d+)"', dom)
    assert svgs and all(int(w) > 0 and int(h) > 0 for w, h in svgs)
    polylines = re.findall(r'<polyline points="([^"]+)"', dom)
    assert polylines and all(len(p.split()) >= 2 for p in polylines)
    shot = tmp_path / "arc.png"
    _run(
        browser,
        tmp_path / "profile",
        f"--screenshot={shot}",
        "--window-size=1000,1400",
        "--hide-scrollbars",
        page,
    )
    assert shot.exists() and shot.stat().st_size > 10_000
