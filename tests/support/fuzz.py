"""What the command fuzzer draws from: every command of the CLI and of every installed
ruleset (their real parameters, read from click), the small campaigns they run against,
and the values, plausible and hostile, each kind of parameter takes."""

from __future__ import annotations

import hashlib
import json
import shlex
import shutil
import sqlite3
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import click

from journal.cli.main import CORE, Settings, cli, ruleset_commands
from journal.cli.rulesets import commands_of
from journal.rules import load_all
from support.cli import typist

#: exit codes the README documents: done, refused (or a finding), mistyped
EXIT_CODES = frozenset({0, 1, 2})
#: commands whose exit 1 is a finding they print, not a refusal
FINDINGS = frozenset({("audit",), ("verify",), ("db", "check")})
#: the hostile values every parameter is tried with
HOSTILE = (
    "",
    " ",
    "0",
    "-1",
    "--1",
    "+-1",
    "-0",
    "1e3",
    "0x10",
    "1.5",
    "NaN",
    "inf",
    str(10**30),
    f"-{10**30}",
    str(2**63),
    "\uff11\uff12",  # full-width digits
    "\u00b2",
    "\u0663",  # an Arabic-Indic digit
    "Ĺïñdá",
    "名前",
    "🧟",
    "\u202eevil",  # right-to-left override
    "\x00",
    "a\x00b",
    "\udcff",  # an undecodable byte of argv, as Python reads it
    "x" * 5000,
    "'; DROP TABLE events; --",
    "1 OR 1=1",
    "%s%s%n",
    "{0}{1}",
    "{{ 7 * 7 }}",
    "<script>alert(1)</script>",
    "line\nbreak",
    "\t",
    "null",
    "[]",
    "{}",
    "a,b,,c",
    "=",
    "GM",
    "players",
)
#: hostile values for a number, drawn more often where a number is due: what `str.isdigit`
#: takes and `int` cannot read, and numbers no integer column holds
NUMBERS = (
    "--1",
    "+-1",
    "-+2",
    "-0",
    "+0",
    "\u00b2",
    "\u0661",
    "\uff11\uff12",
    "1.0",
    "1e3",
    "0x10",
    str(2**31),
    str(-(2**31) - 1),
    str(2**63),
    str(10**30),
    f"-{10**30}",
    "9" * 5000,
)
DICE = ("+5/-6", "+1/-1", "+10/-10", "3,4,5", "1,1,1", "6,6,6", "7", "0/0", "+11/-3", "1,2")
GAME_TIMES = ("1925-10-31 22:00", "1-01-01", "0999-12-31 23:00", "9999-12-31 23:59", "0000-01-01")
AMOUNTS = ("2h", "3d", "6mo", "1y", "30min", "0h", "-1h", str(10**20) + "y", "99999y")


@dataclass
class Campaign:
    """A prepared journal of one ruleset (closed: the file holds it all)."""

    ruleset: str
    slug: str
    path: Path
    names: tuple[str, ...]
    events: int
    #: each command path's parameters, as click parses them against this campaign
    params: dict[tuple[str, ...], list[click.Parameter]] = field(default_factory=dict)


def commands() -> list[tuple[str, tuple[str, ...]]]:
    """(owner, command path) of every command: the core's (owner "core") and each
    installed ruleset's (two rulesets may each have an `encounter start`)."""
    found = [("core", path) for name in CORE for path in _paths(name)]
    for ruleset in sorted(load_all(), key=lambda r: r.name):
        for name, command in ruleset_commands([ruleset]).items():
            found += [(ruleset.name, path) for path in _leaves(command, (name,))]
    return found


def _paths(name: str) -> list[tuple[str, ...]]:
    command = cli.get_command(click.Context(cli), name)
    assert command is not None
    return list(_leaves(command, (name,)))


def _leaves(command: click.Command, path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    if isinstance(command, click.Group):
        for name in sorted(command.commands):
            yield from _leaves(command.commands[name], (*path, name))
    else:
        yield path


def parameters(db: Path, path: tuple[str, ...]) -> list[click.Parameter]:
    """The command's parameters as they are when it runs on `db` (`character add` and
    `adjust` take the options of the campaign's ruleset, and accept the others' to refuse
    them by name)."""
    settings = Settings(str(db), None, False)
    with click.Context(cli, obj=settings, info_name="journal") as root:
        root.meta["journal.scope"] = settings.scope()
        ctx = root
        command: click.Command | None = cli
        for name in path:
            assert isinstance(command, click.Group)
            command = command.get_command(ctx, name)
            assert command is not None
            ctx = click.Context(command, parent=ctx, info_name=name)
        assert command is not None
        return [p for p in command.get_params(ctx) if "--help" not in getattr(p, "opts", ())]


def _sheet(ruleset: str, name: str) -> list[str]:
    part = commands_of(ruleset)
    example = shlex.split((part.sheet_example if part else "").splitlines()[0])
    return ["character", "add", name, *example[4:]]


#: what each ruleset's campaign holds beyond its characters (a session, a running fight,
#: rulings, a GM-only note, a void), as commands
STORIES: dict[str, list[list[str]]] = {
    "horror-factor": [
        ["session", "start", "Jackson burns", "--at", "2010-10-31 21:00"],
        ["note", "the sheriff is one of them", "--gm-only"],
        ["encounter", "start", "The horde", "--hf", "horde", "--cast", "Linda,Freddie"],
        ["initiative", "Linda", "--dice", "+5/-6"],
        ["initiative", "Freddie", "--dice", "+1/-8"],
        ["shift", "Freddie", "grabbed"],
        ["note", "a typo"],
        ["void", "LAST", "--reason", "typo"],
    ],
    "fright-check": [
        ["session", "start", "The morgue", "--at", "1925-10-31 22:00"],
        ["note", "the drawer is empty", "--gm-only"],
        ["encounter", "start", "Drawer 9", "--cast", "Linda,Freddie"],
        ["fright", "Linda", "--threat", "corpse-1", "--dice", "6,6,6", "--table-dice", "3,4,5"],
        ["note", "a typo"],
        ["void", "LAST", "--reason", "typo"],
    ],
}


def prepare(folder: Path) -> dict[str, Campaign]:
    """A small campaign of each installed ruleset, each in its own file."""
    prepared = {}
    for ruleset in sorted(r.name for r in load_all()):
        db = folder / f"{ruleset}.db"
        journal = typist(db)
        slug = ruleset.replace("-", "")[:12]
        journal("campaign", "new", slug, "--ruleset", ruleset)
        names = ("Linda", "Freddie", "Ariella")
        for name in names:
            journal(*_sheet(ruleset, name))
        for command in STORIES.get(ruleset, [["session", "start", "One"], ["note", "x"]]):
            if "LAST" in command:
                last = json.loads(journal("log", "--json").stdout)[-1]["seq"]
                command = [str(last) if c == "LAST" else c for c in command]
            journal(*command)
        count = len(json.loads(journal("log", "--json").stdout))
        campaign = Campaign(ruleset, slug, db, names, count)
        prepared[ruleset] = campaign
    return prepared


def fingerprint(db: Path) -> object:
    """What a refused command must leave as it was: each campaign's event count and head
    hash (a journal), or the file's bytes (anything else)."""
    if not db.is_file():
        return None
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            rows = conn.execute(
                "SELECT campaign, count(*), max(seq) FROM events GROUP BY campaign"
            ).fetchall()
            heads = {
                campaign: (count, conn.execute(
                    "SELECT hash FROM events WHERE campaign = ? AND seq = ?", (campaign, seq)
                ).fetchone()[0])
                for campaign, count, seq in rows
            }  # fmt: skip
        finally:
            conn.close()
        return heads
    except sqlite3.DatabaseError:
        return hashlib.sha256(db.read_bytes()).hexdigest()


def foreign_file(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
        conn.execute("INSERT INTO recipes VALUES ('soup')")
    conn.close()


def damage(source: Path, target: Path) -> None:
    """A copy of a journal whose events table's root page is ruined (a disk that failed):
    SQLite finds the file "malformed" as soon as a command reads the events."""
    shutil.copyfile(source, target)
    with sqlite3.connect(target) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        (root,) = conn.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'events'"
        ).fetchone()
    conn.close()
    data = bytearray(target.read_bytes())
    start = (root - 1) * page_size
    data[start : start + 16] = b"\xff" * 16
    target.write_bytes(bytes(data))


@dataclass
class Scratch:
    """Where one worker's examples run: a copy of a campaign per example, files to import,
    places to write to."""

    folder: Path
    db: Path
    foreign: Path
    damaged: Path
    imports: tuple[str, ...]
    outputs: tuple[str, ...]
    templates: tuple[str, ...]

    @classmethod
    def make(cls, folder: Path, campaigns: dict[str, Campaign]) -> Scratch:
        (folder / "config").mkdir(parents=True)
        (folder / "out").mkdir()
        (folder / "templates").mkdir()
        (folder / "templates" / "recap.md.j2").write_text("{{ 1/0 }}", encoding="utf-8")
        (folder / "empty.jsonl").write_text("", encoding="utf-8")
        (folder / "garbage.jsonl").write_bytes(b"\xff\xfe not json\n{]\n")
        foreign = folder / "recipes.db"
        foreign_file(foreign)
        shutil.copyfile(foreign, folder / "foreign-original.db")
        damage(campaigns[sorted(campaigns)[0]].path, folder / "damaged-original.db")
        imports = [str(folder / n) for n in ("empty.jsonl", "garbage.jsonl", "missing.jsonl")]
        for campaign in campaigns.values():
            export = folder / f"{campaign.ruleset}.jsonl"
            export.write_text(typist(campaign.path)("export").stdout, encoding="utf-8")
            lines = export.read_text(encoding="utf-8").splitlines()
            cut = folder / f"{campaign.ruleset}-cut.jsonl"  # hashes removed, a line edited
            edited = [json.loads(line) for line in lines]
            for line in edited:
                line.pop("hash", None)
                line.pop("prev_hash", None)
            edited[-1]["data"] = {"text": "forged", "gm_only": False, "about": []}
            cut.write_text("".join(json.dumps(x) + "\n" for x in edited), encoding="utf-8")
            imports += [str(export), str(cut)]
        imports += [str(foreign), "/dev/null", str(folder), "/etc/passwd", "-"]
        outputs = [
            str(folder / "out" / "handout.md"),
            str(folder / "out" / "handout.html"),
            str(folder / "out" / "log.jsonl"),
            str(folder / "missing" / "x.md"),
            str(folder / "out"),
            "/dev/null",
            "",
        ]
        full = Path("/dev/full")
        if full.exists() and stat.S_ISCHR(full.stat().st_mode):
            (folder / "full").symlink_to(full)
            outputs.append(str(folder / "full"))
        templates = (str(folder / "templates"), str(folder / "nowhere"), str(foreign))
        return cls(
            folder,
            folder / "journal.db",
            foreign,
            folder / "damaged.db",
            tuple(imports),
            tuple(outputs),
            templates,
        )

    def reset(self, campaign: Campaign | None) -> None:
        """A fresh copy of `campaign` (and of the foreign and the damaged file), no current
        campaign."""
        for suffix in ("", "-wal", "-shm"):
            Path(f"{self.db}{suffix}").unlink(missing_ok=True)
        if campaign is not None:
            shutil.copyfile(campaign.path, self.db)
        shutil.copyfile(self.folder / "foreign-original.db", self.foreign)
        shutil.copyfile(self.folder / "damaged-original.db", self.damaged)
        for leftover in ("-wal", "-shm"):
            Path(f"{self.foreign}{leftover}").unlink(missing_ok=True)
            Path(f"{self.damaged}{leftover}").unlink(missing_ok=True)
        current = self.folder / "config" / "journal" / "current.json"
        current.unlink(missing_ok=True)

    def environment(self) -> dict[str, str | None]:
        return {
            "XDG_CONFIG_HOME": str(self.folder / "config"),
            "XDG_STATE_HOME": str(self.folder / "state"),
            "JOURNAL_DICE_SEED": "14",
            "JOURNAL_DB": None,
            "JOURNAL_CAMPAIGN": None,
            "JOURNAL_LOCK_TIMEOUT": "5",
            "HOME": str(self.folder),
            "NO_COLOR": "1",
        }
