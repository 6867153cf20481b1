"""The rule text's zombie fight, as a GM types it (shared by the tests and the shipped log).

`python tests/support/worked_example.py OUT.jsonl` rebuilds campaigns/jackson-zombies/log.jsonl.
"""

from __future__ import annotations

import sys

#: the worked example's campaign
SLUG = "jackson-zombies"

# One command a line, as typed at the table.
# fmt: off
COMMANDS: list[tuple[str, ...]] = [
    ("campaign", "new", "jackson-zombies", "--ruleset", "horror-factor", "--title", "Jackson Zombies"),
    ("character", "add", "Freddie", "--reaction", "10", "--willpower", "10", "--hardness", "0", "--training", "none"),
    ("character", "add", "Ariella", "--reaction", "10", "--willpower", "10", "--hardness", "0", "--training", "none"),
    ("character", "add", "Linda", "--reaction", "12", "--willpower", "10", "--hardness", "2", "--training", "some"),
    ("session", "start", "The horde", "--at", "2010-10-31 21:00"),
    ("note", "The rotting, blood-drenched horde shambles forward. Freddie wonders how it came to this."),
    ("note", "The horde is larger than it looks: keep count of the cartridges.", "--gm-only"),
    ("encounter", "start", "The horde", "--hf", "horde", "--outnumbered", "--cast", "Freddie,Ariella,Linda"),
    ("initiative", "Freddie", "--dice", "+5/-6"),
    ("initiative", "Ariella", "--dice", "+1/-8"),
    ("initiative", "Linda", "--dice", "+3/-5"),
    ("note", "Ariella drops the shotgun and screams. Linda drags her down a side street.", "--about", "Ariella,Linda"),
    ("turn",),
    ("initiative", "Ariella", "--dice", "+8/-6"),
    ("initiative", "Freddie", "--dice", "+6/-3"),
    ("initiative", "Linda", "--dice", "+9/-3"),
    ("turn",),
    ("note", "No initiative this turn: the zombies close the distance."),
    ("turn",),
    ("initiative", "Freddie", "--dice", "+6/-3"),
    ("initiative", "Ariella", "--dice", "+3/-7"),
    ("soak", "Linda", "2"),
    ("initiative", "Linda", "--dice", "+8/-4"),
    ("drop", "Linda"),
    ("note", "Linda takes the cheerleader's head off; Ariella's shotgun drops the bike messenger.", "--about", "Linda,Ariella"),
    ("encounter", "end", "--do-or-die", "Freddie,Ariella,Linda"),
    ("session", "end"),
]
# fmt: on


def main(out: str) -> None:
    import tempfile
    from pathlib import Path

    from click.testing import CliRunner

    from journal.cli.main import cli

    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "journal.db")
        runner = CliRunner()
        for command in COMMANDS:
            result = runner.invoke(cli, ["--db", db, "--writer", "gm@jackson-zombies", *command])
            assert result.exit_code == 0, (command, result.output)
        result = runner.invoke(cli, ["--db", db, "export", "-o", out])
        assert result.exit_code == 0, result.output


if __name__ == "__main__":
    main(sys.argv[1])
