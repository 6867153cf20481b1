"""Where d100 sanity characters stand: the typed `status` document (its numbers), and the
words players read for SAN when the campaign keeps it from them."""

from __future__ import annotations

import builtins
from collections.abc import Mapping

from msgspec import Struct

from journal.plugin.rules import CampaignState, CharacterStatus, Document
from journal.rulesets.d100_sanity.rules.lookup import clamp, day_key, rules_of
from journal.rulesets.d100_sanity.rules.options import indefinite, preset, san_hidden
from journal.rulesets.d100_sanity.rules.state import Insanity, Investigator

STEADY, SHAKEN, BREAKING, LOST = "steady", "shaken", "breaking", "lost to madness"


class InsanityStatus(Document, Struct, frozen=True):
    """An insanity in force: its kind, the roll that brought it, and until when (`ends`:
    the clock; null: until the session ends or the GM ends it, as `until` says)."""

    kind: str
    seq: int
    length: str | None
    ends: str | None
    until: str


class DueStatus(Document, Struct, frozen=True):
    """What a ruling left for the GM to record (a bout, a disorder, an adaptation's cost, a
    flee/struggle/submit choice), and the ruling."""

    what: str
    seq: int
    kind: str | None


class DayStatus(Document, Struct, frozen=True):
    """Today's losses: the day, the SAN at its first loss, what was lost since, and the
    fifth of that SAN that brings an indefinite insanity."""

    day: str
    san_at_first_loss: int
    lost: int
    fifth: int


class SanityStatus(CharacterStatus, Struct, frozen=True):
    san: int
    san_max: int
    san_start: int
    pow: int
    #: INT (its key is the sheet's; the annotations after it name the builtin in full)
    int: int | None
    mythos: builtins.int
    breaking_point: builtins.int | None
    today: DayStatus | None
    insanity: tuple[InsanityStatus, ...]
    permanent: bool
    disorders: tuple[str, ...]
    bonds: Mapping[str, builtins.int]
    boxes: Mapping[str, builtins.int]
    adapted: tuple[str, ...]
    due: tuple[DueStatus, ...]
    rolls: builtins.int
    #: SAN in the players' words: steady, shaken, breaking, lost to madness
    state: str
    #: whether the players read `state` instead of the numbers (the campaign's `san_hidden`)
    san_hidden: bool
    preset: str
    #: whether a fifth of the day's SAN lost brings an indefinite insanity (`today` counts it)
    indefinite: bool


def until(insanity: Insanity) -> str:
    """`until 1925-11-01 04:40`, `until the session ends`, `until treated`."""
    if insanity.by_session:
        return "until the session ends" if insanity.session is not None else "until a session"
    if insanity.ends is None:
        return "until treated (or the GM ends it)"
    return f"until {insanity.ends.replace('T', ' ')}"


def words(who: Investigator, insane: bool) -> str:
    """SAN in words, against the SAN the character started with: steady (two thirds or
    more), shaken (a third or more), breaking (less, or insane now), lost to madness (0)."""
    if who.san == 0:
        return LOST
    if insane:
        return BREAKING
    if 3 * who.san >= 2 * who.start:
        return STEADY
    if 3 * who.san >= who.start:
        return SHAKEN
    return BREAKING


def _status(state: CampaignState, who: Investigator) -> SanityStatus:
    held = who.insane(state.clock, state.session)
    counted = indefinite(state)
    day = who.day if counted and who.day is not None and who.day.key == day_key(state) else None
    return SanityStatus(
        san=who.san,
        san_max=who.san_max,
        san_start=who.start,
        pow=who.pow,
        int=who.intelligence,
        mythos=who.mythos,
        breaking_point=who.breaking_point,
        today=None if day is None else DayStatus(day.key, day.san, day.lost, day.fifth),
        insanity=tuple(InsanityStatus(i.kind, i.seq, i.length, i.ends, until(i)) for i in held),
        permanent=who.san == 0,
        disorders=tuple(d.name for d in who.disorders),
        bonds={b.name: b.score for b in who.bonds},
        boxes=dict(who.boxes),
        adapted=who.adapted,
        due=tuple(DueStatus(d.what, d.seq, d.kind) for d in who.owing(state.clock, state.session)),
        rolls=who.rolls,
        state=words(who, bool(held)),
        san_hidden=san_hidden(state),
        preset=preset(state),
        indefinite=counted,
    )


def status(state: CampaignState) -> dict[str, SanityStatus]:
    rules = rules_of(state)
    return {
        name: _status(state, rules.characters[name])
        for name in state.characters
        if name in rules.characters
    }


def status_of(state: CampaignState, name: str) -> SanityStatus | None:
    if name not in state.characters:
        return None
    who = rules_of(state).characters.get(name)
    return None if who is None else _status(state, who)


def within(who: Investigator) -> bool:
    """Whether SAN is within 0 and its maximum (the fold keeps it so)."""
    return clamp(who.san, who.san_max) == who.san
