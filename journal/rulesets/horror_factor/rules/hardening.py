"""What an incident does to a character's mind, shared by an encounter's end and a Horror
Check: Hardness gained up to the training's cap, brokenness, and one change per incident
(RULES.md: the end that names a character and a Horror Check about that encounter are
alternatives, unless the campaign option `end_and_check` allows both)."""

from __future__ import annotations

from journal.plugin.rules import CampaignState, RuleError
from journal.rulesets.horror_factor.rules import catalog
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


def already_ruled(state: CampaignState, who: Character, by_check: bool) -> None:
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
