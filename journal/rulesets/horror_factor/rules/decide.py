"""The decider for encounters: the only place the HF track and initiative are computed."""

from __future__ import annotations

from functools import lru_cache

from journal.plugin.rules import (
    CampaignState,
    Deciders,
    DiceBox,
    RuleError,
    Stake,
    Term,
    Terms,
    rested_for,
    unsigned,
)
from journal.rulesets.horror_factor.rules import aftermath, catalog
from journal.rulesets.horror_factor.rules.commands import (
    AdvanceTurn,
    Award,
    DropEnemy,
    EndEncounter,
    HorrorCheck,
    JoinEncounter,
    LeaveEncounter,
    Peace,
    Rest,
    RollInitiative,
    SetWording,
    Shift,
    Soak,
    StartEncounter,
)
from journal.rulesets.horror_factor.rules.events import (
    EncounterJoined,
    EncounterLeft,
    EncounterStarted,
    EnemyDropped,
    HorrorFactorShifted,
    InitiativeRolled,
    TrackChange,
    TurnAdvanced,
    WillpowerSoaked,
    WordingSet,
)
from journal.rulesets.horror_factor.rules.lookup import (
    character,
    engaged,
    participant,
    present,
    rules_of,
    running,
    track_change,
)
from journal.rulesets.horror_factor.rules.sheet import category_name
from journal.rulesets.horror_factor.rules.state import (
    Participant,
    action_penalty,
)

DECIDE = Deciders[CampaignState]("decide")
DECIDE.on(StartEncounter)(lambda state, command, dice: [start_encounter(state, command)])
DECIDE.on(AdvanceTurn)(lambda state, command, dice: [advance_turn(state)])
DECIDE.on(RollInitiative)(
    lambda state, command, dice: [roll_initiative(state, command.character, dice)]
)
DECIDE.on(Soak)(lambda state, command, dice: [soak(state, command.character, command.points)])
DECIDE.on(Shift)(lambda state, command, dice: [shift(state, command)])
DECIDE.on(DropEnemy)(lambda state, command, dice: [drop_enemy(state, command.character)])
DECIDE.on(JoinEncounter)(lambda state, command, dice: [join(state, command.character)])
DECIDE.on(LeaveEncounter)(lambda state, command, dice: [leave(state, command)])
DECIDE.on(EndEncounter)(lambda state, command, dice: [aftermath.end_encounter(state, command)])
DECIDE.on(HorrorCheck)(lambda state, command, dice: [aftermath.horror_check(state, command, dice)])
DECIDE.on(Rest)(
    lambda state, command, dice: rested_for(state, command.hours, aftermath.rest(state, command))
)
DECIDE.on(Peace)(lambda state, command, dice: aftermath.peace_taken(state, command))
DECIDE.on(Award)(lambda state, command, dice: [aftermath.award(state, command)])
DECIDE.on(SetWording)(lambda state, command, dice: [set_wording(state, command)])

#: the term a fighter who rolled no initiative is recorded with (they count as having acted)
NO_ROLL = "no initiative, counts as acted"


# --- encounter ----------------------------------------------------------------------------


def parse_hf(text: str) -> tuple[int, str]:
    """A preset name or a whole number >= 0, as (HF, label for the terms)."""
    key = category_name(text)
    if key in catalog.PRESETS:
        return catalog.PRESETS[key], key
    number = unsigned(text)
    if number is not None:
        if number > catalog.HF_NUMBER_MAX:
            raise RuleError(
                f"HF {number} is more than {catalog.HF_NUMBER_MAX}: the text's table runs 0 to 6 "
                "(a horde is 6) before modifiers; give a number 0 to "
                f"{catalog.HF_NUMBER_MAX} or a preset"
            )
        return number, "base HF"
    presets = ", ".join(f"{k} {v}" for k, v in catalog.PRESETS.items())
    raise RuleError(f"HF {text!r} is neither a preset ({presets}) nor a whole number 0 or more")


def start_encounter(state: CampaignState, command: StartEncounter) -> EncounterStarted:
    current = rules_of(state).encounter
    if current is not None:
        raise RuleError(
            f"the encounter {current.title!r} is still running: end it with "
            "`journal encounter end` first"
        )
    title = " ".join(command.title.split())
    if not title:
        raise RuleError('an encounter needs a title, e.g. `journal encounter start "Zombies"`')
    base, label = parse_hf(command.hf)
    if command.creepy not in catalog.CREEPY_LEVELS:
        raise RuleError(
            f"creepy must be 0, 1 (--creepy) or 2 (--very-creepy), not {command.creepy}"
        )
    # no cast given: everyone still in the story, as a Fright Check fight takes everyone
    named = command.cast or state.cast
    if not named:
        raise RuleError(
            "no character is in the story yet: add them with `journal character add` first"
        )
    cast: list[str] = []
    for name in named:
        who = character(state, name).name
        if who in cast:
            raise RuleError(f"{who} is named twice in the cast: name each character once")
        cast.append(who)
    category = category_name(command.category) if command.category else None
    terms: list[Term] = [(label, base)]
    if command.outnumbered:
        terms.append(("outnumbered", catalog.OUTNUMBERED))
    if command.creepy:
        terms.append(("creepy" if command.creepy == 1 else "very creepy", command.creepy))
    if command.ambush:
        terms.append(("ambush (turn 1 only)", catalog.AMBUSH))
    return EncounterStarted(
        title=title,
        hf_given=command.hf.strip(),
        cast=tuple(cast),
        outnumbered=command.outnumbered,
        ambush=command.ambush,
        creepy=command.creepy,
        category=category or None,
        base_hf=base,
        hf=sum(value for _, value in terms),
        terms=tuple(terms),
    )


def advance_turn(state: CampaignState) -> TurnAdvanced:
    encounter = running(state, "advance the turn")
    expires = encounter.ambush and encounter.turn == 1
    changes: list[TrackChange] = []
    parts: list[Term]
    for p in encounter.participants.values():
        if p.left is not None:
            if not expires:
                continue  # out of the fight: no decay
            parts, reasons = [(f"out of the fight ({p.left})", 0)], ["out of the fight: same"]
        elif p.initiative is None:
            parts = [(NO_ROLL, -1)]
            reasons = ["no initiative: -1"]
        elif p.can_act:
            parts, reasons = [("acted", -1)], ["acted: -1"]
        else:
            parts, reasons = [("froze, faces the full HF again", 0)], ["froze: same"]
        if expires:
            parts.append(("ambush expired", -catalog.AMBUSH))
            reasons.append(f"ambush expired: -{catalog.AMBUSH}")
        changes.append(track_change(p, parts, "; ".join(reasons)))
    return TurnAdvanced(encounter.turn + 1, tuple(changes))


@lru_cache(maxsize=1024)  # a campaign's few tracks and levels: the audit asks 10,000s
def penalty_term(hf: int, soak: int, hardness: int, label: str) -> Term:
    penalty = action_penalty(max(0, hf - soak), hardness)
    text = f"HF {hf}" + (f" - soak {soak}" if soak else "") + f" - {label} {hardness}"
    if max(0, hf - soak) < hardness:
        text += " (no bonus)"
    return text, -penalty


def roll_initiative(state: CampaignState, name: str, dice: DiceBox) -> InitiativeRolled:
    who, p, encounter = engaged(state, name, "roll initiative")
    if p.initiative is not None:
        raise RuleError(
            f"{who.name} already rolled initiative this turn ({p.initiative}): one roll per "
            "turn; correct that roll where it stands (`journal amend SEQ --dice +A/-B "
            '--reason "..."`), or run `journal turn` for the next turn'
        )
    if p.dropped is not None:
        raise RuleError(
            f"{who.name} already acted this turn (dropped an enemy at #{p.dropped}): "
            "initiative is rolled at the start of a turn, so this roll is out of order: "
            "correct the turn's roll where it stands (`journal amend SEQ --dice +A/-B "
            f'--reason "..."`), or void #{p.dropped} first if that drop never happened'
        )
    hardness, label = who.hardness_for(encounter.category)
    effective, reaction = p.effective_hf, who.reaction
    penalty = action_penalty(effective, hardness)
    # the total acts above 0: the pair must come to 1 - (Reaction - penalty) or more
    roll = dice.roll("initiative", 2, 10, Stake(at_least=1 - (reaction - penalty)))
    plus, minus = roll.faces
    worded = penalty_term(p.hf, p.soak, hardness, label)
    terms: Terms = (("Reaction", reaction), worded, ("+d10", plus), ("-d10", -minus))
    total = sum(value for _, value in terms)
    return InitiativeRolled(
        character=who.name,
        turn=encounter.turn,
        dice=dice.rolled(),
        reaction=reaction,
        hf=p.hf,
        soak=p.soak,
        effective_hf=effective,
        hardness=hardness,
        hardness_label=label,
        action_penalty=penalty,
        total=total,
        terms=terms,
        can_act=total > 0,
        defense_penalty=min(0, total),
    )


def soak(state: CampaignState, name: str, points: int) -> WillpowerSoaked:
    who, p, encounter = engaged(state, name, "soak")
    if not 1 <= points <= catalog.SOAK_PER_TURN:
        raise RuleError(f"a soak is 1 to {catalog.SOAK_PER_TURN} Willpower a turn, not {points}")
    if p.soak + points > catalog.SOAK_PER_TURN:
        raise RuleError(
            f"{who.name} has soaked {p.soak} this turn; at most {catalog.SOAK_PER_TURN} per turn, "
            f"so {catalog.SOAK_PER_TURN - p.soak} more at most"
        )
    if points > who.willpower:
        raise RuleError(
            f"{who.name} has only {who.willpower} Willpower left (of {who.willpower_max}): "
            "soak less, or rest first"
        )
    hardness, label = who.hardness_for(encounter.category)
    if p.effective_hf <= hardness:
        now = f"effective HF {p.effective_hf}" if p.soak else f"HF {p.hf}"
        raise RuleError(
            f"{who.name}'s {now} is already at or below their {label} {hardness}: there is no "
            "penalty to lower, so a soak would only waste Willpower"
        )
    after = Participant(p.name, p.hf, p.soak + points)
    return WillpowerSoaked(
        character=who.name,
        turn=encounter.turn,
        points=points,
        willpower_before=who.willpower,
        willpower_after=who.willpower - points,
        soak_before=p.soak,
        soak_after=after.soak,
        hf=p.hf,
        effective_hf=after.effective_hf,
        hardness=hardness,
        action_penalty=action_penalty(after.effective_hf, hardness),
        terms=(penalty_term(p.hf, after.soak, hardness, label),),
    )


def shift(state: CampaignState, command: Shift) -> HorrorFactorShifted:
    encounter = running(state, "shift HF")
    cause = " ".join(command.cause.split())
    if not cause:
        raise RuleError("a shift needs a cause: a catalog key (hurt, grabbed, ...) or text")
    entry = catalog.CAUSES.get(category_name(cause))
    applied = 0
    if entry is not None:
        cause, applied = category_name(cause), entry.delta
    limit = catalog.SHIFT_DELTA_MAX
    if command.delta is not None and not -limit <= command.delta <= limit:
        raise RuleError(
            f"a shift moves HF by -{limit} to {limit}, not {command.delta}: the text's causes "
            "are 1 or 2 (hurt +2, inspired -1)"
        )
    if command.delta is not None:
        applied = command.delta  # the GM's delta wins, also over the catalog's
    elif entry is None:
        known = ", ".join(f"{k} {c.delta:+d}" for k, c in catalog.CAUSES.items())
        raise RuleError(
            f"{cause!r} is not in the catalog ({known}): give the HF change too, "
            f'e.g. `journal shift NAME "{cause}" 1`'
        )
    if applied == 0:
        raise RuleError("a shift of 0 changes nothing: give a delta such as 1, 2 or -1")
    group = entry is not None and entry.group
    name: str | None = None
    if command.character is not None:
        name = participant(state, command.character, "have their HF shifted")[0].name
    targets = [p.name for p in present(encounter)] if group or name is None else [name]
    if not targets:
        raise RuleError(f"nobody is left in the fight {encounter.title!r}: nothing to shift")
    changes = tuple(
        track_change(encounter.participants[t], [(cause, applied)], f"{cause} {applied:+d}")
        for t in targets
    )
    return HorrorFactorShifted(
        character=name,
        cause=cause,
        delta=command.delta,
        applied=applied,
        catalog=entry is not None,
        group=group,
        turn=encounter.turn,
        changes=changes,
        told=_words(command.told, "--as"),
        wording=rules_of(state).wording.get(cause) if entry is not None else None,
    )


#: the longest players' wording of a shift or a cause (a sentence, not a page)
WORDING_MAX = 200


def _words(text: str | None, flag: str) -> str | None:
    """Players' words as given, on one line; refused when blank or longer than a sentence."""
    if text is None:
        return None
    words = " ".join(text.split())
    if not words:
        raise RuleError(f"{flag} is what players read: give some words, or leave it out")
    if len(words) > WORDING_MAX:
        raise RuleError(f"{flag} is a sentence for a handout: {WORDING_MAX} characters at most")
    return words


def set_wording(state: CampaignState, command: SetWording) -> WordingSet:
    """The players' wording of a catalog cause, for the shifts recorded from now on."""
    cause = category_name(command.cause)
    if cause not in catalog.CAUSES:
        known = ", ".join(catalog.CAUSES)
        raise RuleError(f"{command.cause!r} is not a catalog cause: choose one of {known}")
    text = _words(command.text, "the wording")
    previous = rules_of(state).wording.get(cause)
    if text == previous:
        shown = "the catalog's" if text is None else repr(text)
        raise RuleError(f"players already read {cause!r} in {shown} words: nothing changes")
    return WordingSet(cause, text, previous)


def drop_enemy(state: CampaignState, name: str) -> EnemyDropped:
    who, me, encounter = engaged(state, name, "drop an enemy")
    if me.can_act is False:
        raise RuleError(
            f"{who.name} froze this turn (initiative {me.initiative}) and cannot act, so cannot "
            "drop an enemy: record the drop for whoever made it, or correct the initiative roll "
            "where it stands (`journal amend SEQ --dice +A/-B --reason ...`)"
        )
    changes: tuple[TrackChange, ...] = ()
    if encounter.drops == 0:
        changes = tuple(
            track_change(
                p,
                [("dropped the first enemy", catalog.FIRST_DROP_DROPPER)]
                if p.name == who.name
                else [(f"{who.name} dropped the first enemy", catalog.FIRST_DROP_OTHERS)],
                "first enemy dropped",
            )
            for p in present(encounter)
        )
    return EnemyDropped(who.name, encounter.turn, encounter.drops + 1, changes)


def join(state: CampaignState, name: str) -> EncounterJoined:
    """A newcomer faces the encounter's HF as it stands for newcomers: its base and
    modifiers, the ambush only while it is still turn 1 (no decay: they were not there).
    One who left comes back to the HF they left with."""
    encounter = running(state, "join it")
    who = character(state, name)
    found = encounter.participants.get(who.name)
    if found is not None:
        if found.left is None:
            raise RuleError(
                f"{who.name} is already in the fight {encounter.title!r} (HF {found.hf})"
            )
        terms: Terms = (("HF when they left", found.hf),)
        return EncounterJoined(who.name, encounter.turn, found.hf, terms, rejoined=True)
    parts: list[Term] = [("encounter HF", encounter.initial_hf)]
    if encounter.ambush:
        parts = [("encounter HF", encounter.initial_hf - catalog.AMBUSH)]
        if encounter.turn == 1:
            parts.append(("ambush (turn 1 only)", catalog.AMBUSH))
    hf = max(0, sum(value for _, value in parts))
    return EncounterJoined(who.name, encounter.turn, hf, tuple(parts), rejoined=False)


def leave(state: CampaignState, command: LeaveEncounter) -> EncounterLeft:
    who, p, encounter = engaged(state, command.character, "leave it", present=False)
    reason = " ".join(command.reason.split())
    if not reason:
        raise RuleError(
            f'say why {who.name} is out of the fight: --reason "fled" (or "knocked out", ...)'
        )
    if p.left is not None:
        raise RuleError(f"{who.name} already left the fight ({p.left})")
    return EncounterLeft(who.name, encounter.turn, reason, p.hf)
