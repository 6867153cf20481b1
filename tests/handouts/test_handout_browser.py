"""A real browser: headless Chromium prints the demo's HTML recap and arc to PDF, and lays
out the arc's SVG charts with a non-empty size."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from support.browser import chromium

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)


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
    browser = chromium()
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
    browser = chromium()
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


PHONE = 390
MEASURE = """<script>
function measure(frame) {
  var doc = frame.contentDocument, out = [];
  doc.querySelectorAll(".table-wrap").forEach(function (w) {
    out.push("table " + w.scrollWidth + " " + w.clientWidth);
  });
  doc.querySelectorAll("svg.chart").forEach(function (svg) {
    var k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    if (!k) { return; }  // the drawing for another width, not shown here
    svg.querySelectorAll("text").forEach(function (t) {
      var size = parseFloat(frame.contentWindow.getComputedStyle(t).fontSize) * k;
      out.push("text " + size.toFixed(1));
    });
  });
  doc.querySelectorAll("table.stack td[data-label]").forEach(function (td) {
    var style = frame.contentWindow.getComputedStyle(td);
    var shown = td.getBoundingClientRect().width > 0 && style.display === "flex";
    out.push("cell " + (shown ? 1 : 0) + " " + td.getBoundingClientRect().right);
  });
  doc.querySelectorAll(".id").forEach(function (id) {
    out.push("id " + id.getClientRects().length);
  });
  out.push("page " + doc.documentElement.scrollWidth + " " + frame.clientWidth);
  var pre = document.createElement("pre");
  pre.id = "measured";
  pre.textContent = out.join("\\n");
  document.body.appendChild(pre);
}
</script>"""


def _at_phone_width(browser: str, profile: Path, page: Path) -> list[tuple[str, float, float]]:
    """Lay `page` out 390 px wide (in an iframe: headless Chromium keeps a window at least
    500 px wide) and measure it: each table box (content, box width), each chart text's
    size in px, the lines each id takes, the page's width."""
    import html

    wrapper = profile.parent / f"phone-{page.name}"
    wrapper.write_text(
        f"<!DOCTYPE html><html><body>{MEASURE}<iframe style='width:{PHONE}px;height:900px;"
        f"border:0' onload='measure(this)' srcdoc=\"{html.escape(page.read_text())}\">"
        "</iframe></body></html>",
        encoding="utf-8",
    )
    dom = _run(browser, profile, "--window-size=600,1000", "--dump-dom", wrapper.as_uri()).stdout
    found = re.search(r'<pre id="measured">(.*?)</pre>', dom, re.S)
    assert found, dom[-2000:]
    rows = []
    for line in found.group(1).splitlines():
        kind, *numbers = line.split()
        rows.append((kind, float(numbers[0]), float(numbers[-1])))
    return rows


@pytest.mark.parametrize(
    "name", ["recap-session-1-players.html", "recap-session-1-gm.html", "arc-linda.html"]
)
def test_fits_a_phone(demo_handouts: Path, tmp_path: Path, name: str) -> None:
    """At 390 px: every table fits its box, chart text stays 10 px or more, ids stay whole,
    and the page itself never scrolls sideways."""
    browser = chromium()
    rows = _at_phone_width(browser, tmp_path / "profile", demo_handouts / name)
    tables = [(content, box) for kind, content, box in rows if kind == "table"]
    assert tables and all(content <= box for content, box in tables), tables
    texts = [size for kind, size, _ in rows if kind == "text"]
    assert name.startswith("recap") or (texts and min(texts) >= 10), texts
    assert all(lines == 1 for kind, lines, _ in rows if kind == "id")
    # issue 22: no table hides a column on a phone: each labelled cell is its own line,
    # shown, and inside the page
    cells = [(shown, right) for kind, shown, right in rows if kind == "cell"]
    assert cells and all(shown == 1 and right <= PHONE for shown, right in cells), cells
    ((_, page, frame),) = [r for r in rows if r[0] == "page"]
    assert page <= frame


def test_fright_check_ids_fit_a_phone(runner, tmp_path: Path) -> None:
    browser = chromium()
    runner("import", str(Path(__file__).parents[2] / "campaigns" / "morgue" / "log.jsonl"))
    page = tmp_path / "morgue.html"
    runner("recap", "1", "--for", "gm", "-o", str(page))
    arc = tmp_path / "marsh.html"
    runner("arc", "Marsh", "-o", str(arc))
    for path in (page, arc):
        rows = _at_phone_width(browser, tmp_path / "profile", path)
        ids = [lines for kind, lines, _ in rows if kind == "id"]
        assert ids and all(lines == 1 for lines in ids), (path.name, ids)
