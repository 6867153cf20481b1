"""Finding a character's sheet in the state, changing it in a fold, and the measures the
rules count by: the game day, the scope of a threat's cap, whether someone is insane now."""

from __future__ import annotations

from typing import Any

from journal.plugin.rules import CampaignState, RuleError, changed
from journal.rulesets.d100_sanity.rules.state import Due, Insanity, Investigator, SanityState

#: the day of every loss outside a session when no clock is set
OUTSIDE = "outside sessions"


def rules_of(state: CampaignState) -> SanityState:
    return state.rules if isinstance(state.rules, SanityState) else SanityState()


def investigator(state: CampaignState, name: str) -> Investigator:
    """The sheet of the character `name` names, for a new ruling (RuleError when they have
    none, or retired)."""
    canonical = state.character(name)
    found = rules_of(state).characters.get(canonical)
    if found is None:
        raise RuleError(f"{canonical} has no d100 sanity sheet in this campaign")
    return found


def able(state: CampaignState, name: str) -> Investigator:
    """`investigator`, refused when SAN is 0: permanent insanity ends their story."""
    who = investigator(state, name)
    if who.san == 0:
        raise RuleError(
            f"{who.name} is permanently insane (SAN 0): nothing more can be rolled for them "
            f"(retire them with `journal character retire {who.name}`)"
        )
    return who


def with_changes(state: CampaignState, name: str, **changes: Any) -> SanityState:
    """The state with `name`'s sheet changed (unchanged when they have none: a void took
    them out)."""
    rules = rules_of(state)
    who = rules.characters.get(name)
    if who is None:
        return rules
    return rules.with_character(changed(who, **changes))


def settled(
    state: CampaignState,
    name: str,
    what: str,
    seq: int | None,
    *,
    earlier: bool = False,
    **changes: Any,
) -> SanityState:
    """The state with `name`'s `what` owed for the ruling at `seq` recorded (`earlier`: and
    those owed since before it), and their sheet `changes`."""
    who = rules_of(state).characters.get(name)
    if who is None:
        return rules_of(state)

    def answered(due: Due) -> bool:
        return (
            due.what == what and seq is not None and (due.seq <= seq if earlier else due.seq == seq)
        )

    return with_changes(state, name, due=tuple(d for d in who.due if not answered(d)), **changes)


def day_key(state: CampaignState) -> str:
    """The game day a loss falls on: its date on the campaign clock, or the session when no
    clock is set."""
    if state.clock is not None:
        return state.clock[:10]
    return f"session {state.session}" if state.session is not None else OUTSIDE


def scope(state: CampaignState) -> str:
    """What a threat's cap counts within: the running scenario, or else the session."""
    scenario = rules_of(state).scenario
    if scenario is not None:
        return f"scenario #{scenario.seq}"
    return f"session {state.session}" if state.session is not None else OUTSIDE


def insane_now(state: CampaignState, who: Investigator) -> tuple[Insanity, ...]:
    return who.insane(state.clock, state.session)


def clamp(value: int, most: int) -> int:
    """SAN kept within 0 and its maximum."""
    return max(0, min(most, value))
