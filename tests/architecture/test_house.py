"""One house for every ruleset: the journal outside `journal/rulesets/<ruleset>/` names no
ruleset; every ruleset is a `Plugin` whose parts fulfil their layers' contracts, its rules
pure; and every ruleset covers each of its events and commands in every table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.house import cli_names, gaps

from journal.rules import load_all, plugin_of
from journal.rules.ruleset import Ruleset
from journal.telling.contract import telling_of

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
    return [f for f in files if not (f.is_relative_to(rulesets) and f.parent != rulesets)]


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
    """Each command has its decider and its CLI line; each event its fold, its recalled
    command for the audit (or an explicit none), whom it concerns (or `nobody`), and in its
    telling its log line and its handout sentence (or an explicit none): `support.house`.
    `test_one_place` plants a command missing each part and sees this fail."""
    assert gaps(ruleset.name) == []


def _package_files(ruleset: Ruleset) -> list[Path]:
    """Every module of the package a ruleset comes in (its rules, telling, narrator, cli)."""
    import importlib

    root = type(ruleset).__module__.rpartition(".rules")[0]
    folder = Path(str(importlib.import_module(root).__file__)).parent
    return sorted(p for p in folder.rglob("*.py") if "build" not in p.relative_to(folder).parts)


def listed_commands(source: str, commands: set[str]) -> list[int]:
    """The lines of a module holding a dict literal that maps names to two or more of the
    click commands `commands`: a hand-written list of them."""
    import ast

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict) and node.keys:
            named = [v.id for v in node.values if isinstance(v, ast.Name) and v.id in commands]
            if len(named) >= 2:
                found.append(node.lineno)
    return found


@pytest.mark.parametrize("ruleset", RULESETS, ids=[r.name for r in RULESETS])
def test_no_list_names_a_rulesets_commands_events_or_exports(ruleset: Ruleset) -> None:
    """A ruleset's commands and events are the classes its package defines (its `Ruleset`
    names none), its CLI's commands every click command its `cli` module defines
    (`commands_in`): no module of it lists them, nor re-exports names (`__all__`)."""
    import ast
    import importlib
    import inspect
    import textwrap

    import click

    from journal.cli.rulesets import commands_in, commands_of
    from journal.rules import plugin_of

    body = ast.parse(textwrap.dedent(inspect.getsource(type(ruleset)))).body[0]
    assigned = {
        target.id
        for node in ast.walk(body)
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name)
    }
    assert not {"commands", "events"} & assigned
    exported = [
        str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
        for path in _package_files(ruleset)
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if isinstance(node, ast.Assign | ast.AnnAssign)
        and "__all__" in ast.unparse(node).split("=")[0]
    ]
    assert exported == []
    where = plugin_of(ruleset.name).module("cli")
    part = commands_of(ruleset.name)
    assert where is not None and part is not None
    defined = commands_in(where)()
    assert dict(part.commands()) == defined
    cli = importlib.import_module(where)
    names = {n for n, c in vars(cli).items() if isinstance(c, click.Command)}
    assert listed_commands(Path(str(cli.__file__)).read_text(encoding="utf-8"), names) == []


def test_the_list_check_finds_a_hand_written_dict_of_commands() -> None:
    source = 'def commands():\n    return {"check": check, "rest": rest}\n'
    assert listed_commands(source, {"check", "rest"}) == [2]
    assert listed_commands('X = {"a": 1, "b": check}', {"check"}) == []


def test_the_cli_check_reads_names_and_strings(tmp_path: Path) -> None:
    import sys

    cli = tmp_path / "planted_cli_names.py"
    cli.write_text(
        "def f():\n    from x.rules import Calm\n"
        "g = join('x.rules:JoinEncounter')\nh = rules.Soak\n"
    )
    sys.path.insert(0, str(tmp_path))
    try:
        assert {"Calm", "JoinEncounter", "Soak"} <= cli_names("planted_cli_names")
    finally:
        sys.path.remove(str(tmp_path))


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
    from journal.rules.core.state import CampaignState
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
    from journal.rules.core.commands import RenameCharacter
    from journal.rules.core.events import CharacterRenamed

    for name, meaning in ruleset.amendable.items():
        assert name.isidentifier() and meaning
        with pytest.raises(RuleError):
            ruleset.amend(CharacterRenamed("A", "B"), RenameCharacter("A", "B"), {name: "1"})


@pytest.mark.parametrize("ruleset", RULESETS, ids=[r.name for r in RULESETS])
def test_every_ruleset_is_a_plugin_with_a_part_per_layer(ruleset: Ruleset) -> None:
    """The entry point names a `Plugin`; each layer loads its own part, of its contract's
    type."""
    from journal.cli.rulesets import RulesetCommands, commands_of
    from journal.handouts.hooks import Narrator, narrator_of
    from journal.rules.plugin import Plugin
    from journal.telling.contract import Telling

    found = plugin_of(ruleset.name)
    assert isinstance(found, Plugin) and found.name == ruleset.name
    assert isinstance(telling_of(ruleset.name), Telling)
    assert isinstance(narrator_of(ruleset.name), Narrator)
    assert isinstance(commands_of(ruleset.name), RulesetCommands)
    assert narrator_of(ruleset.name).templates is not None


def test_a_plugin_without_a_part_or_with_a_wrong_one_is_refused_in_words() -> None:
    from journal.errors import RuleError
    from journal.rules.plugin import Plugin

    bare = Plugin("bare", rules="journal.rulesets.horror_factor.rules:RULESET")
    assert not bare.has("telling")
    with pytest.raises(RuleError, match="the ruleset 'bare' has no telling part"):
        bare.part("telling")
    wrong = Plugin("wrong", rules="journal.errors:RuleError", telling="journal.no_such:X")
    with pytest.raises(RuleError, match=r"the telling part of the ruleset 'wrong' .* cannot be"):
        wrong.part("telling")
    refusal = str(wrong.not_a("rules", "journal.rules.ruleset.Ruleset"))
    assert "is not a journal.rules.ruleset.Ruleset" in refusal


#: what no pure rules module may import, at module or function level
IMPURE = (
    "click",
    "jinja2",
    "prompt_toolkit",
    "journal.cli",
    "journal.api",
    "journal.handouts",
    "journal.app",
    "journal.telling",
    "journal.store",
    "journal.plugin.telling",
    "journal.plugin.handouts",
    "journal.plugin.cli",
)


def _pure_files() -> list[Path]:
    """`journal/rules/` and every ruleset's `rules/` package, the example plugin's too."""
    files = sorted((ROOT / "journal" / "rules").rglob("*.py"))
    files += sorted((ROOT / "journal" / "rulesets").glob("*/rules/**/*.py"))
    example = ROOT / "examples" / "stress-ruleset" / "journal_stress" / "rules"
    files += sorted(example.rglob("*.py"))
    return files


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every module a file imports, anywhere in it (function-level imports included)."""
    import ast

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.lineno, node.module))
    return found


def test_the_rules_are_pure() -> None:
    """Nothing in `journal/rules/` nor in a ruleset's `rules/` imports the presentation
    layers, the store or the application: no click, Jinja2, prompt_toolkit, CLI, API,
    handouts, app, telling or store, at module level or inside a function."""
    files = _pure_files()
    assert len(files) > 30
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: {module}"
        for path in files
        for line, module in _imports(path)
        if any(module == name or module.startswith(name + ".") for name in IMPURE)
    ]
    assert offenders == []


def test_the_pure_check_sees_function_level_imports(tmp_path: Path) -> None:
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("def f():\n    from journal.telling.lines import describe\n    import click")
    assert _imports(sneaky) == [(2, "journal.telling.lines"), (3, "click")]


def test_an_entry_point_naming_no_plugin_is_refused_in_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A plugin of the older shape (its entry point names a `Ruleset`, not a `Plugin`) is
    refused with what to name instead."""
    import journal.rules as rules
    from journal.errors import RuleError
    from journal.installed import Found

    old = Found("old-style", "journal.rulesets.horror_factor.rules:RULESET")
    monkeypatch.setattr(rules, "_entry_points", lambda: {"old-style": old})
    rules.plugin_of.cache_clear()
    try:
        with pytest.raises(RuleError, match=r"names a journal.rules.plugin.Plugin\(name="):
            rules.plugin_of("old-style")
    finally:
        rules.plugin_of.cache_clear()
