"""A trait named for a Fright Check follows the check when the check is corrected (found by
tests/corrections/test_rerule_property.py: `AssertionError: (95, {80})`).

The GM names "the trait check #3 gives" (`journal trait Freddie --name Mute`, no points:
the check gives one trait, and its points). When the check's table roll is amended from
row 25 (worsen a self-control number, else a new -10-point one) to row 35 (a -15-point
Phobia or other mental disadvantage), the re-rule used to decide the naming again with the
recorded -10 points as if the GM had typed them (`--points -10`), so the rules refused it
and the naming was voided; the same commands in a fresh journal name Mute at -15.
"""

from __future__ import annotations

from pathlib import Path

from support.api import service_of
from support.rules_harness import Table

import journal
from journal.api.journal import status_document
from journal.rules.core.commands import AddCharacter
from journal.rulesets.fright_check.rules.fright import FrightCheck
from journal.rulesets.fright_check.rules.trait import NameTrait

FREDDIE = {"will": 10, "ht": 10, "iq": 10}
#: Will 10 at -10: the 3d6 roll of 18 fails by 18, so the table's 3d6 + 18 gives the row
CHECK = FrightCheck("Freddie", threat="ghoul-1", monster=-10)
ROW_25 = {"will": (6, 6, 6), "table": (1, 3, 3)}
ROW_35 = {"will": (6, 6, 6), "table": (6, 6, 5)}


def test_amending_the_check_re_rules_the_named_trait_at_its_new_points(tmp_path: Path) -> None:
    with journal.create(str(tmp_path / "night.db"), "night", "fright-check") as night:
        night.run(AddCharacter("Freddie", FREDDIE))  # 2
        check = night.run(CHECK, dice=ROW_25).records[0]  # 3
        assert (check.data["row"], check.data["pending"]) == (
            25,
            [{"kind": "self-control-or-new", "points": -10}],
        )
        naming = night.run(NameTrait("Freddie", None, "Mute")).records[0]  # 4
        assert naming.data["points"] == -10

        _, rerule = night.amend(check.seq, ["table=6,6,5"], reason="misread the table roll")

        _, corrections = service_of(night).history()
        assert naming.seq not in corrections.voided, rerule.plan.text()
        named = corrections.amended[naming.seq]
        assert (named.name, named.points, named.pending_kind) == ("Mute", -15, "mental")
        assert night.audit().findings == []

        fresh = Table("fright-check")
        fresh.do(AddCharacter("Freddie", FREDDIE))
        fresh.do(CHECK, ROW_35)
        fresh.do(NameTrait("Freddie", None, "Mute"))
        expected = status_document(fresh.state, fresh.ruleset).to_json()["characters"]
        got = night.status().to_json()["characters"]
        assert got["Freddie"]["points_lost"] == expected["Freddie"]["points_lost"]
        assert {k: v for k, v in got["Freddie"].items() if k != "seq"} == {
            k: v for k, v in expected["Freddie"].items() if k != "seq"
        }
