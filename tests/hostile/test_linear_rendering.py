"""Every free-text field fed 1 MB of spaces, of one word, or of hyphenated words: the
handouts render in time that grows linearly (256 KB against 1 MB within 8x, where the
quadratic escaping took 16x and more). A ratio of two sizes, never an absolute time."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.cli import Cli

KINDS = {
    "spaces": lambda n: "a" + " " * (n - 2) + "b",
    "one word": lambda n: "w" * n,
    "hyphenated words": lambda n: "ab-" * (n // 3),
}
SMALL, LARGE = 256 * 1024, 1024 * 1024


def _journal(folder: Path, text: str) -> Cli:
    """Both rulesets' campaigns, `text` in every free-text field."""
    folder.mkdir()
    run = Cli(CliRunner(), str(folder / "journal.db"))
    run("campaign", "new", "night", "--ruleset", "horror-factor", "--title", text)
    run("character", "add", "Linda", "--reaction", "12", "--willpower", "10", "--hardness", "2",
        "--training", "none")
    run("character", "add", "Sam", "--reaction", "10", "--willpower", "8", "--hardness", "1",
        "--training", "none")
    run("session", "start", text)
    run("note", text)
    run("note", text, "--gm-only", "--about", "Linda")
    run("encounter", "start", text, "--hf", "4", "--category", text, "--cast", "Linda,Sam")
    run("initiative", "Linda", "--dice", "+5/-6")
    run("encounter", "leave", "Sam", "--reason", text)
    run("encounter", "end")
    run("award", "Linda", "--hardness", "1", "--reason", text)
    run("adjust", "Linda", "--willpower", "-1", "--reason", text)
    run("note", "typo")
    run("void", "13", "--reason", text)
    run("character", "retire", "Sam", "--reason", text)
    run("--campaign", "crypt", "campaign", "new", "crypt", "--ruleset", "fright-check",
        "--title", text)
    gurps = Cli(run.runner, run.db)
    crypt = ["--campaign", "crypt"]
    gurps(*crypt, "character", "add", "Eli", "--will", "12", "--ht", "11", "--iq", "11")
    gurps(*crypt, "session", "start", text)
    gurps(*crypt, "fright", "Eli", "--threat", text, "--dice", "6,6,6", "--table-dice", "3,3,3")
    return run


HANDOUTS = [
    ["--campaign", "night", "recap", "--for", "gm"],
    ["--campaign", "night", "recap", "--for", "players", "--format", "html"],
    ["--campaign", "night", "recap", "--for", "gm", "--format", "html"],
    ["--campaign", "night", "arc", "Linda", "--format", "html"],
    ["--campaign", "crypt", "recap", "--for", "gm", "--format", "html"],
    ["--campaign", "crypt", "recap", "--for", "players"],
    ["--campaign", "crypt", "arc", "Eli", "--format", "html"],
]


#: renders the handouts in a process of its own (warm first), prints the CPU seconds they
#: took (its own, so other work on the machine does not weigh on one size more than another)
PROBE = """
import json, sys, time
from click.testing import CliRunner
from journal.cli.main import cli
db, handouts, rounds, warm = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
runner = CliRunner()
for handout in handouts:  # modules imported, templates compiled
    runner.invoke(cli, ["--db", warm, *handout])
best = None
for _ in range(rounds):
    started = time.process_time()
    for handout in handouts:
        assert runner.invoke(cli, ["--db", db, *handout]).exit_code == 0, handout
    took = time.process_time() - started
    best = took if best is None else min(best, took)
print(best)
"""


def _seconds(run: Cli, warm: Cli, rounds: int, deadline: float | None = None) -> float:
    """How long the handouts take (the best of `rounds`), in a process stopped at the
    deadline: a quadratic render would run for hours."""
    try:
        done = subprocess.run(
            [sys.executable, "-c", PROBE, run.db, json.dumps(HANDOUTS), str(rounds), warm.db],
            capture_output=True,
            text=True,
            check=True,
            timeout=deadline,
        )
    except subprocess.TimeoutExpired:
        return float("inf")
    return float(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("kind", list(KINDS))
def test_rendering_grows_linearly(
    kind: str, tmp_path: Path, runner: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    # texts past the entry limit, as an import of an older journal's export holds them
    monkeypatch.setattr("journal.events.canonical.TEXT_LIMIT", 10**9)
    make = KINDS[kind]
    small = _journal(tmp_path / "small", make(SMALL))
    large = _journal(tmp_path / "large", make(LARGE))
    small_time = _seconds(small, small, rounds=2, deadline=180)
    large_time = _seconds(large, small, rounds=1, deadline=60 + 8 * small_time)
    print(f"{kind}: 256 KB {small_time:.2f} s, 1 MB {large_time:.2f} s")
    assert large_time < 8 * small_time, (kind, small_time, large_time)
