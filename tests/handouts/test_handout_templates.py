"""Templates: escaping (HTML and Markdown), campaign overrides, the sandbox, StrictUndefined."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.handouts import worked_example

SCRIPT = "<script>alert(1)</script>"


def _campaign_with_note(runner, text: str) -> None:
    runner("campaign", "new", "night", "--ruleset", "horror-factor", "--title", "Fish & <Chips>")
    runner(
        "character",
        "add",
        "Linda",
        "--reaction",
        "12",
        "--willpower",
        "10",
        "--hardness",
        "2",
        "--training",
        "some",
    )
    runner("session", "start", "One")
    runner("note", "--", text)


def test_html_escapes_what_the_gm_typed(runner) -> None:
    _campaign_with_note(runner, f"Rock & roll {SCRIPT} *bold* | pipe")
    html = runner("recap", "--format", "html").stdout
    assert SCRIPT not in html and "<Chips>" not in html
    assert "Rock &amp; roll &lt;script&gt;alert(1)&lt;/script&gt; *bold* | pipe" in html
    assert "Fish &amp; &lt;Chips&gt;" in html


def test_markdown_escapes_what_the_gm_typed(runner) -> None:
    _campaign_with_note(runner, "- 1 | *a* _b_ `c` <b>d</b> [e](f) &amp;\nnext line")
    text = runner("recap").stdout
    assert r"- \- 1 \| \*a\* \_b\_ \`c\` \<b\>d\</b\> \[e\](f) \&amp; next line" in text, text
    assert "# Fish & \\<Chips\\>: Session 1, One" in text


def _override(folder: Path, name: str, body: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(body, encoding="utf-8")


def test_a_templates_folder_the_gm_names_overrides(runner, tmp_path: Path) -> None:
    worked_example(runner)
    _override(
        tmp_path / "templates", "recap.md.j2", "OURS {{ campaign.title }} / {{ session.title }}\n"
    )
    mine = ["--templates", str(tmp_path / "templates")]
    assert runner("recap", *mine).stdout == "OURS Jackson Zombies / The horde\n"
    # the shipped HTML still serves what the folder does not override
    assert runner("recap", "--format", "html", *mine).stdout.startswith("<!DOCTYPE html>")


def test_templates_option_overrides_and_can_extend_the_shipped_base(runner, tmp_path: Path) -> None:
    worked_example(runner)
    folder = tmp_path / "elsewhere"
    _override(
        folder,
        "arc.html.j2",
        '{% extends "_base.html.j2" %}{% block title %}T{% endblock %}'
        "{% block body %}<h1>{{ name }} of {{ campaign.title }}</h1>"
        "{% for chart in charts %}{{ chart.svg }}{% endfor %}{% endblock %}",
    )
    html = runner("arc", "Linda", "--format", "html", "--templates", str(folder)).stdout
    assert "<h1>Linda of Jackson Zombies</h1>" in html
    assert "<polyline" in html and "@media print" in html


@pytest.mark.parametrize(
    "body",
    [
        "{{ campaign.__class__.__mro__ }}",
        "{{ ''.__class__.__mro__[1].__subclasses__() }}",
        "{{ cycler.__init__.__globals__ }}",
    ],
)
def test_overrides_run_in_the_sandbox(runner, tmp_path: Path, body: str) -> None:
    worked_example(runner)
    _override(tmp_path / "templates", "recap.md.j2", body)
    result = runner.refused("recap", "--templates", str(tmp_path / "templates"))
    assert "SecurityError" in result.stderr or "UndefinedError" in result.stderr, result.stderr


def test_strict_undefined_makes_a_typo_fail(runner, tmp_path: Path) -> None:
    worked_example(runner)
    _override(tmp_path / "templates", "recap.md.j2", "{{ sesion.title }}\n")
    stderr = runner.refused("recap", "--templates", str(tmp_path / "templates")).stderr
    assert "recap.md.j2" in stderr and "'sesion' is undefined" in stderr


def test_shipped_templates_use_no_undefined_name() -> None:
    """Every shipped template renders for both rulesets (StrictUndefined would fail)."""
    from journal.resources import shipped

    names = sorted(p.name for p in shipped("templates").glob("*.j2"))
    assert names == [
        "_arc_body.html.j2",
        "_base.html.j2",
        "_detail.html.j2",
        "_macros.html.j2",
        "_macros.md.j2",
        "_print.css.j2",
        "_recap_body.html.j2",
        "_record_head.html.j2",
        "_record_head.md.j2",
        "arc.html.j2",
        "arc.md.j2",
        "book.html.j2",
        "recap.html.j2",
        "recap.md.j2",
    ]


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("Eli drops enemy #2; HF <= 5 & 3 > 2", "Eli drops enemy #2; HF <= 5 & 3 > 2"),
        ("# not a heading", r"\# not a heading"),
        ("> not a quote", r"\> not a quote"),
        ("1. not a list", r"1\. not a list"),
        ("snake_case but _emphasis_", r"snake_case but \_emphasis\_"),
        ("a <!-- comment --> and <http://x.y>", r"a \<!-- comment --\> and \<http://x.y\>"),
    ],
)
def test_markdown_escapes_only_what_markdown_would_misread(runner, typed, shown) -> None:
    _campaign_with_note(runner, typed)
    assert f"\n- {shown}\n" in runner("recap").stdout
