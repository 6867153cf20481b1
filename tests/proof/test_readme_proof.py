"""The manual's "Proof for the players" (docs/proofs.md): after `journal demo`, each
command of its transcript types as shown and prints what it shows (stdout and stderr;
JOURNAL_UPDATE_README=1 writes what the journal prints now). The events it writes take
their salts and ids from a seeded generator, at a fixed moment (`support.seeded`): the
heads it types are the same on every run."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from support.cli import Cli
from support.readme import type_section
from support.seeded import seeded_events

SECTION = "## Proof for the players"


def test_the_proof_transcript_is_real(runner: Cli) -> None:
    runner("demo")
    folder = str(Path(runner.db).parent) + "/"

    def shown(runner: Cli, words: Sequence[str]) -> str:
        result = runner(*words, ok=False)
        printed = (result.stdout + result.stderr).replace(folder, "")
        assert "Traceback" not in printed
        return printed

    with seeded_events():
        type_section(SECTION, runner, shown=shown, at_least=12, page="docs/proofs.md")
    assert (Path(folder) / "check.html").read_text().count("crypto.subtle.digest") == 1
