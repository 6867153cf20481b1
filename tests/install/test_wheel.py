"""The wheel is the product (issue 43): the sdist and wheel built from this checkout pass
`twine check` and `check-wheel-contents`, say what the journal is, and, installed into a
fresh environment with `uv tool install` and with `pipx`, give a `journal` that runs the
demo, serves a page, prints a PDF where Pango is present and writes the verifier, reading
every file it needs from the wheel (the source copy it was built from is gone by then).

About a minute and a half on two idle cores: the build ~20 s, `uv tool install` ~5 s,
`pipx install` (its pip backend) ~25 s, each journal run 1-3 s."""

from __future__ import annotations

import os
import sys
import zipfile
from collections.abc import Iterator
from email.parser import HeaderParser
from pathlib import Path

import pytest
from support import ROOT
from support.installed import (
    build_distribution,
    clean_environment,
    installer_environment,
    ok,
    opened_files,
    opened_probe,
    pango_loads,
    run,
    serve_a_page,
)

#: what the journal reads as it runs, inside the wheel (one of each kind at least)
SHIPPED = (
    "journal/templates/recap.md.j2",
    "journal/templates/_ruleset/parts.html.j2",
    "journal/migrations/env.py",
    "journal/migrations/versions/0001_events.py",
    "journal/campaigns/jackson-zombies/log.jsonl",
    "journal/campaigns/morgue/log.jsonl",
    "journal/web/static/web.css",
    "journal/web/static/live.js",
    "journal/web/templates/table.html.j2",
    "journal/proof/verifier.html",
    "journal/data/confusables.txt",
    "journal/rulesets/horror_factor/templates/parts.md.j2",
    "journal/rulesets/fright_check/templates/parts.html.j2",
    "journal/py.typed",
)
#: Alembic's revision files are read by path, never imported: their names start with digits
WHEEL_CHECKS_SKIPPED = "W004"
PYTHON = getattr(sys, "_base_executable", sys.executable)


@pytest.fixture(scope="module")
def distribution(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The sdist and the wheel, built once for this module."""
    return build_distribution(tmp_path_factory.mktemp("distribution"))


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    """The GM's folder: the journal runs there, with nothing of the checkout's."""
    table = tmp_path / "table"
    table.mkdir()
    yield table


def _tool(name: str) -> list[str]:
    """A packaging tool of the test extra, from this test run's environment."""
    return [sys.executable, "-m", name]


def test_the_distribution_passes_twine_and_check_wheel_contents(
    distribution: tuple[Path, Path],
) -> None:
    sdist, wheel = distribution
    env = dict(os.environ)
    twine = ok([*_tool("twine"), "check", "--strict", str(sdist), str(wheel)], env, ROOT)
    assert twine.count("PASSED") == 2, twine
    checked = run(
        [*_tool("check_wheel_contents"), "--ignore", WHEEL_CHECKS_SKIPPED, str(wheel)], env, ROOT
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.strip().endswith(": OK"), checked.stdout


def test_the_wheel_holds_what_the_journal_reads_and_says_what_it_is(
    distribution: tuple[Path, Path],
) -> None:
    _, wheel = distribution
    with zipfile.ZipFile(wheel) as opened:
        names = set(opened.namelist())
        info = next(n for n in names if n.endswith(".dist-info/METADATA"))
        metadata = HeaderParser().parsestr(opened.read(info).decode())
        scripts = opened.read(info.replace("METADATA", "entry_points.txt")).decode()
    assert set(SHIPPED) <= names, sorted(set(SHIPPED) - names)
    assert not [n for n in names if n.startswith(("tests/", "benchmarks/", "examples/"))]
    assert metadata["Name"] == "horror-journal"
    assert metadata["Summary"].startswith("A campaign journal for horror tabletop games")
    assert metadata["Requires-Python"] == ">=3.11"
    assert metadata["License-Expression"] == "MIT"
    assert metadata["License-File"] == "LICENSE"
    assert "horror_journal-0.1.0.dist-info/licenses/LICENSE" in names
    assert metadata["Description-Content-Type"] == "text/markdown"
    assert {"serve", "pdf", "postgres", "all"} <= set(metadata.get_all("Provides-Extra") or [])
    urls = dict(u.split(", ", 1) for u in metadata.get_all("Project-URL") or [])
    assert {"Homepage", "Documentation", "Source", "Changelog", "Issues"} <= set(urls)
    classifiers = metadata.get_all("Classifier") or []
    assert "Topic :: Games/Entertainment :: Role-Playing" in classifiers
    assert "Programming Language :: Python :: 3.11" in classifiers
    assert "journal = journal.cli.main:main" in scripts
    assert "horror-factor = journal.rulesets.horror_factor:PLUGIN" in scripts


def _the_table(journal: list[str], env: dict[str, str], folder: Path) -> None:
    """What a GM does first with a new journal: the demo, the players' page, a PDF recap
    (where Pango is present), the verifier."""
    demo = ok([*journal, "demo"], env, folder)
    assert "Imported the worked example" in demo and (folder / "journal.db").is_file()
    assert sorted(p.name for p in (folder / "handouts").iterdir())
    served = serve_a_page(journal, env, folder)
    assert "Jackson Zombies" in served.page and "<html" in served.page
    assert "font" in served.stylesheet and "Stopped serving" in served.printed
    target = folder / "recap.pdf"
    printed = run([*journal, "recap", "--format", "pdf", "-o", str(target)], env, folder)
    if pango_loads():
        assert printed.returncode == 0, printed.stderr
        assert target.read_bytes().startswith(b"%PDF-")
    else:
        assert printed.stderr.startswith("Error: PDF needs Pango"), printed.stderr
    ok([*journal, "verifier", "-o", "check.html"], env, folder)
    assert (folder / "check.html").read_text().count("crypto.subtle.digest") == 1


def test_uv_tool_install_gives_a_journal_that_reads_only_the_wheel(
    distribution: tuple[Path, Path], folder: Path, tmp_path: Path
) -> None:
    """`uv tool install 'horror-journal[serve,pdf]'` from the wheel; every file of the
    journal's that the runs opened is one the wheel holds, none is of the checkout."""
    _, wheel = distribution
    tools = tmp_path / "uv"
    uv = {
        "UV_TOOL_DIR": str(tools / "tools"),
        "UV_TOOL_BIN_DIR": str(tools / "bin"),
        "UV_CACHE_DIR": str(tools / "cache"),
        "UV_PYTHON_DOWNLOADS": "never",
    }
    env = clean_environment(tmp_path / "home", [tools / "bin", Path("/usr/bin"), Path("/bin")])
    requirement = f"horror-journal[serve,pdf] @ {wheel.as_uri()}"
    installed = run(
        [str(Path(sys.executable).parent / "uv"), "tool", "install", "--python", PYTHON,
         requirement], installer_environment({**env, **uv}), folder, timeout=600,
    )  # fmt: skip
    assert installed.returncode == 0, installed.stderr
    assert (tools / "bin" / "journal").exists()
    _the_table(["journal"], opened_probe(tmp_path, env), folder)

    opened = opened_files(tmp_path)
    environment = str((tools / "tools" / "horror-journal").resolve())
    with zipfile.ZipFile(wheel) as shipped:
        in_wheel = set(shipped.namelist())
    # the journal's files it opened, its bytecode caches (written as it runs) aside
    ours = {p for p in opened if "/site-packages/journal/" in p and "/__pycache__/" not in p}
    assert ours, "the probe saw no file of the journal's"
    assert all(p.startswith(environment + "/") for p in ours), sorted(ours)[:5]
    assert {p.split("/site-packages/", 1)[1] for p in ours} <= in_wheel
    assert not [p for p in opened if p.startswith(str(ROOT) + "/")], "read from the checkout"
    read = {Path(p).suffix for p in ours}
    assert {".j2", ".jsonl", ".css", ".html"} <= read, read


def test_uv_tool_install_without_extras_names_the_command_that_adds_them(
    distribution: tuple[Path, Path], folder: Path, tmp_path: Path
) -> None:
    _, wheel = distribution
    tools = tmp_path / "uv"
    env = clean_environment(tmp_path / "home", [tools / "bin", Path("/usr/bin"), Path("/bin")])
    uv = {"UV_TOOL_DIR": str(tools / "tools"), "UV_TOOL_BIN_DIR": str(tools / "bin"),
          "UV_CACHE_DIR": str(tools / "cache"), "UV_PYTHON_DOWNLOADS": "never"}  # fmt: skip
    ok([str(Path(sys.executable).parent / "uv"), "tool", "install", "--python", PYTHON,
        f"horror-journal @ {wheel.as_uri()}"], installer_environment({**env, **uv}), folder,
       timeout=600)  # fmt: skip
    ok(["journal", "demo"], env, folder)
    refused = run(["journal", "serve"], env, folder)
    assert (refused.returncode, refused.stderr) == (
        1,
        "Error: journal serve needs the serve extra: uv tool install 'horror-journal[serve]'\n",
    )
    refused = run(["journal", "recap", "--format", "pdf", "-o", "r.pdf"], env, folder)
    assert (
        refused.stderr == "Error: PDF needs the pdf extra: uv tool install 'horror-journal[pdf]'\n"
    )
    assert not (folder / "r.pdf").exists()


def test_pipx_install_gives_a_working_journal(
    distribution: tuple[Path, Path], folder: Path, tmp_path: Path
) -> None:
    """`pipx install 'horror-journal[serve,pdf]'` from the wheel, through pip (pipx's own
    backend, not uv's)."""
    _, wheel = distribution
    pipx = tmp_path / "pipx"
    env = clean_environment(tmp_path / "home", [pipx / "bin", Path("/usr/bin"), Path("/bin")])
    where = {"PIPX_HOME": str(pipx / "home"), "PIPX_BIN_DIR": str(pipx / "bin"),
             "PIPX_MAN_DIR": str(pipx / "man")}  # fmt: skip
    ok([*_tool("pipx"), "install", "--backend", "pip", "--python", PYTHON,
        f"{wheel}[serve,pdf]"], installer_environment({**env, **where}), folder,
       timeout=600)  # fmt: skip
    assert (pipx / "home" / "venvs" / "horror-journal" / "pipx_metadata.json").is_file()
    _the_table(["journal"], env, folder)
