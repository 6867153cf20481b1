"""Hostile handout templates in an override folder (`--templates DIR`, or `templates/`
beside the database): a link out of the folder is refused, and every failure of a
template (arithmetic, types, a number or text grown without bound) is one `Error:` line
naming the template and its line, never an "unexpected failure"."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import Cli

SECRET = "the contents of another file"


@pytest.fixture
def night(runner: Cli) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("session", "start", "One")
    runner("note", "the lights go out")
    return runner


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    secret = tmp_path / "elsewhere" / "secret.txt"
    secret.parent.mkdir()
    secret.write_text(SECRET, encoding="utf-8")
    return secret


@pytest.mark.parametrize("beside", [True, False], ids=["beside the database", "--templates"])
def test_a_template_linking_out_of_its_folder_is_refused(
    night: Cli, tmp_path: Path, outside: Path, beside: bool
) -> None:
    folder = tmp_path / ("templates" if beside else "mine")
    folder.mkdir()
    (folder / "recap.md.j2").symlink_to(outside)
    args = ["recap"] if beside else ["recap", "--templates", str(folder)]
    result = night.refused(*args)
    assert f"links to {outside}, outside that folder" in result.stderr
    assert SECRET not in result.output


def test_a_folder_linking_out_is_refused(night: Cli, tmp_path: Path, outside: Path) -> None:
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "ruleset").symlink_to(outside.parent, target_is_directory=True)
    (outside.parent / "parts.md.j2").write_text(SECRET, encoding="utf-8")
    result = night.refused("recap")
    assert "outside that folder" in result.stderr and SECRET not in result.output


def test_links_inside_the_folder_are_followed(night: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    (folder / "parts").mkdir(parents=True)
    (folder / "parts" / "recap.md.j2").write_text("OURS {{ session.title }}\n", encoding="utf-8")
    (folder / "recap.md.j2").symlink_to(folder / "parts" / "recap.md.j2")
    assert night("recap", "--templates", str(folder)).stdout == "OURS One\n"
    (tmp_path / "link").symlink_to(folder, target_is_directory=True)  # the folder: a link
    assert night("recap", "--templates", str(tmp_path / "link")).stdout == "OURS One\n"


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ("{{ 1/0 }}", "at line 1 of recap.md.j2: ZeroDivisionError: division by zero"),
        ("{{ 7 // 0 }}", "ZeroDivisionError"),
        ("{{ 5 % 0 }}", "ZeroDivisionError"),
        ('{{ "a" + 1 }}', "TypeError: can only concatenate str"),
        ("{{ session.number - 'x' }}", "TypeError: unsupported operand"),
        ("{{ session.nope + 1 }}", "UndefinedError: 'dict object' has no attribute 'nope'"),
        ("line one\n{{ story[99] }}", "at line 2 of recap.md.j2: UndefinedError"),
        ("{{ 10.0 ** 1000 }}", "OverflowError"),
        ("{{ (2 ** 64) ** 4096 }}", "too large a number for a handout"),
        ('{{ "x" * 100000000 }}', "repeated that often is too long"),
        ("{{ [0] * 10 ** 8 }}", "repeated that often is too long"),
        ("{{ lipsum(10 ** 6) }}", "UndefinedError: 'lipsum' is undefined"),
        ('{{ "%s %s" % 1 }}', "TypeError: not enough arguments"),
        ("{{ range(10 ** 9) | list }}", "OverflowError: Range too big"),
        ("{% for x in %}", "at line 1 of recap.md.j2: TemplateSyntaxError"),
        ('{{ {} | dictsort(by="x") }}', "FilterArgumentError"),
    ],
)
def test_a_template_that_fails_says_where(night: Cli, tmp_path: Path, body: str, says: str) -> None:
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "recap.md.j2").write_text(body, encoding="utf-8")
    stderr = night.refused("recap").stderr
    assert stderr.startswith("Error: template recap.md.j2 failed"), stderr
    assert says in stderr, stderr
    assert "unexpected failure" not in stderr


def test_ordinary_arithmetic_still_works(night: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "templates"
    folder.mkdir()
    body = "{{ 2 ** 10 }} {{ 3 * 4 }} {{ '-' * 3 }} {{ [1] * 2 }} {{ session.number * 2 }}\n"
    (folder / "recap.md.j2").write_text(body, encoding="utf-8")
    assert night("recap").stdout == "1024 12 --- [1, 1] 2\n"
