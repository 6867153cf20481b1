"""The commands a GURPS Fright Check campaign decides (frozen structs, no behaviour)."""

from __future__ import annotations

from msgspec import Struct

from journal.plugin.rules import Command


class TraitChoice(Struct, frozen=True):
    """The trait the GM names at the check, for the one the table gives (see NameTrait)."""

    name: str = ""
    points: int | None = None
    self_control: int | None = None
    worsen: str | None = None


class FrightCheck(Command, frozen=True):
    """A Fright Check for `character` facing `threat` (an id such as `ghoul-1`).

    `kind` is the kind of threat (e.g. `ghoul`) for previous personal experience. The
    modifier inputs follow the text's list; `None` for `heat_of_battle`,
    `previous_experience` and `exposures` means "derive it from the journal".
    """

    character: str
    threat: str
    kind: str | None = None
    monster: int = 0
    count: int | None = None
    body: str | None = None
    mutilation: int = 0
    dependent: bool = False
    heat_of_battle: bool | None = None
    touched: bool = False
    distant: bool = False
    remote: bool = False
    isolated: bool = False
    dark: bool = False
    alone: bool = False
    report: int = 0
    cowardice_applies: bool = False
    daredevil: bool = False
    higher_purpose: bool = False
    xenophilia_applies: bool = False
    extra: tuple[tuple[str, int], ...] = ()
    previous_experience: bool | None = None
    exposures: int | None = None
    #: name the acquired trait in the same breath (both recorded, or neither)
    trait: TraitChoice | None = None
    #: why a GM modifier (`--mod`) goes past -10..+10 (a typo guard otherwise)
    override: str | None = None
    #: the GM's "something more appropriate": on a failure, this row instead of the rolled one
    change_to: int | None = None
    change_reason: str | None = None
    #: what players read for the threat (`Thomas's body`), kept for later checks of it
    threat_name: str | None = None


class ChangeRow(Command, frozen=True):
    """The GM changes the table row of the Fright Check recorded at `for_seq` to `row`."""

    character: str
    for_seq: int
    row: int
    reason: str


class Recover(Command, frozen=True):
    """A recovery roll for the character's lasting condition from the check at `for_seq`
    (None: their only one). `care` False: a catatonia's days passed without medical care."""

    character: str
    for_seq: int | None = None
    care: bool = True


class Heal(Command, frozen=True):
    """HP or FP regained by first aid, rest or time (at most up to the maximum)."""

    character: str
    hp: int = 0
    fp: int = 0


class Rest(Command, frozen=True):
    """A night's rest: FP back to the maximum, the short conditions (stun, retching, faint,
    panic) over. An empty tuple is everyone."""

    characters: tuple[str, ...] = ()
    hours: int | None = None  # how long they rested: the clock moves on by it


class NameTrait(Command, frozen=True):
    """Name the pending acquired trait of the FrightChecked event at seq `for_seq` (None:
    the oldest pending one).

    For a row-25 result, `worsen` names an existing related disadvantage whose
    self-control number becomes one step worse; otherwise `name` is the new trait.
    """

    character: str
    for_seq: int | None
    name: str
    points: int | None = None
    self_control: int | None = None
    worsen: str | None = None


class StartCombat(Command, frozen=True):
    """A combat starts: heat of battle (+5) is on for its cast while it runs (an empty
    cast means everyone)."""

    title: str
    cast: tuple[str, ...] = ()


class EndCombat(Command, frozen=True):
    """The running combat ends."""


class JoinCombat(Command, frozen=True):
    """A character comes into the running combat (heat of battle from now on)."""

    character: str


class LeaveCombat(Command, frozen=True):
    """A character is out of the running combat (no more heat of battle)."""

    character: str
    reason: str
