"""How Fright Checks read in handouts: a combat as an encounter (heat of battle), the
session's checks and acquired traits, the standing, the arc's scars. Rendered by the
partials in `templates/`."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial

from journal.plugin.handouts import (
    ArcSample,
    Chart,
    Encounter,
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
    whole,
)
from journal.plugin.rules import JSON, CharacterStatus
from journal.plugin.telling import ARROW
from journal.rulesets.fright_check.rules.change_row import FrightRowChanged
from journal.rulesets.fright_check.rules.encounter_end import CombatEnded
from journal.rulesets.fright_check.rules.encounter_start import CombatStarted
from journal.rulesets.fright_check.rules.fright import FrightChecked
from journal.rulesets.fright_check.rules.rest import RestRecorded
from journal.rulesets.fright_check.rules.state import FrightState
from journal.rulesets.fright_check.rules.status import FCStatus, TraitStatus
from journal.rulesets.fright_check.rules.trait import TraitNamed
from journal.rulesets.fright_check.rules.words import condition_name, row_label
from journal.rulesets.fright_check.telling.effects import (
    effect_line,
    effect_lines,
    pending_text,
    shown,
)
from journal.rulesets.fright_check.telling.fright import id_words, threat_words, verdict
from journal.rulesets.fright_check.telling.rest import rest_told
from journal.rulesets.fright_check.telling.tables import LINES
from journal.rulesets.fright_check.telling.trait import named_text, trait_words


def _other_traits(status: FCStatus) -> list[str]:
    """The traits of the sheet that are no quirk or disadvantage: those the journal knows
    (`Fearlessness 2`) and the others (`Acute Hearing 2`)."""
    listed = {d.name for d in (*status.disadvantages, *status.physical)}
    found = [k if v is True else f"{k} {v}" for k, v in status.traits.items() if k not in listed]
    return found + [o.name if o.level is None else f"{o.name} {o.level}" for o in status.others]


def _disadvantage(d: TraitStatus) -> str:
    scn = f", self-control {d.self_control}" if d.self_control else ""
    return f"{d.name} ({d.points:+d}{scn})"


class FrightCheckNarrator(Narrator):
    outcome_keys = ("fright_checks", "traits")
    arc_follows = "Fright Checks made and failed, traits acquired and points lost to fear"

    def encounter_opened(self, step: Step, recap: RecapView) -> Encounter | None:
        payload = step.payload
        if not isinstance(payload, CombatStarted):
            return None
        encounter = recap.start_encounter(
            step,
            {
                "title": payload.title,
                "hf": None,
                "why": "Heat of battle: +5 on Fright Checks while it runs",
                "category": None,
                "ambush": False,
                "cast": list(payload.cast) or ["everyone"],
                "everyone": not payload.cast,
            },
        )
        recap.open_turn(None, [])
        return encounter

    def encounter_closed(self, step: Step, recap: RecapView, encounter: Encounter) -> bool:
        if not isinstance(step.payload, CombatEnded):
            return False
        encounter["end"] = "The fight ends: no more heat of battle."
        return True

    def threats(self, recap: RecapDocument) -> list[Threat]:
        """Each Fright Check's threat, in the players' words, with who made it and how."""
        return [
            Threat(
                str(check["threat_name"]),
                (str(check["character"]),),
                f"{check['character']}'s Fright Check: {check['verdict']}",
            )
            for check in recap["outcomes"].get("fright_checks", [])
        ]

    def outcome(self, step: Step, recap: RecapView) -> None:
        payload = step.payload
        checks = recap.outcomes["fright_checks"]
        if isinstance(payload, FrightChecked):
            gm = recap.gm(step)
            checks.append(
                {
                    "seq": step.record.seq,
                    "character": payload.character,
                    "threat": payload.threat,
                    "threat_name": threat_words(payload),
                    "kind": payload.kind,
                    "made": payload.made,
                    "success": payload.success,
                    "critical": payload.critical,
                    "margin": payload.margin if payload.success else payload.failure_margin,
                    "verdict": verdict(payload) if payload.made else "none needed (Unfazeable)",
                    **_row_fields(payload, recap.gm_audience),
                    "gm": None if gm is None else {**gm_fields(gm), **_check_for_gm(payload)},
                }
            )
        elif isinstance(payload, TraitNamed):
            text = LINES.line(payload) if recap.gm_audience else trait_words(payload)
            recap.outcomes["traits"].append({"name": payload.character, "text": text})
            entry = _check_of(checks, payload.for_seq)
            pending = [] if entry is None else _texts(entry, "pending")
            if entry is not None and pending:
                # named later in the session: shown by name, no longer as pending
                pending.pop(0)
                named = _texts(entry, "named")
                named.append(named_text(payload))
                effects = _effects(entry["effect_data"])
                names = [str(n) for n in named]
                entry["effects"] = effect_lines(effects, names, recap.gm_audience)
        elif isinstance(payload, FrightRowChanged):
            entry = _check_of(checks, payload.for_seq)
            if entry is not None:
                entry.update(_row_fields(payload, recap.gm_audience))

    def sentence(self, step: Step, gm: bool) -> str | None:
        """A night's rest names the Fright Check each condition it ended came from."""
        payload, rules = step.payload, step.before.rules
        if not isinstance(payload, RestRecorded) or not isinstance(rules, FrightState):
            return None
        causes = {}
        for change in payload.changes:
            who = rules.get(change.character)
            records = {} if who is None else {r.seq: r for r in who.history}
            for ended in change.ended:
                record = records.get(ended.seq)
                if record is not None:
                    known = rules.threats.get(record.threat)
                    name = known.name if known is not None and known.name else None
                    causes[ended.seq] = (
                        f"the Fright Check against {name or id_words(record.threat)}"
                    )
        return rest_told(payload, gm, causes)

    def standing(self, name: str, status: CharacterStatus) -> Fields:
        assert isinstance(status, FCStatus)
        return {
            "name": name,
            "will": status.will,
            "ht": status.ht_now,
            "iq": status.iq_now,
            "ht_lost": status.ht_lost,
            "iq_lost": status.iq_lost,
            "quirks": list(status.quirks),
            "disadvantages": [_disadvantage(d) for d in status.disadvantages],
            "physical": [_disadvantage(d) for d in status.physical],
            "pending": [pending_text(p.kind, p.points) for p in status.pending],
            "hp": status.hp,
            "hp_max": status.hp_max,
            "fp": status.fp,
            "fp_max": status.fp_max,
            "conditions": [condition_name(c.kind) for c in status.conditions],
            "points_lost": status.points_lost,
            "checks": status.checks,
            # every trait the sheet shows beside its quirks and disadvantages (E10)
            "traits": _other_traits(status),
        }

    def arc_numbers(
        self, who: Who, steps: Iterable[Step]
    ) -> Callable[[CharacterStatus, int], Fields]:
        # the traits they acquired (TraitNamed), in order: their scars; a starting quirk or
        # disadvantage on the sheet is not one
        named = [
            s.record.seq
            for s in steps
            if isinstance(s.payload, TraitNamed) and who.named(s, s.payload.character)
        ]

        def numbers(status: CharacterStatus, seq: int) -> Fields:
            assert isinstance(status, FCStatus)
            return {
                "points_lost": status.points_lost,
                "checks": status.checks,
                "failed": sum(1 for c in status.history if c.made and not c.success),
                "scars": bisect_right(named, seq) + len(status.pending),
            }

        return numbers

    def charts(self, points: Sequence[ArcSample]) -> list[Chart]:
        labels = [p["label"] for p in points]

        series = partial(chart_series, points)

        numbers = [p["numbers"] for p in points if p["numbers"]]
        top = max((whole(n["points_lost"]) for n in numbers), default=0)
        checks = max((max(whole(n["checks"]), whole(n["scars"])) for n in numbers), default=0)
        return [
            {
                "title": "Character points lost to fear",
                "y_label": "points",
                "y_max": max(5, top),
                "x_labels": labels,
                "series": [series("points_lost", "Points lost", "b")],
            },
            {
                "title": "Fright Checks and scars, counted",
                "y_label": "how many",
                "y_max": max(3, checks),
                "x_labels": labels,
                "series": [
                    series("checks", "Checks made", "a"),
                    series("failed", "Checks failed", "b"),
                    series("scars", "Traits acquired", "c"),
                ],
            },
        ]

    def milestones(self, who: Who, steps: Iterable[Step]) -> list[Milestone]:
        found: list[Milestone] = []
        failed = False
        for step in steps:
            p = step.payload
            mine = isinstance(p, FrightChecked | TraitNamed) and who.named(step, p.character)
            if isinstance(p, FrightChecked) and mine and p.made and not p.success:
                label = "First Fright Check failed" if not failed else "Fright Check failed"
                failed = True
                effects = "; ".join(effect_line(e, gm=False) for e in p.effects)
                text = (
                    f"against {threat_words(p)}: failed by {p.failure_margin}, "
                    f"row {row_label(p.row)}: {effects}"
                )
                found.append(Milestone(step, "scar" if p.pending else "fright", label, text))
            elif isinstance(p, TraitNamed) and mine:
                text = (
                    f"{p.name} gets worse: self-control "
                    f"{p.previous_self_control} {ARROW} {p.self_control}"
                    if p.worsened
                    else f"acquires {p.name} ({p.points:+d})"
                )
                found.append(Milestone(step, "scar", "Scar", text))
        return found


def _rolled(rolled: int | None, row: int | None, gm: bool) -> str | None:
    """The row the dice gave, for the GM, when the GM changed it."""
    if not gm or rolled is None or rolled == row:
        return None
    return row_label(rolled)


def _check_for_gm(p: FrightChecked) -> Fields:
    return {
        "modifiers": [
            {"label": m.label, "value": m.value, "source": m.source} for m in p.modifiers if m.value
        ],
        "will": p.will,
        "modified_will": p.modified_will,
        "effective_will": p.effective_will,
        "roll": p.roll,
        "table": None
        if p.table_roll is None
        else f"{p.table_roll} + {p.failure_margin} = {p.table_total}",
        "change": p.change_reason if p.rolled_row != p.row else None,
    }


NARRATOR = FrightCheckNarrator()


def _row_fields(payload: FrightChecked | FrightRowChanged, gm: bool) -> Fields:
    """A check's row and effects as this audience reads them (at the check, or as the GM
    changed them later): no trait named yet."""
    effects = [shown(e, gm) for e in payload.effects]
    return {
        "row": None if payload.row is None or not gm else row_label(payload.row),
        "rolled": _rolled(payload.rolled_row, payload.row, gm),
        "pending": [pending_text(x.kind, x.points) for x in payload.pending],
        "named": [],
        "effect_data": effects,
        "effects": effect_lines(effects, [], gm),
    }


def _check_of(checks: list[Fields], seq: int) -> Fields | None:
    """The entry of the check recorded at `seq`, if this recap shows it."""
    return next((c for c in checks if c["seq"] == seq), None)


def _texts(entry: Fields, key: str) -> list[JSON]:
    """A list of texts of a check's entry (`pending`, `named`), to change in place."""
    texts = entry[key]
    assert isinstance(texts, list)
    return texts


def _effects(value: JSON) -> list[Mapping[str, JSON]]:
    """A check's effects as `shown` gave them (its entry's `effect_data`)."""
    assert isinstance(value, list)
    return [effect for effect in value if isinstance(effect, Mapping)]
