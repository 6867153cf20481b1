"""`journal export --foundry FILE.json --for players|gm`: Foundry VTT JournalEntry
documents of the v10+ pages schema, checked against the fields Foundry documents for
JournalEntry, JournalEntryPage and its text and title data (foundryvtt.com/api,
`JournalEntryData`, `JournalEntryPageData`, `JournalEntryPageTextData`,
`JournalEntryPageTitleData`), one entry per session, one HTML text page per recap; the
players' entries never hold a GM-only note. `_key` is not a field of the document: it is
the key the official CLI packs a document by (`!journal!ID`), and Foundry's SchemaField
cleaning drops what is not in the schema ("Deletes any keys from `value` not in the
schema", foundry-vtt-types `common/data/fields.d.mts`), so Import Data and a macro take
the document as it is."""

from __future__ import annotations

import json
import stat
from collections.abc import Sequence
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from support.cli import Cli
from support.long_session import SECRET, forty_turns
from support.readme import type_section

#: the documented fields and their JSON types (None: null allowed)
ENTRY = {
    "_id": (str, type(None)), "_key": str, "_stats": dict, "categories": list, "flags": dict,
    "folder": (str, type(None)), "name": str, "ownership": dict, "pages": list, "sort": int,
}  # fmt: skip
PAGE = {
    "_id": (str, type(None)), "_key": str, "_stats": dict, "category": str, "flags": dict,
    "image": dict,
    "name": str, "ownership": dict, "sort": int, "src": (str, type(None)), "system": dict,
    "text": dict, "title": dict, "type": str, "video": dict,
}  # fmt: skip
TEXT = {"content": str, "format": int, "markdown": str}
TITLE = {"level": int, "show": bool}
PAGE_FORMATS = {1, 2}  # CONST.JOURNAL_ENTRY_PAGE_FORMATS: HTML, MARKDOWN
OWNERSHIP_LEVELS = {-1, 0, 1, 2, 3}  # INHERIT, NONE, LIMITED, OBSERVER, OWNER


def _fields(document: dict[str, Any], schema: dict[str, Any], where: str) -> None:
    assert set(document) <= set(schema), (where, set(document) - set(schema))
    for key, value in document.items():
        assert isinstance(value, schema[key]), (where, key, value)


def check_entry(entry: dict[str, Any]) -> None:
    """What Foundry's JournalEntry schema (v10+) documents, field by field."""
    _fields(entry, ENTRY, "JournalEntry")
    assert entry["name"].strip() and entry["pages"]
    assert set(entry["ownership"].values()) <= OWNERSHIP_LEVELS
    for page in entry["pages"]:
        _fields(page, PAGE, "JournalEntryPage")
        assert page["type"] == "text" and page["name"].strip()
        _fields(page["text"], TEXT, "JournalEntryPageTextData")
        _fields(page["title"], TITLE, "JournalEntryPageTitleData")
        assert page["text"]["format"] in PAGE_FORMATS
        assert 1 <= page["title"]["level"] <= 6
        Balanced().check(page["text"]["content"])


class Balanced(HTMLParser):
    """The page's HTML is a fragment whose tags close in order (no document, no style)."""

    VOID = frozenset({"br", "hr", "img", "meta", "link", "input", "wbr", "col", "source"})

    def check(self, html: str) -> None:
        self.open: list[str] = []
        self.feed(html)
        self.close()
        assert self.open == []

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        assert tag not in {"html", "head", "body", "style", "script"}, tag
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID:
            return
        assert self.open and self.open[-1] == tag, (tag, self.open)
        self.open.pop()


def test_players_and_gm_foundry_exports_fit_the_schema(runner: Cli, tmp_path: Path) -> None:
    forty_turns(runner)
    runner("session", "start", "Morning")
    runner("note", "Dawn comes.")
    runner("session", "end")
    said = runner("export", "--foundry", "players.json").stderr
    assert "Wrote 2 Foundry journal entries (players) to players.json" in said
    entries = json.loads((tmp_path / "players.json").read_text())
    assert [e["flags"]["journal"]["session"] for e in entries] == [1, 2]
    for number, entry in enumerate(entries, 1):
        check_entry(entry)
        assert entry["ownership"] == {"default": 2}
        assert len(entry["pages"]) == 1 and entry["pages"][0]["text"]["format"] == 1
        alone = json.loads((tmp_path / f"players.session-{number}.json").read_text())
        assert alone == entry  # what "Import Data" takes: one document
    text = json.dumps(entries)
    assert SECRET not in text and "Turn 40:" in text and "Dawn comes." in text
    runner("export", "--foundry", "gm.json", "--for", "gm")
    gm = json.loads((tmp_path / "gm.json").read_text())
    for entry in gm:
        check_entry(entry)
        assert entry["ownership"] == {"default": 0}
    assert json.dumps(gm).count(SECRET) == 4
    for name in ("gm.json", "gm.session-1.json"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o600


def test_foundry_export_refusals(runner: Cli, tmp_path: Path) -> None:
    runner("campaign", "new", "ward", "--ruleset", "horror-factor")
    assert "has no sessions yet" in runner.refused("export", "--foundry", "x.json").stderr
    assert "--for goes with --foundry or --vault" in runner.refused("export", "--for", "gm").stderr
    assert "not both" in runner.refused("export", "-o", "a", "--foundry", "b.json").stderr
    assert not (tmp_path / "x.json").exists()


def test_the_readmes_foundry_transcript_is_real(runner: Cli) -> None:
    """After `journal demo`, the manual's Foundry line (docs/sharing.md) types as shown and
    says what it wrote."""
    runner("demo")

    def said(runner: Cli, words: Sequence[str]) -> str:
        return runner(*words).stderr

    type_section("## Foundry VTT", runner, shown=said, page="docs/sharing.md")
    folder = Path(runner.db).parent
    assert json.loads((folder / "night.session-1.json").read_text())["pages"]
