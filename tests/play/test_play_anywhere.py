"""`journal play` starts anywhere and speaks its own syntax (issue 22): on a new database
it offers `campaign new` at its own prompt; a trailing free text takes the rest of the
line unquoted; a refusal names `help COMMAND`, not `journal COMMAND --help`."""

from __future__ import annotations

from pathlib import Path

from cli_support import Cli, count_events
from pty_support import Table


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
        table.shows("Playing 'night' (horror-factor).")
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
