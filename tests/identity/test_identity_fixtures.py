"""Older logs read by identity (issue 18). Their events name characters by the name they
held at the time and carry no id; the journal resolves each name at its event's seq.

- `tests/identity/fixtures/*.jsonl`: exports written by the journal of commit 0a77fbf
  (before issue 18; `write.sh` lists the commands): a typo renamed (Tobais), a name freed by
  a rename and taken by a newcomer (Alice, Mara), two names swapped through a third (Ann
  and Bea, Mira and Jon), a retirement; in both rulesets.
- `tests/store/upgrade/fixtures/schema/0003-issue-14.db`: a database of that schema with a rename
  (Tobais to Tobias, #39), upgraded."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from support import SCHEMA_FIXTURES
from support.cli import Cli

FIXTURES = Path(__file__).parent / "fixtures"
MARKERS = ("zqtob", "zqalice", "zqann", "zqbea", "zqsecret", "zqnew", "zqbea2")
CRYPT_MARKERS = ("zqmara", "zqjon", "zqmara2")


@pytest.fixture
def imported(db_url: str, cli_on: Callable[[str], Cli]) -> Cli:
    """Both fixtures imported, on each backend (SQLite, PostgreSQL when it is set up)."""
    journal = cli_on(db_url)
    for name in ("night-renames", "crypt-renames"):
        journal("import", str(FIXTURES / f"{name}.jsonl"))
    return journal


def _recap(gm: Cli, campaign: str, session: str, reader: str) -> tuple[dict[str, Any], str]:
    document: dict[str, Any] = gm.json("--campaign", campaign, "recap", session, "--for", reader)
    return document, json.dumps(document, ensure_ascii=False)


def _markers(text: str, markers: tuple[str, ...]) -> set[str]:
    """The markers a handout holds (`zqbea` is not counted inside `zqbea2`)."""
    return {m for m in markers if any(not rest[:1].isdigit() for rest in text.split(m)[1:])}


def test_the_fixtures_verify_and_audit_clean(imported: Cli) -> None:
    for campaign in ("night", "crypt"):
        assert imported.json("--campaign", campaign, "verify")["ok"]
    assert imported.json("--campaign", "night", "audit")["differences"] == []
    # the Fright Checks' derived modifiers are worded otherwise since (no clock: earlier
    # checks in the session count as exposures); every number is as it was
    audit = imported("--campaign", "crypt", "audit", "--json", ok=False)
    for found in json.loads(audit.stdout)["differences"]:
        assert found["field"] == "modifiers", found
        assert sum(m["value"] for m in found["recorded"]) == sum(
            m["value"] for m in found["recomputed"]
        ), found


@pytest.mark.parametrize(
    ("session", "reader", "mine"),
    [
        ("1", "Tobias", {"zqtob"}),
        ("1", "Tobais", {"zqtob"}),  # an earlier name that still denotes him
        ("1", "Alicia", {"zqalice"}),  # not the newcomer who took her name
        ("2", "Alicia", set()),
        ("2", "Alice", {"zqnew"}),
        ("1", "Alice", set()),
        ("1", "Bea", {"zqann"}),  # was Ann: the swap swaps no history
        ("2", "Bea", {"zqbea2"}),
        ("1", "Ann", {"zqbea"}),
        ("2", "Ann", set()),
    ],
)
def test_each_handout_holds_its_characters_notes(
    imported: Cli, session: str, reader: str, mine: set[str]
) -> None:
    _, shown = _recap(imported, "night", session, reader)
    assert _markers(shown, MARKERS) == mine
    for fmt in ("md", "html"):
        text = imported("--campaign", "night", "recap", session, "--for", reader, "--format", fmt)
        assert _markers(text.stdout, MARKERS) == mine, fmt


def test_turn_rows_outcomes_and_standing_follow_the_character(imported: Cli) -> None:
    alicia, _ = _recap(imported, "night", "1", "Alicia")
    assert [r["name"] for t in alicia["story"][0]["turns"] for r in t["rows"]] == ["Alice"]
    assert [b["name"] for b in alicia["outcomes"]["broken"]] == ["Alice"]
    newcomer, _ = _recap(imported, "night", "2", "Alice")
    assert [c["name"] for c in newcomer["outcomes"]["horror_checks"]] == ["Alice"]
    assert [s["name"] for s in newcomer["standing"]] == ["Alice"]
    ann, _ = _recap(imported, "night", "1", "Ann")  # Bea then: she froze at #11
    assert [(r["name"], r["acted"]) for r in ann["story"][0]["turns"][0]["rows"]] == [
        ("Bea", False)
    ]
    players, _ = _recap(imported, "night", "1", "players")
    assert players["cast"] == ["Tobais", "Alice", "Ann", "Bea"]  # as session 1 ended
    second, _ = _recap(imported, "night", "2", "players")
    assert second["cast"] == ["Bea", "Alice"]  # whom its events named; Tobias retired


def test_explain_log_and_arcs_follow_the_character(imported: Cli) -> None:
    night = ("--campaign", "night")
    text = imported(*night, "explain", "Tobias").stdout
    assert text.startswith("Tobias (was Tobais until #21), as of event 32:")
    found: dict[str, Any] = imported.json(*night, "explain", "Tobias")
    assert found["numbers"]["hardness"]["chain"][0]["seq"] == 2
    assert [r["seq"] for r in found["rulings"]] == [7, 8, 13, 14]  # 13: the encounter ends
    log = imported(*night, "log", "--character", "Tobais").stdout
    assert log.splitlines()[0] == "Tobias (was Tobais until #21):"
    assert log == imported(*night, "log", "--character", "Tobias").stdout
    bea = imported(*night, "log", "--character", "Bea").stdout.splitlines()
    assert bea[0] == "Bea (was Ann until #24, Tmp until #26):"
    assert [int(line.split()[0][1:]) for line in bea[1:]] == [4, 7, 10, 12, 13, 17, 24, 26, 30]

    def labels(name: str) -> list[str]:
        arc: dict[str, Any] = imported.json(*night, "arc", name)
        return [m["label"] for m in arc["milestones"]]

    assert labels("Tobias") == ["First freeze", "Hardness lost", "Broken"]
    assert labels("Alicia") == ["First enemy dropped", "Broken"]
    assert labels("Alice") == ["Hardened"]
    assert labels("Ann") == ["First freeze"]  # she froze as Bea
    assert labels("Bea") == []


def test_a_fright_check_campaign_follows_the_character(imported: Cli) -> None:
    expected = {"Jon": ({"zqmara"}, [5]), "Mira": ({"zqjon"}, [6]), "Mara": ({"zqmara2"}, [11])}
    for reader, (mine, checks) in expected.items():
        document, shown = _recap(imported, "crypt", "1", reader)
        assert _markers(shown, CRYPT_MARKERS) == mine, reader
        assert [c["seq"] for c in document["outcomes"]["fright_checks"]] == checks, reader
    arc: dict[str, Any] = imported.json("--campaign", "crypt", "arc", "Jon")
    assert [m["label"] for m in arc["milestones"]][:1] == ["First Fright Check failed"]
    assert imported.json("--campaign", "crypt", "arc", "Mara")["milestones"] == []
    text = imported("--campaign", "crypt", "explain", "Jon").stdout
    assert text.startswith("Jon (was Mara until #9, Mira until #13, Tmp until #15)")


def test_an_upgraded_database_of_schema_0003_reads_tobias_by_identity(runner: Cli) -> None:
    shutil.copyfile(SCHEMA_FIXTURES / "0003-issue-14.db", runner.db)
    runner("db", "upgrade")
    night = ("--campaign", "night")
    found: dict[str, Any] = runner.json(*night, "explain", "Tobias")
    chains = found["numbers"]
    assert chains["hardness"]["chain"][0]["seq"] == 4  # his sheet, not the rename (#39)
    assert all(link["seq"] != 39 for chain in chains.values() for link in chain["chain"])
    assert [r["seq"] for r in found["rulings"]][:2] == [10, 13]  # as Tobais
    arc: dict[str, Any] = runner.json(*night, "arc", "Tobias")
    assert arc["points"][0]["label"] == "Start" and arc["points"][0]["present"]
    recap: dict[str, Any] = runner.json(*night, "recap", "1")
    assert "Tobais" in recap["cast"]
