"""How d100 sanity reads in handouts: the session's sanity rolls and disorders, where each
character stands, the arc's SAN chart with its maximum and breaking points, and the
milestones (insanities, breaking points, disorders, adaptation). Rendered by the partials
in `templates/`.

When the campaign keeps SAN from the players (`san_hidden`), the players' and characters'
handouts (`seen_by(gm=False)`, the default) read words where the GM's read numbers: the
standing says steady, shaken or breaking, the arc charts how steady a character is, and a
roll's outcome names no SAN number."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial

from journal.plugin.handouts import (
    ArcSample,
    Chart,
    Fields,
    Milestone,
    Narrator,
    RecapDocument,
    RecapView,
    Step,
    Threat,
    Who,
    chart_series,
    gm_fields,
)
from journal.plugin.rules import CharacterStatus
from journal.plugin.telling import describe_terms
from journal.rulesets.d100_sanity.rules.disorder import DisorderGained
from journal.rulesets.d100_sanity.rules.mythos import MythosGained
from journal.rulesets.d100_sanity.rules.sanity import SanityRolled
from journal.rulesets.d100_sanity.rules.state import SAN_CEILING
from journal.rulesets.d100_sanity.rules.status import (
    BREAKING,
    LOST,
    SHAKEN,
    STEADY,
    SanityStatus,
)
from journal.rulesets.d100_sanity.telling.board import insanity_text
from journal.rulesets.d100_sanity.telling.sanity import consequences
from journal.rulesets.d100_sanity.telling.words import began_words, result, threat_words

#: how steady, as the players' chart draws it when SAN is kept from them
LEVELS = {STEADY: 3, SHAKEN: 2, BREAKING: 1, LOST: 0}


class SanityNarrator(Narrator):
    outcome_keys = ("sanity", "disorders")
    arc_follows = (
        "SAN, its maximum and the breaking point (how steady, where SAN is kept from the players)"
    )

    def __init__(self, gm: bool = False) -> None:
        self.gm = gm

    def seen_by(self, gm: bool) -> SanityNarrator:
        return self if gm == self.gm else SanityNarrator(gm)

    def _numbers(self, status: SanityStatus) -> bool:
        """Whether this audience reads SAN's numbers."""
        return self.gm or not status.san_hidden

    # --- a session's recap ---------------------------------------------------------------

    def outcome(self, step: Step, recap: RecapView) -> None:
        p = step.payload
        if isinstance(p, SanityRolled) and recap.sees_name(p.character):
            gm = recap.gm(step)
            shown = recap.gm_audience or not p.hidden
            recap.outcomes["sanity"].append(
                {
                    "seq": step.record.seq,
                    "character": p.character,
                    "threat": None
                    if p.threat is None
                    else p.threat
                    if recap.gm_audience
                    else threat_words(p.threat, p.threat_name),
                    "threat_name": None
                    if p.threat is None
                    else threat_words(p.threat, p.threat_name),
                    "kind": p.kind,
                    "result": result(p),
                    "lost": p.total if shown else None,
                    "san": p.san if shown else None,
                    "san_after": p.san_after if shown else None,
                    "followed": consequences(p, recap.gm_audience),
                    "gm": None
                    if gm is None
                    else {
                        **gm_fields(gm),
                        "roll": p.roll,
                        "loss": p.loss,
                        "terms": describe_terms(p.terms, p.total),
                    },
                }
            )
        elif isinstance(p, DisorderGained) and recap.sees_name(p.character):
            recap.outcomes["disorders"].append(
                {"name": p.character, "disorder": p.name, "kind": p.kind}
            )

    def threats(self, recap: RecapDocument) -> list[Threat]:
        """Each sanity roll's threat, in the players' words, with who rolled and how."""
        return [
            Threat(
                str(roll["threat_name"]),
                (str(roll["character"]),),
                f"{roll['character']}'s sanity roll: {roll['result']}",
            )
            for roll in recap["outcomes"].get("sanity", [])
            if roll.get("threat_name")
        ]

    def standing(self, name: str, status: CharacterStatus) -> Fields:
        assert isinstance(status, SanityStatus)
        numbers = self._numbers(status)
        return {
            "name": name,
            "numbers": numbers,
            "san": status.san if numbers else None,
            "san_max": status.san_max if numbers else None,
            "breaking_point": status.breaking_point if numbers else None,
            "state": status.state,
            "insanity": insanity_text(status.insanity, status.permanent, seqs=False),
            "disorders": list(status.disorders),
            "bonds": [f"{bond} {score}" for bond, score in status.bonds.items()],
            "adapted": list(status.adapted),
            "preset": status.preset,
        }

    # --- a character's arc ---------------------------------------------------------------

    def arc_numbers(
        self, who: Who, steps: Iterable[Step]
    ) -> Callable[[CharacterStatus, int], Fields]:
        def numbers(status: CharacterStatus, seq: int) -> Fields:
            assert isinstance(status, SanityStatus)
            if not self._numbers(status):
                return {"state": status.state, "level": LEVELS.get(status.state, 0)}
            return {
                "san": status.san,
                "san_max": status.san_max,
                "breaking_point": status.breaking_point,
                "state": status.state,
            }

        return numbers

    def charts(self, points: Sequence[ArcSample]) -> list[Chart]:
        labels = [p["label"] for p in points]

        series = partial(chart_series, points)

        shown = [p["numbers"] for p in points if p["numbers"]]
        if shown and "san" not in shown[0]:
            return [
                {
                    "title": "How steady (3 steady, 2 shaken, 1 breaking, 0 lost to madness)",
                    "y_label": "steady",
                    "y_max": 3,
                    "x_labels": labels,
                    "series": [series("level", "How steady", "b")],
                }
            ]
        lines = [series("san", "SAN", "b"), series("san_max", "Maximum SAN", "a")]
        if any(n.get("breaking_point") is not None for n in shown):
            lines.append(series("breaking_point", "Breaking point", "c"))
        return [
            {
                "title": "SAN, its maximum and the breaking points",
                "y_label": "SAN",
                "y_max": SAN_CEILING,
                "x_labels": labels,
                "series": lines,
            }
        ]

    def milestones(self, who: Who, steps: Iterable[Step]) -> list[Milestone]:
        found: list[Milestone] = []
        failed = False
        for step in steps:
            p = step.payload
            if isinstance(p, SanityRolled) and who.named(step, p.character):
                numbers = self.gm or not p.hidden
                if not p.success and not failed:
                    failed = True
                    lost = f": loses {p.total} SAN" if numbers else ""
                    found.append(
                        Milestone(step, "fright", "First sanity roll failed", f"{result(p)}{lost}")
                    )
                if p.began is not None:
                    text = began_words(p.began, gm=False)
                    found.append(Milestone(step, "scar", "Insanity", text))
                if p.permanent:
                    found.append(Milestone(step, "scar", "Lost to madness", "permanently insane"))
                if p.broke:
                    point = f" ({p.breaking_point})" if numbers else ""
                    found.append(
                        Milestone(
                            step, "scar", "Breaking point", f"reaches a breaking point{point}"
                        )
                    )
                if p.adapted:
                    found.append(Milestone(step, "scar", "Adapted", f"adapted to {p.kind}"))
            elif isinstance(p, DisorderGained) and who.named(step, p.character):
                found.append(Milestone(step, "scar", "Disorder", f"gains {p.name}"))
            elif isinstance(p, MythosGained) and who.named(step, p.character):
                found.append(Milestone(step, "fright", p.skill, f"learns more of the {p.skill}"))
        return found


NARRATOR = SanityNarrator()
