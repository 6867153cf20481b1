"""What the GM asks of the Horror Factor rules (the CLI builds these)."""

from __future__ import annotations

from dataclasses import dataclass

from journal.rules.command import Command


@dataclass(frozen=True)
class StartEncounter(Command):
    title: str
    hf: str  # a preset name or an integer as text
    cast: tuple[str, ...]
    outnumbered: bool = False
    ambush: bool = False
    creepy: int = 0
    category: str | None = None


@dataclass(frozen=True)
class AdvanceTurn(Command):
    pass


@dataclass(frozen=True)
class RollInitiative(Command):
    character: str


@dataclass(frozen=True)
class Soak(Command):
    character: str
    points: int


@dataclass(frozen=True)
class Shift(Command):
    character: str | None  # None: every participant (`--all`)
    cause: str
    delta: int | None = None
    #: what players read for this shift (`--as`), instead of the cause's wording
    told: str | None = None


@dataclass(frozen=True)
class SetWording(Command):
    """The campaign's players' wording of a catalog cause (None: the catalog's again)."""

    cause: str
    text: str | None


@dataclass(frozen=True)
class DropEnemy(Command):
    character: str


@dataclass(frozen=True)
class EndEncounter(Command):
    do_or_die: tuple[str, ...] = ()
    broken: tuple[str, ...] = ()


@dataclass(frozen=True)
class JoinEncounter(Command):
    """A character arrives late (or comes back) to the running encounter."""

    character: str


@dataclass(frozen=True)
class LeaveEncounter(Command):
    """A character is out of the fight (fled, knocked out...) before it ends."""

    character: str
    reason: str


@dataclass(frozen=True)
class HorrorCheck(Command):
    character: str
    hf: int | None = None
    category: str | None = None  # the horror's category (a specialization may apply)


@dataclass(frozen=True)
class Rest(Command):
    characters: tuple[str, ...] = ()  # empty: everyone
    victory: bool = False
    points: int | None = None


@dataclass(frozen=True)
class Peace(Command):
    character: str
    months: int
    lose: int
    therapy: bool = False
    ptsd: bool = False
    mindset: bool = False
    override: str | None = None
    specialization: str | None = None  # lose this specialization, not the general Hardness


@dataclass(frozen=True)
class Award(Command):
    character: str
    hardness: int  # levels gained
    reason: str
    specialization: str | None = None
    new_spec: bool = False  # a specialization the character does not have yet: say so


COMMANDS: tuple[type, ...] = (
    StartEncounter,
    AdvanceTurn,
    RollInitiative,
    Soak,
    Shift,
    DropEnemy,
    JoinEncounter,
    LeaveEncounter,
    EndEncounter,
    HorrorCheck,
    Rest,
    Peace,
    Award,
    SetWording,
)
