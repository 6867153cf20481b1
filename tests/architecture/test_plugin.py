"""`journal.plugin`, the door a ruleset imports through: a ruleset declares the contract it
was written for and one written for another is refused at load, in one `Error:` line; an
event or a command that is not a msgspec Struct is refused at registration, in words."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.cli import Cli

import journal.rules as rules
from journal.errors import RuleError
from journal.installed import Found
from journal.plugin import CONTRACT, Plugin
from journal.plugin.rules import Command, Deciders, Event, event

HORROR = "journal.rulesets.horror_factor"
#: the journal's own ruleset, as if written for another contract (or for none)
NEWER = Plugin("newer", rules=f"{HORROR}.rules:RULESET", contract=CONTRACT + 1)
UNDECLARED = Plugin("undeclared", rules=f"{HORROR}.rules:RULESET")


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Two more rulesets installed beside the journal's: `newer` and `undeclared`."""
    found = dict(rules._entry_points())
    for name in ("newer", "undeclared"):
        found[name] = Found(name, f"architecture.test_plugin:{name.upper()}")
    monkeypatch.setattr(rules, "_entry_points", lambda: found)
    rules.plugin_of.cache_clear()
    rules.load.cache_clear()
    yield
    rules.plugin_of.cache_clear()
    rules.load.cache_clear()


def test_the_journal_s_rulesets_declare_this_contract() -> None:
    for name in rules.names():
        assert rules.plugin_of(name).contract == CONTRACT


@pytest.mark.usefixtures("installed")
def test_a_ruleset_of_another_contract_is_refused_with_both_versions() -> None:
    with pytest.raises(RuleError) as refused:
        rules.load("newer")
    message = str(refused.value)
    assert "'newer'" in message
    assert f"plugin contract {CONTRACT + 1}" in message
    assert f"offers contract {CONTRACT}" in message
    with pytest.raises(RuleError, match=r"'undeclared' was written for no plugin contract"):
        rules.load("undeclared")


@pytest.mark.usefixtures("installed")
def test_the_command_line_refuses_it_in_one_error_line(tmp_path: Path) -> None:
    cli = Cli(CliRunner(), str(tmp_path / "j.db"))
    result = cli.refused("campaign", "new", "night", "--ruleset", "newer")
    assert "'newer'" in result.stderr and f"contract {CONTRACT + 1}" in result.stderr
    assert f"offers contract {CONTRACT}" in result.stderr


def test_a_dataclass_event_is_refused_in_words() -> None:
    with pytest.raises(TypeError, match=r"HandWritten is not a msgspec Struct.*Event"):

        @dataclass(frozen=True)
        class HandWritten(Event):  # type: ignore[misc]
            text: str


def test_a_class_not_subclassing_event_is_refused_at_registration() -> None:
    with pytest.raises(TypeError, match=r"Plain is not a msgspec Struct.*subclassing"):

        @event  # type: ignore[type-var]
        @dataclass(frozen=True)
        class Plain:
            text: str


def test_a_command_that_is_no_struct_is_refused_at_registration() -> None:
    decide: Deciders[object] = Deciders("decide")
    with pytest.raises(TypeError, match=r"Scribble is not a msgspec Struct.*Command"):

        @dataclass(frozen=True)
        class Scribble(Command):  # type: ignore[misc]
            text: str

    @dataclass(frozen=True)
    class Doodle:
        text: str

    with pytest.raises(TypeError, match=r"Doodle is not a msgspec Struct.*journal.plugin"):
        decide.on(Doodle)(lambda state, command, dice: [])  # type: ignore[type-var]


def test_a_struct_event_still_registers() -> None:
    @event
    class ContractChecked(Event, frozen=True):
        text: str

    assert ContractChecked("x").type == "ContractChecked"
