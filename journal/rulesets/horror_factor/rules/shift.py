"""`journal shift NAME CAUSE [DELTA]`: a participant's HF shifts at once, by a cause of the
catalog (hurt +2, grabbed +2, inspired -1 for everyone) or the GM's own with its delta."""

from __future__ import annotations

from journal.plugin.rules import CampaignState, Command, Event, Meta, RuleError, event
from journal.rulesets.horror_factor.rules import catalog
from journal.rulesets.horror_factor.rules.lookup import participant, present, running
from journal.rulesets.horror_factor.rules.sheet import category_name
from journal.rulesets.horror_factor.rules.state import HFState, rules_of
from journal.rulesets.horror_factor.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL
from journal.rulesets.horror_factor.rules.track import TrackChange, track_change, tracked
from journal.rulesets.horror_factor.rules.wording import players_words


class Shift(Command, frozen=True):
    character: str | None  # None: every participant (`--all`)
    cause: str
    delta: int | None = None
    #: what players read for this shift (`--as`), instead of the cause's wording
    told: str | None = None


@event
class HorrorFactorShifted(Event, frozen=True):
    character: str | None  # None: the GM shifted every participant
    cause: str
    delta: int | None  # as the GM gave it; None: the catalog's
    applied: int  # the delta applied to each named participant
    catalog: bool
    group: bool
    turn: int
    changes: tuple[TrackChange, ...]
    #: what players read: the GM's words for this shift (`--as`), and the campaign's
    #: wording of the catalog cause in force when it was recorded (`journal wording`)
    told: str | None = None
    wording: str | None = None


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
        told=players_words(command.told, "--as"),
        wording=rules_of(state).wording.get(cause) if entry is not None else None,
    )


DECIDE.on(Shift)(lambda state, command, dice: [shift(state, command)])


@EVOLVE.on(HorrorFactorShifted)
def _shifted(state: CampaignState, payload: HorrorFactorShifted, meta: Meta) -> HFState:
    return tracked(rules_of(state), payload.changes, drop=False)


RECALL.on(HorrorFactorShifted)(lambda p: Shift(p.character, p.cause, p.delta, p.told))
CONCERNS.on(HorrorFactorShifted)(lambda p: tuple(c.character for c in p.changes))
