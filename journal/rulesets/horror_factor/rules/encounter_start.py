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
    hf: str  # a preset name or an integer as text
    cast: tuple[str, ...]
    outnumbered: bool = False
    ambush: bool = False
    creepy: int = 0
    category: str | None = None


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
    )
    characters = dict(rules.characters)
    for name in cast:
        characters[name] = faces(characters[name], payload.hf, payload.title, payload.category)
    return replace(rules, characters=characters, encounter=encounter)


RECALL.on(EncounterStarted)(
    lambda p: StartEncounter(
        title=p.title,
        hf=p.hf_given,
        cast=tuple(p.cast),
        outnumbered=p.outnumbered,
        ambush=p.ambush,
        creepy=p.creepy,
        category=p.category,
    )
)
CONCERNS.on(EncounterStarted)(lambda p: tuple(p.cast))
