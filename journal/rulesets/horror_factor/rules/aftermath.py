"""Deciders for what follows a fight: its end, Horror Checks, rest, peace and awards."""

from __future__ import annotations

import math
from collections.abc import Iterable

import msgspec

from journal.plugin.rules import CampaignState, DiceBox, Event, RuleError, Stake, Terms, clock_moved
from journal.rulesets.horror_factor.rules import catalog
from journal.rulesets.horror_factor.rules.commands import (
    Award,
    EndEncounter,
    HorrorCheck,
    Peace,
    Rest,
)
from journal.rulesets.horror_factor.rules.events import (
    EncounterEnded,
    EndResult,
    HardnessAwarded,
    HorrorChecked,
    PeaceRecorded,
    Rested,
    WillpowerChange,
)
from journal.rulesets.horror_factor.rules.lookup import (
    character,
    participant,
    present,
    rules_of,
    running,
)
from journal.rulesets.horror_factor.rules.sheet import category_name
from journal.rulesets.horror_factor.rules.state import Character, hardness_label


def harden(who: Character, specialization: str | None = None) -> tuple[int, str]:
    """A Hardness (general, or the named specialization) +1 up to the training's cap, never
    down; and what happened."""
    level, label = who.level(specialization), hardness_label(specialization)
    if level >= who.cap:
        return level, (
            f"no gain: {label} {level} is already at or above the cap {who.cap} "
            f"for {who.training} training (only an award goes further)"
        )
    return level + 1, f"hardened: {label} {level} to {level + 1}"


def break_(who: Character) -> tuple[int, str]:
    if who.brokenness >= catalog.BROKENNESS_MAX:
        return who.brokenness, f"already at brokenness {catalog.BROKENNESS_MAX}, the most"
    return who.brokenness + 1, f"broken: brokenness {who.brokenness} to {who.brokenness + 1}"


def option(state: CampaignState, key: str) -> int | bool:
    value = state.options.get(key, catalog.OPTION_DEFAULTS[key])
    assert isinstance(value, int | bool)
    return value


def _already_ruled(state: CampaignState, who: Character, by_check: bool) -> None:
    """One incident, one change: an encounter's end that names a character and a Horror
    Check about that encounter are alternatives (RULES.md); the option `end_and_check`
    allows one of each."""
    both = bool(option(state, "end_and_check"))
    title = who.last_encounter
    if by_check and who.incident_check is not None:
        raise RuleError(
            f"{who.name} already made a Horror Check about {title!r} (#{who.incident_check}): "
            "one check per incident; for a horror of its own give --hf N"
        )
    if by_check and who.incident_end is not None and not both:
        raise RuleError(
            f"{who.name} was already ruled at the end of {title!r} (#{who.incident_end}): the "
            "Horror Check is the other way to decide the same incident (one incident, one "
            "change); for a horror of its own give --hf N, or set the campaign option "
            "end_and_check=yes to allow both"
        )
    if not by_check and who.incident_check is not None and not both:
        raise RuleError(
            f"{who.name} already made a Horror Check about {title!r} (#{who.incident_check}): "
            "one incident, one change; leave them out of --do-or-die/--broken, void that "
            "check, or set the campaign option end_and_check=yes to allow both"
        )


def _names(state: CampaignState, names: Iterable[str], doing: str) -> tuple[str, ...]:
    found: list[str] = []
    for name in names:
        who = participant(state, name, doing, present=False)[0].name
        if who in found:
            raise RuleError(f"{who} is named twice: name each character once")
        found.append(who)
    return tuple(found)


def end_encounter(state: CampaignState, command: EndEncounter) -> EncounterEnded:
    encounter = running(state, "end an encounter")
    do_or_die = _names(state, command.do_or_die, "be named do-or-die")
    broken = _names(state, command.broken, "be named broken")
    both = [n for n in do_or_die if n in broken]
    if both:
        raise RuleError(
            f"{', '.join(both)} named both do-or-die and broken: the GM rules one or the other"
        )
    results: list[EndResult] = []
    for name in encounter.participants:
        who = character(state, name)
        spec = who.specialization_for(encounter.category)
        before = who.level(spec)
        hardness, brokenness, note, outcome = before, who.brokenness, "unchanged", "none"
        if name in do_or_die or name in broken:
            _already_ruled(state, who, by_check=False)
        if name in do_or_die:
            hardness, note = harden(who, spec)
            outcome = "do-or-die"
        elif name in broken:
            brokenness, note = break_(who)
            outcome = "broken"
        results.append(
            EndResult(
                character=name,
                outcome=outcome,
                hardness_before=before,
                hardness_after=hardness,
                cap=who.cap,
                brokenness_before=who.brokenness,
                brokenness_after=brokenness,
                note=note,
                specialization=spec,
            )
        )
    return EncounterEnded(encounter.title, encounter.turn, do_or_die, broken, tuple(results))


def horror_check(state: CampaignState, command: HorrorCheck, dice: DiceBox) -> HorrorChecked:
    who = character(state, command.character)
    category = category_name(command.category) if command.category else None
    encounter: str | None = None
    if command.hf is not None:
        if command.hf < 0:
            raise RuleError(f"a Horror Factor is 0 or more, not {command.hf}")
        if command.hf > catalog.HF_NUMBER_MAX:
            raise RuleError(
                f"a Horror Factor of {command.hf} is more than {catalog.HF_NUMBER_MAX}: the "
                "text's table runs 0 to 6 before modifiers"
            )
        hf, source = command.hf, "given"
    elif who.last_hf is not None:
        if command.category is not None and category != who.last_category:
            had = f"category {who.last_category}" if who.last_category else "no category"
            raise RuleError(
                f"{who.name}'s check without --hf is about {who.last_encounter!r}, which had "
                f"{had}: leave --category out, or give --hf N for a horror of its own"
            )
        _already_ruled(state, who, by_check=True)
        hf, source = who.last_hf, f"initial HF of {who.last_encounter}"
        encounter, category = who.last_encounter, who.last_category
    else:
        raise RuleError(
            f"no HF is known for {who.name}'s Horror Check: {who.name} has faced no encounter "
            "yet; give the horror's HF with --hf N"
        )
    spec = who.specialization_for(category)
    hardness, label = who.level(spec), hardness_label(spec)
    margin = int(option(state, "exceptional_margin"))
    base = who.willpower + hardness - hf
    plus, minus = dice.roll("check", 2, 10, Stake(at_least=catalog.CHECK_TARGET - base)).faces
    terms: Terms = (
        ("Willpower", who.willpower),
        (label, hardness),
        (f"HF ({source})", -hf),
        ("+d10", plus),
        ("-d10", -minus),
    )
    total = sum(value for _, value in terms)
    hardness_after, brokenness_after = hardness, who.brokenness
    if total >= catalog.CHECK_TARGET:
        result = "pass"
        hardness_after, note = harden(who, spec)
    else:
        brokenness_after, note = break_(who)
        result = "fail"
        if total <= catalog.CHECK_TARGET - margin:
            result = "exceptional-failure"
            hardness_after = max(0, hardness - 1)
            loss = (
                f"{label} {hardness} to {hardness_after}"
                if hardness_after != hardness
                else f"{label} stays 0 (not below 0)"
            )
            note += (
                f"; exceptional failure (total {total} <= {catalog.CHECK_TARGET} - {margin}): "
                + loss
            )
    return HorrorChecked(
        character=who.name,
        hf_given=command.hf,
        category=category_name(command.category) if command.category else None,
        encounter=encounter,
        specialization=spec,
        hf=hf,
        hf_source=source,
        dice=dice.rolled(),
        willpower=who.willpower,
        hardness=hardness,
        hardness_label=label,
        total=total,
        target=catalog.CHECK_TARGET,
        terms=terms,
        result=result,
        exceptional_margin=margin,
        cap=who.cap,
        hardness_before=hardness,
        hardness_after=hardness_after,
        brokenness_before=who.brokenness,
        brokenness_after=brokenness_after,
        note=note,
    )


def rest(state: CampaignState, command: Rest) -> Rested:
    if command.points is not None and command.points < 1:
        raise RuleError(
            f"a partial rest restores 1 Willpower or more, not {command.points}; "
            "leave --points out to restore it all"
        )
    everyone = not command.characters
    if everyone:
        names = tuple(rules_of(state).characters)
        if not names:
            raise RuleError("nobody to rest: add a character with `journal character add`")
    else:
        names = ()
        for name in command.characters:
            found = character(state, name).name
            if found in names:
                raise RuleError(f"{found} is named twice: name each character once")
            names = (*names, found)
    encounter = rules_of(state).encounter
    if encounter is not None and not command.victory:
        present_now = {p.name for p in present(encounter)}
        fighting = [n for n in names if n in present_now]
        if fighting:
            raise RuleError(
                f"{', '.join(fighting)} {'is' if len(fighting) == 1 else 'are'} still fighting "
                f"in {encounter.title!r}: a night's sleep waits for the end of the fight "
                "(`journal encounter end`); a major victory is `rest --victory`"
            )
    changes: list[WillpowerChange] = []
    for name in names:
        who = character(state, name)
        gain = who.willpower_max if command.points is None else command.points
        after = min(who.willpower_max, who.willpower + gain)
        changes.append(WillpowerChange(name, who.willpower, after, who.willpower_max))
    return Rested(names, everyone, command.victory, command.points, tuple(changes))


def peace_taken(state: CampaignState, command: Peace) -> list[Event]:
    """`peace NAME` or `peace --all`: each character's months of peace, after the clock
    moved on by those months (so the arcs date the loss when the months are over); with
    no campaign clock, or `--keep-clock`, the clock stays."""
    if command.everyone:
        names = tuple(rules_of(state).characters)
        if not names:
            raise RuleError(
                "nobody to make peace for: add a character with `journal character add`"
            )
    else:
        names = (command.character,)
    rulings: list[Event] = [
        peace(state, msgspec.structs.replace(command, character=name, everyone=False))
        for name in names
    ]
    if state.clock is None or command.keep_clock:
        return rulings
    return [clock_moved(state, f"{command.months}mo"), *rulings]


def peace(state: CampaignState, command: Peace) -> PeaceRecorded:
    who = character(state, command.character)
    if command.months < 1:
        raise RuleError(
            f"months of peace must be 1 or more, not {command.months}: record peace once a "
            "month has passed, e.g. --months 1"
        )
    if command.lose < 0:
        raise RuleError(
            f"Hardness lost must be 0 or more, not {command.lose}; use an award to raise it"
        )
    override = None if command.override is None else " ".join(command.override.split())
    if override == "":
        raise RuleError('an override needs a reason: --override "why"')
    encounter = rules_of(state).encounter
    if encounter is not None and who.name in encounter.participants:
        raise RuleError(
            f"{who.name} is fighting in {encounter.title!r}: end the encounter before peace"
        )
    spec = category_name(command.specialization) if command.specialization else None
    if spec is not None and spec not in who.specializations:
        owned = ", ".join(who.specializations) or "none"
        raise RuleError(
            f"{who.name} has no Hardness specialization {spec!r} to lose (theirs: {owned}): "
            "leave --spec out for the general Hardness"
        )
    label = hardness_label(spec)
    before = who.level(spec)
    peak = who.peak(spec)
    floor = math.ceil(peak / 2)
    if command.mindset and command.lose:
        raise RuleError(
            f"{who.name} kept a warlike mindset, so nothing is lost: record --lose 0, "
            "or drop --mindset"
        )
    if command.lose and before - command.lose < floor:
        raise RuleError(
            f"{who.name} can lose at most half of their peak {label} {peak}: not below "
            f"{floor}, so at most {max(0, before - floor)} from {before}, not {command.lose}"
        )
    if command.lose and before > catalog.THERAPY_ABOVE and not command.therapy and not override:
        raise RuleError(
            f"{who.name} has {label} {before}, above {catalog.THERAPY_ABOVE}: losing it needs "
            'therapy; add --therapy, or --override "reason"'
        )
    return PeaceRecorded(
        character=who.name,
        months=command.months,
        lose=command.lose,
        therapy=command.therapy,
        ptsd=command.ptsd,
        mindset=command.mindset,
        override=override,
        peak=peak,
        floor=floor,
        hardness_before=before,
        hardness_after=before - command.lose,
        specialization=spec,
    )


def award(state: CampaignState, command: Award) -> HardnessAwarded:
    who = character(state, command.character)
    reason = " ".join(command.reason.split())
    if not reason:
        raise RuleError('an award of Hardness needs a reason: --reason "..."')
    if command.hardness < 1:
        raise RuleError(f"an award gives 1 level of Hardness or more, not {command.hardness}")
    spec = category_name(command.specialization) if command.specialization else None
    if spec and spec not in who.specializations and not command.new_spec:
        owned = ", ".join(who.specializations) or "none yet"
        raise RuleError(
            f"{who.name} has no {spec!r} specialization ({owned}): check the spelling, or add "
            "--new-spec to start one"
        )
    # A new specialization starts from the general Hardness it used to fall back on.
    before = who.level(spec)
    after = before + command.hardness
    if after > catalog.HARDNESS_MAX:
        raise RuleError(
            f"{who.name}'s Hardness{f' ({spec})' if spec else ''} is {before}: "
            f"+{command.hardness} would pass {catalog.HARDNESS_MAX}, the most; "
            f"award {catalog.HARDNESS_MAX - before} at most"
        )
    return HardnessAwarded(who.name, command.hardness, reason, spec or None, who.cap, before, after)
