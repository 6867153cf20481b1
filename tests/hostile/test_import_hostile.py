"""`import` applies the rules the commands apply (issue 20): a line the commands could not
have written is refused as `line N: ...`, one `Error:` line, and nothing is written: no new
campaign, and a campaign the database holds keeps its events and its head.

The file is an export of the Jackson zombies campaign with its hashes taken off (a
hand-written log), so that each refusal is the rule's, not the hash chain's."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import WORKED_EXAMPLE as ZOMBIES
from support.cli import Cli, count_events

SLUG = "jackson-zombies"
DEEP = 5000


def unhashed() -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in ZOMBIES.read_text(encoding="utf-8").splitlines()]
    for row in rows:
        del row["hash"], row["prev_hash"]
    return rows


def text_of(rows: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(row, ensure_ascii=False) for row in rows]


def _with(index: int, change: Callable[[dict[str, Any]], object]) -> list[str]:
    rows = unhashed()
    change(rows[index])
    return text_of(rows)


def _replaced(index: int, old: str, new: str) -> list[str]:
    lines = text_of(unhashed())
    assert old in lines[index]
    lines[index] = lines[index].replace(old, new, 1)
    return lines


def _inserted(index: int, row: dict[str, Any]) -> list[str]:
    """`row` as line `index + 1`, the lines after it moved down (their seqs too)."""
    rows = unhashed()
    rows.insert(index, {"seq": index + 1, **row})
    for seq, later in enumerate(rows[index + 1 :], start=index + 2):
        later["seq"] = seq
        later.pop("event_id")  # derived from the content (and the seq) again
    return text_of(rows)


def _slug(slug: str) -> list[str]:
    rows = unhashed()
    rows[0]["data"]["slug"] = slug
    for row in rows:
        del row["campaign"]
    return text_of(rows)


def _deep() -> list[str]:
    lines = text_of(unhashed())
    nested = "[" * DEEP + "]" * DEEP
    lines[5] = lines[5].replace('"data": {', f'"data": {{"x": {nested}, ', 1)
    return lines


SECOND_SESSION = {"type": "SessionStarted", "data": {"number": 3, "title": "Two"}}
#: (the file's lines, the refusal's start): each once ended in "unexpected failure" or was
#: imported though no command could have written it
CASES: dict[str, tuple[Callable[[], list[str]], str]] = {
    "nested 5,000 deep": (_deep, "line 6 nests lists or objects more than 32 deep"),
    "a 5,000-digit seq": (
        lambda: _replaced(6, '"seq": 7', '"seq": ' + "9" * 5000),
        "line 7 holds a number far too long for any field",
    ),
    "a 30-digit session": (
        lambda: _replaced(6, '"session": 1', '"session": ' + "9" * 30),
        "line 7: session must be a whole number from 1 to",
    ),
    "recorded_at at the end of the range": (
        lambda: _with(6, lambda row: row.update(recorded_at="9999-12-31T23:59:59-05:00")),
        "line 7: recorded_at '9999-12-31T23:59:59-05:00' falls outside the years 1 to 9999",
    ),
    "recorded_at at the start of the range": (
        lambda: _with(6, lambda row: row.update(recorded_at="0001-01-01T00:00:00+05:00")),
        "line 7: recorded_at '0001-01-01T00:00:00+05:00' falls outside the years 1 to 9999",
    ),
    "a first session numbered 5": (
        lambda: _with(4, lambda row: row["data"].update(number=5)),
        "line 5: it starts session 5 as the first: sessions are numbered 1, 2, 3 ... in order",
    ),
    "a second session numbered 3": (
        lambda: [*text_of(unhashed()), json.dumps(SECOND_SESSION)],
        "line 28: it starts session 3 after session 1",
    ),
    "a session started while one is open": (
        lambda: _inserted(5, {"type": "SessionStarted", "data": {"number": 2, "title": "Two"}}),
        "line 6: session 2 starts while session 1 is open",
    ),
    "a session ended that is not open": (
        lambda: _with(26, lambda row: row["data"].update(number=2)),
        "line 27: it ends session 2, and session 1 is",
    ),
    "a note stamped with session 77": (
        lambda: _with(6, lambda row: row.update(session=77)),
        "line 7 is stamped with session 77, and only session 1 has started",
    ),
    "a note stamped before any session": (
        lambda: _with(2, lambda row: row.update(session=1)),
        "line 3 is stamped with session 1, and no session has started",
    ),
    "the slug ../../../../escaped": (
        lambda: _slug("../../../../escaped"),
        "line 1: '../../../../escaped' is not a campaign slug",
    ),
    "a slug ending in a newline": (
        lambda: _slug("night\n"),
        "line 1: 'night\\n' is not a campaign slug",
    ),
    "a line naming the campaign with a newline": (
        lambda: _with(0, lambda row: row.update(campaign=SLUG + "\n")),
        "line 1: campaign must be a campaign slug",
    ),
    "a key twice (gm_only)": (
        lambda: _replaced(6, '"gm_only": true', '"gm_only": true, "gm_only": false'),
        "line 7 gives the key 'gm_only' twice in one object",
    ),
    "a key twice (type)": (
        lambda: _replaced(6, '"type": "NoteTaken"', '"type": "NoteTaken", "type": "NoteTaken"'),
        "line 7 gives the key 'type' twice in one object",
    ),
    "a key twice, in a line with escapes": (
        lambda: _replaced(6, '"gm_only": true', '"gm_only": true, "gm_\\u006fnly": false'),
        "line 7 gives the key 'gm_only' twice in one object",
    ),
    "a name holding a comma": (
        lambda: _with(3, lambda row: row["data"].update(name="Linda, Freddie")),
        "line 4: 'Linda, Freddie' cannot be a name: it holds a comma",
    ),
    "a name holding a control character": (
        lambda: _with(3, lambda row: row["data"].update(name="Linda\x1b[1A")),
        "line 4: 'Linda\\x1b[1A' cannot be a name: it holds U+001B",
    ),
    "a look-alike of another character": (
        lambda: _with(3, lambda row: row["data"].update(name="Fr\u0435ddie")),
        "line 4: 'Fr\u0435ddie' cannot be a name: it looks like 'Freddie'",
    ),
}


def _file(tmp_path: Path, lines: list[str]) -> str:
    path = tmp_path / "hostile.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


def test_the_file_imports_as_it_is(runner: Cli, tmp_path: Path) -> None:
    """Every case below changes one thing in a file that imports."""
    from journal.transfer import parse_lines

    runner("import", _file(tmp_path, text_of(unhashed())))
    assert count_events(runner.db) == 27
    assert sum(len(records) for _, records, _ in parse_lines(text_of(_bare()), None)) == 27


@pytest.mark.parametrize("case", list(CASES))
def test_a_line_no_command_writes_is_refused_at_its_number(
    runner: Cli, tmp_path: Path, case: str
) -> None:
    make, says = CASES[case]
    result = runner.refused("import", _file(tmp_path, make()))
    assert result.stderr.startswith(f"Error: {says}"), result.stderr
    assert result.stderr.endswith("; nothing was imported\n")
    assert count_events(runner.db) == 0


@pytest.mark.parametrize("case", list(CASES))
def test_nothing_is_written_beside_a_campaign_the_database_holds(
    runner: Cli, tmp_path: Path, case: str
) -> None:
    """Into a database holding the campaign (its head unchanged), and as a new campaign
    beside it (none made)."""
    runner("import", str(ZOMBIES))
    before = runner.json("verify")["head"]  # type: ignore[index]
    make, says = CASES[case]
    hostile = _file(tmp_path, make())
    assert says in runner.refused("import", hostile).stderr
    assert says in runner.refused("--campaign", "copy", "import", hostile).stderr
    assert runner.json("verify")["head"] == before  # type: ignore[index]
    assert [c["campaign"] for c in runner.json("campaign", "list")] == [SLUG]  # type: ignore[union-attr, index]


def test_every_case_writes_nothing_on_either_backend(
    runner: Cli, db_url: str, tmp_path: Path
) -> None:
    """The refusals come before any write, whatever the database."""
    journal = Cli(runner.runner, db_url)
    journal("import", str(ZOMBIES))
    before = journal.json("verify")["head"]  # type: ignore[index]
    for case, (make, says) in CASES.items():
        hostile = _file(tmp_path, make())
        assert says in journal.refused("--campaign", "copy", "import", hostile).stderr, case
        assert says in journal.refused("import", hostile).stderr, case
    assert journal.json("verify")["head"] == before  # type: ignore[index]
    assert [c["campaign"] for c in journal.json("campaign", "list")] == [SLUG]  # type: ignore[union-attr, index]


# --- the property ----------------------------------------------------------------------

NAMES = ["Freddie", "Ariella", "Linda"]
SHEET = {"reaction": 10, "willpower": 10, "hardness": 0, "training": "none"}


def _bare() -> list[dict[str, Any]]:
    """The file as a hand-written log: no seq, no event id, no campaign on its lines."""
    rows = unhashed()
    for row in rows:
        del row["seq"], row["event_id"], row["campaign"]
    return rows


def _lookalike(draw: st.DrawFn) -> str:
    """A name no command takes in the campaign once its three characters have joined."""
    base = draw(st.sampled_from([*NAMES, "gm", "players", "Mina"]))
    hidden = draw(st.sampled_from(["\u200b", "\u00ad", "\u202e", "\u2066", "\x07", "\ufeff"]))
    at = draw(st.integers(min_value=0, max_value=len(base)))
    cyrillic = base.replace("a", "\u0430").replace("e", "\u0435").replace("p", "\u0440")
    return draw(
        st.sampled_from(
            [
                base[:at] + hidden + base[at:],
                base[:at] + "," + base[at:],
                cyrillic if base in (*NAMES, "players") else "G\u041c",
                base.upper() if base in NAMES else "\uff27\uff2d",
                "M" * draw(st.integers(min_value=61, max_value=500)),
            ]
        )
    )


@st.composite
def hostile_files(draw: st.DrawFn) -> tuple[list[str], int]:
    """The file with one line changed, or added, into one no command writes: the lines, and
    that line's number."""
    rows = _bare()
    kind = draw(
        st.sampled_from(["repeat", "deep", "digits", "instant", "stamp", "name", "session", "slug"])
    )
    index = draw(st.integers(min_value=1, max_value=len(rows) - 1))
    row = rows[index]
    started = sum(1 for r in rows[:index] if r["type"] == "SessionStarted")
    line = ""
    if kind == "repeat":  # a key of the line or of its data given twice
        in_data = draw(st.booleans())
        key = draw(st.sampled_from(sorted(row["data"] if in_data else row)))
        value = draw(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5)))
        opening = '"data": {' if in_data else "{"
        text = json.dumps(row, ensure_ascii=draw(st.booleans()))
        line = text.replace(opening, f"{opening}{json.dumps(key)}: {json.dumps(value)}, ", 1)
    elif kind == "deep":
        # past Python's recursion limit too (msgspec's and json's own)
        depth = draw(st.one_of(st.sampled_from([33, 999, 1000, DEEP]), st.integers(33, DEEP)))
        nested = "[" * depth + "]" * depth
        line = json.dumps(row).replace('"data": {', f'"data": {{"x": {nested}, ', 1)
    elif kind == "digits":
        field = draw(st.sampled_from(["seq", "schema", "session"]))
        # past the 4,300 digits Python converts too
        length = draw(st.one_of(st.sampled_from([20, 4301, 5000]), st.integers(20, 5000)))
        digits = "9" * length
        line = json.dumps({**row, field: 0}).replace(f'"{field}": 0', f'"{field}": {digits}')
    elif kind == "instant":
        hours = draw(st.integers(min_value=1, max_value=23))
        moment = draw(
            st.sampled_from(
                [f"9999-12-31T23:59:59-{hours:02d}:00", f"0001-01-01T00:00:00+{hours:02d}:00"]
            )
        )
        line = json.dumps({**row, "recorded_at": moment})
    elif kind == "stamp":  # a session that has not started
        opened = started + (row["type"] == "SessionStarted")
        line = json.dumps({**row, "session": draw(st.integers(opened + 1, 10**6))})
    elif kind == "slug":
        slug = draw(
            st.sampled_from(
                ["../escaped", "Night", "night\n", "-night", "n\u00fcit", "a/b", "a" * 64]
            )
        )
        index, line = 0, json.dumps({**rows[0], "data": {**rows[0]["data"], "slug": slug}})
    lines = text_of(rows)
    if kind == "name":  # a character added where the three have joined
        index = draw(st.integers(min_value=4, max_value=len(rows)))
        name = _lookalike(draw)
        lines.insert(
            index, json.dumps({"type": "CharacterAdded", "data": {"name": name, "sheet": SHEET}})
        )
    elif kind == "session":  # a session numbered out of turn
        index = draw(st.integers(min_value=1, max_value=len(rows)))
        started = sum(1 for r in rows[:index] if r["type"] == "SessionStarted")
        number = draw(st.integers(1, 10**6).filter(lambda n: n != started + 1))
        lines.insert(
            index, json.dumps({"type": "SessionStarted", "data": {"number": number, "title": "x"}})
        )
    else:
        lines[index] = line
    return lines, index + 1


@contextmanager
def _store(tmp_path: Path) -> Iterator[Any]:
    from journal.store import Store
    from journal.transfer import import_file

    with Store.open(str(tmp_path / "property.db")) as store:
        import_file(store, ZOMBIES.read_text(encoding="utf-8").splitlines())
        yield store


def test_any_line_no_command_writes_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    """Into the campaign the database holds (its event count and head unchanged) and as a
    new campaign (none made): refused at the changed line's number."""
    from journal.transfer import ImportRefused, import_file

    with _store(tmp_path) as store:
        head = store.head(SLUG)

        @settings(
            max_examples=150,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        )
        @given(hostile_files())
        def refused(case: tuple[list[str], int]) -> None:
            lines, number = case
            for campaign in (None, "copy"):
                with pytest.raises(ImportRefused, match=rf"^line {number}\b"):
                    import_file(store, lines, campaign)
                assert store.head(SLUG) == head
                assert [r.campaign for r in store.campaigns()] == [SLUG]

        refused()
