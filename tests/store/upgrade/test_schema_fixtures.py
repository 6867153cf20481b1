"""Databases written by older journals, upgraded by `journal db upgrade`, read the same.

Each `fixtures/schema/NNNN-NAME.db` was written by the journal of one commit at schema
NNNN (README.md there says how; `build.py` rebuilds one), and `NNNN-NAME/<campaign>/` holds
what that journal printed about it, as JSON. A copy of each fixture is upgraded to head
(whatever head is: a new migration is tested on every fixture, and a new fixture is picked up
by its name), then read by this journal and compared with what the old one said.

Compared is what must not change: every event as it was stored, the hash chain, every number
(status, explain, the arcs' points, where everyone stands in each recap), the voided events,
which events each recap tells, the audit's findings, and that players never read a GM-only
note. Words are not compared (the wording of lines and handouts improves between releases).
A difference the journal meant to make is listed in INTENDED with the reason; anything else
fails. A migration may append events (a sealing event, say) but they must change no number.

Fixtures built from the same commands by journals of different schemas (build.py) are
twins: the older one, upgraded, must read exactly as the newer one, words included (what
a journal gives when it writes the same commands now), but for the migrations' events.
"""

from __future__ import annotations

import fnmatch
import json
import shutil
import sqlite3
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from support import ROOT, SCHEMA_FIXTURES
from support.cli import Cli, clean_folder

from journal.store.schema import SCHEMA_HEAD, SCHEMA_HISTORY

SCHEMA = SCHEMA_FIXTURES
FIXTURES = sorted(SCHEMA.glob("*.db"))

#: Differences the journal meant to make since a fixture was written: (fixture, campaign,
#: where) patterns (fnmatch) with the reason.
INTENDED: dict[tuple[str, str, str], str] = {
    ("0001-*", "*", "explain-*.numbers.specializations"): (
        "issue 12: explain follows each specialization as a number of its own "
        "(`specializations.CATEGORY`); compared as such below"
    ),
    ("0001-*", "*", "recap-*.standing*.pending*"): (
        "issue 12: handouts name an acquired trait in words ('a new mental quirk (-1)', "
        "not 'quirk (-1)')"
    ),
    ("0001-*", "*", "arc-*.sheet.pending*"): "issue 12: as in the recaps",
    ("0001-*", "night", "audit.differences: #39 results"): (
        "issue 12: an encounter's end in a category changes the specialization; the first "
        "release changed the general Hardness. The recorded ruling stands (every number is "
        "as it was) and the audit says the rules now decide otherwise"
    ),
    ("000[234]-*", "night", "explain-Linda.rulings*.terms"): (
        "issue 18: explain shows a re-ruled ruling as amended (its terms are the amended "
        "decision's, = 14, beside its number 14), not the original terms (= 16)"
    ),
    ("000[234]-*", "night", "explain-Tobias.*"): (
        "issue 18: a character is an identity. Those journals traced every number of Tobias "
        "to his rename (#39, he was Tobais) and listed none of his rulings before it; now each "
        "chain starts from his sheet (#4) and his rulings as Tobais are his "
        "(test_identity_fixtures checks them)"
    ),
    ("000[234]-*", "night", "arc-Tobias.points"): (
        "issue 18: Tobias's arc starts from the sheet he joined with as Tobais and has his "
        "first session, which those journals left out"
    ),
}

#: Lists whose order means nothing, compared sorted: a sheet's traits read in the order typed
#: on SQLite and in another on PostgreSQL until issue 14 sorted them on every store.
UNORDERED = ("*.traits",)


@dataclass
class Upgraded:
    """A copy of a fixture, upgraded, and the events it held before."""

    name: str
    cli: Cli
    upgrade_output: str
    revision_before: str
    #: what `status` and `db check` said on the copy before `db upgrade`
    status_before: Result
    check_before: int
    #: campaign -> its rows as stored before the upgrade, in seq order
    rows: dict[str, list[dict[str, Any]]]
    readings: dict[tuple[str, tuple[str, ...]], Any] = field(default_factory=dict)

    def expected(self, campaign: str, reading: str) -> Any:
        return json.loads((SCHEMA / self.name / campaign / f"{reading}.json").read_text())

    def now(self, campaign: str, *args: str) -> Any:
        key = (campaign, args)
        if key not in self.readings:
            result = self.cli("--campaign", campaign, *args, "--json", ok=False)
            assert result.exit_code in (0, 1), (args, result.output)
            self.readings[key] = json.loads(result.stdout)
        return self.readings[key]

    def appended(self, campaign: str) -> int:
        """How many events the upgrade appended to the campaign (a migration may)."""
        return len(self.now(campaign, "log")) - len(self.rows[campaign])

    def intended(self, campaign: str, where: str) -> bool:
        return any(
            fnmatch.fnmatch(self.name, f)
            and fnmatch.fnmatch(campaign, c)
            and fnmatch.fnmatch(where, w)
            for f, c, w in INTENDED
        )


def _rows(db: Path) -> dict[str, list[dict[str, Any]]]:
    connection = sqlite3.connect(db)
    connection.row_factory = sqlite3.Row
    try:
        rows: dict[str, list[dict[str, Any]]] = {}
        query = "SELECT * FROM events ORDER BY campaign, seq"
        for row in connection.execute(query):
            rows.setdefault(row["campaign"], []).append(dict(row))
        return rows
    finally:
        connection.close()


def _revision(db: Path) -> str:
    connection = sqlite3.connect(db)
    try:
        return str(connection.execute("SELECT version_num FROM alembic_version").fetchone()[0])
    finally:
        connection.close()


def _upgrade(fixture: Path, folder: Path) -> Upgraded:
    """A copy of `fixture` in `folder`, upgraded by `journal db upgrade`."""
    folder.mkdir(exist_ok=True)
    db = folder / "journal.db"
    shutil.copyfile(fixture, db)
    revision, rows = _revision(db), _rows(db)
    cli = Cli(CliRunner(), str(db))
    status = cli("--campaign", min(rows), "status", ok=False)
    check = cli("db", "check", ok=False).exit_code
    upgrade = cli("db", "upgrade")
    return Upgraded(fixture.stem, cli, upgrade.stdout, revision, status, check, rows)


@pytest.fixture(scope="module", params=FIXTURES, ids=[f.stem for f in FIXTURES])
def upgraded(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Upgraded]:
    fixture: Path = request.param
    folder = tmp_path_factory.mktemp(fixture.stem)
    with clean_folder(folder):
        yield _upgrade(fixture, folder)


def _twins() -> list[tuple[str, str]]:
    """Pairs of fixtures built from the same commands (build.py) by different journals."""
    sys.path.insert(0, str(SCHEMA))
    try:
        from build import FIXTURES as BUILT
        from sessions import ALIKE
    finally:
        sys.path.remove(str(SCHEMA))
    names = [f.stem for f in FIXTURES]
    made = {
        n: (tuple(ALIKE.get(s, s) for s in BUILT[n].scripts), BUILT[n].imports)
        for n in names
        if n in BUILT
    }
    return [(a, b) for a in made for b in made if a < b and made[a] == made[b]]


def test_every_schema_the_journal_shipped_has_a_fixture_with_data() -> None:
    """A new migration comes with a fixture at its schema (README.md there says how)."""
    written = {f.stem.split("-")[0] for f in FIXTURES}
    assert written == set(SCHEMA_HISTORY), f"no fixture at {set(SCHEMA_HISTORY) - written}"
    for fixture in FIXTURES:
        assert (SCHEMA / fixture.stem).is_dir(), f"{fixture.name} has no expected readings"
    attributes = (ROOT / ".gitattributes").read_text()
    assert "*.db binary" in attributes.splitlines()


def test_the_fixture_is_at_the_schema_its_name_says(upgraded: Upgraded) -> None:
    assert upgraded.revision_before == upgraded.name.split("-")[0]
    assert sorted(upgraded.rows) == sorted(p.name for p in (SCHEMA / upgraded.name).iterdir())


def test_before_the_upgrade_every_command_says_to_upgrade(upgraded: Upgraded) -> None:
    if upgraded.revision_before == SCHEMA_HEAD:
        assert upgraded.status_before.exit_code == 0 and upgraded.check_before == 0
        return
    status = upgraded.status_before
    assert status.exit_code == 1 and status.stderr.startswith("Error: "), status.output
    assert "journal db upgrade" in status.stderr and "Traceback" not in status.output
    assert upgraded.check_before == 1


def test_db_upgrade_backs_up_the_file_then_brings_it_to_head_without_drift(
    upgraded: Upgraded,
) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from journal.store import Store
    from journal.store.schema import metadata

    before = upgraded.revision_before
    if before != SCHEMA_HEAD:
        assert f"from schema {before} to {SCHEMA_HEAD}" in upgraded.upgrade_output
        assert "Backup written" in upgraded.upgrade_output
        backup = Path(upgraded.cli.db).parent / f"journal.db.bak-{before}"
        assert _revision(backup) == before
        assert _rows(backup) == upgraded.rows  # the file as it was, events and all
    assert upgraded.cli("db", "check").exit_code == 0
    assert f"already at schema {SCHEMA_HEAD}" in upgraded.cli("db", "upgrade").stdout
    with Store.open(upgraded.cli.db) as store:
        assert store.revision() == SCHEMA_HEAD
        with store.engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": True})
            assert compare_metadata(context, metadata) == []


def test_every_event_is_kept_as_it_was_stored_and_the_chain_verifies(upgraded: Upgraded) -> None:
    for campaign, rows in upgraded.rows.items():
        log = upgraded.now(campaign, "log")
        assert len(log) >= len(rows)
        for row, entry in zip(rows, log, strict=False):
            stored = {
                "seq": row["seq"],
                "event_id": row["event_id"],
                "type": row["type"],
                "schema": row["schema"],
                "data": json.loads(row["data"]),
                "recorded_at": row["recorded_at"].replace(" ", "T") + "Z",
                "game_time": row["game_time"],
                "session": row["session"],
                "prev_hash": row["prev_hash"],
                "hash": row["hash"],
            }
            assert {k: entry[k] for k in stored} == stored, (campaign, row["seq"])
        if len(log) > len(rows):  # a migration's events follow the chain the fixture had
            assert log[len(rows)]["prev_hash"] == rows[-1]["hash"]
        verified = upgraded.cli("--campaign", campaign, "verify")
        assert verified.exit_code == 0, verified.output


def _kept(old: Any, new: Any, where: str) -> list[str]:
    """Where `new` does not keep what `old` said: every key of an object with its value
    (new keys are fine), every item of a list, every scalar."""
    if isinstance(old, dict) and isinstance(new, dict):
        found = []
        for key, value in old.items():
            if key not in new:
                found.append(f"{where}.{key} is gone")
            else:
                found += _kept(value, new[key], f"{where}.{key}")
        return found
    if isinstance(old, list) and isinstance(new, list):
        if any(fnmatch.fnmatch(where, pattern) for pattern in UNORDERED):
            old, new = sorted(old, key=json.dumps), sorted(new, key=json.dumps)
        if len(old) != len(new):
            return [f"{where} had {len(old)} items, now {len(new)}"]
        pairs = enumerate(zip(old, new, strict=True))
        return [d for i, (o, n) in pairs for d in _kept(o, n, f"{where}[{i}]")]
    return [] if old == new else [f"{where}: {old!r} is now {new!r}"]


def _unintended(upgraded: Upgraded, campaign: str, found: list[str]) -> list[str]:
    return [d for d in found if not upgraded.intended(campaign, d.split(" ")[0].rstrip(":"))]


def _campaigns(upgraded: Upgraded) -> list[str]:
    return sorted(upgraded.rows)


def test_status_keeps_every_number(upgraded: Upgraded) -> None:
    problems = []
    for campaign in _campaigns(upgraded):
        old = upgraded.expected(campaign, "status")
        new = upgraded.now(campaign, "status")
        assert new["seq"] == old["seq"] + upgraded.appended(campaign)
        found = _kept({k: v for k, v in old.items() if k != "seq"}, new, "status")
        problems += [f"{campaign}: {d}" for d in _unintended(upgraded, campaign, found)]
    assert problems == [], "\n".join(problems)


def _numbers(explain: dict[str, Any]) -> dict[str, Any]:
    """Each number's value and chain (seq, from, to), without the words."""
    return {
        key: {
            "value": number["value"],
            "chain": [[link["seq"], link["before"], link["after"]] for link in number["chain"]],
        }
        for key, number in explain["numbers"].items()
    }


#: the rulings `explain` lists since issue 30 (an encounter's end and peace move Hardness
#: without dice): older journals' readings did not list them, so they are compared apart
LISTED_SINCE_ISSUE_30 = frozenset({"EncounterEnded", "PeaceRecorded"})


def _rulings(explain: dict[str, Any], *, older: bool = False) -> list[dict[str, Any]]:
    return [
        {k: r[k] for k in ("seq", "type", "terms", "dice")}
        for r in explain["rulings"]
        if not (older and r["type"] in LISTED_SINCE_ISSUE_30)
    ]


def test_explain_keeps_every_number_its_chain_and_the_rulings(upgraded: Upgraded) -> None:
    problems = []
    for campaign in _campaigns(upgraded):
        status = upgraded.expected(campaign, "status")
        for name in status["characters"]:
            old = upgraded.expected(campaign, f"explain-{name}")
            new = upgraded.now(campaign, "explain", name, "--all")
            where = f"explain-{name}"
            old_numbers, new_numbers = _numbers(old), _numbers(new)
            if upgraded.intended(campaign, f"{where}.numbers.specializations"):
                specs = old_numbers.pop("specializations", {"value": {}})["value"]
                for category, value in specs.items():
                    expanded = new_numbers.get(f"specializations.{category}", {}).get("value")
                    if expanded != value:
                        problems.append(f"{campaign}: {name}'s {category} {value} is {expanded}")
            found = _kept(old_numbers, new_numbers, f"{where}.numbers")
            older = not any(r["type"] in LISTED_SINCE_ISSUE_30 for r in old["rulings"])
            found += _kept(_rulings(old), _rulings(new, older=older), f"{where}.rulings")
            problems += [f"{campaign}: {d}" for d in _unintended(upgraded, campaign, found)]
    assert problems == [], "\n".join(problems)


def _differences(audit: dict[str, Any]) -> list[str]:
    return sorted(f"#{d['seq']} {d['field']}" for d in audit["differences"])


def test_the_audit_finds_what_it_found_then(upgraded: Upgraded) -> None:
    problems = []
    for campaign in _campaigns(upgraded):
        old = upgraded.expected(campaign, "audit")
        new = upgraded.now(campaign, "audit")
        assert new["events"] == old["events"] + upgraded.appended(campaign)
        assert new["rulings"] >= old["rulings"]  # newer journals decide more of them again
        then, now = _differences(old), _differences(new)
        problems += [f"{campaign}: {d} is gone" for d in then if d not in now]
        problems += [
            f"{campaign}: audit finds {d}"
            for d in now
            if d not in then and not upgraded.intended(campaign, f"audit.differences: {d}")
        ]
    assert problems == [], "\n".join(problems)


def _told(recap: dict[str, Any]) -> set[int]:
    """The seqs of the events a GM's recap tells (each with its GM details)."""
    seqs: set[int] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            details = value.get("gm")
            if isinstance(details, dict) and isinstance(details.get("seq"), int):
                seqs.add(details["seq"])
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(recap["story"])
    return seqs


def _recap_kept(
    old: dict[str, Any], new: dict[str, Any], where: str, gm_notes: tuple[str, ...]
) -> list[str]:
    session = ("number", "title", "began", "ended")
    found = _kept(old["standing"], new["standing"], f"{where}.standing")
    found += _kept(
        [old["session"][k] for k in session], [new["session"][k] for k in session], where
    )
    found += _kept(
        [[v["seq"], v["reason"]] for v in old["voided"]],
        [[v["seq"], v["reason"]] for v in new["voided"]],
        f"{where}.voided",
    )
    shown = json.dumps(new, ensure_ascii=False)
    if new["audience"]["gm"]:
        if _told(old) != _told(new):
            found.append(f"{where} told {sorted(_told(old))}, now {sorted(_told(new))}")
        found += [f"{where} leaves out the GM note {n!r}" for n in gm_notes if n not in shown]
    else:
        found += [f"{where} shows the GM note {n!r}" for n in gm_notes if n in shown]
        found += [f"{where} shows the GM's details of #{seq}" for seq in sorted(_told(new))]
    return found


def test_each_recap_tells_the_same_events_and_where_everyone_stood(upgraded: Upgraded) -> None:
    problems = []
    for campaign in _campaigns(upgraded):
        rows = upgraded.rows[campaign]
        sessions = sorted({r["session"] for r in rows if r["session"] is not None})
        assert sessions, campaign
        for number in sessions:
            gm_notes = tuple(
                json.loads(r["data"])["text"]
                for r in rows
                if r["session"] == number
                and r["type"] == "NoteTaken"
                and json.loads(r["data"])["gm_only"]
            )
            for audience in ("players", "gm"):
                where = f"recap-{number}-{audience}"
                old = upgraded.expected(campaign, where)
                new = upgraded.now(campaign, "recap", str(number), "--for", audience)
                found = _recap_kept(old, new, where, gm_notes)
                problems += [f"{campaign}: {d}" for d in _unintended(upgraded, campaign, found)]
    assert problems == [], "\n".join(problems)


def test_each_arc_keeps_its_points_and_sheet(upgraded: Upgraded) -> None:
    problems = []
    for campaign in _campaigns(upgraded):
        for name in upgraded.expected(campaign, "status")["characters"]:
            old = upgraded.expected(campaign, f"arc-{name}")
            new = upgraded.now(campaign, "arc", name)
            where = f"arc-{name}"
            found = _kept(
                [[p["label"], p["numbers"]] for p in old["points"]],
                [[p["label"], p["numbers"]] for p in new["points"]],
                f"{where}.points",
            )
            found += _kept(old["sheet"], new["sheet"], f"{where}.sheet")
            problems += [f"{campaign}: {d}" for d in _unintended(upgraded, campaign, found)]
    assert problems == [], "\n".join(problems)


#: what counts the events, not what they say: a migration's own events (a seal) add to it
COUNTS = ("status.seq", "audit.events", "explain.as_of")


@pytest.mark.parametrize(("older", "newer"), _twins())
def test_upgraded_it_reads_as_the_same_commands_written_by_a_newer_journal(
    older: str, newer: str, tmp_path: Path
) -> None:
    """The older fixture, upgraded, reads exactly as its twin written at a later schema by
    the same commands (every reading, words included), but for the events a migration
    appended."""
    with clean_folder(tmp_path):
        old = _upgrade(SCHEMA / f"{older}.db", tmp_path / "older")
        new = _upgrade(SCHEMA / f"{newer}.db", tmp_path / "newer")
        problems = _readings_differ(old, new)
    assert problems == [], "\n".join(problems)


def _readings_differ(old: Upgraded, new: Upgraded) -> list[str]:
    """The readings of `old` (with the migrations' events) that `new` does not give."""
    problems = []
    assert sorted(old.rows) == sorted(new.rows)
    for campaign in sorted(old.rows):
        sealed = old.appended(campaign) - new.appended(campaign)
        status = new.now(campaign, "status")
        readings = [("status",), ("audit",)]
        for name in status["characters"]:
            readings += [("explain", name), ("arc", name)]
        for number in sorted({r["session"] for r in new.rows[campaign] if r["session"]}):
            readings += [("recap", str(number), "--for", a) for a in ("players", "gm")]
        for args in readings:
            then, now = dict(new.now(campaign, *args)), dict(old.now(campaign, *args))
            for count in COUNTS:
                kind, key = count.split(".")
                if args[0] == kind:
                    assert now.pop(key) == then.pop(key) + sealed, (campaign, args)
            if now != then:
                problems.append(f"{campaign}: {' '.join(args)}")
    return problems
