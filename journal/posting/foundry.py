"""The campaign's recaps as Foundry VTT journal entries, as Foundry ships content: one
JournalEntry per session holding one text page, its recap for one audience as HTML
(`text.format` 1, CONST.JOURNAL_ENTRY_PAGE_FORMATS.HTML), each document with its `_id`,
its `_key` (what the official CLI's `compilePack` packs by: `!journal!ID` and
`!journal.pages!ID.PAGE`) and its `_stats`.

An `_id` is 16 letters and digits (Foundry's `isValidId`), the same for the same session,
audience and campaign at every export (a digest of the campaign's first event, the
audience, a character by identity, not name, and the session), so importing again with
`keepId` updates an entry instead of adding a second one.

Who may read an entry (`ownership`; a page inherits its entry's, -1):
- the players' export: every player (default 2, OBSERVER);
- the GM's: the GM alone (default 0, NONE);
- a character's, which holds that character's secrets: the GM alone as well (default 0),
  and that player's Foundry user as OBSERVER when their user id is given (`user`); else
  the GM gives it to them in Foundry (Configure Ownership).

Foundry's "Import Data" (a journal entry's context menu) replaces one entry with one
document's JSON but keeps the destination's `_id`, `sort`, `folder` and `ownership`
(`Document.metadata.preserveOnImport`), so each session's entry is also written on its own
(`entry_files`), and the GM sets the ownership of the entry imported into. The whole list
suits a macro (`JournalEntry.createDocuments(list, {keepId: true})`), which keeps it.
"""

from __future__ import annotations

import hashlib
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from journal.api.journal import Journal
from journal.errors import JournalError

HTML_FORMAT = 1  # CONST.JOURNAL_ENTRY_PAGE_FORMATS.HTML
INHERIT, NONE, OBSERVER = -1, 0, 2  # CONST.DOCUMENT_OWNERSHIP_LEVELS
#: Foundry's ids: `foundry.utils.randomID()`'s alphabet and length (`isValidId`)
ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
ID_LENGTH = 16
_USER_ID = re.compile(r"[A-Za-z0-9]{16}")

_BODY = re.compile(r"<body[^>]*>(.*)</body>", re.S | re.I)
_DROPPED = re.compile(r"<(style|script)\b[^>]*>.*?</\1\s*>", re.S | re.I)


def page_html(document: str) -> str:
    """A rendered handout's body, without its styles (Foundry styles its own pages)."""
    found = _BODY.search(document)
    body = found.group(1) if found else document
    return _DROPPED.sub("", body).strip()


def stable_id(*parts: str) -> str:
    """A Foundry `_id` (16 of `ID_ALPHABET`) that the same `parts` always give."""
    number = int.from_bytes(hashlib.sha256("\n".join(("foundry", *parts)).encode()).digest())
    letters = []
    for _ in range(ID_LENGTH):
        number, digit = divmod(number, len(ID_ALPHABET))
        letters.append(ID_ALPHABET[digit])
    return "".join(letters)


def check_user(user: str) -> str:
    """A Foundry user id as given (`--foundry-user`), or JournalError."""
    if not _USER_ID.fullmatch(user.strip()):
        raise JournalError(
            f"--foundry-user {user!r} is not a Foundry user id: it is 16 letters and digits "
            '(in Foundry, press F12 and type game.users.getName("NAME").id)'
        )
    return user.strip()


def _audience(journal: Journal, audience: str) -> tuple[str, str | None]:
    """The audience's key in an id (`players`, `gm`, `character:SEQ`) and, for a
    character, their name now."""
    folded = " ".join(audience.split()).casefold()
    if folded in ("players", "gm"):
        return folded, None
    name = journal.known_name(audience)
    joined = next(c.joined for c in journal.characters().characters if c.name == name)
    return f"character:{joined}", name


def _millis(moment: datetime) -> int:
    aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return int(aware.timestamp() * 1000)


def _stats(created: int, modified: int) -> dict[str, Any]:
    """`_stats` (DocumentStatsField): the times the journal knows; the rest Foundry sets."""
    return {
        "coreVersion": None, "systemId": None, "systemVersion": None,
        "createdTime": created, "modifiedTime": modified, "lastModifiedBy": None,
        "compendiumSource": None, "duplicateSource": None, "exportSource": None,
    }  # fmt: skip


def entries(journal: Journal, audience: str, user: str | None = None) -> list[dict[str, Any]]:
    """One JournalEntry per session of the campaign, for `audience` (players, gm, NAME);
    `user`: the Foundry user id of that character's player (OBSERVER of the entries)."""
    state = journal.overview()
    key, character = _audience(journal, audience)
    if user is not None and character is None:
        raise JournalError(
            "--foundry-user goes with --for NAME: a character's entries, given to that "
            "character's player"
        )
    ownership: dict[str, int] = {"default": OBSERVER if key == "players" else NONE}
    if user is not None:
        ownership[check_user(user)] = OBSERVER
    identity, when = _recorded(journal)
    campaign = f"{state.campaign}\n{identity}"
    head = when.get(state.seq, 0)
    starts = {s.number: s.seq for s in journal.sessions()}
    found: list[dict[str, Any]] = []
    for number in range(1, state.sessions + 1):
        recap = journal.recap(number, audience)
        html = journal.recap_text(number, audience, "html")
        title = f"{state.title or state.campaign}: session {number}, {recap['session']['title']}"
        entry_id = stable_id(campaign, key, str(number), "entry")
        page_id = stable_id(campaign, key, str(number), "page")
        stats = _stats(when.get(starts.get(number, 0), head), head)
        flags = {"session": number, "audience": audience}
        page = {
            "_id": page_id,
            "_key": f"!journal.pages!{entry_id}.{page_id}",
            "name": f"Recap: {recap['session']['title']}",
            "type": "text",
            "title": {"show": True, "level": 1},
            "text": {"format": HTML_FORMAT, "content": page_html(html)},
            "sort": 100000,
            "ownership": {"default": INHERIT},
            "flags": {"journal": flags},
            "_stats": stats,
        }
        found.append(
            {
                "_id": entry_id,
                "_key": f"!journal!{entry_id}",
                "name": title,
                "pages": [page],
                "categories": [],  # (v13's page categories: none)
                "folder": None,
                "sort": number * 100000,
                "ownership": ownership,
                "flags": {"journal": {"campaign": state.campaign, **flags, "seq": state.seq}},
                "_stats": stats,
            }
        )
    return found


def _recorded(journal: Journal) -> tuple[str, dict[int, int]]:
    """The campaign's identity (its first event's hash) and when each event was recorded
    (in ms since 1970, by seq)."""
    identity, when = "", {}
    for record in journal.records():
        identity = identity or record.hash
        when[record.seq] = _millis(record.recorded_at)
    return identity, when


def entry_files(target: Path, count: int) -> list[Path]:
    """Where each session's entry is written on its own: FILE.session-N.json beside."""
    from journal.files import fit_name

    return [
        target.with_name(fit_name(f"{target.stem}.session-{n}", target.suffix) + target.suffix)
        for n in range(1, count + 1)
    ]


def write_alone(folder: Path, files: list[Path], found: list[dict[str, Any]], mode: int) -> None:
    """Each entry on its own (`entry_files`), in `folder` by the one safe writer: every
    file checked first (a link at one of their names refuses them all, nothing written),
    then each written whole."""
    import json

    from journal.files import Folder

    with Folder(folder, create=False) as place:
        for file in files:
            place.check(file.name)
        for file, entry in zip(files, found, strict=True):
            text = json.dumps(entry, indent=2, ensure_ascii=False) + "\n"
            place.write(file.name, [text], mode=mode)
