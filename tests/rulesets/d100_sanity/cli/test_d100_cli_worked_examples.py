"""The acceptance tests of d100 sanity: both worked examples of docs/d100-sanity.md, typed at
the command line as `tests/support/d100_example.py` has them, give every number of the
page's tables (each row read from the page itself, so the page and the journal cannot drift
apart), audit clean, and are the very logs `campaigns/` ships."""

from __future__ import annotations

import json
from typing import Any

import pytest
from support import CAMPAIGNS, ROOT
from support.cli import Cli
from support.d100_example import EXAMPLES

from journal.events.registry import from_data
from journal.events.terms import describe_terms
from journal.rules import load

PAGE = ROOT / "docs" / "d100-sanity.md"
HEADINGS = {
    "blackwood-lane": "## Worked example: a night on Blackwood Lane",
    "fallow-harvest": "## Worked example: Operation FALLOW HARVEST",
}


def page_rows(slug: str) -> list[list[str]]:
    """The rows of the first table under the example's heading in the docs page."""
    text = PAGE.read_text(encoding="utf-8").split(HEADINGS[slug], 1)[1]
    rows = []
    for line in text.splitlines():
        if line.startswith("| #"):
            continue
        if line.startswith("|"):
            if not line.startswith("|---"):
                rows.append([cell.strip() for cell in line.strip("|").split(" | ")])
        elif rows:
            break
    return rows


def typed(runner: Cli, slug: str) -> list[dict[str, Any]]:
    for command in EXAMPLES[slug]:
        runner(*command)
    return runner.json("log")  # type: ignore[return-value]


def shown(event: dict[str, Any], dg: bool) -> list[str]:
    """An event's row as the page writes it."""
    from journal.rulesets.d100_sanity.telling.sanity import consequences
    from journal.rulesets.d100_sanity.telling.words import result

    p = from_data(event["type"], event["schema"], event["data"])
    today = f"{p.day_lost} / {max(1, p.day_san // 5)}" if p.total else "—"
    cells = [
        str(event["seq"]),
        p.character,
        f"{p.kind}, {p.threat}" if dg else str(p.threat),
        p.loss,
        f"{p.roll} vs {p.san}",
        result(p),
        describe_terms(p.terms, p.total),
        f"{p.san} → {p.san_after}",
    ]
    if not dg:
        cells.append(today)
    return [*cells, "; ".join(consequences(p, True)) or "—"]


@pytest.mark.parametrize("slug", sorted(EXAMPLES))
def test_every_sanity_roll_of_the_page(runner: Cli, slug: str) -> None:
    load("d100-sanity")
    log = typed(runner, slug)
    rolls = [e for e in log if e["type"] == "SanityRolled"]
    rows = page_rows(slug)
    assert len(rows) == len(rolls) >= 6
    for row, event in zip(rows, rolls, strict=True):
        assert row == shown(event, dg=slug == "fallow-harvest"), row[0]
    assert runner.json("audit")["differences"] == []  # type: ignore[index]


def test_blackwood_lane_ends_where_the_page_says(runner: Cli) -> None:
    """A temporary and an indefinite insanity, the cap, the award, therapy, treatment and the
    Mythos learned: the standing after each session."""
    typed(runner, "blackwood-lane")
    end_one = runner.json("status", "--as-of", "23")["characters"]  # type: ignore[index]
    mara, eli = end_one["Mara"], end_one["Eli"]
    assert (mara["san"], eli["san"]) == (46, 42)
    assert [i["kind"] for i in mara["insanity"]] == ["indefinite"]
    assert mara["insanity"][0]["ends"] == "1926-02-28T22:15"
    assert mara["disorders"] == ["Fear of deep water"]
    assert eli["insanity"] == []  # it ended at midnight, on the clock
    at_nine = runner.json("status", "--as-of", "9")["characters"]  # type: ignore[index]
    assert at_nine["Eli"]["insanity"][0]["until"] == "until 1925-11-01 00:00"
    now = runner.json("status")["characters"]  # type: ignore[index]
    assert (now["Mara"]["san"], now["Mara"]["insanity"]) == (48, [])
    assert (now["Eli"]["mythos"], now["Eli"]["san_max"], now["Eli"]["san"]) == (9, 90, 42)
    log = runner.json("log")
    bouts = [e["data"] for e in log if e["type"] == "BoutRecorded"]  # type: ignore[union-attr]
    assert [(b["character"], b["mode"], b["length"], b["unit"]) for b in bouts] == [
        ("Eli", "real time", 6, "rounds"),
        ("Eli", "real time", 4, "rounds"),
        ("Mara", "summary", 5, "hours"),
    ]
    assert bouts[1]["table"] == "bouts" and bouts[1]["roll"] == 6
    assert bouts[1]["what"].startswith("Recites something")
    awarded = next(e["data"] for e in log if e["type"] == "ScenarioEnded")  # type: ignore[union-attr]
    assert [(g["character"], g["total"], g["san_after"]) for g in awarded["awards"]] == [
        ("Mara", 3, 46),
        ("Eli", 5, 42),
    ]


def test_fallow_harvest_ends_where_the_page_says(runner: Cli) -> None:
    """A projection onto a bond, an adaptation, a breaking point."""
    typed(runner, "fallow-harvest")
    now = runner.json("status")["characters"]  # type: ignore[index]
    reyes, park = now["Reyes"], now["Park"]
    assert (reyes["san"], reyes["breaking_point"]) == (38, 27)
    assert reyes["bonds"] == {"Her sister Ana": 8, "Father Tomas": 9}
    assert reyes["disorders"] == ["Nightmares of the silo"]
    assert reyes["boxes"] == {"violence": 1, "helplessness": 1}
    assert (park["san"], park["breaking_point"]) == (53, 52)
    assert park["adapted"] == ["violence"] and park["boxes"] == {"violence": 3}
    assert park["bonds"] == {"His wife June": 10}
    assert reyes["due"] == park["due"] == []
    reactions = [
        (e["data"]["character"], e["data"]["reaction"])
        for e in runner.json("log")  # type: ignore[union-attr]
        if e["type"] == "ReactionChosen"
    ]
    assert reactions == [("Park", "flee"), ("Reyes", "struggle"), ("Reyes", "submit")]


@pytest.mark.parametrize("slug", sorted(EXAMPLES))
def test_the_shipped_log_is_the_typed_one(runner: Cli, slug: str) -> None:
    """campaigns/SLUG/log.jsonl holds what the commands decide (ids, times and hashes
    apart): rebuild it with `python tests/support/d100_example.py SLUG OUT`."""
    typed(runner, slug)
    decided = [(e["type"], e["data"]) for e in runner.json("log")]  # type: ignore[union-attr]
    shipped = [
        (line["type"], line["data"])
        for line in map(json.loads, (CAMPAIGNS / slug / "log.jsonl").read_text().splitlines())
    ]
    assert decided == shipped
