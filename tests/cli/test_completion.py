"""Completion: the one-shot CLI in bash, zsh and fish (click's shell completion) and the
`play` prompt offer the same values, from the campaign and its ruleset: commands of the
campaign's ruleset, names with a running fight's cast first, causes, presets, threats and
kinds seen, session numbers, campaigns."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from support import ROOT
from support.cli import Cli, clean_folder, clone, typist
from support.worked_example import COMMANDS

from journal.cli.main import cli
from journal.cli.repl import split_typed

#: the worked example up to turn 2, and a second, finished fight for Linda alone... no:
#: Freddie is not in the cast of this fight, so he comes last
FIGHT = [
    *COMMANDS[:5],
    ("character", "add", "Sarge", "--reaction", "11", "--willpower", "12", "--hardness", "1",
     "--training", "professional", "--spec", "supernatural=3"),
    ("encounter", "start", "Cellar", "--hf", "4", "--cast", "Linda,Ariella"),
]  # fmt: skip


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("completion")
    with clean_folder(folder):
        run = typist(folder / "journal.db")
        for command in FIGHT:
            run(*command)
    return folder / "journal.db"


@pytest.fixture
def db(built: Path, runner: Cli) -> str:
    clone(built, runner.db)
    return runner.db


def bash(db: str, line: str) -> list[str]:
    """What bash offers for `journal --db DB LINE` (the cursor at its end)."""
    words = ["journal", "--db", db, *line.split()]
    if not line or line.endswith(" "):
        words.append("")
    env = {
        "_JOURNAL_COMPLETE": "bash_complete",
        "COMP_WORDS": " ".join(words),
        "COMP_CWORD": str(len(words) - 1),
    }
    result = CliRunner().invoke(cli, [], env=env, prog_name="journal")
    assert result.exit_code == 0, result.output
    return [item.split(",", 1)[1] for item in result.stdout.splitlines() if item]


def test_commands_are_the_campaigns(db: str) -> None:
    assert bash(db, "ini") == ["initiative"]
    assert "fright" not in bash(db, "")
    assert bash(db, "encounter ") == ["end", "join", "leave", "start"]


def test_names_come_with_the_fights_cast_first(db: str) -> None:
    assert bash(db, "initiative ") == ["Linda", "Ariella", "Freddie", "Sarge"]
    assert bash(db, "soak li") == ["Linda"]  # any case: the journal finds names so too
    assert bash(db, "explain S") == ["Sarge"]
    assert bash(db, "encounter end --do-or-die Linda,") == [
        "Linda,Ariella",
        "Linda,Freddie",
        "Linda,Sarge",
    ]


def test_the_rulesets_values(db: str) -> None:
    assert bash(db, "shift Linda gr") == ["grabbed"]
    assert bash(db, "shift --all ") == ["inspired"]
    assert bash(db, "encounter start X --hf hor") == ["horde"]
    assert bash(db, "encounter start X --category ") == ["supernatural"]
    assert bash(db, "log --session ") == ["1"]
    assert bash(db, "initiative Linda --d") == ["--dice"]


def test_campaigns_and_a_missing_database_complete_quietly(db: str, tmp_path: Path) -> None:
    assert bash(db, "--campaign ") == ["jackson-zombies"]
    assert bash(str(tmp_path / "none.db"), "initiative ") == []


def test_zsh_and_fish_get_the_same(db: str) -> None:
    for shell, cword in (("zsh", "4"), ("fish", "Ar")):  # fish names the word itself
        env = {
            "_JOURNAL_COMPLETE": f"{shell}_complete",
            "COMP_WORDS": f"journal --db {db} initiative Ar",
            "COMP_CWORD": cword,
        }
        result = CliRunner().invoke(cli, [], env=env, prog_name="journal")
        assert "Ariella" in result.stdout, (shell, result.output)


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_the_readme_sets_completion_up(shell: str) -> None:
    page = (ROOT / "docs" / "play.md").read_text()
    assert f"_JOURNAL_COMPLETE={shell}_source journal" in page
    result = CliRunner().invoke(
        cli, [], env={"_JOURNAL_COMPLETE": f"{shell}_source"}, prog_name="journal"
    )
    assert "_JOURNAL_COMPLETE" in result.stdout


def test_fright_check_threats_and_kinds_seen(runner: Cli) -> None:
    runner("campaign", "new", "morgue", "--ruleset", "fright-check")
    runner("character", "add", "Eli", "--will", "12", "--ht", "10", "--iq", "12")
    runner("character", "add", "Mara", "--will", "12", "--ht", "10", "--iq", "12")
    runner("encounter", "start", "Brawl", "--cast", "Mara")
    for threat, kind in (("ghoul-1", "ghoul"), ("corpse-3", "corpse"), ("ghoul-2", "ghoul")):
        runner("fright", "Eli", "--threat", threat, "--kind", kind, "--dice", "3,3,3")
    assert bash(runner.db, "fright ") == ["Mara", "Eli"]
    assert bash(runner.db, "fright Eli --threat ") == ["ghoul-2", "corpse-3", "ghoul-1"]
    assert bash(runner.db, "fright Eli --kind ") == ["ghoul", "corpse"]


@pytest.mark.parametrize(
    ("typed", "words", "incomplete", "start"),
    [
        ("", [], "", 0),
        ("initiative Li", ["initiative"], "Li", 11),
        ('note "The lights', ["note"], "The lights", 5),
        ("soak Linda ", ["soak", "Linda"], "", 11),
        ("shift 'Dr Who' ", ["shift", "Dr Who"], "", 15),
    ],
)
def test_the_play_prompt_reads_what_is_typed_as_the_shell_does(
    typed: str, words: list[str], incomplete: str, start: int
) -> None:
    assert split_typed(typed) == (words, incomplete, start)
