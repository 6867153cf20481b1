"""`journal serve` in a real browser (Playwright driving Debian's Chromium, never a
downloaded one): the table screen on a TV and Linda's page on a phone follow the fight as
another process records it, and no page scrolls sideways at 1920x1080 or 390x844; what a
screen reader hears from the live region; and WCAG 2.2 AA by axe-core (axe-playwright-python,
which ships axe-core) on every page kind of `journal serve` and every HTML handout kind, at
both sizes and in both themes (the light one and, emulating `prefers-color-scheme: dark`,
the dark one: its colour contrast too), with no violation."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support import CAMPAIGNS, WORKED_EXAMPLE
from support.browser import chromium, serving

pytest.importorskip("playwright")

TV = {"width": 1920, "height": 1080}
#: the GURPS campaign shipped with the journal
MORGUE = CAMPAIGNS / "morgue" / "log.jsonl"
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    executable = chromium()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield launched
        launched.close()


def _journal(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "journal", "--db", str(db), "--no-input", *args],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, dict[str, str]]]:
    """`journal serve --port 0` on the worked example, in its own process: (db, links)."""
    db = tmp_path / "journal.db"
    _journal(db, "import", str(WORKED_EXAMPLE))
    _journal(db, "session", "start", "Night two")
    with serving(db) as links:
        yield db, links


def _fits(page: Any) -> None:
    width, inner = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    assert width <= inner, (page.url, width, inner)


def test_the_table_screen_and_a_characters_page_follow_the_fight(
    browser: Any, served: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    db, links = served
    assert set(links) >= {"GM", "Players", "Linda"}, links
    tv = browser.new_page(viewport=TV)
    tv.goto(links["Players"])
    phone = browser.new_page(viewport=PHONE)
    phone.goto(links["Linda"] + "?from=phone")
    for page in (tv, phone):
        page.wait_for_selector("#live-state:not([hidden])", timeout=10_000)
    assert "Between fights" in tv.inner_text("h1")

    _journal(db, "encounter", "start", "Ghouls", "--hf", "4", "--cast", "Freddie,Ariella,Linda")
    tv.wait_for_selector('tr.waiting[data-character="Linda"]', timeout=5_000)
    assert tv.inner_text("h1") == "Ghouls"  # the fight, in the players' words (issue 41)
    assert tv.inner_text(".standfirst").startswith("Encounter 'Ghouls', turn 1")
    assert "○" in tv.inner_text('tr[data-character="Linda"]')  # a symbol, not colour alone
    phone.wait_for_selector("text=Encounter 'Ghouls'", timeout=5_000)

    _journal(db, "initiative", "Linda", "--dice", "+9/-1")
    tv.wait_for_selector('tr[data-character="Linda"] td.c-acts.acted', timeout=5_000)
    phone.wait_for_selector("td.c-acts.acted", timeout=5_000)
    assert "init" not in tv.inner_text("thead").lower()  # the initiative total is the GM's

    for page, name in ((tv, "table-tv"), (phone, "linda-phone")):
        _fits(page)
        page.screenshot(path=str(tmp_path / f"{name}.png"))
    tv.set_viewport_size(PHONE)
    _fits(tv)
    pages = ((links["GM"], ""), (links["Players"], "shelf"), (links["Players"], "recap/1"))
    refused: list[str] = []  # what the pages' policy blocked: nothing may be
    for link, path in pages:
        for size in (TV, PHONE):
            other = browser.new_page(viewport=size)
            other.on("console", lambda m: refused.append(m.text) if "Policy" in m.text else None)
            other.goto(link + path)
            _fits(other)
            other.close()
    assert refused == []
    assert (tmp_path / "table-tv.png").stat().st_size > 10_000


def test_the_live_region_says_each_change_in_words(
    browser: Any, served: tuple[Path, dict[str, str]]
) -> None:
    """What a screen reader reads: the aria-live region's text after each change (words,
    never a symbol or a colour alone)."""
    from playwright.sync_api import expect

    db, links = served
    tv = browser.new_page(viewport=TV)
    tv.goto(links["Players"])
    tv.wait_for_selector("#live-state:not([hidden])", timeout=10_000)
    region = tv.locator("#announce")
    assert region.get_attribute("aria-live") == "polite"
    assert region.get_attribute("role") == "status"
    assert region.text_content() == ""

    _journal(db, "encounter", "start", "Ghouls", "--hf", "4", "--cast", "Freddie,Ariella,Linda")
    # the page's policy allows no eval, so no wait_for_function: Playwright's own expect
    expect(region).to_contain_text("Ghouls", timeout=10_000)
    said = region.text_content()
    assert said is not None and said.startswith("Encounter 'Ghouls'")

    _journal(db, "initiative", "Linda", "--dice", "+9/-1")
    # the encounter's announcement names Linda too: wait for the whole sentence
    expect(region).to_have_text("Linda: acted.", timeout=10_000)
    _journal(db, "soak", "Linda", "2")
    expect(region).to_have_text("Linda: HF 4 (eff 2), penalty 0, WP 6/10.", timeout=10_000)


def test_a_page_that_gave_its_place_up_says_so_and_stays_quiet(
    browser: Any, served: tuple[Path, dict[str, str]]
) -> None:
    """Issue 39 (W1): a device past its open streams (`--max-streams-per-client`, 12 by
    default) gives up its oldest: that page says it is no longer live and why, and does not
    reconnect (a reconnection would take the place of the device's next page in turn); a
    reload makes it live again."""
    import socket
    from urllib.parse import urlsplit

    from playwright.sync_api import expect

    _, links = served
    shelf = browser.new_page(viewport=PHONE)
    shelf.goto(links["Players"] + "shelf")
    expect(shelf.locator("#live-state")).to_have_text("● live", timeout=10_000)
    parts = urlsplit(links["Players"])
    others = []
    try:
        for _ in range(12):  # the same device (127.0.0.1) opens twelve more live pages
            sock = socket.create_connection((parts.hostname, parts.port), 5)
            sock.sendall(
                f"GET {parts.path}events?view=table HTTP/1.1\r\nHost: t\r\n"
                "Accept: text/event-stream\r\n\r\n".encode()
            )
            others.append(sock)
        state = shelf.locator("#live-state")
        expect(state).to_have_text(
            "not live: too many pages open on this device (reload to resume)", timeout=10_000
        )
        shelf.wait_for_timeout(4_000)  # past EventSource's reconnection delay (3 s)
        expect(state).to_have_text(
            "not live: too many pages open on this device (reload to resume)"
        )
    finally:
        for sock in others:
            sock.close()
    shelf.reload()
    expect(shelf.locator("#live-state")).to_have_text("● live", timeout=10_000)


def page_kinds(db: Path, links: dict[str, str]) -> list[str]:
    """A fight begun, and every kind of page `journal serve` serves."""
    _journal(db, "encounter", "start", "Ghouls", "--hf", "4", "--cast", "Freddie,Ariella,Linda")
    return [
        links["Players"],  # the table screen
        links["Players"] + "shelf",
        links["Players"] + "recap/1",
        links["Linda"],  # a character's page
        links["Linda"] + "arc",
        links["GM"],  # the GM's dashboard
    ]


def handout_kinds(
    folder: Path, log: Path = WORKED_EXAMPLE, character: str = "Linda"
) -> dict[str, Path]:
    """Every kind of HTML handout, of the worked example (or `log`), written in `folder`."""
    db = folder / f"{log.parent.name}.db"
    _journal(db, "import", str(log))
    kinds = {
        "recap-players": ("recap", "--format", "html"),
        "recap-gm": ("recap", "--for", "gm", "--format", "html"),
        f"recap-{character.lower()}": ("recap", "--for", character, "--format", "html"),
        "arc": ("arc", character, "--format", "html"),
        "book": ("book", "--format", "html"),
    }
    written = {}
    for name, args in kinds.items():
        written[name] = folder / f"{log.parent.name}-{name}.html"
        _journal(db, *args, "-o", str(written[name]))
    return written


#: the axe-core rules of WCAG 2.0, 2.1 and 2.2, levels A and AA
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def violations(page: Any, rules: list[str] | None = None) -> list[str]:
    """axe-core's violations on the page: of the WCAG rules (`TAGS`), or of `rules`."""
    pytest.importorskip("axe_playwright_python")
    from axe_playwright_python.sync_playwright import Axe

    # every violation in full; the rules passed are only counted (building each passed
    # node's details for the answer was most of a run's time)
    only = {"type": "rule", "values": rules} if rules else {"type": "tag", "values": TAGS}
    options = {"runOnly": only, "resultTypes": ["violations"]}
    results = Axe().run(page, options=options)
    return [
        f"{v['id']}: {v['help']} ({', '.join(str(n['target']) for n in v['nodes'][:3])})"
        for v in results.response["violations"]
    ]


#: the themes a reader's system may ask for (Playwright's emulated `prefers-color-scheme`)
SCHEMES = ("light", "dark")


def assert_theme(page: Any, scheme: str) -> None:
    """The page is painted in `scheme`: its body's background dark or light (else the
    axe run would check one theme twice)."""
    red, green, blue = page.evaluate(
        "getComputedStyle(document.body).backgroundColor.match(/\\d+/g).slice(0, 3).map(Number)"
    )
    dark = (0.2126 * red + 0.7152 * green + 0.0722 * blue) < 128
    assert dark is (scheme == "dark"), (page.url, scheme, red, green, blue)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_every_served_page_kind_passes_axe(
    browser: Any, served: tuple[Path, dict[str, str]], scheme: str
) -> None:
    db, links = served
    pages = page_kinds(db, links)
    found: dict[str, list[str]] = {}
    for size in (TV, PHONE):
        page = browser.new_page(viewport=size, color_scheme=scheme)
        for link in pages:
            page.goto(link)
            assert_theme(page, scheme)
            if bad := violations(page):
                found[f"{link.split('/')[-2:]} {size['width']}"] = bad
        page.close()
    assert found == {}


@pytest.fixture(scope="module")
def handouts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every kind of HTML handout, written once for both themes (files: nothing to change)."""
    return handout_kinds(tmp_path_factory.mktemp("handouts"))


@pytest.mark.parametrize("scheme", SCHEMES)
def test_every_html_handout_kind_passes_axe(
    browser: Any, handouts: dict[str, Path], scheme: str
) -> None:
    found: dict[str, list[str]] = {}
    for size in (TV, PHONE):
        page = browser.new_page(viewport=size, color_scheme=scheme)
        for name, target in handouts.items():
            page.goto(target.as_uri())
            assert_theme(page, scheme)
            if bad := violations(page):
                found[f"{name} {size['width']}"] = bad
        page.close()
    assert len(handouts) == 5 and found == {}


def test_headings_go_in_order_on_every_handout_and_page(
    browser: Any, served: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    """Issue 41, E18: axe-core's heading-order rule (a best practice, outside the WCAG
    tags above) failed on the players' HTML recap: an outcome list's `h4` under the `h2`
    "Outcomes". Every handout kind of both rulesets and every page kind, headings in order
    (a level never skipped on the way down)."""
    db, links = served
    pages = [
        *page_kinds(db, links),
        *(p.as_uri() for p in handout_kinds(tmp_path).values()),
        *(p.as_uri() for p in handout_kinds(tmp_path, MORGUE, "Marsh").values()),
    ]
    page = browser.new_page(viewport=TV)
    found = {}
    for link in pages:
        page.goto(link)
        if bad := violations(page, ["heading-order", "page-has-heading-one", "empty-heading"]):
            found[link.split("//", 1)[-1][-48:]] = bad
    page.close()
    assert found == {}
