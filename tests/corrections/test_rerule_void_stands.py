"""A ruling a re-rule voided stays void when a later correction makes the rules accept it
again: the GM enters it again if it happened (found by the Horror Factor twin of
tests/corrections/test_rerule_property.py: `AssertionError: (47, {71})`, where the property
expected that only a later *void* could change a voided ruling's past; a later amendment
can too, and the journal is right to keep the void).

Linda (Hardness 2) fails a Horror Check (#3), then six months of peace lose her one level
(#4). The check's dice are amended so that the check costs her a level of Hardness: the peace
can no longer lose one (not below half her peak) and the re-rule voids it. The check is then
amended back: the peace stays void (a correction is never undone by the rules on their own),
the audit is clean, and the GM records the peace again.
"""

from __future__ import annotations

from pathlib import Path

from support.api import service_of, state_of
from support.rules_harness import Table

import journal
from journal.rules.core.commands import AddCharacter
from journal.rulesets.horror_factor.rules.check import HorrorCheck
from journal.rulesets.horror_factor.rules.peace import Peace

LINDA = {"reaction": 12, "willpower": 10, "hardness": 2, "training": "some"}
CHECK = HorrorCheck("Linda", 6)
PEACE = Peace("Linda", 6, 1)


def test_a_ruling_voided_by_one_amendment_stays_void_after_the_next(tmp_path: Path) -> None:
    with journal.create(str(tmp_path / "night.db"), "night", "horror-factor") as night:
        night.run(AddCharacter("Linda", LINDA))  # 2
        check = night.run(CHECK, dice={"check": (3, 3)}).records[0]  # 3
        peace = night.run(PEACE).records[0]  # 4
        assert peace.data["hardness_after"] == 1

        _, rerule = night.amend(check.seq, ["check=1,5"], reason="misread")
        _, corrections = service_of(night).history()
        assert peace.seq in corrections.voided, rerule.plan.text()
        assert "not below 1, so at most 0 from 1, not 1" in rerule.plan.text()

        night.amend(check.seq, ["check=5,3"], reason="misread again")
        _, corrections = service_of(night).history()
        assert peace.seq in corrections.voided  # the rules would take it again: still void
        assert night.audit().findings == []
        assert state_of(night).rules.characters["Linda"].hardness == 2

        # a fresh journal of the commands as they stand takes the peace: so does the journal,
        # when the GM enters it again
        fresh = Table("horror-factor")
        fresh.do(AddCharacter("Linda", LINDA))
        fresh.do(CHECK, {"check": (5, 3)})
        fresh.do(PEACE)
        night.run(PEACE)
        assert state_of(night).rules.characters["Linda"].hardness == 1
        assert fresh.state.rules.characters["Linda"].hardness == 1
