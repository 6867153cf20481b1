"""The settings of one `journal` command: the global options, the database and campaign it
opens (once, through the API), and who answers a roll nobody entered.

Start-up stays lean: this module imports click only; the API is imported when a command
first opens the database.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NoReturn

import click

from journal.errors import JournalError

if TYPE_CHECKING:
    from journal.api.database_level import Database
    from journal.api.dice import AskDice
    from journal.api.journal import Journal
    from journal.api.rulesets import Ruleset

#: where a command's scope (the rulesets whose commands it offers) is kept in click's meta
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
    _database: Database | None = None
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
        self._database = self._journal = self._scope = None
        self.scope_campaign = None

    def database(self, *, create: bool = False) -> Database:
        """The database, opened once per command and closed when the command ends. Only
        commands that start a journal (`create`) may make a new SQLite file."""
        if self._database is None:
            from journal.api.database_level import Database, in_memory

            if in_memory(self.db):
                fail(
                    f"--db {self.db} is an in-memory database: what a command writes there is "
                    "gone when it ends; point --db at a file (or a server's URL)"
                )
            self._database = Database.open(self.db, create=create, writer=self.writer)
            click.get_current_context().call_on_close(self._database.close)
        return self._database

    @property
    def opened(self) -> Database | None:
        """The database if this command opened it already (None: it did not)."""
        return self._database

    def journal(self) -> Journal:
        """The campaign, opened (and its schema checked) once per command."""
        if self._journal is None:
            self._journal = self.database().campaign(self.campaign)
        return self._journal

    def dice_asker(self) -> AskDice | None:
        """Who answers a roll the GM did not enter: the session's asker, the GM at a
        terminal (standard input is one), or nobody (`--no-input`): then it is rolled."""
        if self.no_input:
            return None
        if self.ask is not None:
            return self.ask
        if not sys.stdin.isatty():
            return None
        from journal.cli.asking import ask_at_terminal

        return ask_at_terminal

    def scope(self) -> list[Ruleset]:
        """The campaign's ruleset when the campaign can be told, else every installed one."""
        if self._scope is None:
            from journal.api.rulesets import installed, ruleset

            try:
                journal = self.journal()
            except JournalError:
                self._scope = installed()
            else:
                self._scope = [ruleset(journal.ruleset.name)]
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


def campaign_slugs(ctx: click.Context, incomplete: str) -> list[Any]:
    """The database's campaigns, for completing `--campaign SLUG`."""
    from click.shell_completion import CompletionItem

    try:
        with ctx.scope():
            listed = settings_of(ctx).database().campaigns()
            found = [c.campaign for c in listed.campaigns]
    except Exception:
        return []
    return [CompletionItem(slug) for slug in found if slug.startswith(incomplete)]


def complete_slug(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """The `shell_complete` of an argument or option naming a campaign (`SLUG`)."""
    return campaign_slugs(ctx, incomplete)
