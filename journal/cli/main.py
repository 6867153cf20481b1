"""The `journal` command: global options, lazy subcommands and the error convention.

Start-up stays lean: this module imports click only. Each command imports the store, the
rules or Jinja inside its body, so `journal --help` never loads SQLAlchemy.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

import click

from journal import __version__
from journal.errors import JournalError

if TYPE_CHECKING:
    from journal.app import Journal
    from journal.store import Store

#: command name -> "module:attribute", loaded only when that command runs or lists its help
COMMANDS = {
    "campaign": "journal.cli.campaign:campaign",
    "character": "journal.cli.campaign:character",
    "status": "journal.cli.reading:status",
    "session": "journal.cli.table:session",
    "clock": "journal.cli.table:clock",
    "note": "journal.cli.table:note",
    "encounter": "journal.cli.fight:encounter",
    "turn": "journal.cli.fight:turn",
    "initiative": "journal.cli.fight:initiative",
    "soak": "journal.cli.fight:soak",
    "shift": "journal.cli.fight:shift",
    "drop": "journal.cli.fight:drop",
    "check": "journal.cli.aftermath:check",
    "rest": "journal.cli.aftermath:rest",
    "peace": "journal.cli.aftermath:peace",
    "award": "journal.cli.aftermath:award",
    "fright": "journal.cli.fright:fright",
    "trait": "journal.cli.fright:trait",
    "log": "journal.cli.reading:log",
    "explain": "journal.cli.reading:explain",
    "audit": "journal.cli.reading:audit",
    "verify": "journal.cli.reading:verify",
    "void": "journal.cli.table:void",
    "export": "journal.cli.transfer:export",
    "import": "journal.cli.transfer:import_",
    "recap": "journal.cli.handouts:recap",
    "arc": "journal.cli.handouts:arc",
    "db": "journal.cli.database:db",
    "demo": "journal.cli.demo:demo",
}


@dataclass
class Settings:
    db: str | None
    campaign: str | None
    debug: bool
    _store: Store | None = None
    _journal: Journal | None = None

    def store(self, *, create: bool = False) -> Store:
        """The database, opened once per command and closed when the command ends. Only
        commands that start a journal (`create`) may make a new SQLite file."""
        if self._store is None:
            from journal.store import Store

            self._store = Store.open(self.db, create=create)
            click.get_current_context().call_on_close(self._store.close)
        return self._store

    def journal(self) -> Journal:
        """The campaign, opened (and its schema checked) once per command."""
        if self._journal is None:
            from journal.app import Journal

            self._journal = Journal.open(self.store(), self.campaign)
        return self._journal


def fail(message: str) -> NoReturn:
    raise JournalError(message)


class JournalGroup(click.Group):
    """Loads subcommands lazily and turns every refusal into one `Error:` line."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name in COMMANDS if self._available(name)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None or not self._available(cmd_name):
            return None
        module_name, attribute = target.split(":")
        command: click.Command = getattr(importlib.import_module(module_name), attribute)
        return command

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            import difflib

            close = difflib.get_close_matches(name, self.list_commands(ctx), n=1)
            hint = f" Did you mean {close[0]!r}?" if close else " See `journal --help`."
            ctx.fail(f"No such command {name!r}.{hint}")
        return super().resolve_command(ctx, args)

    @staticmethod
    def _available(name: str) -> bool:
        module_name = COMMANDS[name].split(":")[0]
        return importlib.util.find_spec(module_name) is not None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except BrokenPipeError:
            # The reader went away (`journal log | head`): stop quietly.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            ctx.exit(1)
        except JournalError as exc:
            click.echo(f"Error: {exc}", err=True)
            ctx.exit(exc.exit_code)
        except Exception as exc:
            settings = ctx.find_object(Settings)
            if settings is not None and settings.debug:
                raise
            first_line = (str(getattr(exc, "orig", None) or exc).strip().splitlines() or [""])[0]
            click.echo(
                f"Error: unexpected failure ({type(exc).__name__}: {first_line[:200]}); "
                "nothing was written. Rerun with --debug for the details.",
                err=True,
            )
            ctx.exit(1)


@click.group(cls=JournalGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="journal")
@click.option(
    "--db",
    envvar="JOURNAL_DB",
    metavar="URL|PATH",
    help="Database: a file path (SQLite) or a SQLAlchemy URL. Default ./journal.db.",
)
@click.option(
    "--campaign",
    envvar="JOURNAL_CAMPAIGN",
    metavar="SLUG",
    help="Campaign slug; not needed when the database holds one campaign.",
)
@click.option("--debug", is_flag=True, help="Show tracebacks of unexpected failures.")
@click.pass_context
def cli(ctx: click.Context, db: str | None, campaign: str | None, debug: bool) -> None:
    """A campaign journal for horror games: every occurrence an immutable event,
    every number explained and replayable.

    \b
    Start:   journal campaign new night --ruleset horror-factor
             journal character add Freddie --reaction 10 --willpower 10 --hardness 0 --training none
    Fight:   journal encounter start "The horde" --hf horde --outnumbered --cast Freddie,Linda
             journal initiative Freddie --dice +5/-6
    Read:    journal status    journal log    journal explain Freddie
    Try it:  journal demo
    """
    ctx.obj = Settings(db=db, campaign=campaign, debug=debug)


def main() -> None:
    if sys.platform == "win32":  # pragma: no cover
        os.environ.setdefault("PYTHONIOENCODING", "utf-8")
    cli(prog_name="journal")
