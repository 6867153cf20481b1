"""The layer order of docs/ARCHITECTURE.md, executable: every import of the journal's code
(module level, function level, type-only, and by string through `importlib.import_module`
or `__import__`) points to its own layer or one below. Layers side by side (`APART`)
import nothing of each other, and no modules import each other in a circle. The command
line reaches the library through the API, the web pages through the API alone, and each
ruleset through `journal.plugin`'s door modules. The pure rules do no I/O.

Each module falls under the patterns of exactly one layer. A pattern's `*` stands for one
part of a dotted name, a trailing `**` for any number of parts (none included). A
ruleset's parts (`journal.rulesets.<name>.cli`, `.narrator`, `.telling`, `.rules`) and the
example plugin's (`journal_stress.*`) sit in the layer of the contract they fulfil.

A ruleset takes the journal's names through the door of its layer (`journal.plugin.rules`,
`.telling`, `.handouts`, `.cli`), each door a plain module in the layer of what it hands
out, so a ruleset's rules taking `run_and_show` from `journal.plugin.cli` import the command
line, upward.

Each rule is proved able to fail: the tests at the end plant the imports the doc forbids
and expect each one caught.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]

#: top to bottom; a module may import from its own layer or any layer below it
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "command line",
        (
            "journal.__main__",
            "journal.cli.**",
            "journal.plugin.cli",
            "journal.rulesets.*.cli",
            "journal_stress.cli",
        ),
    ),
    # the ways out beside the handouts: the served pages, posts and vault/VTT exports
    ("web pages", ("journal.web.**", "journal.posting.**")),
    ("public API", ("journal", "journal.api.**")),
    (
        "handouts and transfer",
        (
            "journal.handouts.**",
            "journal.plugin.handouts",
            "journal.proof.**",
            "journal.rulesets.*.narrator",
            "journal_stress.narrator",
            "journal.transfer",
        ),
    ),
    ("application", ("journal.app",)),
    ("audit", ("journal.audit.**",)),
    ("cache and context", ("journal.cache", "journal.current", "journal.writer")),
    ("store", ("journal.store.**", "journal.migrations.**")),
    (
        "telling",
        (
            "journal.telling.**",
            "journal.plugin.telling",
            "journal.rulesets.*.telling.**",
            "journal_stress.telling.**",
        ),
    ),
    (
        "rules",
        (
            "journal.rules.**",
            "journal.plugin",
            "journal.plugin.rules",
            "journal.projection",
            "journal.rulesets",
            "journal.rulesets.*",
            "journal.rulesets.*.rules.**",
            "journal_stress",
            "journal_stress.rules.**",
        ),
    ),
    (
        "foundation",
        (
            "journal.events.**",
            "journal.merkle",
            "journal.documents",
            "journal.dice",
            "journal.errors",
            "journal.frozen",
            "journal.collector",
            "journal.text",
            "journal.names",
            "journal.files",
            "journal.caching",
            "journal.resources",
            "journal.installed",
            "journal.installation",
            "journal.version",
        ),
    ),
)

#: layers that sit side by side, neither importing the other: the store and its
#: migrations keep events, not rules (they know the envelope, never a ruleset's payload
#: nor the fold), and the rules stay pure
APART: tuple[tuple[str, str], ...] = tuple(
    (keeper, rules)
    for keeper in ("journal.store", "journal.migrations")
    for rules in ("journal.rules", "journal.rulesets", "journal.telling", "journal.projection")
)

#: the pure layers: no file, database or socket opened, nothing written
PURE = ("journal.rules.**", "journal.rulesets.*.rules.**", "journal_stress.rules.**")
#: what a pure module may not import
IMPURE_MODULES = ("sqlite3", "socket", "shutil", "tempfile", "subprocess", "urllib", "http")
#: what a pure module may not call: `os.<name>` and `<anything>.<name>`
OS_WRITES = frozenset(
    (
        "open", "fdopen", "write", "replace", "rename", "renames", "remove", "unlink",
        "mkdir", "makedirs", "rmdir", "removedirs", "truncate", "link", "symlink", "chmod",
        "chown",
    )
)  # fmt: skip
PATH_WRITES = frozenset(("write_text", "write_bytes", "mkdir", "unlink", "touch", "rmdir"))

#: where the code of each top-level package lives
SOURCES = {
    "journal": ROOT / "journal",
    "journal.migrations": ROOT / "migrations",
    "journal_stress": ROOT / "examples" / "stress-ruleset" / "journal_stress",
}

#: the door a ruleset takes the journal's names through (a module a layer), and the API
PLUGIN_SURFACE = ("journal.plugin", "journal.api")


@dataclass(frozen=True)
class Source:
    text: str
    is_package: bool


@dataclass(frozen=True)
class Import:
    importer: str
    #: the journal module it reaches
    imported: str
    line: int
    #: the module the import names in the code
    named: str


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


@cache
def _sources() -> dict[str, Source]:
    return {
        name: Source(path.read_text(encoding="utf-8"), path.name == "__init__.py")
        for name, path in modules().items()
    }


def sources(plant: Mapping[str, str] | None = None) -> dict[str, Source]:
    """Every module's code; `plant` adds lines to a module (or makes a new one), to prove
    a rule fails."""
    found = dict(_sources())
    for name, extra in (plant or {}).items():
        old = found.get(name, Source("", False))
        found[name] = Source(f"{old.text}\n{extra}\n", old.is_package)
    return found


@cache
def _walk(text: str) -> tuple[ast.AST, ...]:
    """Every node of a module's code (parsed once)."""
    return tuple(ast.walk(ast.parse(text)))


def _resolve(importer: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = importer.split(".") if is_package else importer.split(".")[:-1]
    base = base[: len(base) - node.level + 1]
    return ".".join([*base, *([node.module] if node.module else [])])


def _string_import(node: ast.Call) -> str | None:
    """The module `importlib.import_module("x")`, `import_module("x")` or
    `__import__("x")` names, when it names one in the code."""
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    if name not in ("import_module", "__import__") or not node.args:
        return None
    first = node.args[0]
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value
    return None


def named_imports(name: str, source: Source) -> Iterator[tuple[int, str, str]]:
    """Every `(line, module named, module or name reached)` a module's code imports,
    anywhere in it: `from X import y` reaches `X.y`."""
    for node in _walk(source.text):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, alias.name
        elif isinstance(node, ast.ImportFrom):
            module = _resolve(name, source.is_package, node)
            for alias in node.names:
                yield node.lineno, module, f"{module}.{alias.name}"
        elif isinstance(node, ast.Call):
            target = _string_import(node)
            if target is not None:
                yield node.lineno, target, target


def imports(plant: Mapping[str, str] | None = None) -> Iterator[Import]:
    """Every import of a journal module by a journal module."""
    code = sources(plant)
    known = set(code)
    for name, source in code.items():
        for line, named, reached in named_imports(name, source):
            target = reached
            while target and target not in known:  # `X.y` names X when y is no module
                target = target.rpartition(".")[0]
            if target and target != name:
                yield Import(name, target, line, named)


def _matches(module: str, pattern: str) -> bool:
    here, parts = module.split("."), pattern.split(".")
    if parts[-1] == "**":
        parts = parts[:-1]
        here = here[: len(parts)] if len(here) >= len(parts) else here
    return len(here) == len(parts) and all(map(fnmatchcase, here, parts))


def layers_of(module: str) -> list[int]:
    """The indexes in `LAYERS` of every layer with a pattern the module falls under."""
    return [
        index
        for index, (_, patterns) in enumerate(LAYERS)
        if any(_matches(module, pattern) for pattern in patterns)
    ]


def layer_of(module: str) -> int:
    """The index in `LAYERS` of the module's layer (0 is the top)."""
    found = layers_of(module)
    assert len(found) == 1, f"{module} is in {len(found)} layers, not one: fix LAYERS"
    return found[0]


def _under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _home(module: str) -> str | None:
    """The ruleset a module belongs to (`journal.rulesets.<name>` or `journal_stress`)."""
    parts = module.split(".")
    if parts[:2] == ["journal", "rulesets"] and len(parts) > 2:
        return ".".join(parts[:3])
    if parts[0] == "journal_stress":
        return "journal_stress"
    return None


def _name(module: str) -> str:
    return f"{module} ({LAYERS[layer_of(module)][0]})"


# --- the rules, each a list of what breaks it ----------------------------------------------


def upward(plant: Mapping[str, str] | None = None) -> list[str]:
    """Imports running up the layers."""
    return [
        f"{i.importer} (line {i.line}, {LAYERS[layer_of(i.importer)][0]}) imports "
        f"{_name(i.imported)}"
        for i in imports(plant)
        if layer_of(i.imported) < layer_of(i.importer)
    ]


def crossing(plant: Mapping[str, str] | None = None) -> list[str]:
    """Imports between layers side by side, and between two rulesets."""
    found = [
        f"{i.importer} (line {i.line}) imports {i.imported}"
        for i in imports(plant)
        for one, other in APART
        if (_under(i.importer, one) and _under(i.imported, other))
        or (_under(i.importer, other) and _under(i.imported, one))
    ]
    found += [
        f"{i.importer} (line {i.line}) imports {i.imported}, of another ruleset"
        for i in imports(plant)
        if _home(i.imported) is not None and _home(i.importer) != _home(i.imported)
    ]
    return found


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


def circles(plant: Mapping[str, str] | None = None) -> list[list[str]]:
    graph: dict[str, set[str]] = {}
    for i in imports(plant):
        graph.setdefault(i.importer, set()).add(i.imported)
    return _cycles(graph)


#: what the command line may import: the public API, its documents and errors, how the
#: journal was installed (the command that adds an extra), its own
#: modules, the web front end it starts (`journal serve`); a ruleset's CLI part takes the
#: journal's names from the door (`journal.plugin` and its modules) and its own commands
#: from its `rules` package or from the module of it that defines the command (a command's
#: own module, never its `tables` or a helper of the deciders)
CLI_MAY_IMPORT = (
    "journal.api", "journal.documents", "journal.errors", "journal.installation", "journal.cli"
)
COMMAND_LINE = ("journal.cli", "journal.__main__", "journal.plugin.cli")


def command_modules(code: Mapping[str, Source]) -> frozenset[str]:
    """The modules of the rulesets' `rules` that define a command (a class on `Command`)."""
    found = set()
    for name, source in code.items():
        home = _home(name)
        if home is None or not _under(name, f"{home}.rules"):
            continue
        for node in _walk(source.text):
            if isinstance(node, ast.ClassDef) and any(
                (isinstance(base, ast.Name) and base.id == "Command")
                or (isinstance(base, ast.Attribute) and base.attr == "Command")
                for base in node.bases
            ):
                found.add(name)
                break
    return frozenset(found)


def _cli_may_import(i: Import, commands: frozenset[str] = frozenset()) -> bool:
    if i.imported == "journal" or any(_under(i.imported, p) for p in CLI_MAY_IMPORT):
        return True
    if i.importer == "journal.cli.web" and _under(i.imported, "journal.web"):
        return True
    if i.importer in ("journal.cli.posting", "journal.cli.transfer") and _under(
        i.imported, "journal.posting"
    ):
        return True
    if i.importer == "journal.cli.posting" and i.imported == "journal.web.links":
        return True  # a webhook's audience is named as a link's is
    if i.importer == "journal.plugin.cli":  # the door's helpers, gathered for the rulesets
        return True
    home = _home(i.importer)
    if home is not None:
        return (
            _under(i.imported, "journal.plugin")
            or i.imported == f"{home}.rules"
            or (i.imported in commands and _under(i.imported, f"{home}.rules"))
        )
    return False


def _is_command_line(module: str) -> bool:
    return any(_under(module, p) for p in COMMAND_LINE) or (
        module.endswith(".cli") and _home(module) is not None
    )


def around_the_api(plant: Mapping[str, str] | None = None) -> list[str]:
    """The command line's imports that go around the public API."""
    commands = command_modules(sources(plant))
    return [
        f"{i.importer} (line {i.line}) imports {i.imported}"
        for i in imports(plant)
        if _is_command_line(i.importer) and not _cli_may_import(i, commands)
    ]


def web_around_the_api(plant: Mapping[str, str] | None = None) -> list[str]:
    """The web pages' imports of anything but the API and their own modules."""
    return [
        f"{i.importer} (line {i.line}) imports {i.imported}"
        for i in imports(plant)
        if _under(i.importer, "journal.web")
        and not _under(i.imported, "journal.web")
        and not _under(i.imported, "journal.api")
        and i.imported != "journal"
    ]


def beside_the_plugin(plant: Mapping[str, str] | None = None) -> list[str]:
    """A ruleset's imports of the journal other than the door (`journal.plugin` and its
    modules), `journal.api` and its own package: every module of the three rulesets, at
    module level, inside a function or by string."""
    found = []
    for name, source in sources(plant).items():
        home = _home(name)
        if home is None:
            continue
        for line, named, _ in named_imports(name, source):
            if not (_under(named, "journal") or _under(named, "journal_stress")):
                continue
            if any(_under(named, door) for door in PLUGIN_SURFACE) or _under(named, home):
                continue
            found.append(f"{name} (line {line}) imports {named}")
    return found


def _call_name(node: ast.Call) -> tuple[str | None, str | None]:
    """`(owner, name)` of a call: `os.replace(...)` -> ("os", "replace")."""
    func = node.func
    if isinstance(func, ast.Name):
        return None, func.id
    if isinstance(func, ast.Attribute):
        owner = func.value.id if isinstance(func.value, ast.Name) else ""
        return owner, func.attr
    return None, None


def io_in_pure(plant: Mapping[str, str] | None = None) -> list[str]:
    """I/O in a pure layer: a file opened, a database or socket reached, the disc written."""
    found = []
    for name, source in sources(plant).items():
        if not any(_matches(name, pattern) for pattern in PURE):
            continue
        for node in _walk(source.text):
            what = None
            if isinstance(node, ast.Import | ast.ImportFrom):
                named = [a.name for a in node.names] if isinstance(node, ast.Import) else []
                if isinstance(node, ast.ImportFrom) and node.module:
                    named = [node.module]
                    if node.module == "os":
                        named += [f"os.{a.name}" for a in node.names if a.name in OS_WRITES]
                bad = [m for m in named if m.split(".")[0] in IMPURE_MODULES or m.startswith("os.")]
                what = ", ".join(bad) or None
            elif isinstance(node, ast.Call):
                owner, called = _call_name(node)
                if owner is None and called == "open":
                    what = "open()"
                elif owner in ("os", "io") and called in OS_WRITES:
                    what = f"{owner}.{called}()"
                elif owner is not None and owner not in ("os", "io") and called in PATH_WRITES:
                    what = f".{called}()"
                elif owner in IMPURE_MODULES:
                    what = f"{owner}.{called}()"
            if what:
                found.append(f"{name} (line {getattr(node, 'lineno', 0)}): {what}")
    return found


# --- the rules hold on the journal ---------------------------------------------------------


def test_every_module_is_in_exactly_one_layer() -> None:
    wrong = {m: layers_of(m) for m in modules() if len(layers_of(m)) != 1}
    assert wrong == {}


def test_every_pattern_names_a_module() -> None:
    """No layer names a module that is not there (such as a `journal.numbers`)."""
    idle = [
        pattern
        for _, patterns in LAYERS
        for pattern in patterns
        if not any(_matches(m, pattern) for m in modules())
    ]
    assert idle == []


def test_no_import_points_up() -> None:
    assert upward() == []


def test_layers_side_by_side_import_nothing_of_each_other() -> None:
    assert crossing() == []


def test_no_modules_import_each_other_in_a_circle() -> None:
    assert circles() == []


def test_the_command_line_calls_only_the_public_api() -> None:
    assert around_the_api() == []


def test_the_web_pages_call_only_the_public_api() -> None:
    assert web_around_the_api() == []


def test_a_ruleset_imports_only_the_plugin_the_api_and_itself() -> None:
    """The three rulesets (the example too) take the journal only through the door
    (`journal.plugin` and its modules) and `journal.api`."""
    ruleset_modules = [m for m in modules() if _home(m) is not None]
    assert len({_home(m) for m in ruleset_modules}) == 3
    assert len(ruleset_modules) > 50
    assert beside_the_plugin() == []


def test_the_pure_layers_do_no_io() -> None:
    assert io_in_pure() == []


#: the door's modules: `journal.plugin` and one a layer a ruleset plugs into
DOORS = ("journal.plugin", "journal.plugin.rules", "journal.plugin.telling",
         "journal.plugin.handouts", "journal.plugin.cli")  # fmt: skip


def door_names(code: Mapping[str, Source]) -> dict[str, list[str]]:
    """Each name the door hands out, with the door modules that hand it out."""
    found: dict[str, list[str]] = {}
    for door in DOORS:
        for node in ast.parse(code[door].text).body:
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                for alias in node.names:
                    found.setdefault(alias.asname or alias.name, []).append(door)
    return found


def test_the_door_is_plain_imports_each_name_once() -> None:
    """Each door module only imports (no `__getattr__`, no lists of names): each name once,
    in one door module, as an explicit re-export (`Name as Name`) of the module defining
    it; the layer rules above hold each door module to its layer."""
    import importlib

    code = sources()
    assert set(DOORS) <= set(code)
    for door in DOORS:
        for node in ast.parse(code[door].text).body:
            docstring = isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            assert docstring or isinstance(node, ast.ImportFrom), (door, ast.dump(node)[:80])
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                assert (node.module or "").startswith("journal."), (door, node.module)
                assert all(alias.asname == alias.name for alias in node.names), door
                home = importlib.import_module(node.module or "")
                for alias in node.names:
                    found = getattr(home, alias.name)
                    assert getattr(importlib.import_module(door), alias.name) is found
    names = door_names(code)
    assert {name: doors for name, doors in names.items() if len(doors) > 1} == {}
    assert len(names) > 80


def test_an_upward_import_is_caught() -> None:
    assert layer_of("journal.rules.core") > layer_of("journal.cli.main")
    assert layer_of("journal.rulesets.horror_factor.cli") == layer_of("journal.cli")
    assert layer_of("journal.rulesets.horror_factor.rules.check") == layer_of("journal.rules")


def test_the_cycle_finder_finds_a_circle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


# --- each rule fails on what the doc forbids (planted) --------------------------------------

PLANTED = {
    "the store imports the fold": (
        crossing,
        {"journal.store": "import journal.projection"},
    ),
    "a migration imports the core rules": (
        crossing,
        {"journal.migrations.env": "from journal.rules.core import events"},
    ),
    "a ruleset's rules import another ruleset's": (
        crossing,
        {
            "journal.rulesets.horror_factor.rules.check": (
                "from journal.rulesets.fright_check.rules import RULESET"
            )
        },
    ),
    "the rules load the command line by string": (
        upward,
        {"journal.rules": "import importlib\nimportlib.import_module('journal.cli.main')"},
    ),
    "the rules load the command line through __import__": (
        upward,
        {"journal.rules.clock": "def f():\n    __import__('journal.cli.main')"},
    ),
    "a ruleset's CLI imports its own decider": (
        around_the_api,
        {
            "journal.rulesets.horror_factor.cli": (
                "from journal.rulesets.horror_factor.rules.tables import DECIDE"
            )
        },
    ),
    "the web pages import the application": (
        web_around_the_api,
        {"journal.web.site": "from journal.app import App"},
    ),
    "the web pages import the SQLite store": (
        web_around_the_api,
        {"journal.web.site": "def f():\n    from journal.store.sqlite import SqliteStore"},
    ),
    "the live stream imports the store": (
        web_around_the_api,
        {"journal.web.stream": "import journal.store"},
    ),
    "the site imports the store, the board's marks and the handouts' filter": (
        web_around_the_api,
        {
            "journal.web.site": (
                "from journal.store import Store\nfrom journal.documents import ACTED\n"
                "from journal.handouts.render import html_ids"
            )
        },
    ),
    "the web pages load the application by string": (
        web_around_the_api,
        {"journal.web.links": "import importlib\nimportlib.import_module('journal.app')"},
    ),
    "a pure module opens a database": (
        io_in_pure,
        {"journal.rules.catalog": "import sqlite3\nsqlite3.connect('catalog.db')"},
    ),
    "a ruleset's rules open a file": (
        io_in_pure,
        {"journal_stress.rules": "def f():\n    open('x', 'w').write('')"},
    ),
    "a ruleset's rules write through os": (
        io_in_pure,
        {"journal.rulesets.fright_check.rules.fright": "import os\nos.replace('a', 'b')"},
    ),
    "a ruleset's rules write a path": (
        io_in_pure,
        {"journal.rulesets.horror_factor.rules": "import pathlib\npathlib.Path('x').touch()"},
    ),
    "a ruleset imports the CLI beside the plugin": (
        beside_the_plugin,
        {"journal_stress.cli": "def f():\n    from journal.cli.common import run_and_show"},
    ),
    "a ruleset imports the core by string": (
        beside_the_plugin,
        {
            "journal.rulesets.fright_check.telling": (
                "import importlib\nimportlib.import_module('journal.rules.core')"
            )
        },
    ),
    "a ruleset's rules take a CLI helper from the plugin": (
        upward,
        {"journal.rulesets.horror_factor.rules.check": "from journal.plugin.cli import fail"},
    ),
    "a ruleset's rules take the narrator's hooks from the door": (
        upward,
        {"journal_stress.rules": "from journal.plugin.handouts import Narrator"},
    ),
    "the rules' door hands out a CLI helper": (
        upward,
        {"journal.plugin.rules": "from journal.cli.settings import fail as fail"},
    ),
    "two modules import each other": (
        circles,
        {
            "journal.errors": "def f():\n    import journal.dice",
            "journal.dice": "import journal.errors",
        },
    ),
}


def test_a_rulesets_cli_may_import_a_commands_own_module() -> None:
    """A command in one place: its CLI line takes the command from its module, which
    defines it (a module of the rules that defines no command stays out of reach)."""
    plant = {
        "journal.rulesets.horror_factor.rules.calm": (
            "from journal.plugin.rules import Command\nclass Calm(Command, frozen=True):\n    pass"
        ),
        "journal.rulesets.horror_factor.cli": (
            "from journal.rulesets.horror_factor.rules.calm import Calm"
        ),
    }
    assert around_the_api(plant) == []
    plant["journal.rulesets.horror_factor.rules.calm"] = "CALM = 1"
    assert around_the_api(plant) != []


@pytest.mark.parametrize("case", sorted(PLANTED))
def test_a_planted_forbidden_import_is_caught(case: str) -> None:
    rule, plant = PLANTED[case]
    assert rule() == []
    assert rule(plant) != []


def test_a_module_in_no_layer_or_in_two_is_caught() -> None:
    assert layers_of("journal.nowhere") == []
    with pytest.raises(AssertionError, match="in 0 layers"):
        layer_of("journal.nowhere")
    assert len(layers_of("journal.rulesets.horror_factor.cli")) == 1
    assert _matches("journal.rulesets.horror_factor", "journal.rulesets.*")
    assert not _matches("journal.rulesets.horror_factor.cli", "journal.rulesets.*")
    assert _matches("journal.cli", "journal.cli.**")
    assert _matches("journal.cli.group", "journal.cli.**")
    assert not _matches("journal", "journal.cli.**")
