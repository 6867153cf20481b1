"""Debian's Chromium for the tests that need a real browser (never a downloaded one)."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

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


@contextmanager
def serving(db: Path) -> Iterator[dict[str, str]]:
    """`journal serve --port 0` on `db`, in its own process (stopped with Ctrl-C after):
    audience -> its link as the server printed it."""
    server = subprocess.Popen(
        [sys.executable, "-m", "journal", "--db", str(db), "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stderr is not None and server.stdout is not None
        told = ""
        deadline = time.monotonic() + 30
        while "Serving" not in told:
            assert time.monotonic() < deadline and server.poll() is None, told
            told += server.stderr.readline()
        assert "Only this computer can open them" in told  # the default bind: 127.0.0.1
        yield dict(re.findall(r"^  (\w+): +(http://127\.0\.0\.1:\d+/\S+/)$", printed(server), re.M))
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        for pipe in (server.stdout, server.stderr):
            if pipe is not None:
                pipe.close()


def printed(server: subprocess.Popen[str]) -> str:
    """What the server printed before it started serving: the links, then a QR code for
    the players' link (issue 30: the others only with `--qr all`), or on 127.0.0.1 why
    there is none (issue 41)."""
    assert server.stdout is not None
    lines: list[str] = []
    while True:
        line = server.stdout.readline()
        lines.append(line)
        if not line or line.startswith(("▀", "No QR code")):  # a QR code's last line
            return "".join(lines)


def printed_text(browser: object, html: Path) -> str:
    """What Chromium reads of an HTML file laid out for print (`innerText`, the print
    media's styles applied: text that only a screen shows left out), its charts (SVG, a
    figure a PDF reads by its title) left out."""
    page = browser.new_page()  # type: ignore[attr-defined]
    try:
        page.emulate_media(media="print")
        page.goto(html.resolve().as_uri())
        text: str = page.evaluate(
            "() => { for (const svg of document.querySelectorAll('svg')) svg.remove();"
            " return document.body.innerText; }"
        )
    finally:
        page.close()
    return text
