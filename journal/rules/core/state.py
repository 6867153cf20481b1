"""The campaign's state as the fold leaves it, and the envelope of the event being folded
(`Meta`); the ruleset's own state sits in `CampaignState.rules`."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from itertools import pairwise

import msgspec

from journal.errors import NotFound, RuleError
from journal.events.registry import OptionValue


class Meta(msgspec.Struct, frozen=True, gc=False):
    """The envelope of the event being folded (what a payload does not carry). The fold
    makes one for every event: a Struct is made in C (a named tuple's `__new__` is
    Python), and holds no other object the garbage collector need follow."""

    seq: int
    game_time: str | None = None
    session: int | None = None
    recorded_at: datetime | None = None


class RulesState:
    """Base of a ruleset's own state (`CampaignState.rules`): a frozen `msgspec.Struct`
    (`class MyState(msgspec.Struct, RulesState, frozen=True)`), whose fold copies it with
    `journal.frozen.changed` (C-level `msgspec.structs.replace`). A frozen dataclass still
    works, at the cost of a slower fold."""

    __slots__ = ()


#: a roll the GM made behind the screen (`journal roll DICE --sealed`), as the fold has it
#: (amended, when it was): (its dice, what it was for, its faces, its total, the seq of the
#: event that unsealed it or None while it is sealed). A plain tuple: a snapshot reads it
#: with the campaign state's own classes (`journal.rules.core.rolls` reads it by name)
SealedRoll = tuple[str, str, tuple[int, ...], int, int | None]


#: a character's identity: the seq of the `CharacterAdded` that brought them in. Stable for
#: every log (older ones too), since it needs nothing an event did not already record.
CharacterId = int


class CampaignState(msgspec.Struct, frozen=True, weakref=True):
    """The campaign as the fold leaves it: a frozen Struct (copied in C); weakly
    referenceable, so a test can prove a walk lets the states it passed go."""

    slug: str = ""
    ruleset: str = ""
    title: str = ""
    options: Mapping[str, OptionValue] = msgspec.field(default_factory=dict)
    seq: int = 0
    clock: str | None = None
    session: int | None = None  # the open session, if any
    sessions: int = 0  # how many sessions have started
    characters: tuple[str, ...] = ()  # names, in the order they joined
    voided: frozenset[int] = frozenset()  # seqs voided so far
    rules: RulesState | None = None  # the ruleset's own state
    #: name -> seq of the retirement
    retired: Mapping[str, int] = msgspec.field(default_factory=dict)
    #: who holds each name now: name -> the character's id
    ids: Mapping[str, CharacterId] = msgspec.field(default_factory=dict)
    #: each character's names, oldest first, with the seq from which they held each one
    names: Mapping[CharacterId, tuple[tuple[str, int], ...]] = msgspec.field(default_factory=dict)
    #: who knows each secret (a `--for` or `--gm-only` note, by its seq): (knower, since
    #: seq) pairs, a knower a character's id or `knowledge.PLAYERS` (every player); the GM
    #: knows them all (`journal.rules.core.knowledge`)
    secrets: Mapping[int, tuple[tuple[int, int], ...]] = msgspec.field(default_factory=dict)
    #: the safety tools in force: seq -> (kind, text), kind `line` or `veil`
    safety: Mapping[int, tuple[str, str]] = msgspec.field(default_factory=dict)
    #: the rolls made behind the screen, by seq (`journal roll --sealed`, `journal unseal`)
    sealed: Mapping[int, SealedRoll] = msgspec.field(default_factory=dict)
    #: the language of the campaign's handouts (a BCP 47 tag; `campaign language`)
    language: str = "en"

    def identity(self, name: str) -> CharacterId:
        """The character `name` denotes now: whoever holds it (case-insensitive, as typed
        in NFC), else the one who held it last (an earlier name), retired ones included."""
        found = self.ids.get(name)
        if found is not None:
            return found
        from journal.names import normal

        wanted = normal(name).casefold()  # as typed, in NFC; an older name may not be
        for known, ident in self.ids.items():
            if normal(known).casefold() == wanted:
                return ident
        # an earlier name: the character who gave it up last
        latest: tuple[int, CharacterId] | None = None
        for ident, held in self.names.items():
            for (old, _), (_, until) in pairwise(held):
                if normal(old).casefold() == wanted and (latest is None or until > latest[0]):
                    latest = (until, ident)
        if latest is not None:
            return latest[1]
        active = [n for n in self.characters if n not in self.retired]
        cast = ", ".join(active) or "nobody yet"
        import difflib

        folded = {normal(n).casefold(): n for n in active}
        close = difflib.get_close_matches(wanted, list(folded), n=1, cutoff=0.6)
        meant = f"did you mean {folded[close[0]]!r}? Or " if close else ""
        raise NotFound(
            f"no character named {name!r} in campaign {self.slug!r} (the cast: {cast}); "
            f"{meant}add one with `journal character add`"
        )

    def ids_at(self, seq: int) -> dict[str, CharacterId]:
        """Who held each name at event `seq` (no naming event itself), as this state's
        history of names tells it: a later state knows every name held before it."""
        found = {}
        for ident, held in self.names.items():
            for index, (name, since) in enumerate(held):
                until = held[index + 1][1] if index + 1 < len(held) else None
                if since <= seq and (until is None or seq < until):
                    found[name] = ident
        return found

    def name_of(self, ident: CharacterId) -> str:
        """The name character `ident` goes by now."""
        return self.names[ident][-1][0]

    def formerly(self, ident: CharacterId) -> tuple[tuple[str, int], ...]:
        """Character `ident`'s earlier names, oldest first, each with the seq that renamed
        them away from it."""
        held = self.names.get(ident, ())
        return tuple((old, until) for (old, _), (_, until) in pairwise(held))

    def called(self, ident: CharacterId) -> str:
        """`Tobias (was Tobais until #12)`: the name now, and every earlier one."""
        earlier = self.formerly(ident)
        now = self.name_of(ident)
        if not earlier:
            return now
        was = ", ".join(f"{old} until #{until}" for old, until in earlier)
        return f"{now} (was {was})"

    def known(self, name: str) -> str:
        """The canonical name for `name` (case-insensitive; an old name gives the new one),
        retired characters included: for reading their story."""
        if name in self.ids:
            return name
        return self.name_of(self.identity(name))

    def character(self, name: str) -> str:
        """The canonical name of a character still in the story, for a new ruling."""
        found = self.known(name)
        if found in self.retired:
            raise RuleError(
                f"{found} retired at event {self.retired[found]}: nothing more can happen to "
                f"them (void #{self.retired[found]} to bring them back)"
            )
        return found

    @property
    def cast(self) -> tuple[str, ...]:
        """The characters still in the story, in the order they joined."""
        return tuple(n for n in self.characters if n not in self.retired)

    def option(self, key: str) -> OptionValue:
        return self.options[key]
