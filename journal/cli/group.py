"""The root group of `journal`: lazy subcommands (the core's, and the commands of the
campaign's ruleset), `journal --help` as a GM reads it, and the error convention (every
refusal one `Error:` line, or a JSON document with `--json`).

The core commands are listed here; every other command comes from a ruleset (its `cli`
module), the one the campaign plays: two rulesets may each have an `encounter`, and the
campaign's is the one that runs. When the campaign cannot be told yet (no database,
several campaigns and none chosen), every installed ruleset's commands are offered.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import TYPE_CHECKING, Any, NoReturn

import click

from journal.cli.failures import (
    database_failure,
    drop_stdout,
    first_line,
    name_failure,
    output_failure,
)
from journal.cli.settings import SCOPE, Settings, fail, settings_of
from journal.errors import JournalError

if TYPE_CHECKING:
    from journal.api.rulesets import Ruleset

#: core command name -> "module:attribute", loaded only when that command runs or lists help
CORE = {
    "campaign": "journal.cli.campaign:campaign",
    "character": "journal.cli.campaign:character",
    "status": "journal.cli.reading:status",
    "session": "journal.cli.sessions:session",
    "clock": "journal.cli.sessions:clock",
    "note": "journal.cli.sessions:note",
    "reveal": "journal.cli.secrets:reveal",
    "secrets": "journal.cli.secrets:secrets",
    "safety": "journal.cli.secrets:safety",
    "xcard": "journal.cli.secrets:xcard",
    "adjust": "journal.cli.fiat:adjust",
    "log": "journal.cli.reading:log",
    "explain": "journal.cli.reading:explain",
    "audit": "journal.cli.reading:audit",
    "verify": "journal.cli.reading:verify",
    "heads": "journal.cli.proof:heads",
    "prove": "journal.cli.proof:prove",
    "check-proof": "journal.cli.proof:check_proof",
    "verifier": "journal.cli.proof:verifier",
    "roll": "journal.cli.rolls:roll",
    "unseal": "journal.cli.rolls:unseal",
    "void": "journal.cli.corrections:void",
    "rerule": "journal.cli.corrections:rerule",
    "amend": "journal.cli.corrections:amend",
    "undo": "journal.cli.corrections:undo",
    "export": "journal.cli.transfer:export",
    "import": "journal.cli.transfer:import_",
    "recap": "journal.cli.handouts:recap",
    "arc": "journal.cli.handouts:arc",
    "book": "journal.cli.handouts:book",
    "db": "journal.cli.maintenance:db",
    "rulesets": "journal.cli.installed:rulesets",
    "demo": "journal.cli.demo:demo",
    "play": "journal.cli.play:play",
    "links": "journal.cli.web:links",
    "serve": "journal.cli.web:serve",
    "webhook": "journal.cli.posting:webhook",
    "post": "journal.cli.posting:post",
}
#: where the rulesets' commands appear in `journal --help`: after these
RULESET_COMMANDS_AFTER = "note"


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


def _asks_help(args: list[str]) -> bool:
    """Whether the words after a command ask for its help (`-h`/`--help` before `--`)."""
    words = args[: args.index("--")] if "--" in args else args
    return bool({"-h", "--help"} & set(words))


class JournalGroup(click.Group):
    """Loads subcommands lazily and turns every refusal into one `Error:` line."""

    def _rulesets(self, ctx: click.Context) -> list[Ruleset]:
        scope = ctx.meta.get(SCOPE)
        if scope is not None:
            return list(scope)
        from journal.api.rulesets import installed

        return installed()

    def list_commands(self, ctx: click.Context) -> list[str]:
        core = list(CORE)
        at = core.index(RULESET_COMMANDS_AFTER) + 1
        extra = [n for n in ruleset_commands(self._rulesets(ctx)) if n not in CORE]
        return core[:at] + extra + core[at:]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        from journal.cli.digits import strict_numbers
        from journal.cli.root_options import noted

        target = CORE.get(cmd_name)
        if target is not None:
            module_name, attribute = target.split(":")
            command: click.Command = getattr(importlib.import_module(module_name), attribute)
            return noted(strict_numbers(command))
        found = ruleset_commands(self._rulesets(ctx)).get(cmd_name)
        return None if found is None else noted(strict_numbers(found))

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        from journal.cli.root_options import hoisted

        return super().parse_args(ctx, hoisted(self, ctx, args))

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if name and not name.startswith("-") and name not in CORE:
            if _asks_help(args[1:]):
                self._help_anywhere(ctx, name, args[1:])
            else:
                self._scope_to_campaign(ctx, name)
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            import difflib

            close = difflib.get_close_matches(name, self.list_commands(ctx), n=1)
            hint = f" Did you mean {close[0]!r}?" if close else " See `journal --help`."
            ctx.fail(f"No such command {name!r}.{hint}")
        return super().resolve_command(ctx, args)

    def _help_anywhere(self, ctx: click.Context, name: str, rest: list[str]) -> None:
        """A ruleset command's `--help` is never refused: in a campaign of its ruleset, its
        own form; in a campaign of another ruleset, the form of the ruleset it belongs to,
        saying so; where no campaign can be read (none, several, a database that cannot
        be opened), each installed ruleset's form."""
        from journal.api.rulesets import installed

        settings = settings_of(ctx)
        try:
            scope = settings.scope()
        except Exception:  # help needs no database: it shows every ruleset's form
            scope = installed()
            settings.scope_campaign = None
        ctx.meta[SCOPE] = scope
        if settings.scope_campaign is None:
            self._help_of_each(ctx, name, rest)
            return
        if name in ruleset_commands(scope):
            return
        owners = [other for other in installed() if name in ruleset_commands([other])]
        if owners:
            note = (
                f"Campaign {settings.scope_campaign!r} plays {scope[0].name}, so `{name}` (a "
                f"{' and '.join(owner.name for owner in owners)} command) is refused there. "
                "Its help:"
            )
            self._help_of_each(ctx, name, rest, owners, note)

    def _help_of_each(
        self,
        ctx: click.Context,
        name: str,
        rest: list[str],
        rulesets: list[Ruleset] | None = None,
        note: str = (
            "No campaign here, so this is each ruleset's form of the command "
            "(a campaign's own is used inside it)."
        ),
    ) -> None:
        """`journal encounter start --help` where no campaign can be told: each installed
        ruleset's form of the command (or of `rulesets`), under the ruleset's name (one
        form alone needs no name, unless the `note` says why it is shown)."""
        from journal.api.rulesets import installed

        forms = [(r, ruleset_commands([r]).get(name)) for r in rulesets or installed()]
        found = [(ruleset, command) for ruleset, command in forms if command is not None]
        if len(found) < (1 if rulesets else 2):
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
        click.echo(f"{note}\n\n" + "\n\n".join(shown))
        ctx.exit(0)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands as a GM looks for them: the core, the campaign's ruleset, then the
        other installed rulesets, each under its name."""
        from journal.api.rulesets import installed

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
        rulesets = sorted(installed(), key=lambda r: r.name != here)
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
        from journal.api.rulesets import installed

        for other in installed():
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
        from journal.api.rulesets import listed

        rows = [
            (r.name, r.summary if r.works else "cannot be loaded: `journal rulesets` says why")
            for r in listed().rulesets
        ]
        with formatter.section("Rulesets"):
            formatter.write_dl([(name, said or "") for name, said in rows])

    def _option_owner(self, ctx: click.Context, error: click.NoSuchOption) -> str | None:
        """The other ruleset whose same command has the option the GM typed."""
        settings = ctx.find_object(Settings)
        if settings is None or settings.scope_campaign is None or error.ctx is None:
            return None
        path = error.ctx.command_path.split()[1:]
        from journal.api.rulesets import installed

        for other in installed():
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
        from journal.api.text import masked_urls

        found = ctx.find_object(Settings)
        if found is not None and found.debug and isinstance(exc.__cause__, BaseException):
            import traceback  # --debug: where it failed (a broken plugin's own traceback)

            traceback.print_exception(exc.__cause__, file=sys.stderr)
        if found is not None and found.json:
            from journal.api.database_level import refusal
            from journal.cli.common import emit_json

            emit_json(refusal(exc), err=True, compact=True)
        else:
            message = masked_urls(str(exc))  # a URL's path may be a key: a webhook's token
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

        # click drops escape sequences from what it prints to a pipe; `Shown` shows them
        # instead (`␛[2J`), the same on a pipe as on a terminal (issue 29)
        kwargs.setdefault("color", True)
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
            drop_stdout()
            ctx.exit(1)
        except JournalError as exc:
            self._refused(ctx, exc)
        except Exception as exc:
            found = ctx.find_object(Settings)
            if found is not None and found.debug:
                raise
            failure = output_failure(exc) or name_failure(exc) or database_failure(exc, found)
            if failure is not None:
                self._refused(ctx, failure)
            click.echo(
                f"Error: unexpected failure ({first_line(exc)}); "
                "nothing was written. Rerun with --debug for the details.",
                err=True,
            )
            ctx.exit(1)
