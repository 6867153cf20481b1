"""The database-level API (`journal.api.database_level`), on each backend: every method returns
its typed document, whose JSON is what the CLI prints with `--json`, and refuses what it
must (an unknown slug, a bad file, a database that is empty or behind) with a
`JournalError` that says what to do, writing nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.api import store_of

import journal
from journal.api.commands import AddCharacter, TakeNote
from journal.api.database_level import Database
from journal.api.journal import Journal
from journal.api.reports import (
    CampaignChosen,
    CampaignList,
    CheckReport,
    ImportReport,
    NewCampaign,
    SnapshotList,
    SnapshotsDropped,
    UpgradeReport,
)
from journal.errors import JournalError, NotFound, RuleError, StoreError
from journal.store import Draft
from journal.store.layout import SCHEMA_HEAD

SHEET = {"reaction": 10, "willpower": 10, "hardness": 0, "training": "none"}


@pytest.fixture
def database(db_url: str) -> Iterator[Database]:
    """A new, empty database on each backend, opened through the API."""
    with journal.open_database(db_url, create=True) as opened:
        yield opened


def events(database: Database, slug: str) -> int:
    return store_of(database).count(slug)


def test_a_new_campaign_is_listed_and_current(database: Database) -> None:
    created = database.create_campaign("night", "horror-factor", "Night of the Horde")
    assert isinstance(created, NewCampaign)
    assert created.to_json() == {
        "campaign": "night",
        "ruleset": "horror-factor",
        "title": "Night of the Horde",
        "options": {"end_and_check": False, "exceptional_margin": 5},  # the ruleset's defaults
        "seq": 1,
        "db": database.describe(),
    }
    assert created.not_remembered is None
    listed = database.campaigns()
    assert isinstance(listed, CampaignList)
    (row,) = listed.to_json()
    assert isinstance(row, dict)
    assert list(row) == ["campaign", "ruleset", "title", "events", "created_at"]
    assert (row["campaign"], row["ruleset"], row["events"]) == ("night", "horror-factor", 1)
    assert listed.current == listed.remembered == "night"
    assert database.campaign_slugs() == ["night"]


def test_use_campaign_chooses_among_several(database: Database) -> None:
    database.create_campaign("night", "horror-factor")
    database.create_campaign("crypt", "fright-check")
    assert database.current_campaign() == "crypt"  # the one started last
    chosen = database.use_campaign("night")
    assert isinstance(chosen, CampaignChosen)
    assert chosen.to_json() == {"campaign": "night", "db": database.describe()}
    assert database.campaigns().current == "night"
    with database.campaign() as night:
        assert night.campaign == "night"


def test_a_campaign_opens_as_a_journal_that_leaves_the_database_open(
    database: Database,
) -> None:
    database.create_campaign("night", "horror-factor")
    with database.campaign("night") as night:
        assert isinstance(night, Journal)
        night.run(TakeNote("The lights go out."))
        added = night.add_character("Linda", SHEET)
        assert added.to_json() == {"seq": 3, "character": "Linda", "sheet": added.sheet}
    assert events(database, "night") == 3  # the database is still open


@pytest.mark.parametrize(
    ("slug", "ruleset", "refused"),
    [
        ("night", "no-such-rules", "unknown ruleset 'no-such-rules'"),
        ("Night Of", "horror-factor", "slug"),
    ],
)
def test_create_campaign_refuses_bad_input_and_writes_nothing(
    database: Database, slug: str, ruleset: str, refused: str
) -> None:
    with pytest.raises(RuleError, match=refused):
        database.create_campaign(slug, ruleset)
    assert store_of(database).revision() is None  # not even the schema


def test_create_campaign_refuses_a_slug_taken(database: Database) -> None:
    database.create_campaign("night", "horror-factor")
    with pytest.raises(RuleError, match="campaign 'night' already exists"):
        database.create_campaign("night", "fright-check")
    assert database.campaigns().campaigns[0].ruleset == "horror-factor"


def test_an_unknown_slug_is_refused_by_name(database: Database) -> None:
    database.create_campaign("night", "horror-factor")
    with pytest.raises(NotFound, match=r"no campaign 'nope' .*\(campaigns: night\)"):
        database.campaign("nope")
    with pytest.raises(NotFound, match="no campaign 'nope'"):
        database.use_campaign("nope")
    with pytest.raises(NotFound, match="no campaign 'nope'"):
        database.snapshots("nope")
    with pytest.raises(NotFound, match="no campaign 'nope'"):
        database.drop_snapshots("nope")
    with pytest.raises(NotFound, match="no campaign 'nope'"):
        list(database.export("nope"))
    assert database.current_campaign() == "night"


def test_an_empty_database_says_how_to_start(database: Database) -> None:
    for call in (database.campaigns, lambda: database.use_campaign("night"), database.campaign):
        with pytest.raises(StoreError, match=r"no journal in .*journal campaign new"):
            call()
    assert database.campaign_slugs() == []


def test_several_campaigns_and_none_chosen_are_refused(
    database: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database.create_campaign("night", "horror-factor")
    database.create_campaign("crypt", "fright-check")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "another-gm"))  # chose none
    assert database.campaigns().current is None
    with pytest.raises(JournalError, match=r"holds 2 campaigns .*campaign use SLUG"):
        database.campaign()


def test_upgrade_makes_a_new_database_and_then_has_nothing_to_do(database: Database) -> None:
    made = database.upgrade()
    assert isinstance(made, UpgradeReport)
    assert made.to_json() == {
        "from": None,
        "to": SCHEMA_HEAD,
        "backup": None,
        "snapshots_table_made": False,
        "triggers_reinstalled": [],
    }
    again = database.upgrade()
    assert (again.before, again.after, again.upgraded) == (SCHEMA_HEAD, SCHEMA_HEAD, False)


def test_check_of_a_sound_database(database: Database) -> None:
    database.create_campaign("night", "horror-factor")
    report = database.check()
    assert isinstance(report, CheckReport)
    document = report.to_json()
    assert list(document) == [
        "current", "head", "ok", "integrity", "triggers", "findings", "notices",
    ]  # fmt: skip
    assert (report.ok, report.current, report.triggers, report.findings) == (
        True,
        SCHEMA_HEAD,
        (),
        (),
    )
    # SQLite checks the file's integrity; a server keeps its own pages
    assert document["integrity"] == ([] if store_of(database).is_sqlite else None)


def test_check_of_an_empty_database_is_not_ok(database: Database) -> None:
    report = database.check()
    assert (report.current, report.ok, report.sound) == (None, False, False)


def test_check_finds_a_name_the_journal_now_refuses_with_its_fix(database: Database) -> None:
    """A name an older journal let in (appended straight to the store, as it did)."""
    database.create_campaign("night", "horror-factor")
    seq, _ = store_of(database).head("night")
    sheet = {**SHEET, "brokenness": 0, "specializations": {}}
    added = Draft("CharacterAdded", 1, {"name": "GM", "sheet": sheet})
    store_of(database).append("night", seq, [added])
    report = database.check()
    assert (report.sound, report.ok) == (True, False)
    (finding,) = report.findings
    assert finding.to_json() == {
        "campaign": "night",
        "character": "GM",
        "problem": finding.problem,
        "fix": "journal --campaign night character rename GM NEWNAME",
        "seq": None,  # an event's finding names its seq
    }
    assert "the name of a handout's audience" in finding.problem
    assert report.to_json()["findings"] == [finding.to_json()]


def test_a_database_behind_the_code_is_refused_until_upgraded(database: Database) -> None:
    database.create_campaign("night", "horror-factor")
    with store_of(database).engine.begin() as conn:
        conn.exec_driver_sql("UPDATE alembic_version SET version_num = '0003'")
    for call in (database.campaigns, lambda: database.campaign("night"), database.snapshots):
        with pytest.raises(StoreError, match=r"at schema 0003.*journal db upgrade"):
            call()
    assert database.check().to_json()["current"] == "0003"
    assert database.check().ok is False


def test_import_and_export_round_trip(database: Database, tmp_path: Path) -> None:
    report = database.import_example("jackson-zombies")
    assert isinstance(report, ImportReport)
    assert report.to_json() == {
        "campaign": "jackson-zombies",
        "read": report.read,
        "added": report.read,
        "sealed": None,
        "rehashed_from": None,
    }
    lines = list(database.export("jackson-zombies"))
    assert len(lines) == report.read
    assert json.loads(lines[0])["type"] == "CampaignCreated"
    again = database.import_log(lines)  # what is already there is skipped
    assert (again.campaign, again.read, again.added) == ("jackson-zombies", report.read, 0)
    # an event id belongs to one event: a copy under another name goes to another database
    with pytest.raises(StoreError, match="is already in this database"):
        database.import_log(lines, "zombies-2")
    assert database.campaign_slugs() == ["jackson-zombies"]
    with journal.open_database(str(tmp_path / "copy.db"), create=True) as other:
        copy = other.import_log(lines, "zombies-2")  # under another name: hashed again
        assert (copy.campaign, copy.added, copy.rehashed_from, copy.source) == (
            "zombies-2",
            report.read,
            1,
            "jackson-zombies",
        )


@pytest.mark.parametrize(
    ("lines", "refused"),
    [
        (["not json\n"], "line 1"),
        (['{"seq": 1, "type": "NoSuchEvent", "schema": 1, "data": {}}\n'], "line 1"),
    ],
)
def test_a_bad_file_is_refused_and_nothing_is_imported(
    database: Database, lines: list[str], refused: str
) -> None:
    with pytest.raises(JournalError, match=refused):
        database.import_log(lines)
    assert database.campaign_slugs() == []


def test_import_refuses_a_name_that_is_not_a_slug(database: Database) -> None:
    lines = list(_example_lines())
    with pytest.raises(JournalError, match="is not a campaign slug"):
        database.import_log(lines, "Not A Slug")


def test_an_example_the_journal_does_not_ship_is_refused(database: Database) -> None:
    with pytest.raises(NotFound, match="no example campaign 'nope'"):
        database.import_example("nope")


def _example_lines() -> Iterator[str]:
    from journal.resources import shipped

    with (shipped("campaigns") / "jackson-zombies" / "log.jsonl").open(encoding="utf-8") as log:
        yield from log


def test_snapshots_are_listed_checked_and_dropped(database: Database) -> None:
    database.import_example("jackson-zombies")  # an import keeps the state it folded
    listed = database.snapshots()
    assert isinstance(listed, SnapshotList)
    (entry,) = listed.to_json()
    assert isinstance(entry, dict)
    assert list(entry) == ["campaign", "seq", "rules_version", "status", "problem"]
    assert (entry["campaign"], entry["status"], entry["problem"]) == (
        "jackson-zombies",
        "ok",
        None,
    )
    assert database.snapshots("jackson-zombies").entries == listed.entries
    dropped = database.drop_snapshots("jackson-zombies")
    assert isinstance(dropped, SnapshotsDropped)
    assert dropped.to_json() == {"campaign": "jackson-zombies", "dropped": 1}
    assert database.snapshots().entries == ()
    assert database.drop_snapshots().to_json() == {"campaign": None, "dropped": 0}


def test_open_database_never_makes_a_sqlite_file_unless_asked(tmp_path: Path) -> None:
    missing = tmp_path / "missing.db"
    with pytest.raises(JournalError):
        journal.open_database(str(missing))
    assert not missing.exists()


def test_journal_open_and_create_own_their_database(db_url: str) -> None:
    with journal.create(db_url, "night", "horror-factor") as night:
        night.run(AddCharacter("Linda", SHEET))
        assert night.owns_store
    with journal.open(db_url) as again:
        assert [c.name for c in again.characters().characters] == ["Linda"]


def test_the_database_documents_print_as_the_cli_prints_them(
    database: Database, tmp_path: Path
) -> None:
    """`--json` of `campaign new|use|list`, `db upgrade|check|snapshots` and `import` is
    the document's JSON, key for key (the CLI prints nothing of its own)."""
    from click.testing import CliRunner

    from journal.cli.main import cli

    db = str(tmp_path / "cli.db")
    runner = CliRunner()

    def run(*args: str) -> object:
        result = runner.invoke(cli, ["--db", db, *args, "--json"], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    def keys(document: object) -> list[str]:
        assert isinstance(document, dict)
        return list(document)

    created = database.create_campaign("night", "horror-factor")
    assert keys(run("campaign", "new", "night", "--ruleset", "horror-factor")) == keys(
        created.to_json()
    )
    assert keys(run("campaign", "use", "night")) == keys(database.use_campaign("night").to_json())
    assert keys(run("db", "check")) == keys(database.check().to_json())
    assert keys(run("db", "upgrade")) == keys(database.upgrade().to_json())
    assert run("db", "snapshots") == database.snapshots().to_json() == []
    listed = run("campaign", "list")
    assert isinstance(listed, list)
    assert [keys(row) for row in listed] == [keys(row) for row in database.campaigns().to_json()]


def test_upgrade_of_an_older_file_backs_it_up_first(tmp_path: Path) -> None:
    """A SQLite journal of schema 0003 (the fixture of issue 14): refused by every command
    until `upgrade`, which copies the file beside it first."""
    import shutil

    fixtures = Path(__file__).parents[1] / "store" / "upgrade" / "fixtures" / "schema"
    old = tmp_path / "old.db"
    shutil.copyfile(fixtures / "0003-issue-14.db", old)
    with journal.open_database(str(old)) as database:
        with pytest.raises(StoreError, match="run `journal db upgrade`"):
            database.campaigns()
        report = database.upgrade()
        assert (report.before, report.after, report.upgraded) == ("0003", SCHEMA_HEAD, True)
        assert report.backup == str(old.with_name("old.db.bak-0003"))
        assert Path(report.backup).exists()
        assert database.check().ok
        assert database.campaign_slugs() == [c.campaign for c in database.campaigns().campaigns]


def test_a_refusal_prints_without_the_password(database: Database) -> None:
    from journal.api.database_level import failure_message, refusal

    found = refusal(JournalError("cannot reach postgresql://gm:s3cret@db.example/journal"))
    assert "s3cret" not in found.error
    assert found.to_json() == {"error": found.error, "exit_code": 1}
    assert failure_message(ValueError("not the database's"), database) is None


def test_where_the_database_is(database: Database, db_url: str) -> None:
    from journal.api.database_level import in_memory

    assert in_memory("sqlite://") and in_memory(":memory:") and not in_memory(db_url)
    assert (database.sqlite_path is not None) == store_of(database).is_sqlite
    assert database.key() == database.key() != ""
