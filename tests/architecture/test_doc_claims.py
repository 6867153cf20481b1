"""The claims of docs/ARCHITECTURE.md that the layer test does not hold, each checked on the
code (and, where a claim forbids something, planted to prove the check fails)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).parents[2]
JOURNAL = ROOT / "journal"


def _imports(text: str) -> set[str]:
    """Every module a module's code imports, anywhere in it (`from X import y`: X and X.y)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def wording_in_the_service(text: str) -> list[str]:
    """What of the telling layer (the words) the application service imports."""
    return sorted(
        m for m in _imports(text) if m == "journal.telling" or m.startswith("journal.telling.")
    )


def test_the_service_returns_facts_and_words_nothing() -> None:
    """ "The application returns facts": `app.py` imports nothing of the telling layer;
    the API words what it returns (`journal.api.outcome`)."""
    assert wording_in_the_service((JOURNAL / "app.py").read_text()) == []
    assert "journal.telling.contract" in _imports((JOURNAL / "api" / "outcome.py").read_text())


def test_a_word_made_in_the_service_is_caught() -> None:
    planted = (
        JOURNAL / "app.py"
    ).read_text() + "\n\ndef _f():\n    from journal.telling.lines import describe\n"
    assert wording_in_the_service(planted) == [
        "journal.telling.lines",
        "journal.telling.lines.describe",
    ]


DOC = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")


def _diagram() -> str:
    """The layers' picture: the first code block of the doc."""
    return DOC.split("```", 2)[1]


def _paragraph(starting: str) -> str:
    """The doc's paragraph that begins with `starting` (up to the next blank line)."""
    at = DOC.index(starting)
    end = DOC.find("\n\n", at)
    return " ".join(DOC[at : end if end >= 0 else None].split())


def _modules(under: Path = JOURNAL) -> dict[str, set[str]]:
    """Every module under `under` (as `journal/x/y.py`) -> the modules it imports."""
    return {
        str(path.relative_to(ROOT)): _imports(path.read_text(encoding="utf-8"))
        for path in sorted(under.rglob("*.py"))
        if "__pycache__" not in path.parts
    }


def test_the_diagram_shows_every_package_and_module() -> None:
    """Every package of journal/ (`proof/`, `posting/` too) and every module at its top is
    in the picture of the layers."""
    picture = _diagram()
    packages = sorted(
        p.name for p in JOURNAL.iterdir() if (p / "__init__.py").is_file() and p.name != "data"
    )
    missing = [f"{name}/" for name in packages if f"{name}/" not in picture]
    modules = sorted(p.name for p in JOURNAL.glob("*.py") if p.name not in ("__main__.py",))
    missing += [name for name in modules if name != "__init__.py" and name not in picture]
    assert missing == [], f"docs/ARCHITECTURE.md's layers leave out {missing}"


#: the serve extra's packages
SERVE_EXTRA = ("starlette", "uvicorn", "sse_starlette", "segno")


def test_only_the_modules_the_doc_names_import_the_serve_extra() -> None:
    said = _paragraph("The serve extra (")
    named = set(re.findall(r"`([\w/]+\.py)`", said))
    importing = {
        path.removeprefix("journal/")
        for path, imported in _modules().items()
        if any(m.split(".")[0] in SERVE_EXTRA for m in imported)
    }
    assert importing and importing == named, (importing, said)


def test_weasyprint_is_imported_only_where_the_doc_says() -> None:
    assert "`handouts/pdf.py`, the only place WeasyPrint is imported" in " ".join(DOC.split())
    importing = [
        p
        for p, imported in _modules().items()
        if "weasyprint" in {m.split(".")[0] for m in imported}
    ]
    assert importing == ["journal/handouts/pdf.py"]


#: writing a file's contents: the calls and the open modes
_WRITES = frozenset({"write_text", "write_bytes"})
_OS_WRITES = frozenset({"replace", "rename", "renames"})


def file_writes(text: str) -> list[int]:
    """The lines of a module that write a file's contents: `Path.write_text/write_bytes`,
    `os.replace/rename`, `open(..., "w"/"a"/"x"/"+")` of a file or a path (a mode worked
    out as it runs counts by the modes it names), `os.open` in a module that names a flag
    to write."""
    tree = ast.parse(text)
    writes_flags = any(
        isinstance(n, ast.Attribute) and n.attr in ("O_WRONLY", "O_RDWR", "O_CREAT")
        for n in ast.walk(tree)
    )
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        owner = getattr(getattr(func, "value", None), "id", None)
        if name in _WRITES or (owner == "os" and name in _OS_WRITES):
            found.append(node.lineno)
        elif name == "open" and owner == "os":
            if writes_flags:
                found.append(node.lineno)
        elif name == "open":
            given = node.args[1:2] if owner is None else node.args[:1]
            given += [k.value for k in node.keywords if k.arg == "mode"]
            modes = [
                str(c.value)
                for mode in given
                for c in ast.walk(mode)
                if isinstance(c, ast.Constant) and isinstance(c.value, str)
            ]
            if any(set(mode) & set("wax+") for mode in modes):
                found.append(node.lineno)
    return sorted(found)


#: written in place on purpose, as the doc says: a device `-o` names (`/dev/stdout`), and
#: standard output sent to /dev/null once it failed
IN_PLACE = {"journal/cli/common.py", "journal/cli/failures.py"}


def test_every_file_written_goes_through_files_py() -> None:
    assert "Every file written goes through one writer, `journal/files.py`" in " ".join(DOC.split())
    writers = {
        path: lines
        for path, lines in ((p, file_writes((ROOT / p).read_text())) for p in _modules())
        if lines and path != "journal/files.py"
    }
    assert set(writers) == IN_PLACE, writers


def test_a_file_written_around_files_py_is_caught() -> None:
    planted = (
        "def keep(path, data):\n"
        "    path.write_bytes(data)\n"
        "    with open(path, 'a') as handle:\n"
        "        handle.write('x')\n"
        "    os.replace(a, b)\n"
        "    os.open(path, os.O_WRONLY | os.O_CREAT)\n"
        "    with open(path) as handle:\n"  # a read
        "        handle.read()\n"
    )
    assert file_writes(planted) == [2, 3, 5, 6]


def test_the_command_line_imports_what_the_doc_says() -> None:
    """Beyond the public API and its own modules, the command line imports only what the
    doc names (`journal.documents`, `journal.errors`, the web pages it serves, the posts)."""
    said = _paragraph("The CLI imports only the public API")
    beyond = set()
    for path in (JOURNAL / "cli").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            named = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                named = [node.module]
            beyond |= {
                ".".join(m.split(".")[:2])
                for m in named
                if m.startswith("journal.") and not m.startswith(("journal.cli", "journal.api"))
            }
    unnamed = sorted(m for m in beyond if f"`{m}`" not in said)
    assert unnamed == [], f"the CLI imports {unnamed}, which the doc does not name"
