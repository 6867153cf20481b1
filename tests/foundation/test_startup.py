"""Start-up stays lean, and every command teaches itself with an example."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import click
import pytest

from journal.cli.main import CORE, cli, ruleset_commands
from journal.rules import load_all

HEAVY = (
    "sqlalchemy",
    "alembic",
    "jinja2",
    "prompt_toolkit",
    "weasyprint",
    "starlette",
    "uvicorn",
    "segno",
)


@pytest.mark.parametrize("flag", ["--help", "--version"])
def test_help_and_version_import_no_heavy_module(flag: str) -> None:
    probe = (
        "import sys\n"
        "from journal.cli.main import cli\n"
        f"try:\n    cli([{flag!r}], prog_name='journal')\nexcept SystemExit:\n    pass\n"
        f"print([m for m in {HEAVY!r} if m in sys.modules])\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip().splitlines()[-1] == "[]", result.stdout


def _commands() -> list[tuple[str, click.Command]]:
    found = []
    ctx = click.Context(cli)
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        assert command is not None
        if isinstance(command, click.Group):
            sub_ctx = click.Context(command, parent=ctx, info_name=name)
            found += [
                (f"{name} {sub}", command.get_command(sub_ctx, sub))
                for sub in command.list_commands(sub_ctx)
            ]
        found.append((name, command))
    return found


def test_every_command_is_listed() -> None:
    """The core commands and every installed ruleset's."""
    expected = set(CORE) | set(ruleset_commands(load_all()))
    assert set(cli.list_commands(click.Context(cli))) == expected


@pytest.mark.parametrize(("name", "command"), _commands(), ids=[n for n, _ in _commands()])
def test_every_command_has_help_with_an_example(name: str, command: click.Command) -> None:
    assert command.help and "Example" in command.help, (
        f"journal {name} needs an example in its help"
    )


def test_a_mistyped_command_gets_a_suggestion() -> None:
    from click.testing import CliRunner

    result = CliRunner().invoke(cli, ["statuss"])
    assert result.exit_code == 2
    assert "Did you mean 'status'?" in result.stderr


def test_a_command_on_a_sqlite_file_imports_no_postgresql_dialect(tmp_path: Path) -> None:
    db = str(tmp_path / "journal.db")
    journal = [sys.executable, "-m", "journal", "--db", db]
    subprocess.run([*journal, "campaign", "new", "night", "--ruleset", "horror-factor"], check=True)
    probe = (
        "import sys\n"
        "from journal.cli.main import cli\n"
        f"try:\n    cli(['--db', {db!r}, 'note', 'The lights go out.'], prog_name='journal')\n"
        "except SystemExit:\n    pass\n"
        "print([m for m in sys.modules if m.startswith('sqlalchemy.dialects.postgresql')])\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert result.stdout.strip().splitlines() == ["#2 Note: The lights go out.", "[]"]
