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


#: `journal note`'s imports, as `python -X importtime` lists them (the standard library's
#: and the journal's own): 192 modules when this budget was set (issue 24; 387 before,
#: with SQLAlchemy), about 200 with the other changes of its time (the writer, the
#: terminal's filter). The budget leaves some room; a command that needs more imports them
#: inside its body. Issue 19 split modules by job, the same code in more files: 6 more for
#: `journal/events.py` as a package of five and the `Command` base (231 then), 14 more for
#: the store (versions, access, appending, snapshot_cache, drafts, rows), the CLI's root
#: (settings, group, failures) and the public API as a package (245 then; the same start-up
#: time within noise). Issue 24 left out the API's reports, the re-rule planner
#: (journal.audit), socket, secrets, json and the API's files module: 222 (status 222, a
#: completion 218); what a one-shot command pays now is mostly defining classes, so events,
#: commands and the documents it prints are `msgspec.Struct`s, not dataclasses. Issue 42
#: split four small modules out that every command needs: the seal every cache has
#: (`journal.caching`, read with the installed rulesets' cache at each start; its body runs
#: in ~40 us), the outcome the API words (`journal.api.outcome`, out of the application
#: service), the decide step (`journal.rules.deciding`, out of the service into the rules)
#: and each statement once (`journal.store.statements`, out of the SQLite recorder): 239.
#: The handouts' language (issue 44) folds with the core: `journal.rules.core.language`
#: (240). Issue 40 salts every event an append writes (its hash covers its parts'
#: digests): two more, `journal.events.disclosure` and the standard library's `binascii`
#: (242).
NOTE_BUDGET = 242
#: never imported by a one-shot command on a SQLite file that does not use them: the
#: entry-point scan is cached (journal.installed)
NEVER_FOR_NOTE = (*HEAVY, "importlib.metadata", "psycopg")
#: imported only by the commands that use them (issue 24): never by a note, a status or a
#: completion (the database's reports, the corrections' planner, the host's socket, ...)
NOT_FOR_ONE_SHOTS = (
    "journal.api.reports",
    "journal.audit",
    "journal.api.files",
    "socket",
    "secrets",
    "json",  # msgspec reads the caches; `json` is for what --json prints
)


def _heavy(modules: list[str], never: tuple[str, ...] = NEVER_FOR_NOTE) -> list[str]:
    """The modules of `never` (or of a package it names) among `modules`."""
    return sorted({m for m in modules if any(m == n or m.startswith(f"{n}.") for n in never)})


def _imports(tmp_path: Path, *words: str, env: dict[str, str] | None = None) -> list[str]:
    """The modules a whole `journal` process imports, by `-X importtime`."""
    probe = "import sys\nfrom journal.cli.main import main\nsys.argv = sys.argv[1:]\nmain()\n"
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", probe, "journal", *words],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return [
        line.rsplit("|", 1)[1].strip()
        for line in result.stderr.splitlines()
        if line.startswith("import time:") and line.count("|") == 2 and "cumulative" not in line
    ]


def _warm_journal(tmp_path: Path) -> str:
    """A new journal with a campaign, after a first note (the first command after an
    installation scans the entry points): its path."""
    db = str(tmp_path / "journal.db")
    subprocess.run(
        [sys.executable, "-m", "journal", "--db", db, "campaign", "new", "night",
         "--ruleset", "horror-factor"],
        check=True, capture_output=True,
    )  # fmt: skip
    _imports(tmp_path, "--db", db, "note", "Warm.")
    return db


def test_note_imports_within_its_budget(tmp_path: Path) -> None:
    db = _warm_journal(tmp_path)
    modules = _imports(tmp_path, "--db", db, "note", "The lights go out.")
    assert _heavy(modules) == [], f"journal note imports {_heavy(modules)}"
    assert _heavy(modules, NOT_FOR_ONE_SHOTS) == []
    assert len(modules) <= NOTE_BUDGET, (
        f"journal note imports {len(modules)} modules (budget {NOTE_BUDGET}): import the "
        "new ones inside the commands that need them"
    )


def test_completing_a_name_imports_no_heavy_module(tmp_path: Path) -> None:
    import os

    db = str(tmp_path / "journal.db")
    journal = [sys.executable, "-m", "journal", "--db", db]
    subprocess.run([*journal, "campaign", "new", "night", "--ruleset", "horror-factor"],
                   check=True, capture_output=True)  # fmt: skip
    subprocess.run([*journal, "character", "add", "Linda", "--reaction", "12", "--willpower",
                    "10", "--hardness", "2", "--training", "some"],
                   check=True, capture_output=True)  # fmt: skip
    words = ["journal", "--db", db, "explain", "Li"]
    env = {
        **os.environ,
        "_JOURNAL_COMPLETE": "bash_complete",
        "COMP_WORDS": " ".join(words),
        "COMP_CWORD": str(len(words) - 1),
    }
    _imports(tmp_path, env=env)  # the first one scans the entry points
    modules = _imports(tmp_path, env=env)
    assert _heavy(modules) == []
    assert _heavy(modules, NOT_FOR_ONE_SHOTS) == []
    assert len(modules) <= NOTE_BUDGET


def test_a_warm_status_imports_only_what_it_shows(tmp_path: Path) -> None:
    db = _warm_journal(tmp_path)
    modules = _imports(tmp_path, "--db", db, "status")
    assert _heavy(modules, (*NEVER_FOR_NOTE, *NOT_FOR_ONE_SHOTS)) == []
    assert len(modules) <= NOTE_BUDGET


def test_the_version_imports_neither_the_documents_nor_msgspec(tmp_path: Path) -> None:
    """`journal --version` is click and the journal's root: what every other command's
    start is measured against (benchmarks/run.py)."""
    modules = _imports(tmp_path, "--version")
    assert _heavy(modules, ("msgspec", "journal.documents", "journal.store", "sqlite3")) == []


@pytest.mark.parametrize(
    "words",
    [
        ["status"],
        ["log"],
        ["verify"],
        ["audit"],
        ["character", "list"],
        ["db", "check"],
        ["db", "upgrade"],  # at the current schema already: nothing for Alembic to do
    ],
    ids=" ".join,
)
def test_commands_on_a_current_sqlite_file_import_no_heavy_module(
    tmp_path: Path, words: list[str]
) -> None:
    db = _warm_journal(tmp_path)
    modules = _imports(tmp_path, "--db", db, *words)
    assert _heavy(modules) == []



#: what a command that only reads never needs: the core's commands and their decider (and
#: the calendar its clock reads), the corrections' planners (journal.audit), all loaded by
#: the commands that decide or plan one
NOT_FOR_READING = (
    "journal.rules.core.commands",
    "journal.rules.core.decide",
    "calendar",
    "journal.audit",
)


@pytest.mark.parametrize("words", [("log",), ("log", "--json"), ("status",)])
def test_a_command_that_reads_imports_no_decider(tmp_path: Path, words: tuple[str, ...]) -> None:
    db = _warm_journal(tmp_path)
    found = _heavy(_imports(tmp_path, "--db", db, *words), NOT_FOR_READING)
    assert found == [], f"journal {' '.join(words)} imports {found}"
