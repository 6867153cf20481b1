"""d100 sanity's handouts and its demo: `journal demo --ruleset d100-sanity` replays the
Blackwood Lane night and writes its handouts; the recap lists each sanity roll and what
followed, the arc charts SAN with its maximum (and Delta Green's breaking points), and the
book prints to PDF with them."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import CAMPAIGNS
from support.cli import Cli, count_events


def test_the_demo_replays_the_worked_example(runner: Cli, tmp_path: Path) -> None:
    out = tmp_path / "handouts"
    shown = runner("demo", "--ruleset", "d100-sanity", "--out", str(out)).stdout
    assert "Imported the worked example" in shown and "(28 new events of 28)" in shown
    assert "Where they stand (journal status):" in shown
    assert "#16 Mara's sanity roll against well-thing (1d6/1d20): d100 91 vs SAN 47" in shown
    assert "Try next: journal log    journal explain Mara    journal audit" in shown
    written = sorted(p.name for p in out.iterdir())
    assert "recap-session-2-gm.html" in written and "arc-mara.md" in written
    assert "SAN, its maximum and the breaking points" in (out / "arc-mara.html").read_text()
    refused = runner.refused("demo", "--ruleset", "nothing")
    assert "no worked example ships for the ruleset 'nothing'" in refused.stderr


def test_the_demo_refuses_beside_your_own_campaign(runner: Cli) -> None:
    runner("campaign", "new", "mine", "--ruleset", "d100-sanity")
    before = count_events(runner.db)
    refused = runner.refused("demo", "--ruleset", "d100-sanity")
    assert "already holds your campaign(s) mine" in refused.stderr
    assert count_events(runner.db) == before


def test_the_recap_and_the_arc(runner: Cli) -> None:
    runner("import", str(CAMPAIGNS / "fallow-harvest" / "log.jsonl"))
    players = runner("recap", "1", "--for", "players").stdout
    assert "**Sanity rolls:**" in players
    assert "| **Reyes** | the thing in the silo (unnatural) | failed | 48 → 38 |" in players
    assert "breaking point 44 reached: now 27: a disorder" in players
    assert "d100 88" not in players  # the dice are the GM's
    gm = runner("recap", "1", "--for", "gm").stdout
    assert "(d100 88, loss 1/1d10: 1d10 10 = 10" in gm
    arc = runner("arc", "Reyes").stdout
    assert "| Start | before the first session | 55 | 99 | 44 |" in arc
    assert "| S1 | The farm at Harlan's Creek | 38 | 99 | 27 |" in arc
    assert (
        "**Breaking point** (session 1, Saturday 14 September 2019, 19:00): reaches a "
        "breaking point (44)" in arc
    )
    assert "gains Nightmares of the silo" in arc
    html = runner("arc", "Reyes", "--format", "html").stdout
    assert "Breaking point" in html and "<svg" in html


def test_the_book_prints(runner: Cli, tmp_path: Path) -> None:
    pytest.importorskip("weasyprint")
    from pypdf import PdfReader

    runner("import", str(CAMPAIGNS / "blackwood-lane" / "log.jsonl"))
    book = tmp_path / "book.pdf"
    runner("book", "--for", "gm", "-o", str(book))
    pages = PdfReader(book).pages
    text = " ".join(" ".join(page.extract_text() for page in pages).split()).casefold()
    assert len(pages) > 10 and "the house on blackwood lane" in text
    assert "sanity rolls" in text and "san, its maximum and the breaking points" in text
    assert "fear of deep water" in text
