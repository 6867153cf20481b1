"""Issue 30: journal's own options may follow the command (`journal audit --campaign X`),
one rule for every command, said in each command's help."""

from __future__ import annotations

from pathlib import Path

import click
from click.testing import CliRunner
from support.cli import Cli


def _two_campaigns(runner: Cli) -> None:
    runner("campaign", "new", "night", "--ruleset", "horror-factor", "--title", "Night")
    runner("campaign", "new", "innsmouth", "--ruleset", "fright-check", "--title", "Innsmouth")


def test_campaign_after_the_command_chooses_the_campaign(runner: Cli) -> None:
    _two_campaigns(runner)
    assert "Innsmouth" in runner("status", "--campaign", "innsmouth").stdout
    assert "Night (night" in runner("status", "--campaign=night").stdout
    audited = runner("audit", "--campaign", "innsmouth")
    assert audited.exit_code == 0 and "No such option" not in audited.output
    refused = runner.refused("status", "--campaign", "nowhere")
    assert "no campaign 'nowhere'" in refused.stderr


def test_db_and_writer_after_the_command(tmp_path: Path) -> None:
    from journal.cli.main import cli

    db = str(tmp_path / "other.db")
    invoke = CliRunner().invoke
    made = invoke(cli, ["campaign", "new", "night", "--ruleset", "horror-factor", "--db", db])
    assert made.exit_code == 0, made.output
    noted = invoke(cli, ["note", "The door creaks", "--db", db, "--writer", "bob"])
    assert noted.exit_code == 0, noted.output
    log = invoke(cli, ["log", "--json", "--db", db])
    assert '"writer": "bob"' in log.stdout.replace('":"', '": "'), log.stdout


def test_a_commands_own_option_of_that_name_stays_its_own() -> None:
    from journal.cli.main import cli
    from journal.cli.root_options import hoisted

    ctx = click.Context(cli)
    assert hoisted(cli, ctx, ["serve", "--campaign", "night"]) == ["serve", "--campaign", "night"]
    assert hoisted(cli, ctx, ["audit", "--campaign", "night", "--json"]) == [
        "--campaign", "night", "audit", "--json"
    ]  # fmt: skip
    assert hoisted(cli, ctx, ["note", "--", "--db", "x"]) == ["note", "--", "--db", "x"]
    assert hoisted(cli, ctx, ["session", "start", "T", "--no-input", "--debug"]) == [
        "--no-input", "--debug", "session", "start", "T"
    ]  # fmt: skip


def test_every_commands_help_says_so(runner: Cli) -> None:
    for command in (["audit"], ["session", "start"], ["amend"], ["note"]):
        shown = runner(*command, "--help").stdout
        assert "may also" in shown and "follow the command" in shown.replace("\n  ", " "), command
    assert "may also follow the command" in runner("--help").stdout
