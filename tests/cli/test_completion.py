"""Completion: the one-shot CLI in bash, zsh and fish (click's shell completion) and the
`play` prompt offer the same values, from the campaign and its ruleset: commands of the
campaign's ruleset, names with a running fight's cast first, causes, presets, threats and
kinds seen, session numbers, campaigns."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
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


#: the words of an argument's name or an option's metavar that name something the campaign
#: already has (a character, an event, a campaign, an audience, a webhook...)
NAMING = re.compile(r"\b(NAMES?|OLD|SEQ|SLUG|AUDIENCE|CHARACTER|players\|)")
#: what names something new, so nothing to complete: (command path, parameter)
NEW = {
    ("campaign new", "slug"),
    ("character add", "name"),
    ("character add", "traits"),  # (a trait's name: the sheet helper's, issue 41's E2)
    ("character add", "disadvantages"),
    ("character add", "physical"),
    ("character import", "name"),  # (`--as NAME`: the name the character takes)
    ("character rename", "new"),
    ("webhook add", "name"),
}


def _names_something(param: click.Parameter) -> bool:
    said = param.name or ""
    if isinstance(param, click.Option):
        said = param.metavar or ""
    elif param.name in ("name", "names", "old", "seq", "slug"):
        said = param.name.upper()
    return bool(NAMING.search(said))


def _params(command: click.Command, path: list[str], ctx: click.Context) -> Iterator[Any]:
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            found = command.get_command(ctx, name)
            if found is not None:
                inner = click.Context(found, info_name=name, parent=ctx)
                yield from _params(found, [*path, name], inner)
        return
    for param in command.get_params(ctx):
        yield " ".join(path), param


@pytest.mark.parametrize("ruleset", ["horror-factor", "fright-check", "stress"])
def test_every_argument_that_names_something_completes(runner: Cli, ruleset: str) -> None:
    """Issue 41, E4: `recover`, `heal` and `rest` (fright-check) completed no names, nor
    `--to`, `--for`, `void SEQ` anything. Every argument and option of every command of
    each ruleset's campaign that names what the campaign has completes it."""
    from journal.cli.settings import SCOPE, settings_of

    runner("campaign", "new", "night", "--ruleset", ruleset)
    missing = []
    with click.Context(cli, info_name="journal", obj=None) as ctx:
        ctx.params = {"db": runner.db}
        settings = settings_of(ctx)
        ctx.meta[SCOPE] = settings.scope()
        assert settings.scope_campaign == "night"
        for path, param in _params(cli, [], ctx):
            if (path, param.name) in NEW or not _names_something(param):
                continue
            if param._custom_shell_complete is None:
                missing.append(f"{path} {param.name}")
    assert missing == []


def zsh(db: str, line: str) -> list[tuple[str, str]]:
    """What zsh offers for `journal --db DB LINE`: each value and its few words."""
    words = ["journal", "--db", db, *line.split()]
    if not line or line.endswith(" "):
        words.append("")
    env = {
        "_JOURNAL_COMPLETE": "zsh_complete",
        "COMP_WORDS": " ".join(words),
        "COMP_CWORD": str(len(words) - 1),
    }
    result = CliRunner().invoke(cli, [], env=env, prog_name="journal")
    assert result.exit_code == 0, result.output
    items = result.stdout.split("\n")
    return [(items[i + 1], items[i + 2]) for i in range(0, len(items) - 2, 3)]


def test_seqs_come_newest_first_with_their_line_in_every_shell(runner: Cli) -> None:
    """Issue 41, E4: a seq is offered with a few words of its event, in zsh and fish as at
    the `play` prompt; the newest first, beginning with what was typed; a voided event,
    or a secret every player knows, is not offered; `amend` offers rulings only."""
    from support.evening import SECRET, play_evening

    play_evening(runner)
    assert zsh(runner.db, "reveal ") == [(str(SECRET), 'secret for Cole: "Cole sees his dead…"')]
    events = zsh(runner.db, "void 2")
    assert [seq for seq, _ in events] == [str(n) for n in range(27, 19, -1)] + ["2"]
    assert events[-1] == ("2", "Mara joins: ht 11; iq 13; traits Combat Reflexes…")  # clipped
    rulings = [seq for seq, _ in zsh(runner.db, "amend 1")]
    assert rulings == ["16", "14", "13", "12", "11"]  # (15 re-rules 14: not a ruling)
    runner("void", "13", "--reason", "Cole was never there")
    assert "13" not in [seq for seq, _ in zsh(runner.db, "void 1")]
    runner("reveal", str(SECRET), "--to", "players")
    assert zsh(runner.db, "reveal ") == []


def test_threats_and_trait_names_complete_with_what_they_are(runner: Cli) -> None:
    """Issue 41, E2 and E3: a threat is offered with what it carries (as `threat list`
    says it), a trait with whose sheet holds it, or that the journal knows it."""
    runner("campaign", "new", "ward", "--ruleset", "fright-check")
    runner("character", "add", "Cole", "--will", "10", "--ht", "10", "--iq", "12",
           "--disadvantage", "Cowardice=-10/12")  # fmt: skip
    runner("threat", "add", "nurse", "--monster", "-4", "--kind", "ghoul",
           "--name", "the night nurse")  # fmt: skip
    runner("fright", "Cole", "--threat", "rat", "--dice", "3,3,3")
    assert zsh(runner.db, "fright Cole --threat ") == [
        ("rat", "_"),  # (zsh's mark of no words: a threat that carries nothing)
        ("nurse", "the night nurse (ghoul): monster -4"),
    ]
    offered = dict(zsh(runner.db, "character trait remove Cole "))
    assert offered["Cowardice"] == "Cole: Cowardice (-10 points, self-control 12)"
    assert offered["Fearlessness"] == "moves a Fright Check"


def test_horror_factor_threats_and_specializations_complete(runner: Cli) -> None:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Ariella", "--reaction", "10", "--willpower", "10",
           "--hardness", "0", "--training", "none", "--spec", "undead=2")  # fmt: skip
    runner("threat", "add", "horde", "--hf", "horde", "--category", "undead")
    assert zsh(runner.db, "encounter start Night --threat ") == [("horde", "(undead): horde +6")]
    assert zsh(runner.db, "character trait remove Ariella ") == [
        ("undead", "Hardness (undead): Ariella 2")
    ]
