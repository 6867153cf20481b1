"""d100 sanity's invariants (what the audit checks every state against) name what breaks:
SAN outside 0 and its maximum, a box or an adaptation of the unnatural, three boxes without
adaptation's count, a bond below 0, a breaking point at or above SAN."""

from __future__ import annotations

from journal.frozen import changed
from journal.rules.core.state import CampaignState
from journal.rules.invariants import breaches
from journal.rulesets.d100_sanity.rules.invariants import INVARIANTS
from journal.rulesets.d100_sanity.rules.state import Bond, Investigator, SanityState


def test_each_breach_is_named() -> None:
    mara = Investigator("Mara", pow=50, intelligence=60, san=97, start=50, mythos=5)
    reyes = Investigator(
        "Reyes", pow=11, intelligence=None, san=40, start=55, breaking_point=41,
        bonds=(Bond("Ana", -1, 11),), boxes={"unnatural": 1, "violence": 2},
        adapted=("violence",),
    )  # fmt: skip
    state = changed(CampaignState(), rules=SanityState({"Mara": mara, "Reyes": reyes}))
    found = {what for _, what in breaches(state, INVARIANTS)}
    assert found == {
        "Mara's SAN is 97, outside 0 to the maximum 94",
        "Reyes has 1 box(es) of unnatural: only violence and helplessness adapt",
        "Reyes is adapted to violence without its 3 boxes checked",
        "Reyes's bond Ana scores -1, below 0",
        "Reyes's SAN 40 is at or below the breaking point 41, which should have fallen",
    }
    legal = changed(mara, san=94)
    assert breaches(changed(state, rules=SanityState({"Mara": legal})), INVARIANTS) == set()
