"""`journal character sync NAME FILE.gcs [--yes]`: the player levelled up or the GM edited
the sheet in GCS; the differences between the file and the sheet the journal holds become
one event with the file (its name and SHA-256) as their reason, shown before it is written.

`planned` reads the differences (the command line shows them and asks): Will, HT, IQ and
the HP and FP maxima as the journal has them now (an IQ or HT lost to fright is in the
file an export wrote; an older file shows it as a difference, for the GM to see), and
every trait, read by the one reader as `character import` reads it. A trait the journal
recorded in play (a Fright Check's) that the file lacks is kept: `export-gcs` writes it.
Current HP and FP stay the journal's (play moves them).

The command carries the differences themselves, so the audit decides them again alike: each
number must still be what it was, each trait taken off still held, each one put on not yet
held; otherwise the sheet changed since and the GM syncs again.
"""

from __future__ import annotations

from collections.abc import Mapping

from msgspec import Struct

from journal.plugin.rules import CampaignState, Command, Event, Meta, RuleError, changed, event
from journal.rulesets.fright_check.rules.lookup import character_of, rules_of
from journal.rulesets.fright_check.rules.sheet import build_sheet, character_from_sheet
from journal.rulesets.fright_check.rules.sheet_edits import (
    HeldTrait,
    held,
    with_trait,
    without_trait,
)
from journal.rulesets.fright_check.rules.state import Character, FrightState
from journal.rulesets.fright_check.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL
from journal.rulesets.fright_check.rules.traits import MENTAL, OTHERS, PHYSICAL, QUIRKS, TRAITS

#: the numbers a sync compares, as the sheet shows them
NUMBERS = {"will": "Will", "ht": "HT", "iq": "IQ", "hp": "HP max", "fp": "FP max"}


class NumberMoved(Struct, frozen=True):
    """A number of the sheet: what it was and what the file says."""

    number: str
    before: int
    after: int

    def words(self) -> str:
        return f"{NUMBERS.get(self.number, self.number)} {self.before} → {self.after}"


class SyncSheet(Command, frozen=True):
    """Bring `character`'s sheet to what `file` (its SHA-256 `sha256`) holds: the numbers
    moved, the traits taken off and put on."""

    character: str
    file: str
    sha256: str
    numbers: tuple[NumberMoved, ...] = ()
    removed: tuple[HeldTrait, ...] = ()
    added: tuple[HeldTrait, ...] = ()
    #: what play gave that the file lacks, kept (shown before, not recorded)
    kept: tuple[str, ...] = ()

    def changes(self) -> list[str]:
        """The differences in words, as the event will tell them."""
        return changes(self.numbers, self.removed, self.added)

    @classmethod
    def planned(
        cls, state: CampaignState, name: str, sheet: Mapping[str, object], file: str, digest: str
    ) -> SyncSheet | None:
        """The command that records the differences of `sheet` (None: there are none)."""
        return planned(state, name, sheet, file, digest)


@event
class SheetSynced(Event, frozen=True):
    """A character's sheet brought to their GCS file's: the differences, the file."""

    character: str
    file: str
    sha256: str
    numbers: tuple[NumberMoved, ...] = ()
    removed: tuple[HeldTrait, ...] = ()
    added: tuple[HeldTrait, ...] = ()

    def changes(self) -> list[str]:
        return changes(self.numbers, self.removed, self.added)


def changes(
    numbers: tuple[NumberMoved, ...], removed: tuple[HeldTrait, ...], added: tuple[HeldTrait, ...]
) -> list[str]:
    """`Will 12 → 13`, `Fearlessness 1 → Fearlessness 2`, `Daredevil added`."""
    found = [n.words() for n in numbers]
    gone = {h.name: h for h in removed}
    for item in added:
        before = gone.pop(item.name, None)
        found.append(f"{before.words()} → {item.words()}" if before else f"{item.words()} added")
    found += [f"{h.words()} taken off" for h in gone.values()]
    return found


def now(character: Character, number: str) -> int:
    values = {
        "will": character.will,
        "ht": character.ht_now,
        "iq": character.iq_now,
        "hp": character.hp_max,
        "fp": character.fp_max,
    }
    return values[number]


def sheet_traits(character: Character, sheet_only: bool) -> dict[str, HeldTrait]:
    """Every trait the character holds, by name (`sheet_only`: not those play gave)."""
    found: dict[str, HeldTrait] = {}
    names = [*character.traits, *(q.name for q in character.quirks)]
    names += [d.name for d in (*character.disadvantages, *character.physical)]
    names += [o.name for o in character.others]
    from_play = {q.name for q in character.quirks if q.seq is not None}
    from_play |= {d.name for d in (*character.disadvantages, *character.physical) if d.seq}
    from_play |= {o.name for o in character.others if o.seq is not None}
    for name in names:
        if sheet_only and name in from_play:
            continue
        found[name] = held_of(character, name)
    return found


def held_of(character: Character, name: str) -> HeldTrait:
    found = held(character, name)
    assert found is not None  # (a name the character holds)
    return found


def planned(
    state: CampaignState, name: str, sheet: Mapping[str, object], file: str, digest: str
) -> SyncSheet | None:
    """The differences between `name`'s sheet and the file's (`sheet`, as `character
    import` reads it), as the command that records them; None when there are none."""
    who = character_of(state, name)
    read = character_from_sheet(who.name, build_sheet(sheet))
    numbers = tuple(
        NumberMoved(key, now(who, key), now(read, key))
        for key in NUMBERS
        if now(who, key) != now(read, key)
    )
    mine = sheet_traits(who, sheet_only=False)
    kept_from_play = set(mine) - set(sheet_traits(who, sheet_only=True))
    theirs = sheet_traits(read, sheet_only=False)
    removed = tuple(
        h
        for n, h in mine.items()
        if _differs(h, theirs.get(n)) and (n in theirs or n not in kept_from_play)
    )
    added = tuple(h for n, h in theirs.items() if _differs(h, mine.get(n)))
    if not (numbers or removed or added):
        return None
    kept = tuple(n for n in mine if n in kept_from_play and n not in theirs)
    return SyncSheet(who.name, file, digest, numbers, removed, added, kept)


def _differs(one: HeldTrait, other: HeldTrait | None) -> bool:
    return other is None or one != other


def sync_sheet(state: CampaignState, command: SyncSheet) -> SheetSynced:
    who = character_of(state, command.character)
    stale = f"{who.name}'s sheet changed since {command.file} was read: sync again"
    for moved in command.numbers:
        if moved.number not in NUMBERS or now(who, moved.number) != moved.before:
            raise RuleError(stale)
    for item in command.removed:
        if held(who, item.name) != item:
            raise RuleError(stale)
    after = _without(who, command.removed)
    for item in command.added:
        if item.place not in (TRAITS, MENTAL, PHYSICAL, QUIRKS, OTHERS):
            raise RuleError(f"{item.name} has no place on a sheet: {item.place!r}")
        if held(after, item.name) is not None:
            raise RuleError(stale)
    if not (command.numbers or command.removed or command.added):
        raise RuleError(f"{command.file}: nothing to sync")
    return SheetSynced(
        who.name, command.file, command.sha256, command.numbers, command.removed, command.added
    )


def _without(character: Character, removed: tuple[HeldTrait, ...]) -> Character:
    for item in removed:
        character = without_trait(character, item.name)
    return character


DECIDE.on(SyncSheet)(lambda state, command, dice: [sync_sheet(state, command)])


@EVOLVE.on(SheetSynced)
def _synced(state: CampaignState, payload: SheetSynced, meta: Meta) -> FrightState:
    rules = rules_of(state)
    who = rules.get(payload.character)
    if who is None:
        return rules
    who = _without(who, payload.removed)
    for item in payload.added:
        who = with_trait(who, item)
    for moved in payload.numbers:
        who = _moved(who, moved)
    return rules.with_character(who)


def _moved(who: Character, moved: NumberMoved) -> Character:
    change = moved.after - moved.before
    if moved.number == "will":
        return changed(who, will=who.will + change)
    if moved.number == "ht":
        return changed(who, ht=who.ht + change)
    if moved.number == "iq":
        return changed(who, iq=who.iq + change)
    if moved.number == "hp":  # the current HP moves with its maximum
        return changed(who, hp_max=moved.after, hp=min(who.hp + change, moved.after))
    return changed(who, fp_max=moved.after, fp=min(who.fp + change, moved.after))


@RECALL.on(SheetSynced)
def _recalled(payload: SheetSynced) -> SyncSheet:
    return SyncSheet(
        payload.character,
        payload.file,
        payload.sha256,
        payload.numbers,
        payload.removed,
        payload.added,
    )


CONCERNS.on(SheetSynced)(lambda p: (p.character,))
