"""One head a night (issue 40): the receipt `session end` prints, `journal heads`, the
heads on the served pages, a recap and the book's receipt page name the same tree head;
`verify --head` takes it (its size and 12 hex digits or more), and an older receipt of an
event's chain hash too, and says which it was given. A post to Discord is an event, yet
the head a posted recap names is the one the book names too (issue 41, E7: posts are kept
out of the head a handout names).

    #1 campaign  #2 Linda  #3 session 1  #4 note  #5 session end   Receipt: Record #5 · ...
"""

from __future__ import annotations

import re

import pytest
from support.cli import Cli

SHEET = ("--reaction", "11", "--willpower", "10", "--hardness", "1", "--training", "some")
HEAD = re.compile(r"Record #(\d+) · ([0-9a-f]{16})…")


@pytest.fixture
def night(runner: Cli) -> tuple[Cli, str]:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Linda", *SHEET)
    runner("session", "start", "One")
    runner("note", "The lamps go out.")
    ended = runner("session", "end").stdout.splitlines()
    assert ended[0] == "#5 Session 1 ends"
    return runner, ended[1]


def test_the_receipt_is_the_head_on_every_page_and_handout(night: tuple[Cli, str]) -> None:
    runner, receipt = night
    found = re.fullmatch(r"Receipt: Record #5 · ([0-9a-f]{16})…  \(#5 ([0-9a-f]{64})\)", receipt)
    assert found is not None, receipt
    short, root = found.groups()
    assert root.startswith(short)
    heads = runner.json("heads")
    assert isinstance(heads, list)
    assert [(h["session"], h["size"], h["root"]) for h in heads] == [(1, 5, root), (None, 5, root)]
    assert runner("heads").stdout.splitlines()[0] == f"end of session 1     #5 {root}"
    recap = runner("recap", "1", "--for", "players").stdout
    assert HEAD.findall(recap) == [("5", short)] and f"`#5 {root}`" in recap
    book = runner.json("book", "--for", "players", "--json")
    assert isinstance(book, dict) and book["receipt"]["text"] == f"#5 {root}"
    runner("book", "--for", "players", "--format", "html", "-o", "book.html")
    with open("book.html", encoding="utf-8") as handle:
        page = handle.read()
    assert f"#5 {root}" in page and page.count("<h1>The receipt</h1>") == 1
    heads_named = set(re.findall(r"#(\d+) ([0-9a-f]{64})", page))
    assert heads_named == {("5", root)}  # one head, nothing else that looks like one

    pytest.importorskip("starlette")
    from starlette.testclient import TestClient
    from support.web import by_label, open_site

    from journal.web.app import create_app

    site = open_site(runner.db)
    try:
        client = TestClient(create_app(site))
        for who, token in by_label(site).items():
            if who == "gm":
                continue
            shown = client.get(f"/{token}/" + ("shelf" if who == "players" else "")).text
            assert f"#5 {root}" in shown, who
    finally:
        site.database.close()


def test_verify_takes_the_receipt_and_an_older_one_and_says_which(
    night: tuple[Cli, str],
) -> None:
    runner, receipt = night
    root = receipt.split()[-1].rstrip(")")
    for given in (receipt, f"#5 {root}", f"#5 {root[:12]}", f"Record #5 · {root[:16]}…"):
        checked = runner.json("verify", "--head", given)
        assert isinstance(checked, dict) and checked["receipt"]["ok"] is True, given
        assert checked["receipt"]["kind"] == "tree head"
    said = runner("verify", "--head", f"#5 {root[:12]}").stdout
    assert (
        f"Receipt #5 {root[:12]}: the record's tree head at #5 (the receipt `session end` "
        "prints, and the head on every page and handout); events 1 to 5 are all there, "
        "as they were."
    ) in said
    # a receipt an older journal printed: the hash of the session's last event
    logged = runner.json("log", "--json")
    assert isinstance(logged, list)
    chain = logged[4]["hash"]
    older = runner("verify", "--head", f"#5 {chain}").stdout
    assert "the hash of event 5 (a receipt of an older journal's `session end`)" in older
    assert runner.json("verify", "--head", chain[:12])["receipt"]["kind"] == "chain hash"  # type: ignore[index]
    # neither: what the receipt covered is not there as it was
    wrong = runner("verify", "--head", "#5 " + "0" * 12, ok=False)
    assert wrong.exit_code == 1
    assert "neither the record's tree head at #5 nor the hash of event 5" in wrong.stderr
    short = runner("verify", "--head", f"#5 {root[:11]}", ok=False)
    assert short.exit_code == 2 and "at least 12 hex digits" in short.stderr


def test_a_posted_recap_names_the_head_the_book_names(night: tuple[Cli, str]) -> None:
    """E7: the post is recorded after the recap it sends was made; the recap and the book
    made after the post name the same head as the posted one."""
    from support.discord_standin import discord_standin

    runner, receipt = night
    root = receipt.split()[-1].rstrip(")")
    with discord_standin() as standin:
        runner("webhook", "add", "table", standin.url, "--for", "players")
        runner("post", "recap", "1", "--to", "table")
        posted = " ".join(standin.contents)
    assert runner.json("log", "--json")[-1]["type"] == "HandoutPosted"  # type: ignore[index]
    assert HEAD.findall(posted) == [("5", root[:16])]
    assert HEAD.findall(runner("recap", "1", "--for", "players").stdout) == [("5", root[:16])]
    book = runner.json("book", "--for", "players", "--json")
    assert isinstance(book, dict) and book["receipt"]["text"] == f"#5 {root}"
    assert runner.json("heads")[-1]["size"] == 5  # type: ignore[index]
