"""What the GM asks of the Horror Factor rules (the CLI builds these)."""

from __future__ import annotations

from journal.plugin.rules import Command


class StartEncounter(Command, frozen=True):
    title: str
    hf: str  # a preset name or an integer as text
    cast: tuple[str, ...]
    outnumbered: bool = False
    ambush: bool = False
    creepy: int = 0
    category: str | None = None


class AdvanceTurn(Command, frozen=True):
    pass


class RollInitiative(Command, frozen=True):
    character: str


class Soak(Command, frozen=True):
    character: str
    points: int


class Shift(Command, frozen=True):
    character: str | None  # None: every participant (`--all`)
    cause: str
    delta: int | None = None
    #: what players read for this shift (`--as`), instead of the cause's wording
    told: str | None = None


class SetWording(Command, frozen=True):
    """The campaign's players' wording of a catalog cause (None: the catalog's again)."""

    cause: str
    text: str | None


class DropEnemy(Command, frozen=True):
    character: str


class EndEncounter(Command, frozen=True):
    do_or_die: tuple[str, ...] = ()
    broken: tuple[str, ...] = ()


class JoinEncounter(Command, frozen=True):
    """A character arrives late (or comes back) to the running encounter."""

    character: str


class LeaveEncounter(Command, frozen=True):
    """A character is out of the fight (fled, knocked out...) before it ends."""

    character: str
    reason: str


class HorrorCheck(Command, frozen=True):
    character: str
    hf: int | None = None
    category: str | None = None  # the horror's category (a specialization may apply)


class Rest(Command, frozen=True):
    characters: tuple[str, ...] = ()  # empty: everyone
    victory: bool = False
    points: int | None = None
    hours: int | None = None  # how long they rested: the clock moves on by it


class Peace(Command, frozen=True):
    character: str
    months: int
    lose: int
    therapy: bool = False
    ptsd: bool = False
    mindset: bool = False
    override: str | None = None
    specialization: str | None = None  # lose this specialization, not the general Hardness
    everyone: bool = False  # every character's months of peace at once (`character` unused)
    keep_clock: bool = False  # the months already passed on the clock: do not move it


class Award(Command, frozen=True):
    character: str
    hardness: int  # levels gained
    reason: str
    specialization: str | None = None
    new_spec: bool = False  # a specialization the character does not have yet: say so
