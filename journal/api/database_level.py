"""The database-level API (alembic's `command.py` is the model): a `Database` is one
journal database, a SQLite file or a server's; it lists, starts and chooses campaigns,
brings the schema to the code's and checks it, lists and drops the snapshot cache, imports
and exports logs, and opens a campaign as a `Journal`. Each method returns a typed
document (`journal.api.reports`) whose `to_json()` is the CLI's `--json`; a refusal is a
`JournalError` that says what is wrong and what to do.

    import journal

    with journal.open_database("journal.db", create=True) as db:
        db.create_campaign("night", ruleset, title="Night of the Horde")  # an installed one
        print(db.check().ok)
        with db.campaign("night") as night:
            print(night.status().to_json())

The command line is a thin layer over this module and `journal.api.journal`.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable, Iterator, Mapping, Set
from pathlib import Path
from typing import TYPE_CHECKING

from journal.api.journal import Journal
from journal.errors import JournalError, NotFound, RuleError, UnreadableEvent

if TYPE_CHECKING:
    import threading

    # the reports are imported by the methods that make them: a command that only opens
    # a campaign (`journal note`) does not define them
    from journal.api.reports import (
        CampaignChosen,
        CampaignList,
        CheckReport,
        Finding,
        ImportReport,
        NewCampaign,
        Refusal,
        SnapshotList,
        SnapshotsDropped,
        UpgradeReport,
    )
    from journal.store import Store

__all__ = [
    "Database",
    "create",
    "failure_message",
    "in_memory",
    "open_database",
    "open_journal",
    "refusal",
]


class Database:
    """One journal database (a context manager: closing it closes the connections it
    opened). Opening it reads nothing: each method checks what it needs (a campaign's
    commands need the current schema, `upgrade` brings it there)."""

    def __init__(self, store: Store, *, writer: str | None = None) -> None:
        #: the event store (below the API: the methods read and write through it)
        self._store = store
        #: who enters the events of the campaigns opened here (None: user@host)
        self.writer = writer

    @classmethod
    def open(
        cls, db: str | None = None, *, create: bool = False, writer: str | None = None
    ) -> Database:
        """The database at `db` (a SQLite path or a SQLAlchemy URL; default
        `./journal.db`); only with `create` may a new SQLite file be made."""
        from journal.store import Store

        return cls(Store.open(db, create=create), writer=writer)

    def close(self) -> None:
        self._store.close()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def describe(self) -> str:
        """Where the database is, as the GM named it (a server's URL without password)."""
        return self._store.describe()

    @property
    def sqlite_path(self) -> Path | None:
        """The SQLite file (None on a server)."""
        return self._store.sqlite_path

    def key(self) -> str:
        """This database told apart from every other (how this user's files name it)."""
        from journal.current import database_key

        return database_key(self._store)

    def watch(
        self,
        stop: threading.Event,
        changed: Callable[[], None],
        trouble: Callable[[str], None],
        *,
        poll: float = 0.05,
        fallback: float = 5.0,
    ) -> None:
        """Call `changed()` at once, then whenever another writer may have appended to
        this database (SQLite: its `data_version` read every `poll` seconds; PostgreSQL:
        the channel every append notifies), and at least every `fallback` seconds, until
        `stop` is set. It blocks: `journal serve` runs it in a thread of its own.
        `trouble` is told in words when the database cannot be listened to."""
        from journal.api.changes import watch

        watch(self._store, stop, changed, trouble, poll, fallback)

    # --- campaigns -----------------------------------------------------------------------

    def campaigns(self) -> CampaignList:
        """Every campaign, in the order they were created, and the one this user chose."""
        from journal.api.reports import CampaignList, CampaignSummary
        from journal.current import current, where_remembered

        store = self._store
        store.require_current()
        summaries = tuple(
            CampaignSummary(
                campaign=first.campaign,
                ruleset=str(first.data["ruleset"]),
                title=str(first.data["title"]),
                events=store.count(first.campaign),
                created_at=str(first.export()["recorded_at"]),
            )
            for first in store.campaigns()
        )
        remembered = current(store) if summaries else None
        return CampaignList(summaries, remembered, where_remembered() if summaries else "")

    def campaign_slugs(self) -> list[str]:
        """The slug of every campaign, oldest first; none in a new database (whatever its
        schema: unlike the commands, this reads an older one too)."""
        if self._store.revision() is None:
            return []
        return [first.campaign for first in self._store.campaigns()]

    def current_campaign(self) -> str | None:
        """The campaign this user last chose (or started) in this database, if any."""
        from journal.current import current

        return current(self._store)

    def create_campaign(
        self,
        slug: str,
        ruleset: str,
        title: str = "",
        options: Mapping[str, str] | None = None,
    ) -> NewCampaign:
        """Start campaign `slug` playing `ruleset` (the schema is made on a new database)
        and make it this user's current campaign here."""
        from journal.api.reports import NewCampaign
        from journal.app import create_campaign
        from journal.current import remember

        outcome = create_campaign(
            self._store, slug, ruleset, title, dict(options or {}), self._writer()
        )
        forgot = remember(self._store, slug)
        state = outcome.state
        return NewCampaign(
            state.slug,
            state.ruleset,
            state.title,
            dict(state.options),
            state.seq,
            self.describe(),
            forgot,
        )

    def use_campaign(self, slug: str) -> CampaignChosen:
        """Make `slug` this user's current campaign in this database (commands then need no
        --campaign); refused when it is not one, or cannot be remembered."""
        from journal.api.reports import CampaignChosen
        from journal.app import resolve_campaign
        from journal.current import remember

        self._store.require_current()
        chosen = resolve_campaign(self._store, slug)
        forgot = remember(self._store, chosen)
        if forgot is not None:
            raise JournalError(
                f"could not remember campaign {chosen!r} as the current one ({forgot}): "
                f"give --campaign {chosen} (or JOURNAL_CAMPAIGN={chosen}) to each command instead"
            )
        return CampaignChosen(chosen, self.describe())

    def campaign(self, slug: str | None = None, *, writer: str | None = None) -> Journal:
        """Campaign `slug` (None: this user's current one, else the only one), its schema
        checked; its events record `writer` (default: the database's, else user@host).
        Closing the Journal leaves the database open."""
        return Journal(
            self._store,
            slug,
            current=self.current_campaign(),
            writer=writer if writer is not None else self.writer,
        )

    def _writer(self) -> str:
        from journal.writer import checked, default_writer

        return default_writer() if self.writer is None else checked(self.writer)

    # --- the schema ----------------------------------------------------------------------

    def upgrade(self) -> UpgradeReport:
        """Bring the database to the current schema (a SQLite file is copied beside it
        first), make the snapshots table again when it is missing or damaged, and put back
        any append-only trigger that is not in place."""
        from journal.api.reports import UpgradeReport

        store = self._store
        before, after, backup = store.upgrade()
        remade = store.repair_snapshots()
        triggers = store.reinstall_triggers() if before is not None else []
        return UpgradeReport(
            before,
            after,
            None if backup is None else str(backup),
            remade,
            tuple(triggers),
            self.describe(),
        )

    def check(self) -> CheckReport:
        """The schema, the file's integrity (SQLite), the append-only triggers, and (in a
        sound database) the characters whose names the journal now refuses."""
        from journal.api.reports import CheckReport
        from journal.store.layout import SCHEMA_HEAD

        store = self._store
        current = store.revision()
        damage = store.integrity_problems()
        triggers = store.trigger_problems() if current is not None else []
        sound = current == SCHEMA_HEAD and not damage and not triggers
        return CheckReport(
            current,
            SCHEMA_HEAD,
            None if damage is None else tuple(damage),
            tuple(triggers),
            self._findings() if sound else (),
            self.describe(),
            self._notices() if sound else (),
        )

    def _notices(self) -> tuple[tuple[str, str], ...]:
        """Each campaign holding events an older journal's import gave an id derived from
        their content (`journal.events.ids`), and what that means."""
        from journal.events.ids import derived_from_content, derived_notice

        found = []
        for first in self._store.campaigns():
            seqs = [r.seq for r in self._store.read(first.campaign) if derived_from_content(r)]
            if seqs:
                found.append((first.campaign, derived_notice(seqs)))
        return tuple(found)

    def _findings(self) -> tuple[Finding, ...]:
        from journal.api.reports import Finding
        from journal.app import Campaign

        unreadable: list[UnreadableEvent] = []
        unloadable: list[Finding] = []  # a campaign whose ruleset cannot be loaded here
        for first in self._store.campaigns():
            try:
                unreadable.extend(Campaign(self._store, first.campaign).unreadable())
            except RuleError as exc:
                unloadable.append(Finding(first.campaign, "", str(exc), "journal rulesets"))
        stopped = {found.campaign or "" for found in unreadable} | {f.campaign for f in unloadable}
        names = [
            Finding(
                campaign,
                name,
                f"campaign {campaign!r} has a character named {name!r}, {why}",
                f"journal --campaign {campaign} character rename {_typable(name)} NEWNAME",
            )
            for campaign, name, why in _unfit_names(self._store, stopped)
        ]
        return (
            *unloadable,
            *(
                Finding(found.campaign or "", "", found.problem, found.fix, found.seq)
                for found in unreadable
            ),
            *names,
        )

    # --- the snapshot cache --------------------------------------------------------------

    def snapshots(self, campaign: str | None = None) -> SnapshotList:
        """The snapshots of the database (of one campaign), each checked as a command would
        check it before reading it (`verify` also folds the log to compare)."""
        from journal.api.reports import SnapshotEntry, SnapshotList
        from journal.audit.snapshots import examine_all

        rulesets = self._snapshot_scope(campaign)
        return SnapshotList(
            tuple(
                SnapshotEntry(
                    found.row.campaign,
                    found.row.seq,
                    found.row.rules_version,
                    found.status,
                    found.problem or None,
                )
                for found in examine_all(self._store.snapshot_rows(campaign), rulesets)
            )
        )

    def drop_snapshots(self, campaign: str | None = None) -> SnapshotsDropped:
        """Delete the snapshots of the database (of one campaign). The log is not touched;
        commands fold it and keep snapshots again."""
        from journal.api.reports import SnapshotsDropped

        self._snapshot_scope(campaign)
        return SnapshotsDropped(campaign, self._store.drop_snapshots(campaign), self.describe())

    def _snapshot_scope(self, campaign: str | None) -> dict[str, str]:
        """campaign -> ruleset of every campaign; `campaign` must be one of them."""
        store = self._store
        store.require_current()
        rulesets = {first.campaign: str(first.data["ruleset"]) for first in store.campaigns()}
        if campaign is not None and campaign not in rulesets:
            known = ", ".join(rulesets) or "none yet"
            raise NotFound(f"no campaign {campaign!r} in {store.describe()} (campaigns: {known})")
        return rulesets

    # --- import and export ---------------------------------------------------------------

    def import_log(self, lines: Iterable[str], campaign: str | None = None) -> ImportReport:
        """Import a JSON Lines log (an export or a hand-written one), all or nothing;
        events already present are skipped. `campaign` imports it under that name (its
        events then hashed again). The schema is made on a new database."""
        from journal.api.reports import ImportReport
        from journal.transfer import import_file

        result = import_file(self._store, lines, campaign)
        return ImportReport(
            result.campaign,
            result.read,
            result.added,
            result.sealed,
            result.rehashed_from,
            result.source,
            self.describe(),
        )

    @staticmethod
    def examples() -> dict[str, str]:
        """The example campaigns the journal ships (`campaigns/SLUG/log.jsonl`), each with
        the ruleset its first event names, by slug in order."""
        import json

        from journal.resources import shipped

        found: dict[str, str] = {}
        for log in sorted(shipped("campaigns").glob("*/log.jsonl")):
            with log.open(encoding="utf-8") as lines:
                first = json.loads(lines.readline() or "{}")
            ruleset = first.get("data", {}).get("ruleset") if isinstance(first, dict) else None
            if isinstance(ruleset, str):
                found[log.parent.name] = ruleset
        return found

    def import_example(self, slug: str) -> ImportReport:
        """Import the example campaign `slug` the journal ships (`campaigns/SLUG/log.jsonl`:
        the rule text's worked examples) under its own name."""
        from journal.resources import shipped

        try:
            log = (shipped("campaigns") / slug / "log.jsonl").open(encoding="utf-8")
        except FileNotFoundError:
            raise NotFound(f"the journal ships no example campaign {slug!r}") from None
        with log:
            return self.import_log(log, slug)

    def export(self, campaign: str | None = None) -> Iterator[str]:
        """Campaign `campaign`'s whole log (voided events included) as JSON Lines."""
        with self.campaign(campaign) as opened:
            yield from opened.export()


def open_database(
    db: str | None = None, *, create: bool = False, writer: str | None = None
) -> Database:
    """The journal database at `db` (see `Database.open`)."""
    return Database.open(db, create=create, writer=writer)


def open_journal(
    db: str | None = None, *, campaign: str | None = None, writer: str | None = None
) -> Journal:
    """Open a campaign of the journal at `db` (a SQLite path or a SQLAlchemy URL; default
    `./journal.db`); `campaign` may be left out when the database holds one. Its events
    record `writer` (default user@host) as who entered them. Closing it closes the
    database."""
    database = Database.open(db, create=False, writer=writer)
    return _owning(database, lambda: database.campaign(campaign))


def create(
    db: str | None,
    slug: str,
    ruleset: str,
    title: str = "",
    options: Mapping[str, str] | None = None,
    writer: str | None = None,
) -> Journal:
    """Start campaign `slug` (creating the database on first use) and open it."""
    database = Database.open(db, create=True, writer=writer)

    def started() -> Journal:
        database.create_campaign(slug, ruleset, title, options)
        return database.campaign(slug)

    return _owning(database, started)


def _owning(database: Database, opening: Callable[[], Journal]) -> Journal:
    """The campaign `opening` opens, closing `database` with it (at once if it fails)."""
    try:
        journal = opening()
    except BaseException:
        database.close()
        raise
    journal.owns_store = True
    return journal


def in_memory(db: str | None) -> bool:
    """Whether `db` names a SQLite database that lives only as long as the process
    (`sqlite://`, `:memory:`): what a command writes there is gone when it ends."""
    from journal.store.engine import memory_target

    return memory_target(db)


def failure_message(exc: BaseException, database: Database | None = None) -> str | None:
    """A failure of the database itself (locked past the timeout, read-only, a disk that
    fails, a server that went away), in the GM's words; None for anything else."""
    import sys

    if "journal.store.recorder" not in sys.modules:
        return None  # no database was opened: it cannot be the database's failure
    from journal.store.engine import problem
    from journal.store.recorder import DriverError

    if not isinstance(exc, DriverError):
        return None
    store = database._store if database is not None else None
    where = store.describe() if store is not None else "the database"
    return problem(where, exc.orig, store.url() if store is not None else None)


def refusal(exc: JournalError) -> Refusal:
    """A refusal as `--json` prints it on standard error: no password shows, nor any
    URL's path (a webhook's token)."""
    from journal.api.reports import Refusal
    from journal.text import masked_urls, without_passwords

    return Refusal(masked_urls(without_passwords(str(exc))), exc.exit_code)


def _unfit_names(store: Store, unreadable: Set[str] = frozenset()) -> list[tuple[str, str, str]]:
    """(campaign, name, what is wrong) of each character whose name the journal now refuses
    (`journal.names`: an audience's name or a look-alike of one, an invisible character, a
    comma, too long, not in NFC, or a look-alike of an earlier character's), which older
    journals allowed: `journal db check` lists them (on a database at the current schema).
    Of two look-alikes, the later is listed; the `unreadable` campaigns are passed by
    (their characters cannot be read until the event that stops them is fixed)."""
    from journal.app import Campaign
    from journal.names import normal, reason
    from journal.rules.core.decide import audience_named

    found: list[tuple[str, str, str]] = []
    for first in store.campaigns():
        if first.campaign in unreadable:
            continue
        characters = Campaign(store, first.campaign).state().characters
        for index, name in enumerate(characters):
            audience = audience_named(name)
            if audience is not None:
                why = "the name of a handout's audience (`recap --for` cannot give their handout)"
            elif name != normal(name):
                why = "not in the form the journal stores names now (spaces single, Unicode NFC)"
            else:
                refused = reason(name, characters[:index])
                why = "" if refused is None else f"which the journal now refuses: {refused}"
            if why:
                found.append((first.campaign, name, why))
    return found


def _typable(name: str) -> str:
    """The name as a shell argument; one holding what does not show is written as bash's
    `$'...'` with escapes (`$'GM\\U0000200b'`), so that it can be read and pasted."""
    if name.isprintable():
        return shlex.quote(name)
    escaped = "".join(c if c.isprintable() and c not in "'\\" else f"\\U{ord(c):08x}" for c in name)
    return f"$'{escaped}'"
