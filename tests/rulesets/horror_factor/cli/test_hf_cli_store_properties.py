"""Random Horror Factor fights through the application service and a real SQLite store
(not the CLI, to stay fast): refused commands are skipped; what was written replays to the
very state the live projection returned, and the invariants of RULES.md Part 1 hold.

- "HF never goes below 0"; "Action penalty = max(0, effective HF - Hardness)";
- Willpower "current: 0..max"; Hardness 0-7, never past the cap except by award;
- "replaying the log gives the same state as the live projection" (the issue).
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from journal.app import Appended, create_campaign
from journal.app import Campaign as Journal
from journal.errors import JournalError
from journal.rules.core.commands import AddCharacter
from journal.rules.core.state import CampaignState
from journal.rulesets.horror_factor.rules.award import Award
from journal.rulesets.horror_factor.rules.catalog import CAUSES, HARDENING_CAP, TRAININGS
from journal.rulesets.horror_factor.rules.check import HorrorCheck
from journal.rulesets.horror_factor.rules.drop import DropEnemy
from journal.rulesets.horror_factor.rules.encounter_end import EndEncounter
from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter
from journal.rulesets.horror_factor.rules.initiative import RollInitiative
from journal.rulesets.horror_factor.rules.peace import Peace
from journal.rulesets.horror_factor.rules.rest import Rest
from journal.rulesets.horror_factor.rules.shift import Shift
from journal.rulesets.horror_factor.rules.soak import Soak
from journal.rulesets.horror_factor.rules.state import HFState
from journal.rulesets.horror_factor.rules.status import HFStatus
from journal.rulesets.horror_factor.rules.turn import AdvanceTurn
from journal.store import Store

NAMES = ("Freddie", "Ariella", "Linda")
Step = tuple[object, dict[str, tuple[int, int]] | None]

names = st.sampled_from(NAMES)
some_names = st.lists(names, max_size=3, unique=True).map(tuple)
pair = st.tuples(st.integers(1, 10), st.integers(1, 10))


def _within_the_cap(sheet: dict[str, Any]) -> dict[str, Any]:
    """A sheet the rules accept: Hardness and every specialization within the training's
    cap (RULES.md: a sheet above it is refused)."""
    cap = HARDENING_CAP[sheet["training"]]
    specs = {name: min(level, cap) for name, level in sheet["specializations"].items()}
    return {**sheet, "hardness": min(sheet["hardness"], cap), "specializations": specs}


sheets = st.fixed_dictionaries(
    {
        "reaction": st.integers(1, 20),
        "willpower": st.integers(1, 12),
        "hardness": st.integers(0, 7),
        "training": st.sampled_from(TRAININGS),
        "specializations": st.dictionaries(st.just("supernatural"), st.integers(0, 7), max_size=1),
    }
).map(_within_the_cap)


def plain(command: st.SearchStrategy[object]) -> st.SearchStrategy[Step]:
    return st.tuples(command, st.none())


def rolled(command: st.SearchStrategy[object], purpose: str) -> st.SearchStrategy[Step]:
    return st.tuples(command, pair.map(lambda faces: {purpose: faces}))


start = plain(
    st.builds(
        StartEncounter,
        title=st.just("Fight"),
        hf=st.sampled_from(["horde", "fistfight", "0", "4", "9"]),
        cast=st.lists(names, min_size=1, max_size=3, unique=True).map(tuple),
        outnumbered=st.booleans(),
        ambush=st.booleans(),
        creepy=st.integers(0, 2),
        category=st.sampled_from([None, "supernatural"]),
    )
)
in_fight = st.one_of(
    plain(st.just(AdvanceTurn())),
    rolled(st.builds(RollInitiative, names), "initiative"),
    plain(st.builds(Soak, names, st.integers(1, 4))),
    plain(
        st.builds(
            Shift,
            st.one_of(st.none(), names),
            st.sampled_from([*CAUSES, "a scream"]),
            st.one_of(st.none(), st.integers(-4, 3)),
        )
    ),
    plain(st.builds(DropEnemy, names)),
)
end = plain(st.one_of(st.just(EndEncounter()), st.builds(EndEncounter, some_names, some_names)))
between = st.one_of(
    rolled(st.builds(HorrorCheck, names, st.one_of(st.none(), st.integers(0, 9))), "check"),
    plain(st.builds(Rest, some_names, st.booleans(), st.one_of(st.none(), st.integers(1, 5)))),
    plain(
        st.builds(
            Peace,
            names,
            st.integers(1, 12),
            st.integers(0, 3),
            therapy=st.booleans(),
            mindset=st.booleans(),
            override=st.sampled_from([None, "the GM says so"]),
        )
    ),
    plain(st.builds(Award, names, st.integers(1, 3), st.just("a hard year"))),
)
fights = st.lists(
    st.tuples(start, st.lists(in_fight, max_size=8), end, st.lists(between, max_size=3)).map(
        lambda parts: [parts[0], *parts[1], parts[2], *parts[3]]
    ),
    min_size=1,
    max_size=2,
).map(lambda blocks: [step for block in blocks for step in block])


@contextmanager
def fresh_journal() -> Iterator[Journal]:
    """A new SQLite file per example (hypothesis reuses function-scoped fixtures)."""
    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(f"sqlite:///{Path(folder) / 'journal.db'}")
        try:
            create_campaign(store, "night", "horror-factor", "", {})
            yield Journal.open(store, "night")
        finally:
            store.close()


def check_invariants(state: CampaignState, bounds: dict[str, int]) -> None:
    rules = state.rules
    assert isinstance(rules, HFState)
    encounter = rules.encounter
    for name, who in rules.characters.items():
        assert 0 <= who.willpower <= who.willpower_max
        assert 0 <= who.hardness <= 7
        assert who.hardness <= bounds[name], "past the cap without an award"
        if encounter is not None and name in encounter.participants:
            p = encounter.participants[name]
            hardness, _ = who.hardness_for(encounter.category)
            assert p.hf >= 0
            assert p.effective_hf == max(0, p.hf - p.soak)
            shown = _status(state)[name].encounter
            assert shown is not None
            assert shown.action_penalty == max(0, shown.effective_hf - hardness)


def _status(state: CampaignState) -> dict[str, HFStatus]:
    from journal.rulesets.horror_factor.rules import RULESET

    found = RULESET.status(state)
    return {name: status for name, status in found.items() if isinstance(status, HFStatus)}


@settings(max_examples=25, deadline=None)
@given(st.lists(sheets, min_size=3, max_size=3), fights)
def test_the_stored_log_replays_to_the_live_state(
    sheet_list: list[dict[str, Any]], steps: list[Step]
) -> None:
    with fresh_journal() as journal:
        last: Appended | None = None
        bounds: dict[str, int] = {}
        for name, sheet in zip(NAMES, sheet_list, strict=True):
            last = journal.execute(AddCharacter(name, sheet))
            bounds[name] = max(sheet["hardness"], HARDENING_CAP[sheet["training"]])
        for command, dice in steps:
            try:
                last = journal.execute(command, dice)
            except JournalError:
                continue
            if isinstance(command, Award) and isinstance(last.state.rules, HFState):
                bounds[command.character] = max(
                    bounds[command.character],
                    last.state.rules.characters[command.character].hardness,
                )
            check_invariants(last.state, bounds)
        assert last is not None
        assert journal.state() == last.state
