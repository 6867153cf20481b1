"""The `journal` command: global options, lazy subcommands and the error convention.

The core commands are listed here; every other command comes from a ruleset (its `cli`
module), the one the campaign plays: two rulesets may each have an `encounter`, and the
campaign's is the one that runs. When the campaign cannot be told yet (no database,
several campaigns and none chosen), every installed ruleset's commands are offered.

Start-up stays lean: this module imports click only. Each command imports the store, the
rules or Jinja inside its body, so `journal --help` never loads SQLAlchemy.
"""

from __future__ import annotations

import errno
import importlib
import os
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NoReturn

import click

from journal import __version__
from journal.errors import JournalError

if TYPE_CHECKING:
    from journal.api import Journal
    from journal.dice import AskDice
    from journal.rules.ruleset import Ruleset
    from journal.store import Store

#: core command name -> "module:attribute", loaded only when that command runs or lists help
CORE = {
    "campaign": "journal.cli.campaign:campaign",
    "character": "journal.cli.campaign:character",
    "status": "journal.cli.reading:status",
    "session": "journal.cli.table:session",
    "clock": "journal.cli.table:clock",
    "note": "journal.cli.table:note",
    "adjust": "journal.cli.fiat:adjust",
    "log": "journal.cli.reading:log",
    "explain": "journal.cli.reading:explain",
    "audit": "journal.cli.reading:audit",
    "verify": "journal.cli.reading:verify",
    "void": "journal.cli.corrections:void",
    "rerule": "journal.cli.corrections:rerule",
    "amend": "journal.cli.corrections:amend",
    "undo": "journal.cli.corrections:undo",
    "export": "journal.cli.transfer:export",
    "import": "journal.cli.transfer:import_",
    "recap": "journal.cli.handouts:recap",
    "arc": "journal.cli.handouts:arc",
    "book": "journal.cli.handouts:book",
    "db": "journal.cli.database:db",
    "demo": "journal.cli.demo:demo",
    "play": "journal.cli.play:play",
    "links": "journal.cli.web:links",
    "serve": "journal.cli.web:serve",
}
#: where the rulesets' commands appear in `journal --help`: after these
RULESET_COMMANDS_AFTER = "note"
SCOPE = "journal.scope"


@dataclass
class Settings:
    db: str | None
    campaign: str | None
    debug: bool
    #: never ask for dice (`--no-input`): what was not entered is rolled
    no_input: bool = False
    #: how dice are asked for when the session has its own way (`journal play`)
    ask: AskDice | None = None
    _store: Store | None = None
    _journal: Journal | None = None
    _scope: list[Ruleset] | None = field(default=None, repr=False)
    #: the campaign the scope was found for (None: every installed ruleset)
    scope_campaign: str | None = None
    #: the command was asked for `--json`: a refusal is a JSON document on stderr too
    json: bool = False
    #: who enters the events (`--writer`, `JOURNAL_WRITER`; None: user@host)
    writer: str | None = None
    #: what the command prints is data (`export` to standard output): never made visible
    raw_output: bool = False
    #: commands run at the `journal play` prompt: refusals speak its syntax (no `journal`)
    play: bool = False

    def forget(self) -> None:
        """Open the database and campaign anew at the next use (`journal play` before a
        campaign exists: the command that made one closed what it opened)."""
        self._store = self._journal = self._scope = None
        self.scope_campaign = None

    def store(self, *, create: bool = False) -> Store:
        """The database, opened once per command and closed when the command ends. Only
        commands that start a journal (`create`) may make a new SQLite file."""
        if self._store is None:
            from journal.store import Store
            from journal.store.engine import memory_target

            if memory_target(self.db):
                fail(
                    f"--db {self.db} is an in-memory database: what a command writes there is "
                    "gone when it ends; point --db at a file (or a server's URL)"
                )
            self._store = Store.open(self.db, create=create)
            click.get_current_context().call_on_close(self._store.close)
        return self._store

    def journal(self) -> Journal:
        """The campaign, opened (and its schema checked) once per command."""
        if self._journal is None:
            from journal.api import Journal
            from journal.current import current

            store = self.store()
            self._journal = Journal(
                store, self.campaign, current=current(store), writer=self.writer
            )
        return self._journal

    def writer_name(self) -> str:
        """Who enters the events: `--writer` / `JOURNAL_WRITER` (checked), else user@host."""
        from journal.writer import checked, default_writer

        return default_writer() if self.writer is None else checked(self.writer)

    def dice_asker(self) -> AskDice | None:
        """Who answers a roll the GM did not enter: the session's asker, the GM at a
        terminal (standard input is one), or nobody (`--no-input`): then it is rolled."""
        if self.no_input:
            return None
        if self.ask is not None:
            return self.ask
        if not sys.stdin.isatty():
            return None
        from journal.cli.common import ask_at_terminal

        return ask_at_terminal

    def scope(self) -> list[Ruleset]:
        """The campaign's ruleset when the campaign can be told, else every installed one."""
        if self._scope is None:
            from journal.rules import load, load_all

            try:
                journal = self.journal()
            except JournalError:
                self._scope = load_all()
            else:
                self._scope = [load(journal.ruleset.name)]
                self.scope_campaign = journal.campaign
        return self._scope


def settings_of(ctx: click.Context) -> Settings:
    """The command's settings, made from the global options on first use."""
    root = ctx.find_root()
    settings = root.obj
    if not isinstance(settings, Settings):
        params = root.params
        settings = Settings(
            params.get("db"),
            params.get("campaign"),
            bool(params.get("debug")),
            no_input=bool(params.get("no_input")),
            writer=params.get("writer"),
        )
        root.obj = settings
    return settings


def fail(message: str) -> NoReturn:
    raise JournalError(message)


def _wants_json(ctx: click.Context, param: click.Parameter, value: bool) -> bool:
    if value:
        settings_of(ctx).json = True
    return value


def json_flag() -> click.Option:
    """`--json`: print one JSON document (and a refusal as `{"error": ...}` on stderr)."""
    return click.Option(
        ["--json", "as_json"], is_flag=True, callback=_wants_json, help="Print one JSON document."
    )


def ruleset_commands(rulesets: list[Ruleset]) -> dict[str, click.Command]:
    """The commands these rulesets add, the first ruleset's winning a shared name."""
    found: dict[str, click.Command] = {}
    for ruleset in rulesets:
        from journal.cli.rulesets import commands_of

        part = commands_of(ruleset.name)
        if part is None:
            continue
        for name, command in part.commands().items():
            found.setdefault(name, command)
    return found


class JournalGroup(click.Group):
    """Loads subcommands lazily and turns every refusal into one `Error:` line."""

    def _rulesets(self, ctx: click.Context) -> list[Ruleset]:
        scope = ctx.meta.get(SCOPE)
        if scope is not None:
            return list(scope)
        from journal.rules import load_all

        return load_all()

    def list_commands(self, ctx: click.Context) -> list[str]:
        core = list(CORE)
        at = core.index(RULESET_COMMANDS_AFTER) + 1
        extra = [n for n in ruleset_commands(self._rulesets(ctx)) if n not in CORE]
        return core[:at] + extra + core[at:]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        from journal.cli.numbers import strict_numbers

        target = CORE.get(cmd_name)
        if target is not None:
            module_name, attribute = target.split(":")
            command: click.Command = getattr(importlib.import_module(module_name), attribute)
            return strict_numbers(command)
        found = ruleset_commands(self._rulesets(ctx)).get(cmd_name)
        return None if found is None else strict_numbers(found)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if name and not name.startswith("-") and name not in CORE:
            self._scope_to_campaign(ctx, name)
            if settings_of(ctx).scope_campaign is None and {"-h", "--help"} & set(args[1:]):
                self._help_of_each(ctx, name, args[1:])
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            import difflib

            close = difflib.get_close_matches(name, self.list_commands(ctx), n=1)
            hint = f" Did you mean {close[0]!r}?" if close else " See `journal --help`."
            ctx.fail(f"No such command {name!r}.{hint}")
        return super().resolve_command(ctx, args)

    def _help_of_each(self, ctx: click.Context, name: str, rest: list[str]) -> None:
        """`journal encounter start --help` where no campaign can be told: each installed
        ruleset's form of the command, under the ruleset's name (when several have it)."""
        from journal.rules import load_all

        forms = [(r, ruleset_commands([r]).get(name)) for r in load_all()]
        found = [(ruleset, command) for ruleset, command in forms if command is not None]
        if len(found) < 2:
            return
        words = [word for word in rest if not word.startswith("-")]
        shown = []
        for ruleset, command in found:
            at = click.Context(command, info_name=name, parent=ctx)
            for word in words:
                inner = command.get_command(at, word) if isinstance(command, click.Group) else None
                if inner is None:
                    break
                command, at = inner, click.Context(inner, info_name=word, parent=at)
            shown.append(f"== {ruleset.name}: {ruleset.summary} ==\n\n{command.get_help(at)}")
        click.echo(
            "No campaign here, so this is each ruleset's form of the command "
            "(a campaign's own is used inside it).\n\n" + "\n\n".join(shown)
        )
        ctx.exit(0)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands as a GM looks for them: the core, the campaign's ruleset, then the
        other installed rulesets, each under its name."""
        from journal.rules import load_all

        here = None
        settings = settings_of(ctx)
        if "://" in (settings.db or "") or os.path.exists(settings.db or "journal.db"):
            # (a folder with no journal needs no database module to say so)
            try:
                scope = settings.scope()
                here = scope[0].name if settings.scope_campaign is not None else None
            except Exception:  # no readable database: nothing is "this campaign's"
                here = None
        limit = formatter.width - 6 - max(len(name) for name in CORE)
        core = [(name, self.get_command(ctx, name)) for name in CORE]
        sections: list[tuple[str, list[tuple[str, click.Command | None]]]] = [
            ("Core commands", core)
        ]
        rulesets = sorted(load_all(), key=lambda r: r.name != here)
        for ruleset in rulesets:
            own: list[tuple[str, click.Command | None]] = [
                (n, c) for n, c in ruleset_commands([ruleset]).items() if n not in CORE
            ]
            if not own:
                continue
            if here is None:
                title = f"{ruleset.name} commands"
            elif ruleset.name == here:
                title = f"{ruleset.name} commands (this campaign's ruleset)"
            else:
                title = f"{ruleset.name} commands (another installed ruleset)"
            sections.append((title, own))
        for title, commands in sections:
            rows = [(n, c.get_short_help_str(limit)) for n, c in commands if c is not None]
            with formatter.section(title):
                formatter.write_dl(rows)

    def _scope_to_campaign(self, ctx: click.Context, name: str) -> None:
        """Offer the commands of the campaign's ruleset; name the ruleset a command of
        another ruleset belongs to."""
        settings = settings_of(ctx)
        scope = settings.scope()
        ctx.meta[SCOPE] = scope
        if settings.scope_campaign is None or name in ruleset_commands(scope):
            return
        from journal.rules import load_all

        for other in load_all():
            if name in ruleset_commands([other]):
                fail(
                    f"that is a {other.name} command, and campaign "
                    f"{settings.scope_campaign!r} plays {scope[0].name}"
                )

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[Any]:
        """Complete the commands of the campaign's ruleset (all of them when it cannot be
        told)."""
        try:
            with ctx.scope():
                ctx.meta[SCOPE] = settings_of(ctx).scope()
        except Exception:
            pass
        return super().shell_complete(ctx, incomplete)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from journal.rules import load_all

        with formatter.section("Rulesets"):
            formatter.write_dl([(r.name, r.summary) for r in load_all()])

    def _option_owner(self, ctx: click.Context, error: click.NoSuchOption) -> str | None:
        """The other ruleset whose same command has the option the GM typed."""
        settings = ctx.find_object(Settings)
        if settings is None or settings.scope_campaign is None or error.ctx is None:
            return None
        path = error.ctx.command_path.split()[1:]
        from journal.rules import load_all

        for other in load_all():
            command: click.Command | None = ruleset_commands([other]).get(path[0]) if path else None
            for part in path[1:]:
                if isinstance(command, click.Group):
                    command = command.get_command(error.ctx, part)
            if command is None or other.name == settings.scope()[0].name:
                continue
            if any(error.option_name in param.opts for param in command.params):
                return other.name
        return None

    @staticmethod
    def _refused(ctx: click.Context, exc: JournalError) -> NoReturn:
        found = ctx.find_object(Settings)
        if found is not None and found.json:
            import json

            from journal.text import without_passwords

            document = {"error": without_passwords(str(exc)), "exit_code": exc.exit_code}
            click.echo(json.dumps(document, ensure_ascii=False), err=True)
        else:
            message = str(exc)
            if found is not None and found.play:  # at the prompt, commands have no `journal`
                message = message.replace("`journal ", "`")
            click.echo(f"Error: {message}", err=True)
        ctx.exit(exc.exit_code)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Every command, its refusals and click's usage errors print through
        `journal.cli.terminal.shown`: control characters visible, passwords masked."""
        from journal.cli.terminal import shown

        given = kwargs.get("obj")
        name = str(kwargs.get("prog_name") or "journal").replace("-", "_").replace(".", "_")
        if os.environ.get(kwargs.get("complete_var") or f"_{name}_COMPLETE".upper()):
            return super().main(*args, **kwargs)  # the shell's completion: data for the shell

        def raw() -> bool:
            ctx = click.get_current_context(silent=True)
            found = ctx.find_object(Settings) if ctx is not None else given
            return isinstance(found, Settings) and (found.json or found.raw_output)

        with shown(raw):
            return super().main(*args, **kwargs)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.NoSuchOption as exc:
            owner = self._option_owner(ctx, exc)
            if owner is None:
                raise
            settings = settings_of(ctx)
            click.echo(
                f"Error: {exc.option_name} is a {owner} option, and campaign "
                f"{settings.scope_campaign!r} plays {settings.scope()[0].name}",
                err=True,
            )
            ctx.exit(1)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except BrokenPipeError:
            # The reader went away (`journal log | head`): stop quietly.
            _drop_stdout()
            ctx.exit(1)
        except JournalError as exc:
            self._refused(ctx, exc)
        except Exception as exc:
            found = ctx.find_object(Settings)
            if found is not None and found.debug:
                raise
            failure = _output_failure(exc) or _name_failure(exc) or _database_failure(exc, found)
            if failure is not None:
                self._refused(ctx, failure)
            click.echo(
                f"Error: unexpected failure ({_first_line(exc)}); "
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
    help="Campaign slug (default: the current one, see `journal campaign use`).",
    shell_complete=lambda ctx, param, incomplete: campaign_slugs(ctx, incomplete),
)
@click.option(
    "--no-input",
    is_flag=True,
    envvar="JOURNAL_NO_INPUT",
    help="Never ask for dice at a terminal: roll what --dice did not enter.",
)
@click.option(
    "--writer",
    envvar="JOURNAL_WRITER",
    metavar="NAME",
    help="Who enters the events (default user@host): `undo` takes back your own.",
)
@click.option("--debug", is_flag=True, help="Show tracebacks of unexpected failures.")
@click.pass_context
def cli(
    ctx: click.Context,
    db: str | None,
    campaign: str | None,
    no_input: bool,
    writer: str | None,
    debug: bool,
) -> None:
    """A campaign journal for horror games: every occurrence an immutable event,
    every number explained and replayable.

    \b
    Try it:  journal demo
    Start:   journal campaign new night --ruleset RULESET     (the rulesets are below)
             journal character add NAME ...     (the sheet of the campaign's ruleset)
    Play:    journal session start    then the commands of the campaign's ruleset
    Read:    journal status    journal log    journal explain NAME
    """
    settings_of(ctx)


#: a full disk or quota, a file grown too big, a device failing
_OUTPUT_FULL = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


def _drop_stdout() -> None:
    """Send what is left of standard output nowhere: Python's flush at exit would fail
    again (a pipe closed, a disk full) and print a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # not a real file (click's test runner)
        pass


def _output_failure(exc: Exception) -> JournalError | None:
    """Standard output that cannot take what the command prints (`> /dev/full`)."""
    if not isinstance(exc, OSError) or exc.filename is not None or exc.errno not in _OUTPUT_FULL:
        return None
    _drop_stdout()
    return JournalError(f"cannot write the output: {exc.strerror}")


def _name_failure(exc: Exception) -> JournalError | None:
    """A path no file can have (`--db`, `--templates`, `import FILE` of thousands of
    characters): the system refuses the name before it looks for the file."""
    if not isinstance(exc, OSError) or exc.errno != errno.ENAMETOOLONG:
        return None
    name = str(exc.filename or "")
    shown = name if len(name) <= 60 else f"{name[:40]}...{name[-10:]}"
    return JournalError(f"{shown!r} is too long for a file name: give a shorter path")


def _database_failure(exc: Exception, settings: Settings | None) -> JournalError | None:
    """A failure of the database itself (locked past the timeout, read-only, a disk that
    fails, a server that went away), in the GM's words; None for anything else."""
    if "journal.store.recorder" not in sys.modules:
        return None
    from journal.store.recorder import DriverError

    if not isinstance(exc, DriverError):
        return None
    from journal.store.engine import problem

    store = settings._store if settings is not None else None
    where = store.describe() if store is not None else "the database"
    return JournalError(problem(where, exc.orig, store.url() if store is not None else None))


def _first_line(exc: BaseException) -> str:
    first = (str(getattr(exc, "orig", None) or exc).strip().splitlines() or [""])[0]
    return f"{type(exc).__name__}: {first[:200]}"


def failure_text(exc: BaseException, settings: Settings | None) -> str:
    """What went wrong, as the `Error:` line of a command would say it (for `play`'s
    board, which must never fail)."""
    if isinstance(exc, JournalError):
        return str(exc)
    if isinstance(exc, Exception):
        found = _database_failure(exc, settings)
        if found is not None:
            return str(found)
    return _first_line(exc)


def campaign_slugs(ctx: click.Context, incomplete: str) -> list[Any]:
    """The database's campaigns, for completing `--campaign SLUG`."""
    from click.shell_completion import CompletionItem

    try:
        with ctx.scope():
            from journal.api import campaigns

            found = [c.campaign for c in campaigns(settings_of(ctx).store())]
    except Exception:
        return []
    return [CompletionItem(slug) for slug in found if slug.startswith(incomplete)]


def main() -> None:
    if sys.platform == "win32":  # pragma: no cover
        os.environ.setdefault("PYTHONIOENCODING", "utf-8")
    cli(prog_name="journal")
