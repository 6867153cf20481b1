"""How a vault's notes reach the disk: every file through the one safe writer
(`journal.files.Folder`: inside DIR, never through a link, each note whole or not at all),
and a manifest that lets a re-export tell the journal's own notes from the GM's edits.

A re-export rewrites only the notes whose text changed, and never a note edited by hand
since the journal wrote it: `.journal-vault.json` keeps, for each note, the hashes of the
texts the journal wrote there. Before any note is written, the manifest takes the hash of
each note's new text beside its old one; after the last note, it keeps the new ones
alone. A kill at any moment therefore leaves every note either its old text or its new
one (each is renamed into place whole), both known to the manifest on the disk, and the
next export rewrites it as its own, removing the temporary file the kill left.

Before anything is written every path is checked: a link anywhere inside DIR (a
`Sessions` folder, a note, a dangling one) refuses the export with one `Error:` line and
nothing written.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from journal.api.journal import Journal
from journal.errors import JournalError
from journal.files import (
    PRIVATE_FILE,
    PRIVATE_FOLDER,
    Folder,
    LinkRefused,
    disk_problem,
    public_mode,
)
from journal.posting.vault import Note, audience_label, folder_name, notes, vault_base

MANIFEST = ".journal-vault.json"
#: the manifest's format: {"format": 2, "notes": {path: [sha256, ...]}}; format 1 (an
#: older journal's) was {path: sha256}
FORMAT = 2


@dataclass
class VaultReport:
    folder: Path
    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    left_alone: list[str] = field(default_factory=list)
    #: what the export repaired (a temporary file an interrupted export left)
    notices: list[str] = field(default_factory=list)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _manifest(data: bytes | None, shown: Path) -> dict[str, list[str]]:
    """The hashes the journal wrote, by note (empty: no manifest yet)."""
    if data is None:
        return {}
    try:
        document = json.loads(data)
    except ValueError as exc:
        raise JournalError(f"{shown} cannot be read ({exc}): move it away") from None
    if isinstance(document, dict) and document.get("format") == FORMAT:
        kept = document.get("notes")
        if isinstance(kept, dict) and all(
            isinstance(v, list) and all(isinstance(h, str) for h in v) for v in kept.values()
        ):
            return {str(k): list(v) for k, v in kept.items()}
    elif isinstance(document, dict) and all(isinstance(v, str) for v in document.values()):
        return {str(k): [v] for k, v in document.items()}
    raise JournalError(f"{shown} is not a vault manifest of this journal's: move it away")


def _manifest_text(kept: dict[str, list[str]]) -> str:
    notes = {path: sorted(set(hashes)) for path, hashes in sorted(kept.items())}
    return json.dumps({"format": FORMAT, "notes": notes}, indent=2) + "\n"


def write_vault(journal: Journal, audience: str, root: Path) -> VaultReport:
    """Export the vault of `audience` into its folder of `root` (see the module)."""
    label, _ = audience_label(audience)
    # the GM's vault and a character's (who holds their secrets) are private: 0600, 0700
    private = label != "players"
    name = folder_name(journal, audience)
    made = notes(journal, audience, vault_base(root, name))
    report = VaultReport(root / name)
    mode = PRIVATE_FILE if private else public_mode()
    try:
        with Folder(root, mode=PRIVATE_FOLDER if private else 0o777) as place:
            _export(place, name, made, report, mode, keep_mode=not private)
    except LinkRefused as exc:
        raise JournalError(f"not exported: {exc.strerror}") from None
    except OSError as exc:
        raise JournalError(
            f"cannot write the vault in {report.folder}: {disk_problem(exc)}"
        ) from None
    return report


def _export(
    place: Folder,
    name: str,
    made: dict[str, Note],
    report: VaultReport,
    mode: int,
    keep_mode: bool,
) -> None:
    manifest_path = f"{name}/{MANIFEST}"
    place.check(manifest_path)
    old = place.read(manifest_path)
    manifest = _manifest(old, place.path / manifest_path)
    plan: dict[str, bytes] = {}
    kept: dict[str, list[str]] = {}
    for relative, note in made.items():  # every path checked before anything is written
        data = note.text.encode()
        now = place.read(f"{name}/{relative}")
        if now is None:
            plan[relative] = data
        elif now == data:
            report.unchanged.append(relative)
            kept[relative] = [_digest(now)]
        elif _digest(now) in manifest.get(relative, ()):
            plan[relative] = data
        else:  # edited since the journal wrote it
            report.left_alone.append(relative)
            kept[relative] = manifest.get(relative, [])
    if plan:
        during = {**kept}
        for relative, data in plan.items():
            during[relative] = [*manifest.get(relative, ()), _digest(data)]
        write = place.write
        write(manifest_path, [_manifest_text(during)], mode=mode, keep_mode=keep_mode,
              notice=report.notices.append)  # fmt: skip
        for relative, data in plan.items():
            write(f"{name}/{relative}", [data], mode=mode, keep_mode=keep_mode,
                  notice=report.notices.append)  # fmt: skip
            report.written.append(relative)
            kept[relative] = [_digest(data)]
    final = _manifest_text(kept)
    if old is None or old.decode("utf-8", "replace") != final:
        place.write(manifest_path, [final], mode=mode, keep_mode=keep_mode,
                    notice=report.notices.append)  # fmt: skip
