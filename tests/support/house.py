"""What `test_house` asks of every ruleset: each of its commands and events has every part
a command needs, wherever it lives. Imported as `from support.house import gaps`.

A command needs its decider and its CLI line; each of its events its fold, its recalled
command for the audit (or an explicit none), whom it concerns (or `nobody`), its log
line and its handout sentence (or an explicit none). Miss the concerns and `log
--character` would silently drop the event; miss the CLI line and no GM could type it.

And each part is in one place (`placed`): a command's decider in the module that defines
the command; an event's fold, recaller and concerns in the module that defines the event,
its log line and sentence in the telling module of the same name (`rules/check.py`,
`telling/check.py`). A part the journal offers for any ruleset (`nobody`) may serve.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

#: each part of a command and of its events, as the house names it
PARTS = ("decide", "CLI", "evolve", "recall", "concerns", "describe", "tell")


def cli_names(module: str) -> frozenset[str]:
    """The names a ruleset's CLI part uses: what it imports, names or refers to by a
    `"module:Name"` string (`fights.join("...rules:JoinEncounter", ...)`)."""
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None, f"{module} cannot be found"
    origin = Path(spec.origin)
    files = sorted(origin.parent.rglob("*.py")) if origin.name == "__init__.py" else [origin]
    names: set[str] = set()
    for file in files:
        for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.Name):
                names.add(node.id)
            elif isinstance(node, ast.Attribute):
                names.add(node.attr)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                names.add(node.value.rpartition(":")[2].rpartition(".")[2])
    return frozenset(names)


def gaps(name: str) -> list[str]:
    """What the installed ruleset `name` lacks: one line a missing part (`Calm has no
    decide`), none when every command and event has all of its parts."""
    from journal.rules import load, plugin_of
    from journal.rules.core.events import CharacterAdded, CharacterRenamed
    from journal.telling.contract import telling_of

    ruleset = load(name)
    telling = telling_of(name)
    missing: list[str] = []
    if not ruleset.commands:
        missing.append(f"{name} has no commands")
    if not ruleset.events:
        missing.append(f"{name} has no events")
    cli = plugin_of(name).module("cli")
    used = cli_names(cli) if cli is not None else frozenset()
    for command in ruleset.commands:
        if command not in ruleset.deciders.covered:
            missing.append(f"{command.__name__} has no decide")
        if command.__name__ not in used:
            missing.append(f"{command.__name__} has no CLI (its ruleset's cli names it not)")
    missing += [
        f"{kind.__name__} is decided but is none of {name}'s commands"
        for kind in ruleset.deciders.covered
        if kind not in ruleset.commands
    ]
    concerners = ruleset.concerners
    tables = {
        "evolve": ruleset.evolvers.covered,
        "recall": ruleset.recallers.covered,
        "concerns": frozenset() if concerners is None else concerners.covered,
        "describe": telling.lines.covered,
        "tell": telling.sentences.covered,
    }
    for event in ruleset.events:
        missing += [f"{event.__name__} has no {part}" for part, covered in tables.items()
                    if event not in covered]  # fmt: skip
    for part, covered in tables.items():
        # the core's events (journal.rules.core) a ruleset may fold too
        extra = covered - set(ruleset.events)
        strays = [k for k in extra if not k.__module__.startswith("journal.rules.")]
        missing += [f"{kind.__name__} has a {part} but is none of {name}'s events"
                    for kind in strays]  # fmt: skip
    for core in (CharacterAdded, CharacterRenamed):
        if core not in ruleset.evolvers.covered:
            missing.append(f"{name} does not fold {core.__name__}")
    return missing + placed(name)


def _telling_of(module: str) -> str:
    """`x.rules.check` -> `x.telling.check`: where a command module's telling lives."""
    package, _, stem = module.rpartition(".")
    return f"{package.rpartition('.')[0]}.telling.{stem}"


def placed(name: str) -> list[str]:
    """The parts of the ruleset `name`'s commands and events that are not where their
    command or event is: one line a part (`Calm's decide is in x.rules.other, not in
    x.rules.calm`)."""
    from journal.rules import load
    from journal.telling.contract import telling_of

    ruleset = load(name)
    telling = telling_of(name)
    root = type(ruleset).__module__.rpartition(".rules")[0]
    found: list[str] = []

    def check(kind: type, part: str, handler: object, home: str) -> None:
        where = getattr(handler, "__module__", None) or ""
        if where.startswith(root) and where != home:
            found.append(f"{kind.__name__}'s {part} is in {where}, not in {home}")

    for command in ruleset.commands:
        check(command, "decide", ruleset.deciders.handler(command), command.__module__)
    concerners = ruleset.concerners
    for event in ruleset.events:
        own, told = event.__module__, _telling_of(event.__module__)
        check(event, "evolve", ruleset.evolvers.handler(event), own)
        check(event, "recall", ruleset.recallers.handler(event), own)
        if concerners is not None:
            check(event, "concerns", concerners.handler(event), own)
        check(event, "describe", telling.lines.handler(event), told)
        check(event, "tell", telling.sentences.handler(event), told)
    return found
