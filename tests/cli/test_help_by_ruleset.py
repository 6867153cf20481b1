"""Help by ruleset (issue 22): `journal --help` groups the commands as the core, this
campaign's ruleset and the other installed rulesets; a ruleset command's `--help` where no
campaign can be told shows each ruleset's form under its name."""

from __future__ import annotations

import re
from pathlib import Path

from support.cli import Cli


def sections(help_text: str) -> dict[str, list[str]]:
    """`Title:` sections of a help page -> the command names listed under each."""
    found: dict[str, list[str]] = {}
    current = None
    for line in help_text.splitlines():
        if line and not line.startswith(" ") and line.endswith(":"):
            current = found.setdefault(line[:-1], [])
        elif current is not None and (match := re.match(r"^  (\S+)\s", line)):
            current.append(match.group(1))
    return found


def test_in_a_campaign_the_help_puts_its_ruleset_after_the_core(runner: Cli) -> None:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    found = sections(runner("--help").stdout)
    titles = [t for t in found if t.endswith(")") or t == "Core commands"]
    assert titles[:2] == ["Core commands", "horror-factor commands (this campaign's ruleset)"]
    assert "fright-check commands (another installed ruleset)" in found
    assert "stress commands (another installed ruleset)" in found
    assert "initiative" in found["horror-factor commands (this campaign's ruleset)"]
    assert "fright" in found["fright-check commands (another installed ruleset)"]
    assert "panic" in found["stress commands (another installed ruleset)"]
    assert "note" in found["Core commands"] and "initiative" not in found["Core commands"]


def test_without_a_campaign_each_ruleset_has_its_own_section(runner: Cli) -> None:
    found = sections(runner("--help").stdout)
    assert {"fright-check commands", "horror-factor commands", "stress commands"} <= set(found)
    assert "encounter" in found["fright-check commands"]
    assert "encounter" in found["horror-factor commands"]


def test_a_shared_command_shows_each_rulesets_form_outside_a_campaign(runner: Cli) -> None:
    """In an empty folder `encounter end --help` showed the GURPS form only (no
    --do-or-die)."""
    shown = runner("encounter", "end", "--help").stdout
    assert "== fright-check:" in shown and "== horror-factor:" in shown
    horror_factor = shown.split("== horror-factor:")[1]
    assert "--do-or-die" in horror_factor
    started = runner("encounter", "start", "--help").stdout
    assert "--hf PRESET|N" in started.split("== horror-factor:")[1]
    assert "--hf" not in started.split("== horror-factor:")[0]


def test_inside_a_campaign_a_command_has_its_own_form_only(runner: Cli) -> None:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    shown = runner("encounter", "end", "--help").stdout
    assert "==" not in shown and "--do-or-die" in shown


def test_help_is_never_refused_in_a_campaign_of_another_ruleset(runner: Cli) -> None:
    """Issue 41, E5: `journal fright --help` in a folder whose campaign plays Horror Factor
    answered `Error: that is a fright-check command`. The help is shown, saying whose
    command it is; running the command is still refused by name."""
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    for asked in (["fright", "--help"], ["fright", "Priya", "-h"], ["recover", "--help"]):
        shown = runner(*asked)
        assert shown.stderr == ""
        assert shown.stdout.startswith(
            f"Campaign 'night' plays horror-factor, so `{asked[0]}` (a fright-check command) "
            "is refused there. Its help:"
        )
        assert f"Usage: cli {asked[0]} [OPTIONS] NAME" in shown.stdout
    assert "--threat ID" in runner("fright", "--help").stdout
    assert "stress command" in runner("stress", "--help").stdout
    refused = runner.refused("fright", "Priya", "--threat", "nurse")
    assert "that is a fright-check command" in refused.stderr


def test_help_is_never_refused_where_the_database_cannot_be_read(runner: Cli) -> None:
    """A file that is no database (or any that cannot be opened) still gives the help."""
    Path(runner.db).write_text("not a journal\n" * 100)
    shown = runner("fright", "--help")
    assert "Usage: cli fright [OPTIONS] NAME" in shown.stdout
    both = runner("encounter", "start", "--help").stdout
    assert "== fright-check:" in both and "== horror-factor:" in both
