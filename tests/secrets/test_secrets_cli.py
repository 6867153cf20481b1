"""`journal secrets --json` against a table written by hand for a scripted campaign (five
secrets, three reveals, one of them voided, one rename), and the refusals of `note`,
`reveal`, `safety` and `xcard`, each writing nothing.

    #1 campaign  #2 Cole  #3 Mara  #4 Ike  #5 session 1
    #6  note "the face in the window" --for Cole        secret A
    #7  note "under the crypt" --for Mara               secret B
    #8  note "the priest lies" --gm-only                secret C
    #9  session end   #10 session 2
    #11 reveal 6 --to players                           A: every player
    #12 reveal 7 --to Cole                              B: + Cole
    #13 note "Ike's letter" --for Ike,Mara              secret D
    #14 character rename Cole Colin
    #15 void 12                                         B: Cole's reveal voided
    #16 note "the well is dry" --for Colin              secret E
    #17 reveal 8 --to Ike --reason "the confession"     C: + Ike
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from support.cli import Cli, count_events

SHEET = ("--will", "11", "--ht", "10", "--iq", "11")


def _campaign(runner: Cli) -> None:
    runner("campaign", "new", "night", "--ruleset", "fright-check")
    for name in ("Cole", "Mara", "Ike"):
        runner("character", "add", name, *SHEET)
    runner("session", "start", "One")
    runner("note", "the face in the window", "--for", "Cole")
    runner("note", "under the crypt", "--for", "Mara")
    runner("note", "the priest lies", "--gm-only")
    runner("session", "end")
    runner("session", "start", "Two")
    runner("reveal", "6", "--to", "players")
    runner("reveal", "7", "--to", "Cole")
    runner("note", "Ike's letter", "--for", "Ike,Mara")
    runner("character", "rename", "Cole", "Colin")
    runner("void", "12", "--reason", "he never heard it")
    runner("note", "the well is dry", "--for", "Colin")
    runner("reveal", "8", "--to", "Ike", "--reason", "the confession")


def _knower(who: str, since: int, session: int) -> dict[str, Any]:
    return {"who": who, "since": since, "session": session}


TABLE = {
    "campaign": "night",
    "as_of": 17,
    "of": None,
    "secrets": [
        {
            "seq": 6, "kind": "for", "text": "the face in the window", "session": 1,
            "knowers": [_knower("Colin", 6, 1), _knower("players", 11, 2)],
            "not_yet": [],
        },
        {
            "seq": 7, "kind": "for", "text": "under the crypt", "session": 1,
            "knowers": [_knower("Mara", 7, 1)],
            "not_yet": ["Colin", "Ike"],
        },
        {
            "seq": 8, "kind": "gm-only", "text": "the priest lies", "session": 1,
            "knowers": [_knower("Ike", 17, 2)],
            "not_yet": ["Colin", "Mara"],
        },
        {
            "seq": 13, "kind": "for", "text": "Ike's letter", "session": 2,
            "knowers": [_knower("Ike", 13, 2), _knower("Mara", 13, 2)],
            "not_yet": ["Colin"],
        },
        {
            "seq": 16, "kind": "for", "text": "the well is dry", "session": 2,
            "knowers": [_knower("Colin", 16, 2)],
            "not_yet": ["Mara", "Ike"],
        },
    ],
}  # fmt: skip


def test_the_knowledge_table_is_the_hand_written_one(runner: Cli) -> None:
    _campaign(runner)
    assert runner.json("secrets") == TABLE


def test_as_of_before_the_void_cole_knew_the_crypt(runner: Cli) -> None:
    _campaign(runner)
    table: Any = runner.json("secrets", "--as-of", "14")
    crypt = next(s for s in table["secrets"] if s["seq"] == 7)
    assert crypt["knowers"] == [_knower("Mara", 7, 1), _knower("Colin", 12, 2)]
    assert [s["seq"] for s in table["secrets"]] == [6, 7, 8, 13]


def test_for_a_character_what_the_players_do_not_know(runner: Cli) -> None:
    _campaign(runner)
    mine: Any = runner.json("secrets", "--for", "Mara")
    assert mine["of"] == "Mara" and [s["seq"] for s in mine["secrets"]] == [7, 13]
    # by an old name too: Cole is Colin (the secret of #6 every player knows now)
    cole: Any = runner.json("secrets", "--for", "Cole")
    assert [s["seq"] for s in cole["secrets"]] == [16]
    text = runner("secrets").stdout
    assert "#7 (for, session 1): under the crypt" in text
    assert "not yet: Colin, Ike" in text


def test_a_newcomer_taking_the_old_name_knows_nothing_of_it(runner: Cli) -> None:
    _campaign(runner)
    runner("character", "add", "Cole", *SHEET)
    new: Any = runner.json("secrets", "--for", "Cole")
    assert new["of"] == "Cole" and new["secrets"] == []
    table: Any = runner.json("secrets")
    assert "Cole" in next(s for s in table["secrets"] if s["seq"] == 16)["not_yet"]


def test_the_recaps_tell_the_reveal_in_its_session(runner: Cli) -> None:
    _campaign(runner)
    one = runner("recap", "1", "--for", "players").stdout
    assert "the face in the window" not in one  # as session 1 was known
    two = runner("recap", "2", "--for", "players").stdout
    assert "## Learned this session" in two
    assert "the face in the window *(noted in session 1)*" in two
    assert "under the crypt" not in two and "the priest lies" not in two
    ike = runner("recap", "2", "--for", "Ike").stdout
    assert "the priest lies *(noted in session 1; the confession)*" in ike
    colin = runner("recap", "2", "--for", "Colin").stdout
    assert "under the crypt" not in colin  # the reveal to him was voided
    assert "the well is dry" in colin and "Ike's letter" not in colin
    gm = runner("recap", "2", "--for", "gm").stdout
    assert "Ike's letter *(known to Ike (since #13), Mara (since #13))*" in gm


def test_refusals_write_nothing(runner: Cli) -> None:
    _campaign(runner)
    before = count_events(runner.db)
    cases = [
        (("reveal", "9", "--to", "players"), "event 9 is not a secret"),
        (("reveal", "99", "--to", "players"), "event 99 is not a secret"),
        (("reveal", "6", "--to", "Mara"), "every player knows #6 already"),
        (("reveal", "7", "--to", "Mara"), "Mara already knows #7"),
        (("reveal", "7", "--to", "players,Ike"), "name no one beside it"),
        (("reveal", "7", "--to", "Nobody"), "no character named 'Nobody'"),
        (("note", "x", "--for", "Mara", "--gm-only"), "one of them"),
        (("note", "x", "--for", "Nobody"), "no character named 'Nobody'"),
        (("safety", "line", "  "), "a line needs some text"),
    ]
    for args, words in cases:
        result = runner.refused(*args)
        assert words in result.stderr, (args, result.stderr)
    assert count_events(runner.db) == before


def test_safety_tools_and_the_xcard(runner: Cli) -> None:
    _campaign(runner)
    runner("safety", "line", "harm to children")
    runner("safety", "veil", "torture")
    tools: Any = runner.json("safety", "list")
    assert [(t["kind"], t["text"]) for t in tools["tools"]] == [
        ("line", "harm to children"),
        ("veil", "torture"),
    ]
    runner("void", str(tools["tools"][0]["seq"]), "--reason", "lifted by the table")
    veil = tools["tools"][1]["seq"]
    assert runner("safety", "list").stdout.splitlines() == [f"#{veil} veil: torture"]
    runner("note", "What the ghoul did to the dog", "--veil", "the dog")
    runner("xcard", "--reason", "too close to home")
    players = runner("recap", "--for", "players").stdout
    assert "\\[faded to black: the dog\\]" in players and "ghoul" not in players
    assert "A scene was skipped." in players and "too close to home" not in players
    gm = runner("recap", "--for", "gm").stdout
    assert "What the ghoul did to the dog" in gm
    assert "X-card: a scene was cut (too close to home)" in gm
    log = runner("log").stdout
    assert "X-card: a scene is cut (too close to home)" in log


def test_recap_as_of_a_seq_follows_the_void(runner: Cli) -> None:
    _campaign(runner)
    colin_then = runner("recap", "2", "--for", "Colin", "--as-of", "14").stdout
    assert "under the crypt *(noted in session 1)*" in colin_then  # before #15 voided it
    assert "under the crypt" not in runner("recap", "2", "--for", "Colin").stdout
    document: Any = runner.json("recap", "2", "--for", "players", "--as-of", "10")
    assert document["learned"] == []  # #11, the reveal, is later


def test_the_book_tells_a_secret_in_the_chapter_of_its_reveal(runner: Cli) -> None:
    _campaign(runner)
    book: Any = runner.json("book", "--for", "players")
    one, two = book["recaps"]
    assert "the face in the window" not in str(one)
    assert [e["text"] for e in two["learned"]] == ["the face in the window"]
    html = runner("book", "--for", "Mara", "--format", "html", "-o", "mara.html")
    assert html.exit_code == 0
    page = (Path(runner.db).parent / "mara.html").read_text()
    assert "Learned this session" in page and "Ike&#39;s letter" in page
    assert "the priest lies" not in page and "the well is dry" not in page


def test_export_keeps_every_secret_and_import_reads_the_same_table(
    runner: Cli, tmp_path: Path
) -> None:
    _campaign(runner)
    exported = runner("export").stdout
    for text in ("the priest lies", "under the crypt", "the well is dry"):
        assert text in exported
    other = Cli(runner.runner, str(tmp_path / "other.db"))
    (tmp_path / "crypt.jsonl").write_text(exported)
    other("import", str(tmp_path / "crypt.jsonl"))
    assert other.json("secrets") == TABLE


def test_a_swap_of_names_changes_nothing_of_who_knows(runner: Cli) -> None:
    """Cole and Mara swap names: the secret noted for Cole stays with that player, who is
    now called Mara; the recap for the new Cole does not show it."""
    runner("campaign", "new", "swap", "--ruleset", "fright-check")
    for name in ("Cole", "Mara"):
        runner("character", "add", name, *SHEET)
    runner("session", "start", "One")
    runner("note", "the face-x9", "--for", "Cole")
    runner("character", "rename", "Cole", "Tmp")
    runner("character", "rename", "Mara", "Cole")
    runner("character", "rename", "Tmp", "Mara")
    table: Any = runner.json("secrets")
    assert table["secrets"][0]["knowers"] == [_knower("Mara", 5, 1)]
    assert table["secrets"][0]["not_yet"] == ["Cole"]
    assert "the face-x9" in runner("recap", "--for", "Mara").stdout
    assert "the face-x9" not in runner("recap", "--for", "Cole").stdout


def test_a_character_named_only_in_a_secret_is_in_no_players_cast(runner: Cli) -> None:
    """The cast is who the players saw: a character named only in a `--gm-only --about`
    note (or a `--for` one) is in the GM's cast alone (issue 47, T2: the GM-only check
    dropped from the cast named them to the players)."""
    import json

    runner("campaign", "new", "night", "--ruleset", "fright-check")
    for name in ("Cole", "Mara", "Ike"):
        runner("character", "add", name, *SHEET)
    runner("session", "start", "One")
    runner("note", "Cole lights the lamps", "--about", "Cole")
    runner("note", "Ike is the cultist", "--gm-only", "--about", "Ike")
    runner("note", "Mara hid the letter", "--for", "Cole", "--about", "Mara")

    def cast(audience: str) -> list[str]:
        document = json.loads(runner("recap", "--for", audience, "--json").stdout)
        return list(document["cast"])

    assert cast("players") == ["Cole"]
    assert cast("Cole") == cast("Mara") == cast("Ike") == ["Cole"]
    assert cast("gm") == ["Cole", "Mara", "Ike"]
    players = runner("recap", "--for", "players").stdout.splitlines()
    assert "Cast: Cole (session still open)" in players
