"""The scars of the night back out (issue 45): `character export-gcs NAME FILE.gcs -o
NEW.gcs` writes a copy of the player's file with what the journal recorded as GCS traits,
and nothing else changed; importing the new file into a fresh campaign gives the sheet the
journal ended with. `character sync NAME FILE.gcs` records the differences of a file the
player levelled up, shown first, as one event with the file as its reason.

Mara (fixtures/gcs/mara.gcs: Will 14 with Fearlessness 2, Combat Reflexes and a +1 perk,
so 19, 13 by the Rule of 14) meets a ghoul at -8: 11. A roll of 17 fails by 6, and a table
roll of 18 gives row 24 (-15 points of physical disadvantages: her hair turns white); the
second exposure is +1 (12): 17 fails by 5, and 18 more is row 23 (a -10-point Phobia).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.cli import Cli, count_events
from support.fright_check_cli import refused
from support.gcs import FILES, levelled

#: what a sheet is, as `status` shows it (the numbers play moves, and its history, aside)
SHEET = ("will", "ht_now", "iq_now", "hp_max", "fp_max", "traits", "disadvantages",
         "physical", "quirks", "others")  # fmt: skip
GCS_ID = re.compile(r"^t[A-Za-z0-9_-]{16}$")


@pytest.fixture
def night(runner: Cli) -> Cli:
    """Mara imported, a session with a row-24 and a row-23 result, both named."""
    runner("campaign", "new", "ward", "--ruleset", "fright-check")
    runner("character", "import", str(FILES / "mara.gcs"), "--as", "Mara")
    runner("session", "start", "The ward at night")
    first = runner.json("fright", "Mara", "--threat", "ghoul", "--monster", "-8",
                        "--dice", "6,6,5", "--table-dice", "6,6,6")  # fmt: skip
    second = runner.json("fright", "Mara", "--threat", "ghoul", "--monster", "-8",
                         "--dice", "6,6,5", "--table-dice", "6,6,6")  # fmt: skip
    assert (first["row"], second["row"]) == (24, 23)  # type: ignore[index]
    runner("trait", "Mara", "--for", "4", "--name", "White hair")
    runner("trait", "Mara", "--for", "5", "--name", "Phobia (ghouls)", "--scn", "12")
    runner("session", "end")
    return runner


def sheet(table: Cli, name: str) -> dict[str, object]:
    found = table.json("status")["characters"][name]  # type: ignore[index]
    return {key: found[key] for key in SHEET}  # type: ignore[index]


def traits_of(path: Path) -> list[dict[str, object]]:
    found: list[dict[str, object]] = []

    def visit(traits: list[dict[str, object]]) -> None:
        for trait in traits:
            found.append(trait)
            visit(trait.get("children") or [])  # type: ignore[arg-type]

    visit(json.loads(path.read_text(encoding="utf-8"))["traits"])
    return found


def test_the_round_trip_gives_the_sheet_the_journal_ended_with(night: Cli, tmp_path: Path) -> None:
    out = night("character", "export-gcs", "Mara", str(FILES / "mara.gcs"),
                "-o", str(tmp_path / "mara-after.gcs")).stdout  # fmt: skip
    assert out.splitlines()[1:] == ["  White hair (#4)", "  Phobia (ghouls) (#5)"]
    fresh = Cli(CliRunner(), str(tmp_path / "fresh.db"))
    fresh("campaign", "new", "next-table", "--ruleset", "fright-check")
    fresh("character", "import", str(tmp_path / "mara-after.gcs"), "--as", "Mara")
    ended = sheet(night, "Mara")
    assert {"name": "White hair", "points": -15, "self_control": None} in ended["physical"]  # type: ignore[operator]
    assert sheet(fresh, "Mara") == ended


def test_the_new_file_is_the_players_with_the_traits_added_as_gcs_writes_them(
    night: Cli, tmp_path: Path
) -> None:
    night("character", "export-gcs", "Mara", str(FILES / "mara.gcs"),
          "-o", str(tmp_path / "mara-after.gcs"))  # fmt: skip
    old = json.loads((FILES / "mara.gcs").read_text(encoding="utf-8"))
    new = json.loads((tmp_path / "mara-after.gcs").read_text(encoding="utf-8"))
    # nothing else of the file changed: its version, id, profile, attributes, skills...
    assert {k: v for k, v in new.items() if k != "traits"} == {
        k: v for k, v in old.items() if k != "traits"
    }
    assert new["traits"][: len(old["traits"])] == old["traits"]
    added = new["traits"][len(old["traits"]) :]
    for trait in added:
        assert GCS_ID.match(trait["id"]), trait["id"]
    ids = [t["id"] for t in traits_of(tmp_path / "mara-after.gcs")]
    assert len(ids) == len(set(ids))
    assert [{k: v for k, v in t.items() if k != "id"} for t in added] == [
        {
            "name": "White hair",
            "local_notes": "Mara's Fright Checks, session 1 (journal: ward event #4)",
            "tags": ["Disadvantage", "Physical", "Fright Check"],
            "base_points": -15,
            "calc": {"points": -15},
        },
        {
            "name": "Phobia (ghouls)",
            "local_notes": "Mara's Fright Checks, session 1 (journal: ward event #5)",
            "tags": ["Disadvantage", "Mental", "Fright Check"],
            "base_points": -10,
            "calc": {"points": -10},
            "cr": 12,
        },
    ]
    assert (
        (tmp_path / "mara-after.gcs").read_text(encoding="utf-8").startswith('{\n\t"version": 5,')
    )


def test_an_earlier_exports_traits_are_not_written_twice(night: Cli, tmp_path: Path) -> None:
    first, second = tmp_path / "after.gcs", tmp_path / "again.gcs"
    night("character", "export-gcs", "Mara", str(FILES / "mara.gcs"), "-o", str(first))
    out = night("character", "export-gcs", "Mara", str(first), "-o", str(second)).stdout
    assert out.startswith("Nothing new to write for Mara")
    assert not second.exists()
    # a new scar since: only it is written
    night("session", "start", "The morning after")
    night("fright", "Mara", "--threat", "ghoul-2", "--monster", "-8", "--dice", "6,6,5",
          "--table-dice", "6,6,6")  # fmt: skip
    night("trait", "Mara", "--name", "Pale", "--points", "-15")
    out = night("character", "export-gcs", "Mara", str(first), "-o", str(second)).stdout
    assert (
        "  Pale (#10)" in out
        and "already in after.gcs: White hair (#4), Phobia (ghouls) (#5)" in out
    )
    names = [t["name"] for t in traits_of(second)]
    assert names.count("White hair") == names.count("Phobia (ghouls)") == names.count("Pale") == 1


def test_an_iq_or_ht_lost_is_written_as_a_trait_and_in_the_attributes_value(
    runner: Cli, tmp_path: Path
) -> None:
    """Row 31, its HT roll critically failed: -1 HT for good (and FP, as HT's)."""
    runner("campaign", "new", "ward", "--ruleset", "fright-check")
    runner("character", "import", str(FILES / "ada.gcs"), "--as", "Ada")
    runner("session", "start", "Night")
    runner("fright", "Ada", "--threat", "deep", "--monster", "-10", "--dice", "6,6,6",
           "--table-dice", "6,6,1", "--effect-dice", "seizure=2", "--effect-dice",
           "seizure_fp=1", "--effect-dice", "ht=6,6,6")  # fmt: skip
    runner("character", "export-gcs", "Ada", str(FILES / "ada.gcs"), "-o", str(tmp_path / "a.gcs"))
    new = json.loads((tmp_path / "a.gcs").read_text(encoding="utf-8"))
    values = {a["attr_id"]: a["calc"]["value"] for a in new["attributes"]}
    assert (values["ht"], values["fp"]) == (9, 9)
    lost = traits_of(tmp_path / "a.gcs")[-1]
    assert lost["name"] == "HT lost to fright"
    assert lost["features"] == [{"type": "attribute_bonus", "attribute": "ht", "amount": -1}]
    fresh = Cli(CliRunner(), str(tmp_path / "fresh.db"))
    fresh("campaign", "new", "next", "--ruleset", "fright-check")
    out = fresh("character", "import", str(tmp_path / "a.gcs"), "--as", "Ada").stdout
    assert "not read: HT lost to fright: already in the attribute's value" in out
    assert sheet(fresh, "Ada") == sheet(runner, "Ada")


def test_export_refusals_write_nothing(night: Cli, tmp_path: Path) -> None:
    player = tmp_path / "mara.gcs"
    player.write_bytes((FILES / "mara.gcs").read_bytes())
    before = player.read_bytes()
    assert "is the player's file: write the copy to a new file" in refused(
        night, "character", "export-gcs", "Mara", str(player), "-o", str(player)
    )
    assert "old-format.gcs is GCS format version 4" in refused(
        night, "character", "export-gcs", "Mara", str(FILES / "old-format.gcs"), "-o", "x.gcs"
    )
    assert "no character named 'Nobody'" in refused(
        night, "character", "export-gcs", "Nobody", str(player), "-o", "x.gcs"
    )
    assert player.read_bytes() == before and not Path("x.gcs").exists()


def test_sync_shows_the_differences_then_records_them_as_one_event(
    night: Cli, tmp_path: Path
) -> None:
    path = levelled(tmp_path)
    changes = ["  Will 14 → 15", "  Fearlessness 2 → Fearlessness 3", "  Daredevil added",
               "  Chronic Pain (-10 points) taken off",
               "  kept (play gave it; export-gcs writes it): Phobia (ghouls), White hair"]  # fmt: skip
    before = count_events(night.db)
    asked = night("character", "sync", "Mara", str(path), ok=False)
    assert asked.exit_code == 1 and count_events(night.db) == before  # not a terminal: --yes
    assert asked.stdout.splitlines()[1:] == changes
    assert "Add --yes to confirm (nothing was written)" in asked.stderr
    out = night("character", "sync", "Mara", str(path), "--yes").stdout
    assert out.splitlines()[1:-1] == changes
    assert out.splitlines()[-1].startswith(
        f"#{before + 1} Mara's sheet synced from mara-levelled.gcs (sha256 "
    )
    assert count_events(night.db) == before + 1
    now = sheet(night, "Mara")
    assert now["will"] == 15
    assert now["traits"] == {"Combat Reflexes": True, "Daredevil": True, "Fearlessness": 3}
    # what play gave stays: the file does not hold it yet
    assert now["physical"] == [{"name": "White hair", "points": -15, "self_control": None}]
    assert "Phobia (ghouls)" in json.dumps(now["disadvantages"])
    # the new Will and Fearlessness are the ones the next check reads
    check = night("fright", "Mara", "--threat", "rat", "--dice", "3,3,3").stdout
    assert "Will 15, +3 Fearlessness 3, +2 Combat Reflexes" in check
    assert "every ruling follows from its dice and the rules" in night("audit").stdout
    assert "Nothing to sync" in night("character", "sync", "Mara", str(path)).stdout
    explained = night("explain", "Mara").stdout
    assert re.search(r"#\d+ +14 -> 15  Mara's sheet synced", explained), explained


def test_sync_is_undone_and_refused_in_words(night: Cli, tmp_path: Path) -> None:
    path = levelled(tmp_path)
    night("character", "sync", "Mara", str(path), "--yes")
    night("undo", "--yes")
    assert sheet(night, "Mara")["will"] == 14
    assert "no character named 'Ada'" in refused(
        night, "character", "sync", "Ada", str(path), "--yes"
    )
    assert "traits.adq is a GCS library file" in refused(
        night, "character", "sync", "Mara", str(FILES / "traits.adq"), "--yes"
    )
