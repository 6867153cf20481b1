"""How stress reads in handouts: each session's rises and panics, the arc's stress line."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from journal.plugin.handouts import (
    ArcSample,
    Chart,
    Fields,
    Milestone,
    Narrator,
    RecapView,
    Step,
    Who,
    gm_fields,
    whole_or_none,
)
from journal.plugin.rules import CharacterStatus
from journal_stress.rules import StressStatus
from journal_stress.rules.panic import PanicRolled
from journal_stress.rules.stress import StressChanged


class StressNarrator(Narrator):
    outcome_keys = ("stress", "panics")
    arc_follows = "stress and panics"

    def outcome(self, step: Step, recap: RecapView) -> None:
        p = step.payload
        if isinstance(p, StressChanged) and recap.sees_name(p.character):
            recap.outcomes["stress"].append(
                {"name": p.character, "before": p.before, "after": p.after, "why": p.reason}
            )
        elif isinstance(p, PanicRolled) and p.panicked and recap.sees_name(p.character):
            recap.outcomes["panics"].append({"name": p.character, "gm": gm_fields(recap.gm(step))})

    def standing(self, name: str, status: CharacterStatus) -> Fields:
        assert isinstance(status, StressStatus)
        return {
            "name": name,
            "stress": status.stress,
            "nerve": status.nerve,
            "panics": status.panics,
        }

    def arc_numbers(
        self, who: Who, steps: Iterable[Step]
    ) -> Callable[[CharacterStatus, int], Fields]:
        def numbers(status: CharacterStatus, seq: int) -> Fields:
            assert isinstance(status, StressStatus)
            return {"stress": status.stress, "panics": status.panics}

        return numbers

    def charts(self, points: Sequence[ArcSample]) -> list[Chart]:
        return [
            {
                "title": "Stress",
                "y_label": "stress",
                "y_max": 10,
                "x_labels": [p["label"] for p in points],
                "series": [
                    {
                        "label": "Stress",
                        "style": "b",
                        "values": [
                            whole_or_none(p["numbers"]["stress"]) if p["numbers"] else None
                            for p in points
                        ],
                    }
                ],
            }
        ]

    def milestones(self, who: Who, steps: Iterable[Step]) -> list[Milestone]:
        for step in steps:
            p = step.payload
            if isinstance(p, PanicRolled) and who.named(step, p.character) and p.panicked:
                return [Milestone(step, "panic", "First panic", f"panicked at stress {p.stress}")]
        return []


NARRATOR = StressNarrator()
