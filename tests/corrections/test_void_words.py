"""A void names the ruling it takes back in words (issue 22): `#30 Voids #27 (Tommy's
initiative +1/-9)`, never a class name; a void recorded before it had words reads its
type in words."""

from __future__ import annotations

from support.cli import Cli

from journal.rules.core.events import EventVoided
from journal.telling.lines import describe_payload
from journal.text import type_words


def test_a_void_names_the_ruling_in_words(runner: Cli) -> None:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Tommy", "--reaction", "10", "--willpower", "10",
           "--hardness", "0", "--training", "none")  # fmt: skip
    runner("encounter", "start", "Cellar", "--hf", "4")
    runner("initiative", "Tommy", "--dice", "+1/-9")  # 4
    runner("note", "A wrong note.")  # 5
    out = runner("void", "4", "--reason", "misread").stdout
    assert out.startswith("#6 Voids #4 (Tommy's initiative +1/-9): misread")
    assert "InitiativeRolled" not in runner("log").stdout
    assert "Voids #5 (note “A wrong note.”)" in runner("void", "5", "--reason", "x").stdout


def test_an_older_void_reads_its_type_in_words() -> None:
    assert type_words("InitiativeRolled") == "initiative rolled"
    assert type_words("") == "an event"
    old = EventVoided(27, "typo", "InitiativeRolled")  # no `what`: before it was recorded
    assert describe_payload(old, None) == "Voids #27 (initiative rolled): typo"
