"""What a ruleset adds to the handouts: the hooks its `narrator` part fills in (the
narrator's contract, `Narrator`; `narrator_of` loads a ruleset's through its `Plugin`).

The recap and the arc are built here from any ruleset's events; a ruleset's narrator says
which event opens and closes an encounter, what its turns show, which outcomes a session
lists, what its standing and arc numbers are, and which moments are milestones. Its
template partials (`ruleset/*.j2`, in the ruleset's `templates/` folder) render them; a
ruleset without partials gets the journal's plain defaults.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Protocol

from journal.documents import CharacterStatus, Fields
from journal.handouts.documents import (
    ArcSample,
    Chart,
    Encounter,
    EncounterOpening,
    GmDetails,
    RecapDocument,
    Turn,
)
from journal.projection import Step
from journal.rules.concerns import holder
from journal.rules.core.state import CharacterId
from journal.rules.ruleset import Ruleset


class RecapView(Protocol):
    """What a narrator sees of the recap being built."""

    ruleset: Ruleset
    outcomes: dict[str, list[Fields]]

    @property
    def gm_audience(self) -> bool: ...

    def sees_name(self, name: str) -> bool: ...

    def gm(self, step: Step) -> GmDetails | None: ...

    def start_encounter(self, step: Step, opening: EncounterOpening) -> Encounter: ...

    def open_turn(self, number: int | None, rows: list[Fields]) -> Turn: ...

    @property
    def turn(self) -> Turn | None: ...


@dataclass(frozen=True)
class Who:
    """A character followed through the log by identity, not by name: whoever held a name
    at an event's seq is who that event means (a rename, a swap of names, a name taken by
    a newcomer leave each story whole)."""

    ident: CharacterId
    name: str  # as they are called now

    def named(self, step: Step, name: str) -> bool:
        """Whether `name`, as the step's event uses it, denotes this character."""
        return holder(name, step.before, step.after) == self.ident


@dataclass(frozen=True)
class Milestone:
    """A moment of a character's arc: when (its step), what kind, a label, the text."""

    step: Step
    kind: str
    label: str
    text: str


@dataclass(frozen=True)
class Threat:
    """One time a threat was faced in a session, as the audience's recap tells it (a note of
    the Obsidian vault): its name, who faced it, and what the rules made of it, in words."""

    name: str
    faced_by: tuple[str, ...]
    told: str


class Narrator:
    """The defaults: no encounters, no outcome lists, the status as the standing."""

    #: the recap's outcome lists, by key, in the order the partial shows them
    outcome_keys: tuple[str, ...] = ()
    #: what a character's arc follows over the sessions, in the ruleset's own terms (for
    #: `journal arc --help`)
    arc_follows: str = "the numbers of the campaign's ruleset"

    @property
    def templates(self) -> Path | None:
        """The folder of the ruleset's template partials (`ruleset/...` in templates): the
        `templates/` beside its narrator's module, or beside that module's package."""
        if type(self) is Narrator:
            return None
        here = Path(str(sys.modules[type(self).__module__].__file__)).resolve().parent
        for folder in (here / "templates", here.parent / "templates"):
            if folder.is_dir():
                return folder
        return None

    # --- a session's recap ---------------------------------------------------------------

    def encounter_opened(self, step: Step, recap: RecapView) -> Encounter | None:
        """The encounter this event opens (title, why, cast...; its first turn opened with
        `recap.open_turn`), or None."""
        return None

    def encounter_closed(self, step: Step, recap: RecapView, encounter: Encounter) -> bool:
        """Whether this event closes the running encounter (filling its `end`, `results`)."""
        return False

    def track(self, step: Step, recap: RecapView, encounter: Encounter) -> None:
        """Follow the running encounter's lineups through one event."""

    def outcome(self, step: Step, recap: RecapView) -> None:
        """Add what this event changed to the recap's outcome lists."""

    def threats(self, recap: RecapDocument) -> list[Threat]:
        """What the session's fear rulings were made against, each time it was faced, from
        its recap (so as that recap's audience may read it); none by default."""
        return []

    def encounter_charts(self, encounter: Encounter) -> list[Chart]:
        """Charts of one encounter of the recap, from its turns as the audience sees them
        (title, y_label, y_max, x_labels, x_title, series with `crossed` points)."""
        return []

    def standing(self, name: str, status: CharacterStatus) -> Fields:
        """Where one character stands, for the recap's last section and the arc's sheet."""
        document = status.to_json()
        assert isinstance(document, dict)
        return {"name": name, **document}

    # --- a character's arc ---------------------------------------------------------------

    def arc_numbers(
        self, who: Who, steps: Iterable[Step]
    ) -> Callable[[CharacterStatus, int], Fields]:
        """`(status, seq) -> the numbers the arc charts and tabulates at that moment`."""
        return lambda status, seq: {}

    def charts(self, points: Sequence[ArcSample]) -> list[Chart]:
        """Line charts of the arc's points: title, y_label, y_max, x_labels, series."""
        return []

    def milestones(self, who: Who, steps: Iterable[Step]) -> list[Milestone]:
        """The character's milestones; `who.named(step, name)` tells whether a name an
        event uses is theirs."""
        return []


@cache
def narrator_of(name: str) -> Narrator:
    """The installed ruleset `name`'s handout hooks (its plugin's `narrator` part), or the
    plain defaults when it has none."""
    from journal.rules import plugin_of

    found = plugin_of(name)
    if not found.has("narrator"):
        return Narrator()
    part = found.part("narrator")
    if not isinstance(part, Narrator):
        raise found.not_a("narrator", "journal.handouts.hooks.Narrator")
    return part
