"""Names a reader can tell apart (issue 18): a look-alike of another character's name or of
an audience, an invisible or control character, a comma, an overlong name is refused by
`character add`, `character rename` and `import`, each with one `Error:` line and nothing
written; a name is stored in NFC; `db check` reports the names an older journal let in, with
the rename that fixes each; campaign slugs are ASCII and whole."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.cli import HAND_SHEET, Cli, count_events, hand_written_log

SHEET = ("--reaction", "10", "--willpower", "10", "--hardness", "0", "--training", "none")
SHEET_DATA = HAND_SHEET
NFC_ZOE = unicodedata.normalize("NFC", "Zoë")
NFD_ZOE = unicodedata.normalize("NFD", "Zoë")

#: (name, what the refusal says), beside Linda and Zoë (NFC)
LOOKALIKES = [
    ("GM\u200b", "U+200B ZERO WIDTH SPACE"),
    ("G\u041c", "looks like 'gm' (it holds U+041C CYRILLIC CAPITAL LETTER EM)"),
    ("\uff27\uff2d", "looks like 'gm' (it holds U+FF27 FULLWIDTH LATIN CAPITAL LETTER G"),
    ("\u0440layers", "looks like 'players' (it holds U+0440 CYRILLIC SMALL LETTER ER)"),
    ("PL\u0410YERS", "looks like 'players'"),
    (NFD_ZOE, f"{NFC_ZOE} is already in campaign"),
    ("linda", "Linda is already in campaign"),
    ("L\u0456nda", "looks like 'Linda' (it holds U+0456 CYRILLIC SMALL LETTER"),
    ("LINDA", "Linda is already in campaign"),
    ("Lin\u00adda", "U+00AD SOFT HYPHEN"),
    ("\u202eadniL", "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("Lin\u2066da", "U+2066 LEFT-TO-RIGHT ISOLATE"),
    ("Mina\ufe0f", "U+FE0F VARIATION SELECTOR-16"),
    ("Mina\ufdd0", "U+FDD0 (a non-character)"),
    ("Mina\U0010ffff", "U+10FFFF (a non-character)"),
    ("Mina\x1b[2J", "U+001B (a control character)"),
    ("Ann,Bea", "it holds a comma"),
    ("M" * 61, "it is 61 characters long: keep it to 60"),
]
IDS = [
    "zwsp", "cyrillic-em", "fullwidth", "cyrillic-er", "cyrillic-a-upper", "nfd", "case",
    "cyrillic-i", "upper", "soft-hyphen", "rlo", "isolate", "variation-selector",
    "noncharacter", "plane-16-noncharacter", "escape", "comma", "long",
]  # fmt: skip


@pytest.fixture
def night(runner: Cli) -> Cli:
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Linda", *SHEET)
    runner("character", "add", NFC_ZOE, *SHEET)
    runner("character", "add", "Tobais", *SHEET)
    return runner


@pytest.mark.parametrize(("name", "says"), LOOKALIKES, ids=IDS)
def test_character_add_refuses_a_name_a_reader_cannot_tell_apart(
    night: Cli, name: str, says: str
) -> None:
    result = night.refused("character", "add", name, *SHEET)
    assert says in result.stderr
    assert "\x1b" not in result.stderr and "\u202e" not in result.stderr  # shown escaped
    assert count_events(night.db) == 4


@pytest.mark.parametrize(("name", "says"), LOOKALIKES, ids=IDS)
def test_character_rename_refuses_it_too(night: Cli, name: str, says: str) -> None:
    assert says in night.refused("character", "rename", "Tobais", name).stderr
    assert count_events(night.db) == 4


def test_names_that_only_resemble_each_other_are_still_two(night: Cli) -> None:
    """The skeleton is not a casefold of it: `l` looks like `I`, not like `i`."""
    night("character", "add", "Ilia", *SHEET)
    night("character", "add", "Lila", *SHEET)
    night("character", "add", "Zoe", *SHEET)
    night("character", "add", "M" * 60, *SHEET)
    night("character", "rename", "Tobais", "Tobias")
    night("character", "rename", "tobias", "TOBIAS")  # a fix of case alone
    assert count_events(night.db) == 10


def test_a_name_is_stored_in_nfc_and_found_as_typed_either_way(runner: Cli) -> None:
    """Spaces of any kind (a tab, a line separator) are one space, as they always were."""
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", f"  {NFD_ZOE}\u2028\t Smith ", *SHEET)
    log = runner.json("log")
    assert isinstance(log, list)
    assert log[-1]["data"]["name"] == f"{NFC_ZOE} Smith"
    for typed in (f"{NFD_ZOE} Smith", f"{NFC_ZOE} smith"):
        runner("note", "A scream.", "--about", typed)
        assert runner("character", "show", typed).exit_code == 0
    assert [e["data"]["about"] for e in runner.json("log")[-2:]] == [  # type: ignore[index]
        [f"{NFC_ZOE} Smith"],
        [f"{NFC_ZOE} Smith"],
    ]


def _log(tmp_path: Path, *lines: dict[str, object]) -> str:
    return hand_written_log(tmp_path, "Linda", *lines)


@pytest.mark.parametrize(
    ("name", "says"),
    [
        *LOOKALIKES,
        ("Mina\nHobbs", "'Mina\\nHobbs' is not as the journal stores it"),
        ("Mina\tHobbs", "write it as 'Mina Hobbs'"),
        ("Mina\u2028Hobbs", "write it as 'Mina Hobbs'"),
        (" Mina", "write it as 'Mina'"),
        ("Mina  Hobbs", "write it as 'Mina Hobbs'"),
    ],
    ids=[*IDS, "newline", "tab", "line-separator", "leading-space", "double-space"],
)
@pytest.mark.parametrize("how", ["added", "renamed"])
def test_import_applies_the_same_rules(
    runner: Cli, tmp_path: Path, name: str, says: str, how: str
) -> None:
    zoe = {"type": "CharacterAdded", "data": {"name": NFC_ZOE, "sheet": SHEET_DATA}}
    line: dict[str, object] = (
        {"type": "CharacterAdded", "data": {"name": name, "sheet": SHEET_DATA}}
        if how == "added"
        else {"type": "CharacterRenamed", "data": {"old": NFC_ZOE, "new": name}}
    )
    if how == "renamed" and name == NFD_ZOE:
        says = f"{NFC_ZOE} is already called {NFC_ZOE}"  # the same name, as it is stored
    result = runner.refused("import", _log(tmp_path, zoe, line))
    assert result.stderr.startswith("Error: line 4: ") and says in result.stderr
    assert result.stderr.endswith("; nothing was imported\n")
    assert count_events(runner.db) == 0


def test_import_refuses_a_rename_of_nobody(runner: Cli, tmp_path: Path) -> None:
    line = {"type": "CharacterRenamed", "data": {"old": "Nobody", "new": "Mina"}}
    result = runner.refused("import", _log(tmp_path, line))
    assert "line 3: it renames 'Nobody', who is no character of the campaign then" in (
        result.stderr
    )


def test_import_takes_a_name_back_with_its_void(runner: Cli, tmp_path: Path) -> None:
    """A character added, voided and added again (as the commands allow) imports: the
    names are checked against the characters as the commands saw them."""
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Mina", *SHEET)
    runner("void", "2", "--reason", "typo")
    runner("character", "add", "Mina", *SHEET)
    runner("character", "rename", "Mina", "Mino")
    runner("character", "add", "Mina", *SHEET)  # a freed name, taken again
    runner("export", "-o", str(tmp_path / "night.jsonl"))
    other = Cli(runner.runner, str(tmp_path / "other.db"))
    other("import", str(tmp_path / "night.jsonl"))
    assert count_events(other.db) == 6


# --- names older journals let in -------------------------------------------------------


@pytest.fixture
def old(runner: Cli) -> Cli:
    """Names an older journal let in, appended straight to the store as it did."""
    from journal.store import Draft, Store

    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("character", "add", "Linda", *SHEET)
    sheet = {**SHEET_DATA, "brokenness": 0, "specializations": {}}
    with Store.open(runner.db) as store:
        seq, _ = store.head("night")
        store.append(
            "night",
            seq,
            [
                Draft("CharacterAdded", 1, {"name": name, "sheet": sheet})
                for name in ("L\u0456nda", "GM\u200b", NFD_ZOE, "\u0440layers")
            ],
        )
    return runner


def test_db_check_reports_each_name_and_the_rename_that_fixes_it(old: Cli) -> None:
    result = old("db", "check", ok=False)
    assert result.exit_code == 1
    findings = [line for line in result.stderr.splitlines() if line.startswith("Finding: ")]
    assert len(findings) == 4, result.stderr
    cyrillic, zwsp, nfd, players = findings
    assert "named 'L\u0456nda', which the journal now refuses: it looks like 'Linda'" in cyrillic
    assert "fix: journal --campaign night character rename 'L\u0456nda' NEWNAME" in cyrillic
    assert "'GM\\u200b', which the journal now refuses: it holds U+200B ZERO WIDTH SPACE" in zwsp
    assert "\u200b" not in zwsp  # shown, not hidden
    assert "fix: journal --campaign night character rename $'GM\\U0000200b' NEWNAME" in zwsp
    assert "not in the form the journal stores names now (spaces single, Unicode NFC)" in nfd
    assert "it looks like 'players'" in players
    document = json.loads(old("db", "check", "--json", ok=False).stdout)
    assert [f["character"] for f in document["findings"]] == [
        "L\u0456nda",
        "GM\u200b",
        NFD_ZOE,
        "\u0440layers",
    ]
    assert count_events(old.db) == 6  # reported, nothing changed


def test_the_renames_db_check_names_clear_it(old: Cli) -> None:
    old("character", "rename", "L\u0456nda", "Lena")
    old("character", "rename", "GM\u200b", "Gideon")
    old("character", "rename", NFD_ZOE, NFC_ZOE)  # the same name, typed again: NFC
    old("character", "rename", "\u0440layers", "Pia")
    assert old("db", "check").exit_code == 0


def test_the_audit_takes_an_older_journals_names_as_recorded(old: Cli) -> None:
    """Deciding the log again never voids a character for a name the rules of its day
    allowed: `db check` reports it, the rename fixes it."""
    assert old("audit").exit_code == 0
    assert "nothing to re-rule" in old("rerule").stdout
    assert count_events(old.db) == 6


# --- campaign slugs --------------------------------------------------------------------


@pytest.mark.parametrize("slug", ["night\n", "Night", "nu\u0131t", "-night", "../night", "n\u0660"])
def test_a_slug_is_ascii_lowercase_digits_and_dashes_whole(
    runner: Cli, tmp_path: Path, slug: str
) -> None:
    stderr = runner.refused("campaign", "new", "--ruleset", "horror-factor", "--", slug).stderr
    assert "is not a campaign slug" in stderr
    runner("campaign", "new", "night", "--ruleset", "horror-factor")
    runner("export", "-o", str(tmp_path / "night.jsonl"))
    other = Cli(runner.runner, str(tmp_path / "other.db"))
    assert (
        "is not a campaign slug"
        in other.refused(f"--campaign={slug}", "import", str(tmp_path / "night.jsonl")).stderr
    )
    assert count_events(other.db) == 0


# --- the property ----------------------------------------------------------------------

#: letters a look-alike is made of: Latin, their Cyrillic and Greek twins, full-width and
#: mathematical forms, combining marks, what does not show, spaces and a comma
ALPHABET = (
    "aeiloprsGMLIP1| "
    "\u0430\u0435\u0456\u043e\u0440\u0455\u041c\u0406\u0420\u03bf\u0399"
    "\uff27\uff2d\U0001d5c5\u0301\u0308\u200b\u00ad\u202e\u2066\ufe0f\x1b\u3000,"
)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet=ALPHABET, min_size=1, max_size=8), min_size=1, max_size=12))
def test_the_cast_the_commands_accept_holds_no_two_lookalikes(typed: list[str]) -> None:
    """Whatever is typed, the names accepted are stored as `journal.names` has them, hold
    nothing hidden and no comma, and no two of them (nor one and an audience) look alike."""
    from journal.errors import RuleError
    from journal.names import _looks, audience_lookalike, flaw
    from journal.projection import apply
    from journal.rules import load
    from journal.rules.core.commands import AddCharacter, CreateCampaign
    from journal.rules.core.decide import decide_core
    from journal.rules.core.state import CampaignState, Meta

    ruleset = load("horror-factor")
    (created,) = decide_core(CampaignState(), CreateCampaign("night", "horror-factor"), ruleset)
    state = apply(CampaignState(), created, Meta(1), ruleset)
    for name in typed:
        try:
            (added,) = decide_core(state, AddCharacter(name, dict(SHEET_DATA)), ruleset)
        except RuleError:
            continue
        state = apply(state, added, Meta(state.seq + 1), ruleset)
    accepted = list(state.characters)
    for index, name in enumerate(accepted):
        assert unicodedata.is_normalized("NFC", name) and name == " ".join(name.split())
        assert not [c for c in name if unicodedata.category(c) in ("Cc", "Cf") or c in "\ufe0f,"]
        assert flaw(name) is None and audience_lookalike(name) is None
        for other in accepted[:index]:
            assert _looks(name).isdisjoint(_looks(other)), (name, other)
