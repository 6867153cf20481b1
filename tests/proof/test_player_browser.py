"""A player checks a proof as a player would (issue 40): from Priya's served page, in
Chromium, she follows a note's proof link; the verifier opens it (the proof in the link
itself: the page asks the network for nothing) and reads "valid" with the exact words
proven and the head named (the one on her page for session 1). She edits one word of the
proof and reads "NOT valid" with what differs; she types the receipt `session end` printed
and checks the proof against it. The table screen's entries, the shelf's sessions and each
session's head link the same way.

    #1 campaign  #2 Priya  #3 Cole
    #4 session 1 "The night shift" at 1987-11-13 23:00
    #5 note "Priya hears a drawer slide open in the cold room." --about Priya
    #6 roll 3d6 --sealed --for "the nurse's stealth"
    #7 session end                  Receipt: Record #7 · ...  (the head Priya keeps)
    #8 session 2  #9 note "The lights come back on."
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.browser import chromium
from support.cli import Cli

pytest.importorskip("playwright")
pytest.importorskip("starlette")

SHEET = ("--will", "12", "--ht", "11", "--iq", "12")
NOTE = "Priya hears a drawer slide open in the cold room."


@pytest.fixture
def night(runner: Cli) -> tuple[Cli, str]:
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    for name in ("Priya", "Cole"):
        runner("character", "add", name, *SHEET)
    runner("session", "start", "The night shift", "--at", "1987-11-13 23:00")
    runner("note", NOTE, "--about", "Priya")
    runner("roll", "3d6", "--sealed", "--for", "the nurse's stealth", "--dice", "4,2,6")
    receipt = runner("session", "end").stdout.splitlines()[-1]
    assert receipt.startswith("Receipt: Record #7 · ")
    runner("session", "start", "Two")
    runner("note", "The lights come back on.")
    return runner, receipt


@pytest.fixture
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        yield launched
        launched.close()


def _verdict(page: Any) -> str:
    page.wait_for_selector("#result.valid, #result.invalid")  # (selectors: the page's
    # policy allows no script but its own, so nothing is evaluated in it)
    return str(page.text_content("#result"))


def test_priya_follows_a_proof_link_and_checks_it(
    night: tuple[Cli, str], browser: Any, tmp_path: Path
) -> None:
    from support.web import by_label, open_site, served

    runner, receipt = night
    site = open_site(runner.db.removeprefix("sqlite:///"))
    links = by_label(site)
    with served(site) as base:
        page = browser.new_page()
        asked: list[str] = []
        page.on("request", lambda r: asked.append(r.url))
        page.goto(f"{base}/{links['Priya']}/")
        entry = page.locator("li.note", has_text=NOTE)
        entry.locator("a.proof").click()
        page.wait_for_url(re.compile(r".*/verifier#proof="))
        opened_at = len(asked) - 1
        said = _verdict(page)
        assert said == (
            "valid: these words were in the record at the end of session 1, Friday 13 "
            "November 1987, 23:00 (#7), as event #5:"
        )
        proven = page.inner_text("#proven")
        assert proven == f"about\nPriya\ngm only\nno\ntext\n{NOTE}"
        assert page.inner_text("#against").startswith(
            "Checked against the head on your page for session 1: #7 "
        )
        reading = page.inner_text("#reading")
        assert reading == f"The journal's reading of it (not itself proven): {NOTE}"
        # the verifier fetched nothing: the proof came in its link
        assert [u for u in asked[opened_at + 1 :] if not u.endswith("/favicon.ico")] == []

        # one word of the proof edited: NOT valid, and what differs
        proof = page.input_value("#proof")
        page.fill("#proof", proof.replace("cold room", "warm room"))
        page.click("#check")
        page.wait_for_selector("#result.invalid")
        assert page.text_content("#result") == (
            "NOT valid: the part 'text' reads “Priya hears a drawer slide open in the warm "
            "room.” in this file, but the event recorded “Priya hears a drawer slide open in "
            "the cold room.”: the file was changed after the proof was made."
        )

        # the receipt `session end` printed, typed in as the head she kept
        page.fill("#proof", proof)
        page.fill("#head", receipt)
        page.click("#check")
        page.wait_for_selector("#result.valid")
        root = receipt.split("(")[1].rstrip(")").split()[1]
        assert page.inner_text("#against") == (
            f"Checked against the head you kept: #7 {root[:16]}… is this proof's head."
        )
        page.fill("#head", "#7 " + "0" * 12)  # a head she did not keep
        page.click("#check")
        page.wait_for_selector("#result.invalid")
        assert "not the same record of 7 events" in page.text_content("#result")


def test_every_entry_on_the_players_pages_links_its_proof(
    night: tuple[Cli, str], browser: Any
) -> None:
    from support.web import by_label, open_site, served

    runner, _ = night
    site = open_site(runner.db.removeprefix("sqlite:///"))
    links = by_label(site)
    with served(site) as base:
        page = browser.new_page()
        for where, expected in (
            ("", ["The lights come back on."]),  # the table screen: the last session's recap
            ("shelf", ["Session 1: The night shift", "Session 2: Two"]),
            ("recap/1", [NOTE, "The GM rolled 3d6 behind the screen"]),
        ):
            page.goto(f"{base}/{links['players']}/{where}")
            for words in expected:
                item = page.locator("li", has_text=words).first
                href = item.locator("a.proof").get_attribute("href")
                assert href is not None and "?head=" in href, (where, words)
                checker = browser.new_page()
                checker.goto(f"{base}/{links['players']}/{where}")
                checker.locator("li", has_text=words).first.locator("a.proof").click()
                said = _verdict(checker)
                assert said.startswith("valid: these words were in the record"), (where, said)
                checker.close()
        # each session's head: the record now extends it
        page.goto(f"{base}/{links['players']}/shelf")
        page.locator("ul.record-heads li", has_text="Session 1").locator("a.proof").click()
        assert _verdict(page).startswith(
            "valid: the record of #9 extends the record at the end of session 1, Friday 13 "
            "November 1987, 23:00 (#7): nothing written up to then was changed or removed"
        )
        assert page.inner_text("#against").startswith(
            "Checked against the head on your page for session 1: #7 "
        )
