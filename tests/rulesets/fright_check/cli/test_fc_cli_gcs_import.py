"""GURPS Character Sheet files in (issue 45): `character import FILE.gcs [--as NAME]` reads
a GCS 5 character into one event with the file's name and SHA-256; every trait is read by
the one reader, so GCS's `Cowardice` at self-control 12 is the Cowardice the modifiers read;
what the journal does not read is listed; a file of another format version, a template, a
library file or no JSON at all is refused in one `Error:` line that writes nothing.

The files (fixtures/gcs/) were made for the project in GCS's format version 5, as GCS
writes it (tab-indented JSON, 17-character ids: `A` a character, `t` a trait, `T` a
container): Mara has Fearlessness 2 and a physical disadvantage inside nested containers,
Combat Reflexes with GCS's +2 fright_check feature, a Phobia at self-control 9, a quirk
named by a placeholder, a perk whose feature adds +1 to Fright Checks, a disabled Daredevil
and a skill; Cole has Cowardice (cr 12) and Fearfulness 2; Ada has no Fright Check trait.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from support.cli import Cli, count_events
from support.fright_check_cli import refused
from support.gcs import FILES


def digest(name: str) -> str:
    return hashlib.sha256((FILES / name).read_bytes()).hexdigest()


@pytest.fixture
def table(runner: Cli) -> Cli:
    runner("campaign", "new", "ward", "--ruleset", "fright-check")
    return runner


def status(table: Cli, name: str) -> dict[str, object]:
    found = table.json("status")["characters"][name]  # type: ignore[index]
    assert isinstance(found, dict)
    return found


def test_a_character_is_read_whole_into_one_event_with_the_files_name_and_digest(
    table: Cli,
) -> None:
    before = count_events(table.db)
    out = table("character", "import", str(FILES / "mara.gcs")).stdout
    assert count_events(table.db) == before + 1
    assert out.splitlines() == [
        f"#2 Mara Voss joins campaign 'ward' from mara.gcs (sha256 {digest('mara.gcs')[:12]}).",
        "  not read: Daredevil: disabled in GCS",
        "  not read: skills: not a Fright Check's",
    ]
    mara = status(table, "Mara Voss")
    # Will: IQ 13 and +1 bought; HP 10 with 8 left; FP 11
    assert (mara["will"], mara["ht"], mara["iq"]) == (14, 11, 13)
    assert (mara["hp"], mara["hp_max"], mara["fp"], mara["fp_max"]) == (8, 10, 11, 11)
    # Fearlessness from inside two containers, with its level; the disabled Daredevil not
    assert mara["traits"] == {"Combat Reflexes": True, "Fearlessness": 2}
    assert mara["disadvantages"] == [
        {"name": "Phobia (Darkness)", "points": -22, "self_control": 9},
        {"name": "Nightmares", "points": -5, "self_control": 12},
    ]
    assert mara["physical"] == [{"name": "Chronic Pain", "points": -10, "self_control": None}]
    assert mara["quirks"] == ["Counts the stairs", "Hums when nervous"]  # the placeholder filled
    others = {o["name"]: o for o in mara["others"]}  # type: ignore[attr-defined,union-attr]
    assert set(others) == {"Acute Hearing", "Steady Nerves"}
    # the log line and explain name the file and its digest
    explained = table("explain", "Mara Voss").stdout
    assert f"from the sheet (mara.gcs, sha256 {digest('mara.gcs')[:12]})" in explained
    line = table("log").stdout
    assert (
        f"source file mara.gcs, format GCS 5, gcs_id AmAraV0ssTestAAAA, sha256 {digest('mara.gcs')}"
        in line
    )


def test_the_traits_read_from_a_file_are_the_ones_the_modifiers_read(table: Cli) -> None:
    table("character", "import", str(FILES / "mara.gcs"), "--as", "Mara")
    table("character", "import", str(FILES / "cole.gcs"), "--as", "Cole")
    mara = table("fright", "Mara", "--threat", "ghoul", "--dice", "3,3,3").stdout
    # GCS's own fright_check feature of Combat Reflexes is not counted twice; the perk's is
    assert ("Will 14, +2 Fearlessness 2, +2 Combat Reflexes, +1 Steady Nerves (its Fright "
            "Check bonus on the sheet) = 19") in mara  # fmt: skip
    cole = table("fright", "Cole", "--threat", "ghoul", "--cowardice-applies",
                 "--dice", "3,3,3").stdout  # fmt: skip
    assert "Will 10, -2 Fearfulness 2, -2 Cowardice 2 (physical safety at risk) = 6" in cole
    assert status(table, "Cole")["traits"] == {"Cowardice": 2, "Fearfulness": 2}


def test_a_character_without_fright_check_traits_and_a_name_given(table: Cli) -> None:
    out = table("character", "import", str(FILES / "ada.gcs"), "--as", "Ada").stdout
    assert out.startswith("#2 Ada joins campaign 'ward' from ada.gcs")
    ada = status(table, "Ada")
    assert ada["traits"] == {} and ada["disadvantages"] == [] and ada["quirks"] == []
    assert [o["name"] for o in ada["others"]] == ["Language: Irish"]  # type: ignore[attr-defined,union-attr]
    assert (ada["will"], ada["ht"], ada["iq"]) == (10, 10, 10)


@pytest.mark.parametrize(
    ("file", "error"),
    [
        ("old-format.gcs", "old-format.gcs is GCS format version 4: open it in GCS 5 and "
                           "save it again"),
        ("investigator.gct", "investigator.gct is a GCS template (a set of traits to apply), "
                             "not a character"),
        ("traits.adq", "traits.adq is a GCS library file (a list of traits, skills or "
                       "equipment), not a character"),
        ("not-json.gcs", "not-json.gcs is not a GCS character: it is not JSON (GCS 4 and "
                         "older wrote XML"),
        ("missing.gcs", "missing.gcs: no such file"),
    ],
)  # fmt: skip
def test_what_is_not_a_gcs_5_character_is_refused_writing_nothing(
    table: Cli, file: str, error: str
) -> None:
    assert error in refused(table, "character", "import", str(FILES / file))


def test_a_name_taken_a_number_out_of_range_and_a_nameless_file_are_refused(
    table: Cli, tmp_path: Path
) -> None:
    table("character", "import", str(FILES / "ada.gcs"), "--as", "Ada")
    assert "Ada is already in campaign 'ward'" in refused(
        table, "character", "import", str(FILES / "ada.gcs"), "--as", "Ada"
    )
    document = json.loads((FILES / "ada.gcs").read_text(encoding="utf-8"))
    for attribute in document["attributes"]:
        if attribute["attr_id"] == "will":
            attribute["calc"]["value"] = 0  # a beast without Will, as some library files are
    document["profile"]["name"] = ""
    (tmp_path / "beast.gcs").write_text(json.dumps(document), encoding="utf-8")
    assert "beast.gcs names no character: give one with --as NAME" in refused(
        table, "character", "import", str(tmp_path / "beast.gcs")
    )
    assert "Will 0 is out of range" in refused(
        table, "character", "import", str(tmp_path / "beast.gcs"), "--as", "Beast"
    )


def test_a_near_miss_of_a_known_trait_in_a_file_is_the_files_own_trait(
    table: Cli, tmp_path: Path
) -> None:
    """Typed by the GM, `Combat Reflex` is refused as a typo; in a file it is that file's
    trait (kept by its name), never a refusal of the whole file."""
    document = json.loads((FILES / "ada.gcs").read_text(encoding="utf-8"))
    document["traits"].append({"id": "tCombatReflexAAAA", "name": "Combat Reflex",
                               "tags": ["Advantage"], "calc": {"points": 3}})  # fmt: skip
    (tmp_path / "ada.gcs").write_text(json.dumps(document), encoding="utf-8")
    table("character", "import", str(tmp_path / "ada.gcs"), "--as", "Ada")
    assert [o["name"] for o in status(table, "Ada")["others"]] == [  # type: ignore[attr-defined,union-attr]
        "Language: Irish",
        "Combat Reflex",
    ]
    assert status(table, "Ada")["traits"] == {}


def test_a_horror_factor_campaign_refuses_a_gurps_file_by_whose_command_it_is(
    runner: Cli,
) -> None:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    assert refused(runner, "character", "import", str(FILES / "mara.gcs")) == (
        "Error: `character import` is the fright-check ruleset's; this campaign plays "
        "horror-factor\n"
    )
