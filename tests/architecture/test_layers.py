"""The layer order of docs/ARCHITECTURE.md, executable: every import of the journal's code
(module level, function level and type-only alike) points to its own layer or one below,
layers side by side (`APART`) import nothing of each other, and no modules import each
other in a circle.

A module belongs to the layer of the longest name in `LAYERS` it falls under; a ruleset's
parts (`journal.rulesets.<name>.cli`, `.narrator`, `.telling`, `.rules`) and the example
plugin's (`journal_stress.*`) sit in the layer of the contract they fulfil.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import cache
from pathlib import Path

ROOT = Path(__file__).parents[2]

#: top to bottom; a module may import from its own layer or any layer below it
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "command line",
        ("journal.__main__", "journal.cli", "journal.rulesets.*.cli", "journal_stress.cli"),
    ),
    # the ways out beside the handouts: the served pages, posts and vault/VTT exports
    ("web pages", ("journal.web", "journal.posting")),
    ("public API", ("journal", "journal.api")),
    (
        "handouts and transfer",
        (
            "journal.handouts",
            "journal.proof",
            "journal.rulesets.*.narrator",
            "journal_stress.narrator",
            "journal.transfer",
        ),
    ),
    ("application", ("journal.app",)),
    ("audit", ("journal.audit",)),
    ("cache and context", ("journal.cache", "journal.current", "journal.writer")),
    ("store", ("journal.store", "journal.migrations")),
    ("telling", ("journal.telling", "journal.rulesets.*.telling", "journal_stress.telling")),
    (
        "rules",
        (
            "journal.rules",
            "journal.projection",
            "journal.rulesets",
            "journal.rulesets.*",
            "journal.rulesets.*.rules",
            "journal_stress",
            "journal_stress.rules",
        ),
    ),
    (
        "foundation",
        (
            "journal.events",
            "journal.merkle",
            "journal.documents",
            "journal.dice",
            "journal.errors",
            "journal.frozen",
            "journal.collector",
            "journal.text",
            "journal.names",
            "journal.files",
            "journal.resources",
            "journal.numbers",
            "journal.version",
        ),
    ),
)

#: layers that sit side by side, neither importing the other: the store keeps events, not
#: rules (it knows the envelope, never a ruleset's payload), and the rules stay pure
APART: tuple[tuple[str, str], ...] = (
    ("journal.store", "journal.rules"),
    ("journal.store", "journal.rulesets"),
    ("journal.store", "journal.telling"),
)

#: where the code of each top-level package lives
SOURCES = {
    "journal": ROOT / "journal",
    "journal.migrations": ROOT / "migrations",
    "journal_stress": ROOT / "examples" / "stress-ruleset" / "journal_stress",
}


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str
    line: int


def _module_name(package: str, folder: Path, path: Path) -> str:
    parts = list(path.relative_to(folder).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([package, *parts])


@cache
def modules() -> dict[str, Path]:
    """Every module of the journal (and the example plugin): dotted name -> file."""
    found: dict[str, Path] = {}
    for package, folder in SOURCES.items():
        for path in sorted(folder.rglob("*.py")):
            if "build" in path.relative_to(folder).parts:
                continue
            found[_module_name(package, folder, path)] = path
    return found


def _resolve(importer: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = importer.split(".") if is_package else importer.split(".")[:-1]
    base = base[: len(base) - node.level + 1]
    return ".".join([*base, *([node.module] if node.module else [])])


def imports() -> Iterator[Import]:
    """Every import of a journal module by a journal module: `from X import y` names the
    module `X.y` when that is a module, else `X`."""
    known = modules()
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                module = _resolve(name, path.name == "__init__.py", node)
                targets = [
                    f"{module}.{alias.name}" if f"{module}.{alias.name}" in known else module
                    for alias in node.names
                ]
            else:
                continue
            for target in targets:
                if target in known and target != name:
                    yield Import(name, target, node.lineno)


def layer_of(module: str) -> int:
    """The index in `LAYERS` of the module's layer (0 is the top)."""
    best: tuple[int, int] | None = None
    for index, (_, patterns) in enumerate(LAYERS):
        for pattern in patterns:
            parts = pattern.split(".")
            here = module.split(".")
            fits = len(here) >= len(parts) and fnmatchcase(".".join(here[: len(parts)]), pattern)
            if fits and (best is None or len(parts) > best[0]):
                best = (len(parts), index)
    assert best is not None, f"{module} is in no layer: add it to LAYERS"
    return best[1]


def test_every_module_has_a_layer() -> None:
    for module in modules():
        layer_of(module)


def test_no_import_points_up() -> None:
    against = [
        f"{i.importer} (line {i.line}, {LAYERS[layer_of(i.importer)][0]}) imports "
        f"{i.imported} ({LAYERS[layer_of(i.imported)][0]})"
        for i in imports()
        if layer_of(i.imported) < layer_of(i.importer)
    ]
    assert against == []


def _under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_layers_side_by_side_import_nothing_of_each_other() -> None:
    crossing = [
        f"{i.importer} (line {i.line}) imports {i.imported}"
        for i in imports()
        for one, other in APART
        if (_under(i.importer, one) and _under(i.imported, other))
        or (_under(i.importer, other) and _under(i.imported, one))
    ]
    assert crossing == []


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_modules_import_each_other_in_a_circle() -> None:
    graph: dict[str, set[str]] = {}
    for i in imports():
        graph.setdefault(i.importer, set()).add(i.imported)
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_circle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_an_upward_import_is_caught() -> None:
    assert layer_of("journal.rules.core") > layer_of("journal.cli.main")
    assert layer_of("journal.rulesets.horror_factor.cli") == layer_of("journal.cli")
    assert layer_of("journal.rulesets.horror_factor.rules.decide") == layer_of("journal.rules")


#: what the command line may import: the public API, its documents and errors, its own
#: modules, the web front end it starts (`journal serve`), and a ruleset's CLI part its own
#: ruleset's commands
CLI_MAY_IMPORT = ("journal.api", "journal.documents", "journal.errors", "journal.cli")


def _cli_may_import(importer: str, imported: str) -> bool:
    if imported == "journal" or any(_under(imported, p) for p in CLI_MAY_IMPORT):
        return True
    if importer == "journal.cli.web" and _under(imported, "journal.web"):
        return True
    if importer in ("journal.cli.posting", "journal.cli.transfer") and _under(
        imported, "journal.posting"
    ):
        return True
    if importer == "journal.cli.posting" and imported == "journal.web.links":
        return True  # a webhook's audience is named as a link's is
    if importer.endswith(".cli") and not _under(importer, "journal.cli"):
        home = importer.rsplit(".", 1)[0]  # journal.rulesets.<name> or journal_stress
        return _under(imported, f"{home}.rules")
    return False


def test_the_command_line_calls_only_the_public_api() -> None:
    command_line = ("journal.cli", "journal.__main__", "journal_stress.cli")
    reaching = [
        f"{i.importer} (line {i.line}) imports {i.imported}"
        for i in imports()
        if (
            any(_under(i.importer, p) for p in command_line)
            or fnmatchcase(i.importer, "journal.rulesets.*.cli")
        )
        and not _cli_may_import(i.importer, i.imported)
    ]
    assert reaching == []
