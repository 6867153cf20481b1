"""Each event's salted parts (issue 40) on every store, and ids nobody outside the database
has (issue 39, P1): new events carry a salt for each field of their payload (128 bits of the
OS's random source), their hash covers the parts' digests, an export carries the salts and
an import keeps them and the hashes; a salt or a field changed behind the journal is found
by `verify`; a database of schema 0005 upgrades to 0006 with its events as they were. An
imported line without an `event_id` gets a random one; a campaign an older journal
imported with ids derived from the content is named by `verify`, `db check` and its
players' proofs."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

from sqlalchemy import text
from support.cli import Cli, hand_written_log
from support.tamper import behind_the_journal

from journal.events.disclosure import unb64url
from journal.events.ids import DERIVED_NAMESPACE
from journal.store import Store

SHEET = ("--reaction", "11", "--willpower", "10", "--hardness", "1", "--training", "some")


def _night(cli: Cli) -> None:
    cli("campaign", "new", "night", "--ruleset", "horror-factor")
    cli("character", "add", "Linda", *SHEET)
    cli("session", "start", "One")
    cli("note", "The lamps go out.", "--about", "Linda")
    cli("check", "Linda", "--hf", "4", "--dice", "+3/-5")


def test_new_events_are_salted_and_travel_with_their_salts(
    db_url: str, cli_on: object, tmp_path: Path
) -> None:
    cli = cli_on(db_url)  # type: ignore[operator]
    _night(cli)
    with Store.open(db_url) as store:
        records = list(store.read("night"))
    assert all(r.salts is not None and r.salts.keys() == r.data.keys() for r in records)
    salts = [s for r in records for s in (r.salts or {}).values()]
    assert len(set(salts)) == len(salts)  # one each, never the same twice
    assert all(len(unb64url(s)) == 18 for s in salts)  # 144 bits each
    assert {uuid.UUID(r.event_id).version for r in records} == {4}
    exported = cli("export").stdout.splitlines()
    assert [json.loads(line)["salts"] for line in exported] == [
        dict(sorted((r.salts or {}).items())) for r in records
    ]
    # imported elsewhere: the same salts, the same hashes, a sound chain
    (tmp_path / "night.jsonl").write_text("\n".join(exported) + "\n")
    other = cli_on(f"sqlite:///{tmp_path / 'other.db'}")  # type: ignore[operator]
    other("import", str(tmp_path / "night.jsonl"))
    assert other("export").stdout.splitlines() == exported
    assert other.json("verify")["ok"] is True
    # an export line whose salts do not fit its data is refused, nothing imported
    line = json.loads(exported[3])
    line["salts"] = {"text": line["salts"]["text"]}
    broken = [*exported[:3], json.dumps(line), *exported[4:]]
    (tmp_path / "broken.jsonl").write_text("\n".join(broken) + "\n")
    refused = cli_on(f"sqlite:///{tmp_path / 'third.db'}").refused(  # type: ignore[operator]
        "import", str(tmp_path / "broken.jsonl")
    )
    assert "line 4: its salts name the fields text, and its data holds about, gm_only, text" in (
        refused.stderr
    )


def test_a_salt_or_a_field_changed_behind_the_journal_is_found(db_url: str, cli_on: object) -> None:
    cli = cli_on(db_url)  # type: ignore[operator]
    _night(cli)
    with Store.open(db_url) as store:
        note = store.get("night", 4)
    assert note is not None and note.salts is not None
    changed = dict(note.salts)
    changed["text"] = "A" * 22
    for column, value in (("salts", json.dumps(changed)), ("data", None)):
        with behind_the_journal(db_url) as conn:
            if value is None:  # the words changed, the salts as they were
                cast = "CAST(:v AS JSONB)" if conn.dialect.name == "postgresql" else ":v"
                words = dict(note.data, text="The lamps stay lit.")
                conn.execute(
                    text(f"UPDATE events SET data = {cast} WHERE seq = 4"), {"v": json.dumps(words)}
                )
                conn.execute(
                    text("UPDATE events SET salts = :v WHERE seq = 4"),
                    {"v": json.dumps(dict(note.salts))},
                )
            else:
                conn.execute(text(f"UPDATE events SET {column} = :v WHERE seq = 4"), {"v": value})
        report = json.loads(cli("verify", "--json", ok=False).stdout)
        assert report["first_bad_seq"] == 4, (column, report)


def test_a_database_of_schema_0005_upgrades_with_its_events_as_they_were(
    tmp_path: Path, cli_on: object
) -> None:
    """The fixture written at 0005, upgraded: its events unsalted and hashed as before, the
    next ones salted, one chain; a proof of an older event proves its presence (its words
    with --reveal), of a new one its words."""
    import shutil

    from support import SCHEMA_FIXTURES

    db = tmp_path / "old.db"
    shutil.copyfile(SCHEMA_FIXTURES / "0005-issue-33.db", db)
    cli = cli_on(f"sqlite:///{db}")  # type: ignore[operator]
    cli("db", "upgrade")
    cli("--campaign", "crypt", "session", "start", "After the upgrade")
    cli("--campaign", "crypt", "note", "The new lamps are electric.")
    with Store.open(f"sqlite:///{db}") as store:
        records = list(store.read("crypt"))
    salted = [r.seq for r in records if r.salts is not None]
    assert salted == [records[-2].seq, records[-1].seq]
    assert cli.json("--campaign", "crypt", "verify")["ok"] is True
    old = json.loads(cli("--campaign", "crypt", "prove", "6", "--for", "players").stdout)
    assert "hashed" not in old["event"]  # presence only
    said = cli("--campaign", "crypt", "check-proof", "-", input=json.dumps(old)).stdout
    assert "Its words are not proven: it was written before the journal proved words" in said
    new = json.loads(
        cli("--campaign", "crypt", "prove", str(records[-1].seq), "--for", "players").stdout
    )
    words = {p["name"]: p["value"] for p in new["event"]["disclosed"]}
    assert words["text"] == "The new lamps are electric."


def test_an_imported_line_without_an_id_gets_a_random_one(tmp_path: Path, runner: Cli) -> None:
    """P1: never one derived from the line; the same file imported twice adds nothing."""
    log = hand_written_log(
        tmp_path, "Linda", {"type": "NoteTaken", "data": {"text": "The butler did it."}}
    )
    runner("import", log)
    first = runner.json("log", "--json")
    assert isinstance(first, list) and len(first) == 3
    for line in first:
        assert uuid.UUID(line["event_id"]).version == 4
        assert line["salts"].keys() == line["data"].keys()
    again = runner.json("import", log, "--json")
    assert isinstance(again, dict) and again["added"] == 0
    assert runner.json("log", "--json") == first
    assert runner.json("verify")["notices"] == []  # type: ignore[index]


def test_a_campaign_an_older_journal_imported_with_derived_ids_is_named(runner: Cli) -> None:
    """P1: what an older journal's import left (ids derived from each line's content,
    unsalted) is named by `verify`, `db check` and every players' proof of the campaign."""
    from journal.events.canonical import canonical_json
    from journal.store import Draft

    lines = [
        ("CampaignCreated", {"slug": "old", "ruleset": "horror-factor", "title": "Old",
                             "options": {}, "journal_version": "0.1.0"}),
        ("NoteTaken", {"about": [], "gm_only": True, "text": "The butler did it."}),
        ("NoteTaken", {"about": [], "gm_only": False, "text": "The lamps go out."}),
    ]  # fmt: skip
    with Store.open(runner.db) as store:  # as the import of an older journal left them
        store.ensure_schema()
        drafts = []
        for seq, (kind, data) in enumerate(lines, 1):
            content = canonical_json([seq, kind, data, None, None])
            made = str(uuid.uuid5(DERIVED_NAMESPACE, content))
            drafts.append(Draft(kind, 1, data, event_id=made, salts=False))
        store.append("old", 0, drafts)
    runner("session", "start", "One")
    said = runner("verify")
    assert said.exit_code == 0
    notice = (
        "Notice: events 1-3 were imported by an older journal with an id derived from the "
        "content, not a random one: someone who guesses their words can check the guess "
        "against a hash in a player's proof"
    )
    assert notice in said.stderr
    report = runner.json("verify")
    assert isinstance(report, dict) and report["derived_ids"] == [1, 2, 3] and report["ok"]
    checked = runner("db", "check")
    assert checked.exit_code == 0
    assert "Notice: campaign 'old': events 1-3 were imported by an older journal" in checked.stderr
    assert runner.json("db", "check")["notices"][0]["campaign"] == "old"  # type: ignore[index]
    proof = json.loads(runner("prove", "3", "--for", "players").stdout)
    assert isinstance(proof, dict) and proof["notice"].startswith("events 1-3 were imported")
    shown = runner("check-proof", "-", input=json.dumps(proof)).stdout
    assert "The GM's journal says (not proven): events 1-3 were imported" in shown
