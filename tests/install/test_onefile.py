"""One file that needs no Python (issue 43): the single executable that
`packaging/onefile/build.py` makes runs where no Python can be reached. Each run has a
clean environment (PATH holds the executable alone, HOME and XDG folders its own) and, where
the machine allows it (root, `unshare`), every Python installation of the machine and this
checkout hidden behind empty folders. There it runs the demo, serves a page, prints a PDF
with the system's Pango (and, with Pango hidden too, says in one `Error:` line how to get
it), plays at the `play` prompt, and types every command of both rulesets, each printing
what the journal under test prints.

It needs the executable: `JOURNAL_ONEFILE=dist/onefile/journal` after the build (`.ci/run`
builds it and runs this module, when PyInstaller can be installed)."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
from collections.abc import Iterator
from ctypes.util import find_library
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from support.cli import Cli
from support.discord_standin import discord_standin
from support.every_command import (
    CHAINS,
    ELSEWHERE,
    SCRIPT,
    command_paths,
    filled,
    typed_paths,
)
from support.installed import (
    can_sandbox,
    clean_environment,
    ok,
    pango_loads,
    pythons,
    run,
    sandboxed,
    serve_a_page,
)
from support.pty import Table

#: the executable, as named when the tests start (the tests then run in folders of their own)
BUILT = os.environ.get("JOURNAL_ONEFILE") and os.path.abspath(os.environ["JOURNAL_ONEFILE"])
pytestmark = pytest.mark.skipif(
    not BUILT,
    reason="JOURNAL_ONEFILE names no single file: build it with "
    "`python3.11 packaging/onefile/build.py` (.ci/run builds it and runs this module)",
)
#: what differs between two runs of the same commands: hashes, ids and the links' random
#: keys (the folder is replaced apart)
_RANDOM = re.compile(
    r"[0-9a-f]{12,64}|[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}|(?<=/)[\w-]{20,}(?=/)"
)


@pytest.fixture(scope="module")
def executable(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The single file, copied alone into a folder that is the whole PATH (outside the
    checkout, which the sandbox hides)."""
    assert BUILT
    folder = tmp_path_factory.mktemp("onefile") / "bin"
    folder.mkdir()
    shutil.copy2(BUILT, folder / "journal")
    return folder / "journal"


@pytest.fixture
def gm(executable: Path, tmp_path: Path) -> Iterator[tuple[list[str], dict[str, str], Path]]:
    """The command a GM types, their environment and their folder."""
    env = clean_environment(tmp_path / "home", [executable.parent])
    for python in ("python", "python3", "python3.11", "pip"):
        assert shutil.which(python, path=env["PATH"]) is None
    folder = tmp_path / "table"
    folder.mkdir()
    yield _journal(executable), env, folder


def _journal(executable: Path, blanked: list[Path] | None = None) -> list[str]:
    """The single file, run with every Python of the machine out of reach where it can."""
    if not can_sandbox():
        return [str(executable)]
    return sandboxed([str(executable)], pythons(), blanked or [])


def test_no_python_is_reachable_where_the_one_file_runs(executable: Path, tmp_path: Path) -> None:
    """The sandbox is real: Debian's and this test run's Python cannot start in it."""
    if not can_sandbox():
        pytest.skip("this machine lets no test hide folders (not root, or no unshare)")
    env = clean_environment(tmp_path / "home", [executable.parent])
    for python in {"/usr/bin/python3", os.path.realpath(shutil.which("python3") or "")}:
        if python and Path(python).exists():
            tried = run(sandboxed([python, "-c", "print(1)"], pythons()), env, tmp_path)
            assert tried.returncode != 0, python
    listed = run(sandboxed(["/bin/ls", "-A", *map(str, pythons())], pythons()), env, tmp_path)
    assert listed.stdout.strip() == "" or set(listed.stdout.split()) <= {f"{p}:" for p in pythons()}


def test_the_one_file_runs_the_demo_and_serves_a_page(
    gm: tuple[list[str], dict[str, str], Path],
) -> None:
    journal, env, folder = gm
    assert ok([*journal, "--version"], env, folder).startswith("journal, version ")
    demo = ok([*journal, "demo"], env, folder)
    assert "Imported the worked example" in demo and (folder / "journal.db").is_file()
    assert "Audited 27 events" in ok([*journal, "audit"], env, folder)
    served = serve_a_page(journal, env, folder)
    assert "Jackson Zombies" in served.page and "font" in served.stylesheet
    ok([*journal, "verifier", "-o", "check.html"], env, folder)
    assert (folder / "check.html").read_text().count("crypto.subtle.digest") == 1


@pytest.mark.skipif(not pango_loads(), reason="this system has no Pango: PDF cannot print")
def test_the_one_file_prints_a_pdf_with_the_systems_pango(
    gm: tuple[list[str], dict[str, str], Path],
) -> None:
    journal, env, folder = gm
    ok([*journal, "demo"], env, folder)
    ok([*journal, "recap", "--format", "pdf", "-o", "recap.pdf"], env, folder)
    ok([*journal, "book", "-o", "book.pdf"], env, folder)
    for printed in ("recap.pdf", "book.pdf"):
        assert (folder / printed).read_bytes().startswith(b"%PDF-")


def test_without_pango_pdf_is_one_error_line_with_the_fix(
    executable: Path, gm: tuple[list[str], dict[str, str], Path]
) -> None:
    journal, env, folder = gm
    pango = find_library("pango-1.0")
    if not can_sandbox() or pango is None:
        pytest.skip("Pango cannot be hidden here (not root, no unshare, or no Pango)")
    libraries = map(Path, ("/usr/lib/x86_64-linux-gnu", "/lib/x86_64-linux-gnu", "/usr/lib"))
    hidden = [d / pango for d in libraries if (d / pango).exists()]
    ok([*journal, "demo"], env, folder)
    refused = run([*_journal(executable, hidden), "recap", "--format", "pdf", "-o", "r.pdf"],
                  env, folder)  # fmt: skip
    assert refused.returncode == 1 and refused.stdout == "", refused
    assert refused.stderr.count("\n") == 1, refused.stderr
    assert refused.stderr.startswith("Error: PDF needs Pango, a library of the system")
    assert "sudo apt install libpango-1.0-0 libpangoft2-1.0-0" in refused.stderr
    assert not (folder / "r.pdf").exists()


def test_the_one_file_plays_at_the_prompt(gm: tuple[list[str], dict[str, str], Path]) -> None:
    journal, env, folder = gm
    ok([*journal, "demo"], env, folder)
    table = Table("journal.db", folder, env={**env, "TERM": "xterm-256color"}, program=journal,
                  clean=True).started("jackson-zombies")  # fmt: skip
    try:
        table.run("session start The alley")
        table.shows("#28 Session 2 starts: The alley")
        table.run("encounter start The alley --hf few-weak-creatures")
        table.type("initiative Freddie")
        table.answer("Freddie's initiative: +d10 -d10, acts at -5 or better", "+6/-3")
        table.shows("#30 Freddie rolls initiative +6/-3")
        table.ready()
        table.child.send(b"\x04")
        assert table.finish() == 0
    finally:
        table.close()


def test_every_command_of_both_rulesets_prints_what_the_journal_prints(
    gm: tuple[list[str], dict[str, str], Path], tmp_path: Path
) -> None:
    """The script of every command, typed through the single file and through the journal
    under test (in-process): each step exits the same and prints the same, hashes and ids
    aside. The single file runs each database's steps in a sandboxed shell of its own, one
    process a command, the two shells side by side."""
    from journal.cli.main import cli

    _, env, folder = gm
    expected_paths = command_paths(cli, click.Context(cli)) - ELSEWHERE
    assert expected_paths - typed_paths(SCRIPT) == set()
    here = tmp_path / "here"
    here.mkdir()
    config = os.environ["XDG_CONFIG_HOME"]
    with discord_standin() as standin:
        chains = _files_beside(CHAINS, here, folder)
        steps = {db: _reference(chain, db, here, standin.url) for db, chain in chains.items()}
        shells = []
        for db, typed in steps.items():
            script = folder / f"{db}.sh"
            lines = ["cd " + shlex.quote(str(folder))]
            for number, (words, _) in enumerate(typed):
                line = shlex.join(["journal", "--db", db, "--no-input", *words])
                lines.append(f"{line} > {db}.out.{number} 2> {db}.err.{number}")
                lines.append(f"echo $? > {db}.rc.{number}")
            script.write_text("\n".join(lines) + "\n")
            shell = ["/bin/sh", str(script)]
            shells.append(subprocess.Popen(
                sandboxed(shell, pythons()) if can_sandbox() else shell, env=env, cwd=folder,
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            ))  # fmt: skip
        for shell in shells:
            said, _ = shell.communicate(timeout=1800)
            assert shell.returncode == 0, said
    for db, typed in steps.items():
        for number, (words, expected) in enumerate(typed):
            status = (folder / f"{db}.rc.{number}").read_text().strip()
            errors = (folder / f"{db}.err.{number}").read_text()
            assert (status, "Traceback" in errors) == ("0", False), (words, errors)
            shown = (folder / f"{db}.out.{number}").read_text().replace(str(folder), str(here))
            expected = expected.replace(config, "~/.config")
            assert _RANDOM.sub("X", shown) == _RANDOM.sub("X", expected), words


def _files_beside(
    chains: dict[str, list[tuple[str, ...]]], *places: Path
) -> dict[str, list[tuple[str, ...]]]:
    """The chains with each file a step names by its whole path (a GCS sheet, a GM's table)
    copied into `places` and named by its file name: the single file's sandbox sees its
    own folder, not the checkout."""
    found: dict[str, list[tuple[str, ...]]] = {}
    for db, chain in chains.items():
        found[db] = []
        for step in chain:
            words = []
            for word in step:
                path = Path(word)
                if path.is_absolute() and path.is_file():
                    for place in places:
                        shutil.copyfile(path, place / path.name)
                    word = path.name
                words.append(word)
            found[db].append(tuple(words))
    return found


def _reference(
    chain: list[tuple[str, ...]], db: str, here: Path, url: str
) -> list[tuple[list[str], str]]:
    """Each step of `chain` as typed (seqs and the URL filled in) and what the journal
    under test prints for it, run in `here` on database `db`."""
    reference = Cli(CliRunner(), db)  # as the GM types it, in their folder
    typed: list[tuple[list[str], str]] = []
    cwd = Path.cwd()
    os.chdir(here)
    try:
        for step in chain:
            words = filled(step, [shown for _, shown in typed], url)
            result = reference("--no-input", *words, ok=False)
            assert result.exit_code == 0, (words, result.output)
            typed.append((words, result.stdout))
    finally:
        os.chdir(cwd)
    return typed
