"""The README stays true: its first screen shows the two commands, CI runs the second, and
the session transcript is what the journal really prints."""

from __future__ import annotations

import os
import re
from pathlib import Path

from support import ROOT
from support.cli import Cli
from support.readme import page_text, type_section

README = (ROOT / "README.md").read_text()
FIRST_SCREEN = "\n".join(README.splitlines()[:24])


def test_the_first_screen_shows_exactly_two_commands() -> None:
    blocks = re.findall(r"```sh\n(.*?)```", FIRST_SCREEN, re.S)
    commands = [line for block in blocks for line in block.splitlines() if line.strip()]
    assert len(commands) == 2
    install_and_run, run_tests = commands
    assert install_and_run.startswith("python3.11 -m venv") and install_and_run.endswith(
        "journal demo"
    )
    assert run_tests.startswith("python3.11 -m venv") and run_tests.endswith("pytest")


def test_ci_runs_the_readmes_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text()
    assert "grep -m1 -E '^python3\\.11 .*pytest' README.md" in ci
    assert 'eval "$TEST_COMMAND"' in ci
    assert re.search(r"^python3\.11 .*pytest", README, re.M)


def test_the_session_transcript_is_real(runner: Cli) -> None:
    """Set JOURNAL_UPDATE_README=1 to write what the journal prints now into the README."""
    type_section("## A session at the table", runner, at_least=11)


def test_the_api_example_runs_as_written(tmp_path, monkeypatch, capsys) -> None:
    """The manual's script (docs/scripting.md), run as it stands, prints what its comments
    say."""
    code = re.search(r"```python\n(.*?)```", page_text("docs/scripting.md"), re.S)
    assert code is not None
    monkeypatch.chdir(tmp_path)
    for variable in ("JOURNAL_DB", "JOURNAL_CAMPAIGN", "JOURNAL_DICE_SEED"):
        monkeypatch.delenv(variable, raising=False)
    exec(compile(code.group(1), "docs/scripting.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == "5"
    assert printed[1] == "2 5"
    assert printed[2].startswith("#5    Linda rolls initiative +3/-5: Reaction 12, HF 7")
    assert printed[3] == "[]"
    assert (tmp_path / "script.db").exists()


def test_the_transcript_runs_as_printed_after_the_demo(runner: Cli) -> None:
    """A new GM runs `journal demo`, then follows the README top to bottom in the same
    folder: every command works and prints what the README shows (the new campaign is
    the current one)."""
    runner("demo")
    type_section("## A session at the table", runner)
    # issue 22: the demo's database still holds the demo alone, and reads as before
    assert [c["campaign"] for c in runner.json("campaign", "list")] == ["jackson-zombies"]  # type: ignore[index,union-attr]
    assert runner("status").exit_code == 0


#: the tests that once read the working folder (a journal.db there, JOURNAL_* set): the
#: README's second command runs these after its first, so CI does not run the suite twice
WORKING_FOLDER_TESTS = (
    "tests/hostile/test_small_things.py::test_every_number_parameter_reads_ascii_digits",
    "tests/install/test_readme.py::test_the_first_screen_shows_exactly_two_commands",
)


def test_the_readmes_two_commands_pass_in_order_in_one_folder(tmp_path: Path) -> None:
    """Issue 30: the first command's `journal demo` leaves ./journal.db and ./handouts in
    the project's folder; the second command's tests then pass there, with the user's
    JOURNAL_* settings pointing at the demo too. The folder is a fresh copy of the
    project's (links to its files); the install is this test run's own."""
    import subprocess
    import sys

    folder = tmp_path / "project"
    folder.mkdir()
    for name in ("journal", "tests", "pyproject.toml", "README.md", "campaigns", "templates"):
        if (ROOT / name).exists():
            (folder / name).symlink_to(ROOT / name)
    journal = Path(sys.executable).parent / "journal"
    first = README.split("```sh\n", 1)[1].split("```", 1)[0].strip()
    assert first.endswith(".venv/bin/journal demo")  # the part of it that writes the folder
    demo = subprocess.run([str(journal), "demo"], cwd=folder, capture_output=True, text=True,
                          env={**os.environ, "JOURNAL_NO_INPUT": "1"}, timeout=120)  # fmt: skip
    assert demo.returncode == 0, demo.stderr
    assert (folder / "journal.db").exists() and (folder / "handouts").is_dir()
    second = re.findall(r"```sh\n(.*?)```", README, re.S)[1].strip()
    assert second.endswith(".venv/bin/pytest")
    user = {
        "JOURNAL_DB": str(folder / "journal.db"),
        "JOURNAL_CAMPAIGN": "jackson-zombies",
        "JOURNAL_DICE_SEED": "1",
        "JOURNAL_WRITER": "someone-else",
    }
    tests = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "-q",
         *WORKING_FOLDER_TESTS],
        cwd=folder, capture_output=True, text=True, env={**os.environ, **user}, timeout=300,
    )  # fmt: skip
    assert tests.returncode == 0, tests.stdout[-3000:] + tests.stderr[-2000:]
    assert f"{len(WORKING_FOLDER_TESTS)} passed" in tests.stdout
