"""Every command of the journal and of both built-in rulesets, as a GM types them, in one
script: the rule text's zombie fight (Horror Factor), a second night that reaches the
commands it leaves out, then what a GM does between sessions (handouts, proofs,
corrections, moving data); and the morgue (GURPS Fright Check) in a database of its own.
The install tests run it through a built journal and compare each step with the journal
under test.

`{last}` in a step is the seq the latest step before it printed (`#N ...`), as the GM
reads it off the screen; `{url}` is a webhook's URL."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path

import click

from support import d100_example, morgue_example, worked_example

#: the commands not run here: they hold a terminal or a server, or start a new database
#: (each has a test of its own through a built journal), and the example plugin's
ELSEWHERE = {"play", "serve", "demo", "stress", "panic"}
#: what differs between installations by design: the rulesets installed (the example
#: plugin is installed beside the journal under test, not in the single file)
ELSEWHERE |= {"rulesets"}

#: a GURPS Character Sheet file made for the tests (issue 45)
GCS = Path(__file__).resolve().parents[1] / "rulesets" / "fright_check" / "fixtures" / "gcs"

SECOND_NIGHT: list[tuple[str, ...]] = [
    ("status",),
    ("log", "--session", "1"),
    ("explain", "Linda"),
    ("character", "list"),
    ("character", "show", "Linda"),
    ("session", "start", "The second night", "--at", "2010-11-01 21:00"),
    ("wording", "grabbed", "something gets a grip on them"),
    ("encounter", "start", "The alley", "--hf", "few-weak-creatures", "--cast", "Freddie,Ariella"),
    ("encounter", "join", "Linda"),
    ("initiative", "Freddie", "--dice", "+6/-3"),
    ("amend", "{last}", "--dice", "+7/-3", "--reason", "misread the red die"),
    ("shift", "Ariella", "grabbed"),
    ("encounter", "leave", "Ariella", "--reason", "she runs"),
    ("encounter", "end"),
    ("check", "Freddie", "--hf", "4", "--dice", "+5/-5"),
    ("rest", "Linda"),
    ("award", "Linda", "--hardness", "1", "--reason", "a long winter"),
    ("clock", "advance", "2h"),
    ("clock", "set", "2010-11-02 08:00"),
    ("adjust", "Freddie", "--willpower", "-1", "--reason", "the GM rules it"),
    ("note", "Only Linda saw the face in the window.", "--for", "Linda"),
    ("reveal", "{last}", "--to", "players", "--reason", "she told them"),
    ("safety", "line", "no harm to children"),
    ("safety", "veil", "the dog"),
    ("safety", "list"),
    ("xcard",),
    ("secrets",),
    ("note", "A note entered by mistake."),
    ("void", "{last}", "--reason", "never happened"),
    ("rerule", "--yes"),
    ("note", "Another one."),
    ("undo", "--yes"),
    ("session", "end"),
    ("peace", "Ariella", "--months", "2", "--lose", "0"),
]

BETWEEN_SESSIONS: list[tuple[str, ...]] = [
    ("campaign", "list"),
    ("campaign", "use", "jackson-zombies"),
    ("recap", "2"),
    ("recap", "1", "--format", "html", "-o", "recap.html"),
    ("arc", "Linda", "--format", "html", "-o", "arc.html"),
    ("book", "--format", "html", "-o", "book.html"),
    ("heads",),
    ("prove", "12", "--for", "players", "-o", "proof.json"),
    ("check-proof", "proof.json"),
    ("prove", "--since", "13", "-o", "since.json"),
    ("check-proof", "since.json"),
    ("verifier", "-o", "check.html"),
    ("audit",),
    ("verify",),
    ("links", "--url", "http://127.0.0.1:8000"),
    ("webhook", "add", "table", "{url}", "--for", "players"),
    ("webhook", "list"),
    ("post", "recap", "1", "--to", "table"),
    ("webhook", "remove", "table"),
    ("character", "rename", "Freddie", "Fred"),
    ("character", "retire", "Fred", "--reason", "he moved away"),
    ("export", "-o", "zombies.jsonl"),
    ("--db", "copy.db", "import", "zombies.jsonl"),
    ("db", "check"),
    ("db", "snapshots"),
    ("db", "upgrade"),
    ("campaign", "language", "en-GB"),
    ("roll", "3d6", "--sealed", "--for", "the nurse's stealth", "--dice", "3,4,5"),
    ("unseal", "{last}"),
]

#: the morgue's sheets and threats as they change between nights (issues 41 and 45)
MORGUE_SHEETS: list[tuple[str, ...]] = [
    ("threat", "add", "nurse", "--name", "the night nurse", "--kind", "ghoul", "--monster", "-4"),
    ("threat", "list"),
    ("character", "trait", "add", "Ortiz", "Combat Reflexes", "--reason", "a year of nights"),
    ("character", "trait", "add", "Ortiz", "Talks to the dead", "--quirk", "--reason", "lonely"),
    (
        "character",
        "trait",
        "rename",
        "Ortiz",
        "Talks to the dead",
        "Talks to corpses",
        "--reason",
        "his words",
    ),
    ("character", "trait", "remove", "Ortiz", "Combat Reflexes", "--reason", "entered by mistake"),
    ("character", "import", str(GCS / "cole.gcs"), "--as", "Cole"),
    ("character", "sync", "Cole", str(GCS / "cole.gcs"), "--yes"),
    ("character", "export-gcs", "Cole", str(GCS / "cole.gcs"), "-o", "cole-after.gcs"),
]

#: the script in two databases of their own, which a test may run side by side
CHAINS: dict[str, list[tuple[str, ...]]] = {
    "journal.db": [*worked_example.COMMANDS, *SECOND_NIGHT, *BETWEEN_SESSIONS],
    "morgue.db": [
        *morgue_example.COMMANDS,
        ("audit",),
        ("recap", "2"),
        ("explain", "Ortiz"),
        *MORGUE_SHEETS,
    ],
    "sanity.db": [
        *d100_example.BLACKWOOD,
        *d100_example.FALLOW,
        ("session", "start", "Debrief", "--at", "2019-09-20 10:00"),
        (
            "sanity",
            "Park",
            "--loss",
            "1/1d8",
            "--kind",
            "helplessness",
            "--threat",
            "tape",
            "--dice",
            "90",
            "--loss-dice",
            "6",
        ),
        ("react", "Park", "flee"),
        ("session", "end"),
    ],
}
SCRIPT: list[tuple[str, ...]] = [step for chain in CHAINS.values() for step in chain]

_SEQ = re.compile(r"^#(\d+) ", re.M)


def filled(step: Sequence[str], printed_before: Iterable[str], url: str) -> list[str]:
    """`step` with `{last}` (the latest seq printed before it) and `{url}` filled in."""
    seqs = [m for text in printed_before for m in _SEQ.findall(text)]
    last = seqs[-1] if seqs else "0"
    return [word.replace("{last}", last).replace("{url}", url) for word in step]


def command_paths(group: click.Group, ctx: click.Context) -> set[str]:
    """Every command and subcommand under `group`, as typed (`db check`)."""
    found = set()
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if isinstance(command, click.Group):
            sub = click.Context(command, parent=ctx, info_name=name)
            found |= {f"{name} {inner}" for inner in command_paths(command, sub)}
        else:
            found.add(name)
    return found


def typed_paths(script: Iterable[Sequence[str]]) -> set[str]:
    """The commands a script types (a group's first word, its subcommand and theirs)."""
    found = set()
    for step in script:
        words = list(step)
        while words and words[0].startswith("--"):  # the journal's own options first
            words = words[2:]
        found |= {words[0], " ".join(words[:2]), " ".join(words[:3])}
    return found
