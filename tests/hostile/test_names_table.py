"""The confusables table is Unicode's newest the project could vendor (issue 29): UTS #39
confusables.txt version 17.0.0, every mapping kept, its source named in its header; the
look-alikes Unicode added since the 13.0.0 table the journal shipped before are refused."""

from __future__ import annotations

import re
from importlib.resources import files

import pytest
from support.cli import Cli, count_events

from journal.names import skeleton

SHEET = ("--reaction", "10", "--willpower", "10", "--hardness", "0", "--training", "none")
TABLE = files("journal").joinpath("data", "confusables.txt").read_text(encoding="utf-8")


def test_the_table_is_unicode_17_whole_and_names_its_source() -> None:
    header = [line for line in TABLE.splitlines() if line.startswith("#")]
    said = " ".join(header)
    assert "version 17.0.0 (Date: 2025-07-22" in said
    assert "6,565 mappings" in said and "sha256 ec88ecebcf89f63f" in said
    assert "texttics/texttics-site" in said and "LICENSE-UNICODE.txt" in said
    lines = [line for line in TABLE.splitlines() if not line.startswith("#")]
    assert len(lines) == 6565
    pattern = re.compile(r"[0-9A-F]{4,6};[0-9A-F]{4,6}( [0-9A-F]{4,6})*")
    assert all(pattern.fullmatch(line) for line in lines)
    assert len({line.split(";")[0] for line in lines}) == 6565  # one prototype per source


#: look-alikes Unicode added after 13.0.0 (source, the Latin letter it maps to)
ADDED = [
    ("\u0582", "i"),  # ARMENIAN SMALL LETTER YIWN
    ("\u2c93", "i"),  # COPTIC SMALL LETTER IAUDA
    ("\u03ed", "o"),  # COPTIC SMALL LETTER SHIMA
    ("\u00fe", "p"),  # LATIN SMALL LETTER THORN
    ("\u1004", "c"),  # MYANMAR LETTER NGA
]


@pytest.mark.parametrize(("source", "latin"), ADDED)
def test_the_skeleton_knows_the_newer_look_alikes(source: str, latin: str) -> None:
    assert skeleton(source) == skeleton(latin)


@pytest.mark.parametrize(
    ("name", "like"),
    [("L\u0582li", "Lili"), ("J\u03edjo", "Jojo"), ("Ali\u1004e", "Alice")],
)
def test_a_name_made_with_a_newer_look_alike_is_refused(runner: Cli, name: str, like: str) -> None:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", like, *SHEET)
    before = count_events(runner.db)
    message = runner.refused("character", "add", name, *SHEET).stderr
    assert like in message and "look" in message, message
    assert count_events(runner.db) == before
