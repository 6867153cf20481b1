"""One house for every ruleset: the journal outside `journal/rulesets/<ruleset>/` names no
ruleset, and every ruleset covers each of its events and commands in every table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from journal.rules import load_all
from journal.rules.core import CharacterAdded, CharacterRenamed
from journal.rules.ruleset import Ruleset

ROOT = Path(__file__).parents[2]
#: what would betray a ruleset wired in by name
NAMES = re.compile(r"horror.factor|fright.check|horror_factor|fright_check", re.I)


def _neutral_files() -> list[Path]:
    rulesets = ROOT / "journal" / "rulesets"
    files = [
        path
        for folder in ("journal", "templates", "migrations")
        for path in (ROOT / folder).rglob("*")
        if path.is_file() and path.suffix in (".py", ".j2")
    ]
    return [
        f
        for f in files
        if not (f.is_relative_to(rulesets) and f.parent != rulesets)
    ]


def test_no_ruleset_is_named_outside_its_own_folder() -> None:
    """Outside `journal/rulesets/<name>/` no module or template names a ruleset (its entry
    point in pyproject.toml and the documentation may)."""
    offenders = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in _neutral_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if NAMES.search(line)
    ]
    assert offenders == []


def test_no_template_branches_on_a_ruleset() -> None:
    templates = [p for p in _neutral_files() if p.suffix == ".j2"]
    assert templates
    assert not [p for p in templates if "ruleset ==" in p.read_text(encoding="utf-8")]


RULESETS = load_all()


@pytest.mark.parametrize("ruleset", RULESETS, ids=[r.name for r in RULESETS])
def test_every_event_and_command_is_covered(ruleset: Ruleset) -> None:
    """Each command has its decider; each event its fold, its rebuilt command for the audit
    (or an explicit none), its log line and its handout sentence (or an explicit none)."""
    assert set(ruleset.commands) == set(ruleset.deciders.covered)
    events = set(ruleset.events)
    assert events | {CharacterAdded, CharacterRenamed} <= set(ruleset.evolvers.covered)
    assert events == set(ruleset.rebuilders.covered)
    assert events == set(ruleset.lines.covered)
    assert events == set(ruleset.sentences.covered)


@pytest.mark.parametrize("log", sorted((ROOT / "campaigns").glob("*/log.jsonl")), ids=str)
def test_every_ruling_of_the_shipped_campaigns_rebuilds_a_command_of_its_ruleset(
    log: Path,
) -> None:
    """The audit can decide each ruling again: what `command_for` rebuilds from a recorded
    event is a command its ruleset decides."""
    import json

    from journal.events.registry import from_data
    from journal.rules import load

    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    ruleset = load(lines[0]["data"]["ruleset"])
    rebuilt = 0
    for line in lines:
        payload = from_data(line["type"], line.get("schema", 1), line["data"])
        if type(payload) in ruleset.events:
            command = ruleset.command_for(payload)
            assert command is not None and type(command) in ruleset.commands, line["type"]
            rebuilt += 1
    assert rebuilt > 10


@pytest.mark.parametrize("ruleset", RULESETS, ids=[r.name for r in RULESETS])
def test_every_ruleset_declares_its_invariants(ruleset: Ruleset) -> None:
    """The audit checks every state against the core's invariants and the ruleset's own
    (`Ruleset.invariants`): each ruleset declares some, each named, none broken by the
    state a campaign starts in."""
    from journal.frozen import changed
    from journal.rules.core import CampaignState
    from journal.rules.invariants import Invariant, breaches

    assert ruleset.invariants, f"{ruleset.name} declares no invariants"
    assert all(isinstance(rule, Invariant) and rule.name for rule in ruleset.invariants)
    assert len({rule.name for rule in ruleset.invariants}) == len(ruleset.invariants)
    first = changed(CampaignState(), ruleset=ruleset.name, rules=ruleset.initial(), seq=1)
    assert breaches(first, ruleset.invariants) == set()


@pytest.mark.parametrize("ruleset", RULESETS, ids=[r.name for r in RULESETS])
def test_every_amendable_input_is_one_amend_reads(ruleset: Ruleset) -> None:
    """`journal amend SEQ --NAME VALUE` offers the ruleset's `amendable` inputs: each has
    its help, and `amend()` refuses (never crashes on) a ruling it does not fit."""
    from journal.errors import RuleError
    from journal.rules.core import CharacterRenamed, RenameCharacter

    for name, meaning in ruleset.amendable.items():
        assert name.isidentifier() and meaning
        with pytest.raises(RuleError):
            ruleset.amend(CharacterRenamed("A", "B"), RenameCharacter("A", "B"), {name: "1"})
