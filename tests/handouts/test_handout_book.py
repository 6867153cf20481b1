"""`journal book`: the campaign as one book for one audience, with a cover, contents whose
page numbers are right, every recap, the arcs, the sheets and the receipt; the same log
gives the same bytes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from freezegun import freeze_time
from support.cli import Cli
from support.handouts import hardening_story, morgue, worked_example
from support.pdf import SIZES, pages, sizes

#: the contents' lines: `Session 1: The cellar ....... 3`
ENTRY = re.compile(r"^(?P<title>.+?) ?\.{3,} ?(?P<page>\d+)$", re.MULTILINE)
#: the worked example's book: pages by audience and paper
BOOK_PAGES = {
    ("players", "a4"): 13,
    ("players", "letter"): 14,
    ("gm", "a4"): 14,
    ("gm", "letter"): 14,
    ("Linda", "a4"): 9,
    ("Linda", "letter"): 9,
}


def _book(runner: Cli, tmp_path: Path, *args: str) -> list[str]:
    target = tmp_path / "book.pdf"
    runner("book", *args, "-o", str(target))
    return pages(target.read_bytes())


def _contents(found: list[str]) -> dict[str, int]:
    return {m["title"].strip(): int(m["page"]) for m in ENTRY.finditer(found[1])}


def _receipt(runner: Cli) -> str:
    """The receipt a book prints: the record's tree head (issue 40), as `heads` lists it."""
    head = runner.json("heads")[-1]
    return f"#{head['size']} {head['root']}"


@pytest.mark.parametrize(("audience", "paper"), sorted(BOOK_PAGES))
def test_the_book_for_each_audience_and_paper(
    runner: Cli, tmp_path: Path, audience: str, paper: str
) -> None:
    worked_example(runner)
    target = tmp_path / "book.pdf"
    said = runner("book", "--for", audience, "--paper", paper, "-o", str(target))
    assert said.stderr == f"Wrote the book ({audience}, pdf, {paper}) to {target}\n"
    data = target.read_bytes()
    assert sizes(data) == {SIZES[paper]}
    found = pages(data)
    assert len(found) == BOOK_PAGES[audience, paper]
    cover = found[0]
    assert "Jackson Zombies" in cover and "Sunday 31 October 2010, 21:00" in cover
    assert "Cast: Freddie, Ariella, Linda" in cover
    assert "Page 1" not in cover  # the cover has no header or page number
    for number, page in enumerate(found[1:], 2):  # numbered on across the chapters
        assert page.rstrip().endswith(f"Page {number} of {len(found)}"), page[-120:]
    # the contents: every part, each at the page it says
    contents = _contents(found)
    arcs = ["Linda"] if audience == "Linda" else ["Freddie", "Ariella", "Linda"]
    cast = "Linda as they stand" if audience == "Linda" else "The cast as they stand"
    assert list(contents) == ["Session 1: The horde", *arcs, cast, "The receipt"]
    heading = {"Session 1: The horde": "The horde", cast: cast, "The receipt": "The receipt"}
    for title, page in contents.items():
        assert heading.get(title, title) in found[page - 1].splitlines()[:3], (title, page)
    assert list(contents.values()) == sorted(contents.values())
    # the receipt, last
    receipt = _receipt(runner)
    assert receipt.replace(" ", "") in found[-1].replace("\n", "").replace(" ", "")
    assert "journal verify --head" in found[-1]
    whole = "\n".join(found)
    secret = "keep count of the cartridges"
    if audience == "gm":
        assert secret in whole and "initiative +1/-8" in whole
    else:
        assert secret not in whole and "initiative +1/-8" not in whole


def test_the_receipt_is_what_verify_checks(runner: Cli, tmp_path: Path) -> None:
    worked_example(runner)
    last = _book(runner, tmp_path)[-1]
    found = re.search(r'journal verify --head "(#\d+)\s+([0-9a-f\s]+)"', last)
    assert found, last
    receipt = found[1] + " " + re.sub(r"\s+", "", found[2])
    assert receipt == _receipt(runner)
    checked = runner.json("verify", "--head", receipt)["receipt"]
    assert checked["ok"] is True and checked["kind"] == "tree head"


def test_the_book_so_far(runner: Cli, tmp_path: Path) -> None:
    """`--as-of-session 1` of a two-session campaign: session 1 and the sheets as they
    stood after it; its receipt is the last event of session 1."""
    hardening_story(runner)
    found = _book(runner, tmp_path, "--for", "gm", "--as-of-session", "1")
    contents = _contents(found)
    assert "Session 1: The cellar" in contents
    assert not any(title.startswith("Session 2") for title in contents)
    assert "sessions 1 to 1" in found[0]
    whole = "\n".join(found)
    assert "Aftermath" not in whole
    log = json.loads(runner("log", "--json", "--session", "1").stdout)
    last = log[-1]
    assert f"#{last['seq']}" in found[-1] and "--as-of-session 1" in found[-1]
    everything = _book(runner, tmp_path, "--for", "gm")
    assert "Session 2: Aftermath" in _contents(everything)


def test_a_characters_book_is_their_own(runner: Cli, tmp_path: Path) -> None:
    hardening_story(runner)
    found = _book(runner, tmp_path, "--for", "Ariella")
    contents = _contents(found)
    assert [t for t in contents if not t.startswith("Session")] == [
        "Ariella",
        "Ariella as they stand",
        "The receipt",
    ]
    assert "Ariella's handout" in found[0]
    sheets = found[contents["Ariella as they stand"] - 1]
    assert "Ariella" in sheets and "Linda" not in sheets


def test_the_gms_book_has_each_milestones_ruling(runner: Cli, tmp_path: Path) -> None:
    hardening_story(runner)
    gm = "\n".join(_book(runner, tmp_path, "--for", "gm"))
    players = "\n".join(_book(runner, tmp_path))
    # Ariella froze at her first initiative (+1/-8): the GM's arc names the ruling's dice
    assert re.search(r"First freeze[^#]*#\d+ · dice initiative \+1/-8", gm), gm
    assert "dice initiative" not in players and "First freeze" in players


def test_fright_check_book(runner: Cli, tmp_path: Path) -> None:
    morgue(runner)
    found = _book(runner, tmp_path, "--for", "gm", "--paper", "letter")
    contents = _contents(found)
    assert list(contents)[:3] == ["Session 1: Night shift", "Mara", "Eli"]
    assert "The coroner is the ghoul." in "\n".join(found)
    players = "\n".join(_book(runner, tmp_path))
    assert "The coroner is the ghoul." not in players


def test_the_book_in_html_and_json(runner: Cli, tmp_path: Path) -> None:
    worked_example(runner)
    target = tmp_path / "book.html"
    runner("book", "--paper", "letter", "-o", str(target))  # the suffix says HTML
    html = target.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "size: letter;" in html
    assert 'href="#session-1"' in html and 'id="receipt"' in html
    assert "target-counter(attr(href), page)" in html
    assert "keep count of the cartridges" not in html
    document = runner.json("book", "--for", "gm")
    assert [r["session"]["number"] for r in document["recaps"]] == [1]
    assert [a["name"] for a in document["arcs"]] == ["Freddie", "Ariella", "Linda"]
    assert document["receipt"]["text"] == _receipt(runner)
    assert document["audience"]["gm"] is True and document["as_of_session"] is None


def test_the_same_log_gives_the_same_book(runner: Cli, tmp_path: Path) -> None:
    hardening_story(runner)
    made = []
    for moment, paper in (
        ("2030-01-01", "a4"),
        ("2032-07-04 12:00", "a4"),
        ("2033-01-01", "letter"),
    ):
        with freeze_time(moment):
            target = tmp_path / f"{moment[:4]}.pdf"
            runner("book", "--for", "gm", "--paper", paper, "-o", str(target))
            made.append(target.read_bytes())
    assert made[0] == made[1]
    assert made[2] != made[0]  # another paper, another book


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("book", "--for", "Bob", "-o", "b.pdf"), "no character named 'Bob'"),
        (("book", "--as-of-session", "3", "-o", "b.pdf"), "session 3"),
    ],
)
def test_refusals(runner: Cli, args: tuple[str, ...], message: str) -> None:
    hardening_story(runner)
    assert message in runner.refused(*args).stderr
    assert not Path("b.pdf").exists()


def test_no_book_before_the_first_session(runner: Cli) -> None:
    runner("campaign", "new", "quiet", "--ruleset", "horror-factor")
    assert "no sessions yet" in runner.refused("book", "-o", "b.pdf").stderr
    assert not Path("b.pdf").exists()
