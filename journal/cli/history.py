"""The lines typed at `journal play`, kept per database and campaign under
`$XDG_STATE_HOME/journal/history` (`~/.local/state/...`): private (0600 files in 0700
folders, since a `note --gm-only` typed there is the GM's secret), never written or read
through a link, read only from a regular file of a sane size, and kept in memory only
(with one notice) when the file cannot be written."""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

from prompt_toolkit.history import FileHistory, InMemoryHistory

from journal.api.files import append_private, private_folder, read_private
from journal.api.journal import Journal

#: what of a campaign's slug may name its history file (anything else: `_`)
_UNSAFE = re.compile(r"[^a-z0-9-]")


class PrivateHistory(FileHistory):
    """prompt_toolkit's file history, on the journal's private files."""

    def __init__(self, filename: Path) -> None:
        super().__init__(str(filename))
        self.path = filename
        #: why the file is no longer written (None while it is); shown once
        self.failed: str | None = None
        self._told = False
        self._notices: list[str] = []
        self._read = list(self._strings())  # now, so what was set aside is said at once

    def load_history_strings(self) -> Iterable[str]:
        return iter(self._read)

    def _strings(self) -> Iterable[str]:
        text = read_private(self.path, notice=self._notices.append)
        strings: list[str] = []
        lines: list[str] = []
        for line in (text or "").splitlines(keepends=True):
            if line.startswith("+"):
                lines.append(line[1:])
            elif lines:
                strings.append("".join(lines)[:-1])
                lines = []
        if lines:
            strings.append("".join(lines)[:-1])
        return reversed(strings)

    def store_string(self, string: str) -> None:
        if self.failed is not None:
            return
        entry = f"\n# {datetime.now()}\n" + "".join(f"+{line}\n" for line in string.split("\n"))
        try:
            append_private(self.path, entry.encode("utf-8"))
        except OSError as exc:
            self.failed = f"{self.path}: {exc.strerror or exc}"

    def notices(self) -> list[str]:
        """What to tell the GM now (once each): a file set aside, a history not written."""
        told, self._notices = self._notices, []
        if self.failed is not None and not self._told:
            self._told = True
            told.append(
                f"the typed lines cannot be saved ({self.failed}): this session keeps them "
                "in memory only"
            )
        return told


class MemoryOnly(InMemoryHistory):
    """The history when its folder cannot be made: this session's lines only."""

    def __init__(self, why: str) -> None:
        super().__init__()
        self.why: str | None = why

    def notices(self) -> list[str]:
        why, self.why = self.why, None
        if why is None:
            return []
        return [f"the typed lines cannot be saved ({why}): this session keeps them in memory only"]


def typed_lines(journal: Journal) -> PrivateHistory | MemoryOnly:
    """The campaign's history of typed lines (in memory only when it has no place)."""
    try:
        return PrivateHistory(history_file(journal))
    except OSError as exc:
        return MemoryOnly(f"{exc.filename or 'its folder'}: {exc.strerror or exc}")


def history_file(journal: Journal) -> Path:
    """Where the typed lines of this campaign are kept: one file per database and
    campaign under `$XDG_STATE_HOME/journal/history` (`~/.local/state/...`)."""
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    where = journal.describe()
    digest = hashlib.sha256(str(Path(where).resolve() if "://" not in where else where).encode())
    folder = private_folder(Path(base) / "journal" / "history")
    name = _UNSAFE.sub("_", journal.campaign.lower())[:64]
    return folder / f"{name}-{digest.hexdigest()[:10]}"
