"""`journal encounter start TITLE --hf PRESET|N`: an encounter begins, every participant
facing its initial HF (the base, outnumbered, creepy, an ambush on turn 1)."""

from __future__ import annotations

from msgspec.structs import replace

from journal.plugin.rules import (
    CampaignState,
    Command,
    Event,
    Meta,
    RuleError,
    Term,
    Terms,
    event,
    unsigned,
)
from journal.rulesets.horror_factor.rules import catalog
from journal.rulesets.horror_factor.rules.lookup import character
from journal.rulesets.horror_factor.rules.sheet import category_name
from journal.rulesets.horror_factor.rules.state import (
    HFState,
    Participant,
    RunningEncounter,
    faces,
    rules_of,
)
from journal.rulesets.horror_factor.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL


class StartEncounter(Command, frozen=True):
    title: str
    hf: str | None  # a preset name or an integer as text (None: the threat's)
    cast: tuple[str, ...]
    outnumbered: bool = False
    ambush: bool = False
    creepy: int = 0
    category: str | None = None
    #: the source it is started against (`threat add`): its HF and category inherited
    threat: str | None = None
    #: of hf and category, those the GM gave (None: each one that is not None)
    given: tuple[str, ...] | None = None
    #: False: a start an older journal recorded, decided again as it was
    inherits: bool = True


@event
class EncounterStarted(Event, frozen=True):
    title: str
    hf_given: str
    cast: tuple[str, ...]
    outnumbered: bool
    ambush: bool
    creepy: int
    category: str | None
    base_hf: int
    hf: int  # the initial HF every participant faces on turn 1
    terms: Terms
    #: the source it was started against, what the GM gave (None: an older journal's
    #: start, every one given) and what it took from the source
    threat: str | None = None
    given: tuple[str, ...] | None = None
    from_threat: tuple[str, ...] = ()


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


#: what an encounter takes from its source when the GM does not give it
INHERITED = ("hf", "category")


def _inherit(state: CampaignState, command: StartEncounter) -> StartEncounter:
    """The command with its source's HF and category where the GM gave none; refused when
    the source is unknown, or no HF comes from either."""
    if not command.inherits:
        return command
    given = tuple(
        f for f in INHERITED if f in (command.given or ()) or getattr(command, f) is not None
    )
    threat = " ".join((command.threat or "").split()) or None
    source = None
    if threat is not None:
        sources = rules_of(state).threats
        source = sources.get(threat)
        if source is None:
            known = ", ".join(sources) or "none yet"
            raise RuleError(
                f"no threat {threat!r} (known: {known}): describe it first with "
                f"`journal threat add {threat} --hf PRESET|N`, or give --hf"
            )
    values = {f: getattr(command, f) if f in given else None for f in INHERITED}
    if source is not None:
        values = {f: values[f] if f in given else getattr(source, f) for f in INHERITED}
    if values["hf"] is None:
        raise RuleError(
            "a Horror Factor encounter needs --hf PRESET|N (e.g. --hf horde), or a --threat "
            "that has one"
        )
    return replace(command, threat=threat, given=given, **values)


def start_encounter(state: CampaignState, command: StartEncounter) -> EncounterStarted:
    command = _inherit(state, command)
    if command.hf is None:
        raise RuleError("a Horror Factor encounter needs --hf PRESET|N (e.g. --hf horde)")
    source = rules_of(state).threats.get(command.threat) if command.threat else None
    taken = tuple(
        f for f in INHERITED if f not in (command.given or ()) and source and getattr(source, f)
    )
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
    if "hf" in taken and source is not None:
        label = f"{label} (threat {source.name or source.threat})"
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
        threat=command.threat,
        given=command.given,
        from_threat=taken,
    )


DECIDE.on(StartEncounter)(lambda state, command, dice: [start_encounter(state, command)])


@EVOLVE.on(EncounterStarted)
def _started(state: CampaignState, payload: EncounterStarted, meta: Meta) -> HFState:
    rules = rules_of(state)
    # One still running here means its end was voided: the recorded start replaces it.
    cast = [name for name in payload.cast if name in rules.characters]
    encounter = RunningEncounter(
        title=payload.title,
        category=payload.category,
        ambush=payload.ambush,
        initial_hf=payload.hf,
        participants={name: Participant(name, max(0, payload.hf)) for name in cast},
        threat=payload.threat,
    )
    characters = dict(rules.characters)
    for name in cast:
        characters[name] = faces(characters[name], payload.hf, payload.title, payload.category)
    threats = rules.threats
    source = threats.get(payload.threat) if payload.threat is not None else None
    if source is not None:
        threats = {**threats, source.threat: replace(source, faced=source.faced + 1)}
    return replace(rules, characters=characters, encounter=encounter, threats=threats)


RECALL.on(EncounterStarted)(
    lambda p: StartEncounter(
        title=p.title,
        hf=p.hf_given if p.given is None or "hf" in p.given else None,
        cast=tuple(p.cast),
        outnumbered=p.outnumbered,
        ambush=p.ambush,
        creepy=p.creepy,
        category=p.category if p.given is None or "category" in p.given else None,
        threat=p.threat,
        given=p.given,
        inherits=p.given is not None,
    )
)
CONCERNS.on(EncounterStarted)(lambda p: tuple(p.cast))
