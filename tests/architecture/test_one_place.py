"""A command in one place: a brand-new command planted in a copy of the example ruleset
takes 4 files (its rules module, its telling module, its block in the CLI, this test),
works end to end through the CLI (decided, its log line, its story, `log --character`),
and the house (`support.house.gaps`, what `test_house` asserts) fails when any one of its
parts is missing, or lives in another command's module."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "examples" / "stress-ruleset" / "journal_stress"

#: the new command's rules, `rules/calm.py`, part by part (each a part the house checks)
RULES = {
    "head": '''
"""`journal calm NAME --reason TEXT`: a quiet moment takes 1 stress off."""

from journal.plugin.rules import CampaignState, Command, DiceBox, Event, Meta, RuleError, event
from journal_stress.rules.state import StressState, rules_of, sheet_of, track, with_sheet
from journal_stress.rules.tables import CONCERNS, DECIDE, EVOLVE, RECALL


class Calm(Command, frozen=True):
    character: str
    reason: str


@event
class Calmed(Event, frozen=True):
    character: str
    reason: str
    before: int
    after: int
''',
    "decide": """
@DECIDE.on(Calm)
def _calm(state: CampaignState, command: Calm, dice: DiceBox) -> list[Event]:
    who = state.character(command.character)
    sheet = sheet_of(state, who)
    if sheet.stress == 0:
        raise RuleError(f"{who} is calm already (stress 0)")
    return [Calmed(who, command.reason, sheet.stress, track(sheet.stress - 1))]
""",
    "evolve": """
@EVOLVE.on(Calmed)
def _calmed(state: CampaignState, payload: Calmed, meta: Meta) -> StressState:
    sheet = rules_of(state).characters.get(payload.character)
    if sheet is None:
        return rules_of(state)
    moved = sheet.stress + payload.after - payload.before
    return with_sheet(state, payload.character, {"stress": track(moved)})
""",
    "recall": "RECALL.on(Calmed)(lambda p: Calm(p.character, p.reason))\n",
    "concerns": "CONCERNS.on(Calmed)(lambda p: (p.character,))\n",
}

#: its telling, `telling/calm.py`
TELLING = {
    "head": '''
"""How a quiet moment reads."""

from journal_stress.rules.calm import Calmed
from journal_stress.telling.tables import LINES, SENTENCES
''',
    "describe": (
        'LINES.on(Calmed)(lambda p: f"{p.character} calms {p.before}->{p.after}: {p.reason}")\n'
    ),
    "tell": (
        "SENTENCES.on(Calmed)(\n"
        '    lambda p, gm: f"{p.character} finds a moment of calm: {p.reason}"\n)\n'
    ),
}

#: its block in `cli.py` (the module's commands are every click command it defines)
CLI = '''

@click.command("calm")
@click.argument("name")
@click.option("--reason", required=True, help="What steadies them.")
@json_option
@pass_settings
def calm(settings: Settings, name: str, reason: str, as_json: bool) -> None:
    """NAME finds a moment of calm: 1 stress off.

    \\b
    Example:
      journal calm Mina --reason "a cup of tea"
    """
    from journal_stress.rules.calm import Calm

    run_and_show(settings, Calm(name, reason), as_json)
'''


def _plant(
    folder: Path, without: str | None = None, elsewhere: str | None = None
) -> dict[str, str]:
    """A copy of the example ruleset in `folder` with the command planted (less the part
    `without`; the part `elsewhere` in the stress command's modules instead of its own);
    the environment that runs the journal with it."""
    copy = folder / "journal_stress"
    shutil.copytree(EXAMPLE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    rules = "".join(text for part, text in RULES.items() if part not in (without, elsewhere))
    (copy / "rules" / "calm.py").write_text(rules, encoding="utf-8")
    telling = "".join(text for part, text in TELLING.items() if part not in (without, elsewhere))
    (copy / "telling" / "calm.py").write_text(telling, encoding="utf-8")
    for layer, parts in (("rules", RULES), ("telling", TELLING)):
        if elsewhere in parts:
            with (copy / layer / "stress.py").open("a", encoding="utf-8") as other:
                other.write("\nfrom journal_stress.rules.calm import Calm, Calmed\n")
                other.write(parts[elsewhere])
    if without != "CLI":
        with (copy / "cli.py").open("a", encoding="utf-8") as cli:
            cli.write(CLI)
    paths = [str(folder), str(ROOT), str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")]
    env = {k: v for k, v in os.environ.items() if not k.startswith("JOURNAL_")}
    env.update(PYTHONPATH=os.pathsep.join(filter(None, paths)))
    env.update(XDG_CACHE_HOME=str(folder / "cache"), XDG_CONFIG_HOME=str(folder / "config"))
    env.update(XDG_DATA_HOME=str(folder / "data"), XDG_STATE_HOME=str(folder / "state"))
    return env


def _python(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], env=env, capture_output=True, text=True, timeout=120
    )


def _gaps(env: dict[str, str]) -> list[str]:
    script = (
        "import json, journal_stress\n"
        "from support.house import gaps\n"
        "print(json.dumps([journal_stress.__file__, gaps('stress')]))\n"
    )
    done = _python(env, "-c", script)
    assert done.returncode == 0, done.stderr
    where, found = json.loads(done.stdout)
    assert where.startswith(env["PYTHONPATH"].split(os.pathsep)[0]), where
    return list(found)


def test_a_planted_command_takes_four_files_and_works_end_to_end(tmp_path: Path) -> None:
    env = _plant(tmp_path)
    db = str(tmp_path / "ward.db")

    def journal(*args: str) -> str:
        done = _python(env, "-m", "journal", "--db", db, *args)
        assert done.returncode == 0, f"journal {' '.join(args)}: {done.stderr}"
        return done.stdout

    journal("campaign", "new", "ward", "--ruleset", "stress", "--title", "The Ward")
    journal("character", "add", "Mina", "--nerve", "4", "--stress", "3")
    journal("character", "add", "Otto", "--nerve", "7")
    journal("session", "start", "Night shift", "--at", "1931-02-02 23:00")
    decided = json.loads(journal("calm", "Mina", "--reason", "a cup of tea", "--json"))
    assert decided[0]["type"] == "Calmed" and decided[0]["data"]["after"] == 2
    journal("session", "end")
    assert json.loads(journal("status", "--json"))["characters"]["Mina"]["stress"] == 2
    line = "Mina calms 3->2: a cup of tea"
    assert line in journal("log")
    assert line in journal("log", "--character", "Mina")
    assert line not in journal("log", "--character", "Otto")
    assert "Mina finds a moment of calm: a cup of tea" in journal("recap", "--format", "html")
    assert "every ruling follows from its dice and the rules" in journal("audit")
    assert _gaps(env) == []


@pytest.mark.parametrize("part", ["decide", "evolve", "recall", "concerns", "describe", "tell",
                                  "CLI"])  # fmt: skip
def test_the_house_fails_for_any_part_a_command_lacks(tmp_path: Path, part: str) -> None:
    found = _gaps(_plant(tmp_path, without=part))
    assert found and all(part in gap for gap in found), found


@pytest.mark.parametrize("part", ["decide", "evolve", "recall", "concerns", "describe", "tell"])
def test_the_house_fails_for_a_part_away_from_its_command(tmp_path: Path, part: str) -> None:
    """One place: the part works from another command's module, and the house says where
    it is instead."""
    found = _gaps(_plant(tmp_path, elsewhere=part))
    layer = "telling" if part in TELLING else "rules"
    kind = "Calm" if part == "decide" else "Calmed"
    assert found == [
        f"{kind}'s {part} is in journal_stress.{layer}.stress, not in journal_stress.{layer}.calm"
    ]


def test_test_house_itself_fails_on_a_command_without_its_concerns(tmp_path: Path) -> None:
    """Miss the concerns and `log --character` would drop the event without a word:
    `test_house` says so instead."""
    env = _plant(tmp_path, without="concerns")
    house = str(ROOT / "tests" / "architecture" / "test_house.py")
    done = _python(
        env, "-m", "pytest", house, "-q", "-p", "no:randomly", "-n", "0",
        "-p", "no:cacheprovider", "-k", "covered and stress", "--rootdir", str(ROOT),
    )  # fmt: skip
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Calmed has no concerns" in done.stdout
