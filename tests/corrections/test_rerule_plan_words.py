"""What a re-rule says it will record, word for word: nothing, one ruling, several (the
mutation run found no test reading the plural, nor the whole of the empty plan's line)."""

from __future__ import annotations

from journal.audit.rerule import Change, Plan
from journal.rules.core.events import EventVoided


def _voided(seq: int) -> Change:
    return Change(EventVoided(seq, "re-ruled"), f"ruling {seq}", "refused")


def test_nothing_to_rerule_is_said_whole() -> None:
    assert Plan().text() == (
        "Every ruling follows from its dice and the rules: nothing to re-rule."
    )


def test_one_ruling_and_several_are_counted_in_words() -> None:
    assert Plan([_voided(8)]).text() == (
        "1 ruling no longer follows:\n  #8 ruling 8\n      now: refused"
    )
    assert Plan([_voided(8), _voided(9)]).text() == (
        "2 rulings no longer follow:\n  #8 ruling 8\n      now: refused\n"
        "  #9 ruling 9\n      now: refused"
    )


def test_an_amendment_counts_the_later_rulings_it_changes() -> None:
    amended = _voided(8)
    assert Plan([amended]).amended_text(8) == (
        "Amending #8 changes it:\n  #8 ruling 8\n      now: refused"
    )
    assert Plan([amended, _voided(9)]).amended_text(8).splitlines()[0] == (
        "Amending #8 changes it, and 1 later ruling with it:"
    )
    assert Plan([amended, _voided(9), _voided(10)]).amended_text(8).splitlines()[0] == (
        "Amending #8 changes it, and 2 later rulings with it:"
    )
