"""Schema 1 of HorrorChecked, EncounterEnded and PeaceRecorded, as the journal wrote them
before issue 12 (`fixtures/schema1.jsonl`, exported by that journal): they upcast on read,
verify, replay and audit clean, and the incident a schema-1 check decided still counts.

The fixture: Freddie (H0) and Linda (H2) in "Cellar" (HF 5, category supernatural, nobody
specialized); Freddie froze, Linda dropped the first enemy; the end hardened Linda; then
Freddie's Horror Check about "Cellar" (13: hardened), Linda's about a horror of its own
(`--hf 7`, 2: an exceptional failure) and Linda's months of peace with a warlike mindset.
"""

from __future__ import annotations

import json
from pathlib import Path

from support.cli import Cli, count_events

from journal.events.registry import from_data
from journal.rulesets.horror_factor.rules.check import HorrorChecked
from journal.rulesets.horror_factor.rules.encounter_end import EncounterEnded
from journal.rulesets.horror_factor.rules.peace import PeaceRecorded

FIXTURE = Path(__file__).parent / "fixtures" / "schema1.jsonl"


def lines() -> list[dict[str, object]]:
    return [json.loads(line) for line in FIXTURE.read_text(encoding="utf-8").splitlines()]


def test_the_fixture_is_schema_one() -> None:
    schemas = {(e["type"], e["schema"]) for e in lines()}
    assert {("HorrorChecked", 1), ("EncounterEnded", 1), ("PeaceRecorded", 1)} <= schemas
    assert HorrorChecked.schema == EncounterEnded.schema == PeaceRecorded.schema == 2


def test_each_payload_upcasts_on_read() -> None:
    """The upcasters derive what schema 1 did not record: a check without a given HF was
    about the encounter its `hf_source` names; every change was to the general Hardness."""
    found = {}
    for line in lines():
        if line["type"] in ("HorrorChecked", "EncounterEnded", "PeaceRecorded"):
            payload = from_data(str(line["type"]), 1, line["data"])  # type: ignore[arg-type]
            found.setdefault(line["type"], []).append(payload)
    freddie, linda = found["HorrorChecked"]
    assert (freddie.encounter, freddie.specialization, freddie.category) == ("Cellar", None, None)
    assert (linda.hf_given, linda.encounter) == (7, None)
    (ended,) = found["EncounterEnded"]
    assert [r.specialization for r in ended.results] == [None, None]
    (peace,) = found["PeaceRecorded"]
    assert peace.specialization is None


def test_the_old_log_imports_verifies_and_audits_clean(runner: Cli) -> None:
    imported = runner.json("import", str(FIXTURE))
    assert imported == {
        "campaign": "old-night",
        "read": 13,
        "added": 13,
        "sealed": 14,  # an older journal's export: its chain bound to the campaign after it
        "rehashed_from": None,
    }
    assert runner("verify").exit_code == 0
    assert runner.json("audit")["differences"] == []  # type: ignore[index]
    # stored as written (schema 1), read as schema 2
    logged = runner.json("log")
    assert {e["schema"] for e in logged if e["type"] == "HorrorChecked"} == {1}  # type: ignore[union-attr]
    status = runner.json("status")["characters"]  # type: ignore[index]
    assert (status["Freddie"]["hardness"], status["Linda"]["hardness"]) == (1, 2)
    assert status["Linda"]["brokenness"] == 1
    assert "0 -> 1  Freddie's Horror Check +9/-1" in runner("explain", "Freddie").stdout
    assert "Freddie about “Cellar” against HF 5: passed" in runner("recap").stdout


def test_an_old_check_still_decides_its_incident(runner: Cli) -> None:
    """The incident the upcaster derived is the one the rules guard: another check about
    "Cellar" for Freddie is refused, naming the schema-1 check; a new one appends schema 2."""
    runner("import", str(FIXTURE))
    before = count_events(runner.db)
    error = runner.refused("check", "Freddie", "--dice", "+5/-5").stderr
    assert "Freddie already made a Horror Check about 'Cellar' (#10)" in error
    assert count_events(runner.db) == before
    runner("check", "Freddie", "--hf", "3", "--dice", "+5/-5")
    assert runner.json("log")[-1]["schema"] == 2  # type: ignore[index]
    assert runner.json("audit")["differences"] == []  # type: ignore[index]
