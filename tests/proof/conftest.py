"""The verifier as a player opens it: `journal verifier -o check.html` in Debian's Chromium
(Playwright), offline, the test failing if the page asks the network for anything."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner
from support.browser import chromium


@pytest.fixture(scope="module")
def verifier_page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    pytest.importorskip("playwright")
    from playwright.sync_api import sync_playwright

    from journal.cli.main import cli

    target = tmp_path_factory.mktemp("verifier") / "check.html"
    result = CliRunner().invoke(cli, ["verifier", "-o", str(target)])
    assert result.exit_code == 0, result.output
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        context = browser.new_context(offline=True, viewport={"width": 900, "height": 900})
        requests: list[str] = []
        context.on("request", lambda r: requests.append(r.url))
        opened = context.new_page()
        opened.goto(target.as_uri())
        yield opened
        assert [r for r in requests if not r.startswith("file:")] == []  # no network at all
        browser.close()
