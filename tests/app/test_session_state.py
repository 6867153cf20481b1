"""A long session (`journal play`) keeps the campaign's latest state between commands
instead of reading it again: after every command of both shipped examples, that state is
the very state a fresh fold of the log gives, and a command decided on it while another
writer appended is decided again on the fresh state."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from support.api import service_of, state_of
from support.morgue_example import CAMPAIGN, CAST, NIGHT_ONE, NIGHT_TWO
from support.worked_example import COMMANDS

from journal.cli.main import Settings, cli


@pytest.mark.parametrize(
    "commands",
    [COMMANDS, [CAMPAIGN, *CAST, *NIGHT_ONE, *NIGHT_TWO]],
    ids=["worked-example", "morgue"],
)
def test_the_state_kept_is_the_folded_state(
    commands: list[tuple[str, ...]], tmp_path: Path
) -> None:
    db = str(tmp_path / "j.db")
    cli.main(args=["--db", db, *commands[0]], prog_name="journal", standalone_mode=False)
    settings = Settings(db, None, False)
    with click.Context(cli, obj=settings):
        journal = settings.journal()
        for command in commands[1:]:
            code = cli.main(args=list(command), prog_name="journal", standalone_mode=False,
                            obj=settings)  # fmt: skip
            assert code in (None, 0), command
            kept = state_of(journal)
            assert kept == service_of(journal).state(), command


def test_a_stale_state_loses_the_race_and_is_decided_again(tmp_path: Path) -> None:
    import journal
    from journal.rules.core.commands import AddCharacter, TakeNote
    from journal.rulesets.horror_factor.rules.encounter_start import StartEncounter
    from journal.rulesets.horror_factor.rules.initiative import RollInitiative
    from journal.rulesets.horror_factor.rules.shift import Shift

    sheet = {"reaction": 12, "willpower": 10, "hardness": 2, "training": "some"}
    db = str(tmp_path / "j.db")
    with journal.create(db, "night", ruleset="horror-factor") as mine:
        mine.run(AddCharacter("Linda", sheet))
        mine.run(StartEncounter("The horde", "horde", ("Linda",), outnumbered=True))
        with journal.open(db) as other:  # a second laptop
            other.run(Shift("Linda", "grabbed"))
            other.run(TakeNote("she is grabbed"))
        rolled = mine.run(RollInitiative("Linda"), dice={"initiative": (3, 5)})
        assert rolled.records[0].seq == 6
        assert rolled.records[0].data["hf"] == 9  # the other writer's shift counted
        assert state_of(mine) == service_of(mine).state()
