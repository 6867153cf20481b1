"""`gm` and `players` name handouts' audiences, never a character: refused for every
ruleset (adding, renaming, importing); a character older journals let take such a name is
reported by `journal db check` with the command that fixes it, and their handout (the API's
`Audience.character`, `arc`) is never the GM's copy."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from support.cli import Cli, count_events, hand_written_log

from journal.cli.rulesets import commands_of
from journal.rules import load, load_all

SECRET = "hidden-3f9a: the cellar door was never locked"


def sheet_args(ruleset: str, name: str) -> list[str]:
    """`character add NAME ...` with the sheet of the ruleset's own example."""
    part = commands_of(ruleset)
    assert part is not None
    example = shlex.split(part.sheet_example.splitlines()[0])
    return ["character", "add", name, *example[4:]]


@pytest.mark.parametrize("ruleset", sorted(r.name for r in load_all()))
@pytest.mark.parametrize("name", ["GM", "pLaYeRs", " gm "])
def test_no_ruleset_takes_an_audience_as_a_name(runner: Cli, ruleset: str, name: str) -> None:
    runner("campaign", "new", "night", "--ruleset", ruleset)
    runner(*sheet_args(ruleset, "Mina"))
    assert "cannot name a character" in runner.refused(*sheet_args(ruleset, name)).stderr
    assert "cannot name a character" in runner.refused("character", "rename", "Mina", name).stderr
    assert count_events(runner.db) == 2


def _log(tmp_path: Path, *lines: dict[str, object]) -> str:
    return hand_written_log(tmp_path, "Mina", *lines)


@pytest.mark.parametrize(
    ("line", "number"),
    [
        ({"type": "CharacterRenamed", "data": {"old": "Mina", "new": "Players"}}, 3),
        (
            {
                "type": "CharacterAdded",
                "data": {
                    "name": "gM",
                    "sheet": {"reaction": 10, "willpower": 10, "hardness": 0, "training": "none"},
                },
            },
            3,
        ),
    ],
    ids=["renamed", "added"],
)
def test_an_import_naming_a_character_after_an_audience_is_refused(
    runner: Cli, tmp_path: Path, line: dict[str, object], number: int
) -> None:
    result = runner.refused("import", _log(tmp_path, line))
    assert f"line {number}: " in result.stderr and "cannot name a character" in result.stderr
    assert "nothing was imported" in result.stderr
    assert count_events(runner.db) == 0


@pytest.fixture
def old(runner: Cli) -> Cli:
    """A journal where an older version let a character be named `GM` (appended here
    straight to the store, as that version did), with a GM-only note about them."""
    from journal.rules.core.commands import AddCharacter
    from journal.store import Draft, Store

    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner(*sheet_args("horror-factor", "Linda"))
    sheet = load("horror-factor").build_sheet(
        AddCharacter(
            "GM", {"reaction": 10, "willpower": 10, "hardness": 0, "training": "none"}
        ).sheet
    )
    with Store.open(runner.db) as store:
        seq, _ = store.head("night")
        store.append("night", seq, [Draft("CharacterAdded", 1, {"name": "GM", "sheet": sheet})])
    runner("session", "start", "One")
    runner("note", SECRET, "--gm-only", "--about", "GM")
    runner("note", "GM hears a door", "--about", "GM")
    runner("shift", "--help")  # the ruleset's commands still load
    return runner


def test_db_check_reports_such_a_character_and_how_to_fix_it(old: Cli) -> None:
    result = old("db", "check", ok=False)
    assert result.exit_code == 1
    assert "campaign 'night' has a character named 'GM'" in result.stderr
    assert "fix: journal --campaign night character rename GM NEWNAME" in result.stderr
    document = json.loads(old("db", "check", "--json", ok=False).stdout)
    assert document["ok"] is False
    assert [(f["campaign"], f["character"]) for f in document["findings"]] == [("night", "GM")]
    old("character", "rename", "GM", "Gideon")
    assert old("db", "check").exit_code == 0
    assert SECRET in old("recap", "--for", "gm").stdout
    assert SECRET not in old("recap", "--for", "Gideon").stdout


@pytest.mark.parametrize("wanted", ["GM", "gm", "Gm"])
def test_recap_for_the_clashing_name_is_refused(old: Cli, wanted: str) -> None:
    stderr = old.refused("recap", "--for", wanted).stderr
    assert "has a character named 'GM', the name of the gm audience" in stderr
    assert "journal character rename GM NEWNAME" in stderr


def test_such_a_characters_handout_is_never_the_gms_copy(old: Cli) -> None:
    import journal
    from journal.handouts.recap import Audience

    with journal.open(old.db) as night:
        for fmt in ("md", "html"):
            text = night.recap_text(1, Audience.character("GM"), fmt)
            assert "GM hears a door" in text
            assert SECRET not in text and "GM only" not in text
        document = night.recap(1, Audience.character("gm"))
        assert document["audience"] == {
            "kind": "character",
            "name": "GM",
            "label": "GM's handout",
            "gm": False,
        }
        assert SECRET in night.recap_text(1, Audience.gm_copy())
    for fmt in ("md", "html"):
        arc = old("arc", "GM", "--format", fmt).stdout
        assert SECRET not in arc
    assert SECRET not in old("arc", "GM", "--json").stdout
