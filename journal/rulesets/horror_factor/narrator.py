"""How Horror Factor fights read in handouts: the encounter and each turn's lineup, the
outcomes of a session (hardened, broken, Horror Checks, Willpower), the standing, the
arc's numbers, charts and milestones. Rendered by the partials in `templates/`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial

from journal.plugin.handouts import (
    ArcSample,
    Chart,
    ChartSeries,
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
    whole_or_none,
)
from journal.plugin.rules import CharacterRenamed, CharacterStatus
from journal.plugin.telling import ARROW
from journal.rulesets.horror_factor.rules import catalog
from journal.rulesets.horror_factor.rules.award import HardnessAwarded
from journal.rulesets.horror_factor.rules.check import HorrorChecked
from journal.rulesets.horror_factor.rules.drop import EnemyDropped
from journal.rulesets.horror_factor.rules.encounter_end import EncounterEnded
from journal.rulesets.horror_factor.rules.encounter_join import EncounterJoined
from journal.rulesets.horror_factor.rules.encounter_start import EncounterStarted
from journal.rulesets.horror_factor.rules.initiative import InitiativeRolled
from journal.rulesets.horror_factor.rules.peace import PeaceRecorded
from journal.rulesets.horror_factor.rules.rest import Rested
from journal.rulesets.horror_factor.rules.soak import WillpowerSoaked
from journal.rulesets.horror_factor.rules.state import HFState, hardness_label
from journal.rulesets.horror_factor.rules.status import FightNumbers, HFStatus
from journal.rulesets.horror_factor.rules.turn import TurnAdvanced
from journal.rulesets.horror_factor.telling.check import check_outcome, check_verdict
from journal.rulesets.horror_factor.telling.encounter_start import terms_words


def _status(recap: RecapView, step: Step) -> dict[str, HFStatus]:
    found = recap.ruleset.status(step.after)
    return {name: s for name, s in found.items() if isinstance(s, HFStatus)}


class HorrorFactorNarrator(Narrator):
    outcome_keys = (
        "hardened",
        "hardness_lost",
        "broken",
        "horror_checks",
        "willpower_spent",
        "willpower_restored",
    )
    arc_follows = "Hardness, brokenness and Willpower"

    # --- the recap ---------------------------------------------------------------------

    def encounter_opened(self, step: Step, recap: RecapView) -> Encounter | None:
        payload = step.payload
        if not isinstance(payload, EncounterStarted):
            return None
        encounter = recap.start_encounter(
            step,
            {
                "title": payload.title,
                "hf": payload.hf,
                "why": terms_words(payload.terms),
                "category": payload.category,
                "ambush": payload.ambush,
                "cast": list(payload.cast),
            },
        )
        self._new_turn(1, step, recap, encounter)
        return encounter

    def _new_turn(self, number: int, step: Step, recap: RecapView, encounter: Encounter) -> None:
        status = _status(recap, step)
        reasons: dict[str, str] = {}
        if isinstance(step.payload, TurnAdvanced):
            reasons = {c.character: c.reason for c in step.payload.changes}
        rows: list[Fields] = []
        for name in encounter["cast"]:
            if not recap.sees_name(name):
                continue  # a character's handout has their own row only
            found = status.get(name)
            fight = found.encounter if found else None
            if fight is None:
                continue
            rows.append(_row(name, fight, reasons.get(name)))
        recap.open_turn(number, rows)

    def threats(self, recap: RecapDocument) -> list[Threat]:
        """Each encounter is a threat: its title, its cast, its Horror Factor and why."""
        found = []
        for entry in recap["story"]:
            if entry["kind"] == "encounter" and entry["hf"] is not None:
                why = f": {entry['why']}" if entry["why"] else ""
                cast = tuple(str(n) for n in entry["cast"])
                found.append(Threat(entry["title"], cast, f"Horror Factor {entry['hf']}{why}"))
        return found

    def encounter_charts(self, encounter: Encounter) -> list[Chart]:
        """The fear track: each character's HF turn by turn (after soaks: the HF their
        penalty came from), a cross on a turn they froze."""
        turns = [t for t in encounter["turns"] if t["number"] is not None and t["rows"]]
        seen = {r["name"] for t in turns for r in t["rows"]}
        names = [n for n in encounter["cast"] if n in seen]
        if not turns or not names:
            return []
        series: list[ChartSeries] = []
        for at, name in enumerate(names):
            rows = [next((r for r in t["rows"] if r["name"] == name), None) for t in turns]
            series.append(
                {
                    "label": name,
                    "style": "abcd"[at % 4],
                    "values": [
                        None if r is None else whole_or_none(r["effective_hf"]) for r in rows
                    ],
                    "crossed": [
                        i for i, r in enumerate(rows) if r is not None and r["acted"] is False
                    ],
                }
            )
        top = max((v for s in series for v in s["values"] if v is not None), default=0)
        return [
            {
                "title": "Fear track: HF each turn (after soaks; ✗ froze)",
                "y_label": "HF",
                "y_max": max(4, top),
                "x_labels": [str(t["number"]) for t in turns],
                "x_title": "turn",
                "series": series,
            }
        ]

    def encounter_closed(self, step: Step, recap: RecapView, encounter: Encounter) -> bool:
        payload = step.payload
        if not isinstance(payload, EncounterEnded):
            return False
        turns = "1 turn" if payload.turns == 1 else f"{payload.turns} turns"
        encounter["end"] = f"The encounter ends after {turns}."
        for result in payload.results:
            name = result.character
            if not recap.sees_name(name):
                continue
            encounter["results"].append({"name": name, "note": result.note})
            why = (
                f"fought through “{payload.title}”"
                if result.outcome == "do-or-die"
                else f"broke in “{payload.title}”"
            )
            self._hardness(
                recap,
                name,
                (result.hardness_before, result.hardness_after),
                (result.brokenness_before, result.brokenness_after),
                why,
                result.specialization,
            )
        return True

    def track(self, step: Step, recap: RecapView, encounter: Encounter) -> None:
        payload = step.payload
        if isinstance(payload, TurnAdvanced):
            self._new_turn(payload.turn, step, recap, encounter)
            return
        if isinstance(payload, CharacterRenamed) and payload.old in encounter["cast"]:
            _renamed_in_fight(encounter, payload.old, payload.new)
            return
        turn = recap.turn
        if turn is None:
            return
        if isinstance(payload, EncounterJoined) and payload.character not in encounter["cast"]:
            encounter["cast"].append(payload.character)
            fight = self._fight(recap, step, payload.character)
            if fight is not None and recap.sees_name(payload.character):
                turn["rows"].append(_row(payload.character, fight, "joins"))
        rows = {str(r["name"]): r for r in turn["rows"]}
        if isinstance(payload, InitiativeRolled) and payload.character in rows:
            row = rows[payload.character]
            row.update(
                initiative=payload.total,
                acted=payload.can_act,
                penalty=payload.action_penalty,
                defense=payload.defense_penalty,
                effective_hf=payload.effective_hf,
            )
            gm = recap.gm(step) if recap.gm_audience else None
            if gm is not None:
                row.update(dice=gm["dice"], terms=gm["terms"])
                if "amended_by" in gm:
                    row["amended_by"] = gm["amended_by"]
        status = _status(recap, step)
        for name, row in rows.items():
            found = status.get(name)
            fight = found.encounter if found else None
            if fight is not None:
                # the numbers as they stand after this event: a soak's effective HF, and
                # the action penalty, follow every later change of the turn (a drop, a
                # shift): "Each characters Action Penalty is reduced immediately"
                row["hf_end"] = fight.hf
                row["soak"] = fight.soak
                row["effective_hf"] = fight.effective_hf
                row["penalty"] = fight.action_penalty
                row["left"] = fight.left

    @staticmethod
    def _fight(recap: RecapView, step: Step, name: str) -> FightNumbers | None:
        found = _status(recap, step).get(name)
        return found.encounter if found else None

    def outcome(self, step: Step, recap: RecapView) -> None:
        payload = step.payload
        out = recap.outcomes
        match payload:
            case HorrorChecked():
                out["horror_checks"].append(
                    {
                        "name": payload.character,
                        "hf": payload.hf,
                        "about": payload.encounter,
                        "result": payload.result,
                        "verdict": check_verdict(payload.result),
                        "passed": payload.result == "pass",
                        "note": payload.note if recap.gm_audience else check_outcome(payload),
                        "gm": gm_fields(recap.gm(step)),
                    }
                )
                self._hardness(
                    recap,
                    payload.character,
                    (payload.hardness_before, payload.hardness_after),
                    (payload.brokenness_before, payload.brokenness_after),
                    "Horror Check",
                    payload.specialization,
                )
            case HardnessAwarded():
                self._hardness(
                    recap,
                    payload.character,
                    (payload.hardness_before, payload.hardness_after),
                    (0, 0),
                    f"awarded: {payload.reason}",
                    payload.specialization,
                )
            case PeaceRecorded():
                self._hardness(
                    recap,
                    payload.character,
                    (payload.hardness_before, payload.hardness_after),
                    (0, 0),
                    f"{payload.months} month(s) of peace",
                    payload.specialization,
                )
            case WillpowerSoaked():
                spent = out["willpower_spent"]
                entry = next((e for e in spent if e["name"] == payload.character), None)
                if entry is None:
                    spent.append({"name": payload.character, "points": payload.points})
                else:
                    entry["points"] = whole(entry["points"]) + payload.points
            case Rested():
                for change in payload.changes:
                    if change.after != change.before and recap.sees_name(change.character):
                        out["willpower_restored"].append(
                            {
                                "name": change.character,
                                "before": change.before,
                                "after": change.after,
                                "max": change.max,
                                "why": "a major victory" if payload.victory else "rest",
                            }
                        )

    @staticmethod
    def _hardness(
        recap: RecapView,
        name: str,
        hardness: tuple[int, int],
        broken: tuple[int, int],
        why: str,
        specialization: str | None = None,
    ) -> None:
        """Each change in its own list: Hardness gained, Hardness lost, brokenness."""
        if not recap.sees_name(name):
            return
        (h0, h1), (b0, b1) = hardness, broken
        which = {"name": name, "hardness": hardness_label(specialization), "why": why}
        if h1 > h0:
            recap.outcomes["hardened"].append({**which, "before": h0, "after": h1})
        elif h1 < h0:
            recap.outcomes["hardness_lost"].append({**which, "before": h0, "after": h1})
        if b1 != b0:
            recap.outcomes["broken"].append({**which, "before": b0, "after": b1})

    def standing(self, name: str, status: CharacterStatus) -> Fields:
        assert isinstance(status, HFStatus)
        return {
            "name": name,
            "hardness": status.hardness,
            "hardness_cap": status.hardness_cap,
            "hardness_text": catalog.hardness_text(status.hardness),
            "brokenness": status.brokenness,
            "brokenness_text": catalog.brokenness_text(status.brokenness),
            "willpower": status.willpower,
            "willpower_max": status.willpower_max,
            "specializations": [
                {"category": k, "hardness": v} for k, v in status.specializations.items()
            ],
            "training": status.training,
            "reaction": status.reaction,
        }

    # --- the arc ---------------------------------------------------------------------------

    def arc_numbers(
        self, who: Who, steps: Iterable[Step]
    ) -> Callable[[CharacterStatus, int], Fields]:
        def numbers(status: CharacterStatus, seq: int) -> Fields:
            assert isinstance(status, HFStatus)
            return {
                "hardness": status.hardness,
                "brokenness": status.brokenness,
                "willpower": status.willpower,
                "willpower_max": status.willpower_max,
                "specializations": [
                    {"category": k, "hardness": v} for k, v in status.specializations.items()
                ],
            }

        return numbers

    def charts(self, points: Sequence[ArcSample]) -> list[Chart]:
        labels = [p["label"] for p in points]

        series = partial(chart_series, points)

        wp_max = max(
            (whole(p["numbers"]["willpower_max"]) for p in points if p["numbers"]), default=10
        )
        specialized = [
            _specialization_series(points, category, ("c", "d")[index % 2])
            for index, category in enumerate(_categories(points))
        ]
        return [
            {
                "title": "Hardness and brokenness",
                "y_label": "level",
                "y_max": 7,
                "x_labels": labels,
                "series": [
                    series("hardness", "Hardness", "a"),
                    series("brokenness", "Brokenness", "b"),
                    *specialized,
                ],
            },
            {
                "title": "Willpower",
                "y_label": "points",
                "y_max": wp_max,
                "x_labels": labels,
                "series": [
                    series("willpower", "Willpower", "c"),
                    series("willpower_max", "Maximum", "d"),
                ],
            },
        ]

    def milestones(self, who: Who, steps: Iterable[Step]) -> list[Milestone]:
        found: list[Milestone] = []
        froze = dropped = False
        for step in steps:
            p = step.payload
            rules = step.after.rules
            fight = (
                rules.encounter.title if isinstance(rules, HFState) and rules.encounter else None
            )
            where = f" in “{fight}”" if fight else ""
            match p:
                case InitiativeRolled(character=named) if (
                    who.named(step, named) and not p.can_act and not froze
                ):
                    froze = True
                    text = f"froze{where}, turn {p.turn} (initiative {p.total})"
                    found.append(Milestone(step, "freeze", "First freeze", text))
                case EnemyDropped(character=named) if who.named(step, named) and not dropped:
                    dropped = True
                    text = f"dropped an enemy{where}, turn {p.turn}"
                    found.append(Milestone(step, "drop", "First enemy dropped", text))
                case EncounterEnded():
                    for r in p.results:
                        if who.named(step, r.character):
                            found += _hardness_milestones(
                                step,
                                (r.hardness_before, r.hardness_after),
                                (r.brokenness_before, r.brokenness_after),
                                f"after “{p.title}”",
                                r.specialization,
                            )
                case HorrorChecked(character=named) if who.named(step, named):
                    found += _hardness_milestones(
                        step,
                        (p.hardness_before, p.hardness_after),
                        (p.brokenness_before, p.brokenness_after),
                        f"Horror Check against HF {p.hf}",
                        p.specialization,
                    )
                case HardnessAwarded(character=named) if who.named(step, named):
                    found += _hardness_milestones(
                        step,
                        (p.hardness_before, p.hardness_after),
                        (0, 0),
                        f"awarded: {p.reason}",
                        p.specialization,
                    )
                case PeaceRecorded(character=named) if who.named(step, named):
                    label = hardness_label(p.specialization)
                    change = (
                        f"{label} {p.hardness_before} {ARROW} {p.hardness_after}"
                        if p.hardness_after != p.hardness_before
                        else f"kept {label} {p.hardness_after}"
                    )
                    text = f"{p.months} month(s) of peace: {change}"
                    found.append(Milestone(step, "peace", "Peace", text))
        return found


def _renamed_in_fight(encounter: Encounter, old: str, new: str) -> None:
    """A fighter renamed mid-fight keeps their place: the encounter's lineups (its cast, every
    turn's row, the fear track) reads their new name, and the turns after it list them."""
    encounter["cast"] = [new if name == old else name for name in encounter["cast"]]
    for turn in encounter["turns"]:
        for row in turn["rows"]:
            if row["name"] == old:
                row["name"] = new


def _row(name: str, fight: FightNumbers, why: str | None) -> Fields:
    """A participant's row of a turn's lineup, as the turn opens (or as they join)."""
    return {
        "name": name,
        "hf": fight.hf,
        "hf_end": fight.hf,
        "why": why,
        "soak": fight.soak,
        "effective_hf": fight.effective_hf,
        "initiative": None,
        "acted": None,
        "penalty": fight.action_penalty,
        "defense": 0,
        "dice": None,
        "terms": None,
        "left": fight.left,
    }


def _hardness_milestones(
    step: Step,
    hardness: tuple[int, int],
    broken: tuple[int, int],
    why: str,
    specialization: str | None = None,
) -> list[Milestone]:
    (h0, h1), (b0, b1) = hardness, broken
    label = hardness_label(specialization)
    found = []
    if h1 > h0:
        found.append(Milestone(step, "hardened", "Hardened", f"{label} {h0} {ARROW} {h1} ({why})"))
    elif h1 < h0:
        text = f"{label} {h0} {ARROW} {h1} ({why})"
        found.append(Milestone(step, "softened", "Hardness lost", text))
    if b1 > b0:
        found.append(Milestone(step, "broken", "Broken", f"brokenness {b0} {ARROW} {b1} ({why})"))
    return found


NARRATOR = HorrorFactorNarrator()


def _held(point: ArcSample) -> dict[str, int]:
    """A point's specializations: category -> Hardness."""
    numbers = point["numbers"]
    items = numbers.get("specializations") if isinstance(numbers, Mapping) else None
    found: dict[str, int] = {}
    for item in items if isinstance(items, list | tuple) else ():
        if isinstance(item, Mapping):
            category, hardness = item.get("category"), item.get("hardness")
            if isinstance(category, str) and isinstance(hardness, int):
                found[category] = hardness
    return found


def _categories(points: Sequence[ArcSample]) -> list[str]:
    """Every specialization a character had at some point of the arc, in the order met."""
    found: list[str] = []
    for point in points:
        found += [category for category in _held(point) if category not in found]
    return found


def _specialization_series(points: Sequence[ArcSample], category: str, style: str) -> ChartSeries:
    """A specialization's Hardness at each point (None before they had it): drawn beside
    the general Hardness, so a ghosts Hardness going 5, 4, 5 is not a flat line."""
    values = [_held(point).get(category) for point in points]
    return {"label": f"Hardness against {category}", "style": style, "values": values}
