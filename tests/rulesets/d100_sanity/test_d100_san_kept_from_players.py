"""SAN kept from the players (`--option san_hidden=yes`), as a leak property: for random
nights of either preset (sanity rolls, bouts, disorders, awards, therapy, Mythos, scenarios
and sessions), no SAN number reaches any way out to the players or a character: the recaps
and arcs (JSON, Markdown, HTML), the book, the board and every page of their links of
`journal serve`, the posts their webhooks receive, the proofs made for them, and the
Obsidian vault and Foundry exports made for them. The GM's copies show those numbers, and
so do the players' when the option is off: the property can fail.

A SAN number here is one of the values SAN, maximum SAN or a breaking point took (all kept
at 50 or more, where no other number of a short log reaches: its seqs, sessions, lengths
and dice stay below), or `SAN` followed by a number."""

from __future__ import annotations

import itertools
import json
import os
import re
from collections import Counter
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from support.api import on_file, random_logs, recorded, state_of
from support.cli import Cli
from support.discord_standin import StandIn, discord_standin

import journal
from journal.api.errors import JournalError
from journal.api.handouts import Audience
from journal.api.journal import Journal
from journal.rules.core.commands import AddCharacter, EndSession, StartSession, TakeNote
from journal.rulesets.d100_sanity.rules.award import AwardSan
from journal.rulesets.d100_sanity.rules.bout import RecordBout
from journal.rulesets.d100_sanity.rules.disorder import GainDisorder
from journal.rulesets.d100_sanity.rules.mythos import GainMythos
from journal.rulesets.d100_sanity.rules.sanity import Sanity
from journal.rulesets.d100_sanity.rules.scenario_end import EndScenario
from journal.rulesets.d100_sanity.rules.scenario_start import StartScenario
from journal.rulesets.d100_sanity.rules.therapy import TherapyRoll

EXAMPLES = max(3, int(os.environ.get("JOURNAL_LEAK_EXAMPLES", "25")) // 5)
#: SAN stays above this in a short log of small losses; every other number stays below
FLOOR = 50
NAMES = ("Mara", "Eli")
_numbers = itertools.count()


@pytest.fixture(scope="module", autouse=True)
def _seeded() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as env:
        env.setenv("JOURNAL_DICE_SEED", "46")
        yield


ACTIONS = st.lists(
    st.tuples(
        st.sampled_from(
            ["roll", "roll", "roll", "bout", "disorder", "award", "therapy", "mythos",
             "scenario", "session", "note"]
        ),
        st.integers(0, 99),
    ),
    min_size=6,
    max_size=22,
)  # fmt: skip


def write(preset: str, hidden: bool, actions: list[tuple[str, int]]) -> Journal:
    options = {"preset": preset, "san_hidden": "yes" if hidden else "no"}
    night = journal.create(":memory:", "night", "d100-sanity", options=options)
    for number, name in enumerate(NAMES):
        sheet = {"pow": 17 + number} if preset == "delta-green" else {"pow": 88 + number, "int": 60}
        if preset == "delta-green":
            sheet["bonds"] = ["Ana=9"]
        recorded(night, AddCharacter(name, sheet))
    recorded(night, StartSession("One"))
    for kind, pick in actions:  # what the GM types holds no number of 50 or more
        who = NAMES[pick % 2]
        if kind == "roll":
            kinds = ("violence", "helplessness", "unnatural")
            command = Sanity(
                who,
                "0/1d3" if pick % 3 else "1/1d4",
                kind=kinds[pick % 3] if preset == "delta-green" else None,
                threat=f"ghoul-{pick % 2}",
                project="Ana" if preset == "delta-green" and pick % 4 == 0 else None,
            )
            recorded(night, command, {"sanity": (pick + 1,)})
        elif kind == "bout":
            recorded(night, RecordBout(who, what=f"runs {pick % 40}"))
        elif kind == "disorder":
            recorded(night, GainDisorder(who, f"Fear of {pick % 40}"))
        elif kind == "award":
            recorded(night, AwardSan(who, "1d3", None, f"a win {pick % 40}"))
        elif kind == "therapy":
            recorded(
                night,
                TherapyRoll(who, pick % 5 - 2, "therapy", "a month"),
                {"therapy": (pick + 1,)},
            )
        elif kind == "mythos":
            recorded(night, GainMythos(who, 1 + pick % 3, "a page"))
        elif kind == "scenario":
            recorded(
                night,
                EndScenario("1d3") if state_of(night).rules.scenario else StartScenario("A job"),
            )
        elif kind == "session":
            recorded(night, EndSession() if state_of(night).session else StartSession("Next"))
        else:
            recorded(night, TakeNote(f"note {pick % 40}", False, (who,)))
    return night


def san_numbers(night: Journal) -> set[int]:
    """Every value SAN, its maximum and a breaking point took (each 50 or more)."""
    found: set[int] = set()
    for record in night.records():
        data = record.data
        for key in ("san", "san_after", "san_max", "san_max_after", "breaking_point",
                    "breaking_point_after"):  # fmt: skip
            value = data.get(key)
            if isinstance(value, int):
                found.add(value)
        sheet = data.get("sheet")
        if isinstance(sheet, dict):
            found |= {v for k, v in sheet.items() if k in ("san", "breaking_point")}
            found.add(99 - int(sheet.get("mythos", 0)))
        for gain in data.get("awards", []) or []:
            found |= {gain["san"], gain["san_after"], gain["san_max"]}
    assert min(found) >= FLOOR, sorted(found)  # the log stayed where the oracle works
    return found


_NUMBER = re.compile(r"(?<![\w.#-])(\d+)(?![\w.:-])")
_SAN = re.compile(r"\bSAN\W{0,3}\d")


def leaks(text: str, numbers: set[int]) -> list[str]:
    """The SAN numbers `text` shows (`SAN 87`, or one of `numbers` on its own)."""
    found = [m.group(0) for m in _SAN.finditer(text)]
    found += [m.group(1) for m in _NUMBER.finditer(text) if int(m.group(1)) in numbers]
    return found


class _Text(HTMLParser):
    """A page's text: what a reader sees (no markup, no style, no script)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._skip += tag in ("style", "script")

    def handle_endtag(self, tag: str) -> None:
        self._skip -= tag in ("style", "script") and self._skip > 0

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def seen_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return " ".join(parser.parts)


def handouts(night: Journal, reader: Audience) -> Iterator[tuple[str, str]]:
    """(what, text) of every handout for `reader`: each session's recap (JSON, Markdown,
    HTML text), the arcs it may read, the book."""
    state = state_of(night)
    for number in range(1, state.sessions + 1):
        yield f"recap {number}", json.dumps(night.recap(number, reader), ensure_ascii=False)
        yield f"recap {number} md", night.recap_text(number, reader, "md")
        yield f"recap {number} html", seen_text(night.recap_text(number, reader, "html"))
    arcs = (reader.name,) if reader.one_character and reader.name else state.cast
    for name in arcs:
        yield f"{name}'s arc", json.dumps(night.arc(name), ensure_ascii=False)
        yield f"{name}'s arc md", night.arc_text(name, "md")
        yield f"{name}'s arc html", seen_text(night.arc_text(name, "html"))
    if state.sessions:
        yield "book", seen_text(str(night.book_text(reader, "html")))


def readers(night: Journal) -> list[Audience]:
    return [Audience.players(), *(Audience.character(n) for n in state_of(night).cast)]


@pytest.mark.parametrize("preset", ["coc", "delta-green"])
def test_no_san_number_reaches_a_players_handout(preset: str) -> None:
    seen: Counter[str] = Counter()

    @random_logs(EXAMPLES)
    @given(ACTIONS)
    def property_holds(actions: list[tuple[str, int]]) -> None:
        with write(preset, True, actions) as night:
            numbers = san_numbers(night)
            for reader in readers(night):
                for what, text in handouts(night, reader):
                    assert leaks(text, numbers) == [], (reader.label, what)
                    seen["handouts"] += 1
            board = night.board_grid(gm=False)
            cells = " ".join(c.text for row in board.rows for c in row.cells)
            assert leaks(cells, numbers) == [], cells
            assert any(word in cells for word in ("steady", "shaken", "breaking")), cells
            for record in night.records():
                for reader in readers(night):
                    try:
                        proof = night.prove(record.seq, reader)
                    except JournalError:
                        continue
                    shown = json.dumps(proof["event"], ensure_ascii=False)
                    assert leaks(shown, numbers) == [], (reader.label, record.seq)
                    seen["proofs"] += 1
            gm = " ".join(t for _, t in handouts(night, Audience.gm_copy()))
            assert leaks(gm, numbers), "the GM's copy shows SAN: the oracle is real"
            last = state_of(night).sessions
            if last:  # where they stand: numbers for the GM, words for the players
                mine = night.recap(last, Audience.gm_copy())["standing"]
                theirs = night.recap(last, Audience.players())["standing"]
                assert all(s["san"] is not None for s in mine), mine
                assert all(s["san"] is None and s["state"] for s in theirs), theirs
            seen["logs"] += 1
            seen["rolls"] += sum(r.type == "SanityRolled" for r in night.records())

    property_holds()
    assert seen["logs"] == EXAMPLES and seen["rolls"] >= 2 * EXAMPLES, seen
    assert seen["proofs"] >= EXAMPLES, seen
    print(f"{preset}: {dict(seen)}")


def test_with_the_option_off_the_players_read_the_numbers() -> None:
    """The same kind of night, SAN shown: the oracle finds the numbers in the players' copy."""
    actions = [("roll", 40), ("roll", 95), ("session", 0)]
    with write("coc", False, actions) as night:
        numbers = san_numbers(night)
        players = " ".join(t for _, t in handouts(night, Audience.players()))
        assert leaks(players, numbers)


@pytest.mark.parametrize("preset", ["coc", "delta-green"])
def test_no_san_number_reaches_a_page_a_post_or_an_export(preset: str, tmp_path: Path) -> None:
    """The pages of the players' and the characters' links, their webhooks' posts, the
    vault and Foundry exports for them: a few nights, each way out."""
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from journal.api.database_level import Database
    from journal.web.app import create_app
    from journal.web.site import Site

    nights = [
        [("roll", n) for n in (90, 12, 77, 3)] + [("bout", 1), ("session", 0), ("session", 0),
                                                  ("roll", 60), ("award", 2), ("mythos", 5)],
        [("scenario", 0), ("roll", 99), ("roll", 98), ("disorder", 1), ("scenario", 0),
         ("therapy", 7), ("session", 0)],
    ]  # fmt: skip
    for actions in nights:
        with write(preset, True, actions) as night:
            numbers = san_numbers(night)
            sessions = state_of(night).sessions
            db = on_file(night, tmp_path / f"night-{next(_numbers)}.db")
        cli = Cli(CliRunner(), str(db))
        site = Site(Database.open(str(db), create=False), None)
        client = TestClient(create_app(site))
        links = site.links(create=True)["night"]
        gm_pages = []
        for token, audience in links.items():
            pages = ["", *(f"recap/{n}" for n in range(1, sessions + 1))]
            pages += (
                ["arc"]
                if audience.character
                else ["table", "shelf", *(f"arc/{quote(n)}" for n in NAMES)]
            )
            for page in pages:
                answer = client.get(f"/{token}/{page}")
                assert answer.status_code == 200, (audience, page)
                text = seen_text(answer.text)
                if audience.key == "gm":
                    gm_pages.append(text)
                else:
                    assert leaks(text, numbers) == [], (audience, page)
        assert leaks(" ".join(gm_pages), numbers), "the GM's pages show SAN"
        _exports(cli, tmp_path, numbers)
        with discord_standin() as standin:
            _posts(cli, standin, sessions, numbers)


def _exports(cli: Cli, tmp_path: Path, numbers: set[int]) -> None:
    for reader in ("players", *NAMES):
        vault = tmp_path / f"vault-{next(_numbers)}"
        cli("export", "--vault", str(vault), "--for", reader)
        notes = list(vault.rglob("*.md"))
        assert notes
        for note in notes:
            assert leaks(note.read_text(encoding="utf-8"), numbers) == [], (reader, note.name)
        foundry = tmp_path / f"foundry-{next(_numbers)}.json"
        cli("export", "--foundry", str(foundry), "--for", reader)
        pages = [seen_text(str(p)) for p in _strings(json.loads(foundry.read_text()))]
        assert pages and leaks(" ".join(pages), numbers) == [], reader


def _strings(value: Any) -> Iterator[str]:
    """Every text of a Foundry export that a reader sees (its pages' HTML and names)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("content", "name", "title") and isinstance(item, str):
                yield item
            else:
                yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _posts(cli: Cli, standin: StandIn, sessions: int, numbers: set[int]) -> None:
    base = standin.url.split("/api/")[0]
    for number, reader in enumerate(("gm", "players", *NAMES)):
        cli(
            "webhook",
            "add",
            f"hook-{number}",
            f"{base}/api/webhooks/{number}/t0ken-{number}",
            "--for",
            reader,
        )
    for session in range(1, sessions + 1):
        for hook in range(2 + len(NAMES)):
            cli("post", "recap", str(session), "--to", f"hook-{hook}")
    got: Counter[str] = Counter()
    for path, message in standin.taken:
        text = json.dumps(message, ensure_ascii=False)
        if "/0/" in path:
            got["gm"] += bool(leaks(text, numbers))
        else:
            assert leaks(text, numbers) == [], path
            got["others"] += 1
    assert got["gm"] and got["others"], got
