"""What a reader's own settings do to the pages of `journal serve` and the HTML handouts,
in a real browser (Playwright driving Debian's Chromium): on every page kind and handout
kind, at a TV's and a phone's size,

- `prefers-reduced-motion: reduce` (emulated) leaves nothing moving: no animation, no
  transition, no smooth scrolling; without it the links do ease (the emulation is real);
- a larger text size in the browser's settings (Chromium's default font size, set over
  the DevTools protocol as Settings > Appearance > Font size does) makes every text
  larger, the body's twice as large at twice the size, and no page scrolls sideways;
- the keyboard alone reaches every link and control with Tab, in the order they are
  read, each with a focus ring to see where it is.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web.test_web_browser import (  # noqa: F401 - the fixtures
    PHONE,
    TV,
    browser,
    handout_kinds,
    page_kinds,
    served,
)

pytest.importorskip("playwright")

#: every element (and its ::before and ::after) that would move: an animation, a
#: transition of some length, smooth scrolling
MOVING = """() => {
  const moving = [];
  for (const element of document.querySelectorAll("*")) {
    for (const pseudo of [null, "::before", "::after"]) {
      const style = getComputedStyle(element, pseudo);
      const lengths = [style.transitionDuration, style.animationDuration].join(",")
        .split(",").map(parseFloat);
      if (style.animationName !== "none" || lengths.some((s) => s > 0)
          || style.scrollBehavior === "smooth") {
        moving.push(element.tagName.toLowerCase() + (pseudo || ""));
      }
    }
  }
  return moving;
}"""

#: the font size (px) of every element holding text of its own, in document order (a
#: chart's labels aside: a chart is a picture drawn to the page's width, and scales with it)
TEXT_SIZES = """() => [...document.querySelectorAll("body *")]
  .filter((e) => e.getClientRects().length && !e.closest("svg")
    && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
  .map((e) => [e.tagName.toLowerCase() + "." + e.className,
               parseFloat(getComputedStyle(e).fontSize)])"""

#: the elements that reach past the window's right edge (what makes a page scroll sideways)
PAST_THE_EDGE = """() => [...document.querySelectorAll("body *")]
  .filter((e) => e.getBoundingClientRect().right > innerWidth + 1)
  .map((e) => e.tagName.toLowerCase() + "." + e.className + " " + e.textContent.slice(0, 30))
  .slice(0, 8)"""

#: what Tab should reach, in document order: links, controls, anything with a tabindex
FOCUSABLE = """() => [...document.querySelectorAll(
    "a[href], button, input, select, textarea, summary, [tabindex]")]
  .filter((e) => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length
    && getComputedStyle(e).visibility !== "hidden")"""

#: where the focus is now: its place among FOCUSABLE, and its ring
FOCUSED = (
    "() => { const found = (" + FOCUSABLE + ")(); const e = document.activeElement;"
    " const s = getComputedStyle(e);"
    " return [found.indexOf(e), e.matches(':focus-visible'), s.outlineStyle,"
    " parseFloat(s.outlineWidth), e.tagName.toLowerCase() + ' ' + e.textContent.trim()]; }"
)


@pytest.fixture
def every_kind(
    served: tuple[Path, dict[str, str]],  # noqa: F811 - the fixture imported above
    tmp_path: Path,
) -> Iterator[list[str]]:
    """Every served page kind and every HTML handout kind, as addresses to open."""
    db, links = served
    yield page_kinds(db, links) + [p.as_uri() for p in handout_kinds(tmp_path).values()]


def _name(address: str) -> str:
    return address.rsplit("/", 2)[-2] + "/" + address.rsplit("/", 1)[-1]


def test_nothing_moves_for_a_reader_who_asked_for_less_motion(
    browser: Any,  # noqa: F811 - the fixture imported above
    every_kind: list[str],
) -> None:
    moving: dict[str, list[str]] = {}
    for size in (TV, PHONE):
        still = browser.new_page(viewport=size, reduced_motion="reduce")
        for address in every_kind:
            still.goto(address)
            if found := still.evaluate(MOVING):
                moving[f"{_name(address)} {size['width']}"] = found
        still.close()
    assert moving == {}
    # without the setting the links ease and the page scrolls smoothly: the check can fail
    page = browser.new_page(viewport=TV, reduced_motion="no-preference")
    for address in every_kind[:1] + every_kind[-1:]:
        page.goto(address)
        found = page.evaluate(MOVING)
        assert "html" in found and "a" in found, (address, found)
    page.close()


def test_a_larger_text_setting_makes_every_text_larger(
    browser: Any,  # noqa: F811 - the fixture imported above
    every_kind: list[str],
) -> None:
    """The browser's default font size doubled (16 px to 32 px): every text grows with it
    (the table screen's, sized by the screen too, by 1.4 at least), the body's text twice
    as large, and nothing scrolls sideways."""
    smaller: dict[str, list[str]] = {}
    for size in (TV, PHONE):
        page = browser.new_page(viewport=size)
        protocol = page.context.new_cdp_session(page)
        for address in every_kind:
            page.goto(address)
            if not address.startswith("file:"):  # the page live: it changes no more
                page.wait_for_selector("#live-state:not([hidden])", timeout=10_000)
            protocol.send("Page.setFontSizes", {"fontSizes": {"standard": 16, "fixed": 13}})
            before = page.evaluate(TEXT_SIZES)
            body = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
            protocol.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
            after = page.evaluate(TEXT_SIZES)
            assert before and [n for n, _ in before] == [n for n, _ in after], address
            larger = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
            assert larger == 2 * body, (address, body, larger)
            if grew_too_little := [
                f"{name} {was}->{now}"
                for (name, was), (_, now) in zip(before, after, strict=True)
                if now < 1.4 * was
            ]:
                smaller[f"{_name(address)} {size['width']}"] = grew_too_little[:5]
            width, inner = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
            assert width <= inner, (address, size, width, inner, page.evaluate(PAST_THE_EDGE))
        page.close()
    assert smaller == {}


def test_the_keyboard_reaches_everything_in_order_with_a_focus_ring(
    browser: Any,  # noqa: F811 - the fixture imported above
    every_kind: list[str],
) -> None:
    unreached: dict[str, list[object]] = {}
    reached = 0
    for size in (TV, PHONE):
        page = browser.new_page(viewport=size)
        for address in every_kind:
            page.goto(address)
            count = page.evaluate(f"({FOCUSABLE})().length")
            assert count or address.startswith("file:"), address  # a page has its links
            for expected in range(count):
                page.keyboard.press("Tab")
                index, visible, style, width, what = page.evaluate(FOCUSED)
                if index != expected or not visible or style == "none" or width < 2:
                    unreached.setdefault(f"{_name(address)} {size['width']}", []).append(
                        (expected, index, what, style, width)
                    )
                    break
                reached += 1
        page.close()
    assert unreached == {}
    assert reached >= 2 * 12  # the nav of every page, the book's contents
