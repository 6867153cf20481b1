"""The campaign's recaps as Foundry VTT journal entries (the v10+ pages schema): one
JournalEntry per session, holding one text page, its recap for one audience as HTML
(`text.format` 1, CONST.JOURNAL_ENTRY_PAGE_FORMATS.HTML).

Foundry's "Import Data" (a journal entry's context menu in the sidebar) replaces one
entry with one document's JSON, so each session's entry is also written on its own
(`entry_files`); the whole list suits `JournalEntry.createDocuments(...)` in a macro.
A players' entry is visible to every player (ownership default 2, OBSERVER); the GM's is
the GM's alone (default 0, NONE).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from journal.api.journal import Journal

HTML_FORMAT = 1  # CONST.JOURNAL_ENTRY_PAGE_FORMATS.HTML
NONE, OBSERVER = 0, 2  # CONST.DOCUMENT_OWNERSHIP_LEVELS

_BODY = re.compile(r"<body[^>]*>(.*)</body>", re.S | re.I)
_DROPPED = re.compile(r"<(style|script)\b[^>]*>.*?</\1\s*>", re.S | re.I)


def page_html(document: str) -> str:
    """A rendered handout's body, without its styles (Foundry styles its own pages)."""
    found = _BODY.search(document)
    body = found.group(1) if found else document
    return _DROPPED.sub("", body).strip()


def entries(journal: Journal, audience: str) -> list[dict[str, Any]]:
    """One JournalEntry per session of the campaign, for `audience` (players, gm, NAME)."""
    state = journal.overview()
    gm = " ".join(audience.split()).casefold() == "gm"
    found: list[dict[str, Any]] = []
    for number in range(1, state.sessions + 1):
        recap = journal.recap(number, audience)
        html = journal.recap_text(number, audience, "html")
        title = f"{state.title or state.campaign}: session {number}, {recap['session']['title']}"
        page = {
            "name": f"Recap: {recap['session']['title']}",
            "type": "text",
            "title": {"show": True, "level": 1},
            "text": {"format": HTML_FORMAT, "content": page_html(html)},
            "sort": 100000,
            "flags": {"journal": {"session": number, "audience": audience}},
        }
        found.append(
            {
                "name": title,
                "pages": [page],
                "folder": None,
                "sort": number * 100000,
                "ownership": {"default": NONE if gm else OBSERVER},
                "flags": {
                    "journal": {
                        "campaign": state.campaign,
                        "session": number,
                        "audience": audience,
                        "seq": state.seq,
                    }
                },
            }
        )
    return found


def entry_files(target: Path, count: int) -> list[Path]:
    """Where each session's entry is written on its own: FILE.session-N.json beside."""
    return [
        target.with_name(f"{target.stem}.session-{n}{target.suffix}") for n in range(1, count + 1)
    ]
