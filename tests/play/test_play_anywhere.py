"""`journal play` starts anywhere and speaks its own syntax (issue 22): on a new database
it offers `campaign new` at its own prompt; a trailing free text takes the rest of the
line unquoted; a refusal names `help COMMAND`, not `journal COMMAND --help`."""

from __future__ import annotations

from pathlib import Path

from support.cli import Cli, count_events
from support.pty import Table


def test_play_on_a_new_database_offers_campaign_new_at_its_prompt(
    runner: Cli, tmp_path: Path
) -> None:
    table = Table(runner.db, tmp_path).started("journal")
    try:
        table.shows("Type it here: `campaign new SLUG --ruleset")
        assert "journal campaign new" not in table.text()  # the prompt's own syntax
        table.run("status")  # a refusal, and the lobby goes on
        table.shows("Error: no journal at")
        table.type("campaign new night --ruleset horror-factor --title Night of the Horde")
        table.prompt = "night> "
        table.ready()
        table.shows("Playing 'night' (horror-factor) as ")  # the session's own writer
        table.run("note The door creaks")
        table.child.send(b"\x04")
        assert table.finish() == 0
    finally:
        table.close()
    log = runner.json("log")
    assert [e["data"].get("text") for e in log][-1] == "The door creaks"  # type: ignore[index,union-attr]


def test_leaving_the_lobby_writes_nothing(runner: Cli, tmp_path: Path) -> None:
    table = Table(runner.db, tmp_path).started("journal")
    try:
        table.child.send(b"\x04")
        assert table.finish() == 0
    finally:
        table.close()
    assert count_events(runner.db) == 0


def test_free_text_takes_the_rest_of_the_line(runner: Cli, tmp_path: Path) -> None:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Linda", "--reaction", "12", "--willpower", "10",
           "--hardness", "2", "--training", "some")  # fmt: skip
    table = Table(runner.db, tmp_path).started("night")
    try:
        table.run("note The door creaks --gm-only")
        table.run("session start The night begins")
        table.run("void 3 --reason wrong door after all")
        table.run("character retire Linda --reason leaves town")
        table.run("encounter start")  # a usage error, in the prompt's words
        table.shows("Error: ")
        assert "Try 'journal" not in table.text()
        table.child.send(b"\x04")
        assert table.finish() == 0
    finally:
        table.close()
    log = runner.json("log")
    data = [e["data"] for e in log]  # type: ignore[index]
    assert data[2] == data[2] | {"text": "The door creaks", "gm_only": True}
    assert data[3]["title"] == "The night begins"
    assert data[4]["reason"] == "wrong door after all"
    assert data[5]["reason"] == "leaves town"


def test_a_usage_error_at_the_prompt_names_help_command(runner: Cli, tmp_path: Path) -> None:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    table = Table(runner.db, tmp_path).started("night")
    try:
        table.run("award")
        table.shows("(see `help award`)")
        assert "journal award" not in table.text()
        table.run("encounter end")
        table.shows("start one with `encounter start`")
        table.child.send(b"\x04")
        assert table.finish() == 0
    finally:
        table.close()


def test_the_readmes_play_transcript_runs_right_after_the_demo(
    runner: Cli, tmp_path: Path
) -> None:
    """Issue 22: the `play` transcript (docs/play.md) could not be reproduced after `journal
    demo` (its fight is over). Typed as it stands, every line it shows is what the screen
    shows, the board included."""
    import re

    from support.readme import page_text

    page = page_text("docs/play.md")
    block = page.split("```text\n$ journal demo\n$ journal play\n", 1)[1].split("```", 1)[0]
    runner("demo")
    table = Table(runner.db, tmp_path).started("jackson-zombies")
    try:
        lines = block.splitlines()
        for at, line in enumerate(lines):
            if not line.startswith("jackson-zombies> ") or line.endswith("▌"):
                continue
            table.type(line.removeprefix("jackson-zombies> "))
            if "[Enter rolls] " in lines[at + 1]:
                label, faces = lines[at + 1].split(" [Enter rolls] ")
                table.answer(label, faces)
            table.ready()
        table.wait(lambda: "○ yet to act" in table.text(), "the board")
        shown = [row.rstrip() for row in table.text().splitlines()]
        for line in block.splitlines()[1:]:
            if line.startswith(("#", "Error:", "  ", "○", "Jackson")):
                assert line.rstrip() in shown, line
        assert re.search(r"^─{20,}", table.text(), re.M)
        table.child.send(b"\x04")
        assert table.finish() == 0
    finally:
        table.close()
