"""Foundry VTT's side of an export, for the tests: the official CLI
(`@foundryvtt/foundryvtt-cli` from npm, which `.ci/run` installs) packing documents into
a compendium and reading it back, and who may read a document, by Foundry's rules.

The CLI is found at `$JOURNAL_TEST_FOUNDRY_CLI` (the package's folder), else where
`.ci/run` installs it (`~/.cache/journal-tests/foundry-cli/node_modules/...`); a test
that needs it skips, saying so, when it or `node` is missing.

Who may read (foundry-vtt-types, `common/constants.d.mts` DOCUMENT_OWNERSHIP_LEVELS and
`common/documents/journal-entry-page.d.mts`): a GM may read everything; anyone else has
the level `ownership[their id]`, else `ownership.default`; a page whose level is INHERIT
(-1) has its entry's; OBSERVER (2) and above read the page."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

INHERIT, NONE, LIMITED, OBSERVER, OWNER = -1, 0, 1, 2, 3
PACKAGE = Path("node_modules") / "@foundryvtt" / "foundryvtt-cli"
DEFAULT_HOME = Path.home() / ".cache" / "journal-tests" / "foundry-cli"
SCRIPT = Path(__file__).with_name("foundry_pack.mjs")


def cli_folder() -> Path:
    """The official CLI's package folder (skipped, saying why, when it is not there)."""
    given = os.environ.get("JOURNAL_TEST_FOUNDRY_CLI")
    folder = Path(given) if given else DEFAULT_HOME / PACKAGE
    if shutil.which("node") is None:
        pytest.skip(
            "node is not installed: the Foundry CLI runs on Node.js (apt-get install nodejs)"
        )
    if not (folder / "index.mjs").is_file():
        pytest.skip(
            f"the official Foundry CLI is not at {folder}: `bash .ci/run` installs it "
            "(npm install @foundryvtt/foundryvtt-cli), or set JOURNAL_TEST_FOUNDRY_CLI"
        )
    return folder


@dataclass
class Pack:
    """A compendium the official CLI packed: its raw keys and values, and its documents
    as the CLI's extractPack writes them back (one per file)."""

    held: dict[str, Any]
    documents: list[dict[str, Any]]


def pack(source: Path, work: Path) -> Pack:
    """`compilePack(source, work/pack)`, then `extractPack` into `work/out`."""
    folder = cli_folder()
    out = work / "out"
    done = subprocess.run(
        ["node", str(SCRIPT), str(folder), str(source), str(work / "pack"), str(out)],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    documents = [json.loads(p.read_text()) for p in sorted(out.glob("*.json"))]
    return Pack(json.loads(done.stdout), documents)


@dataclass(frozen=True)
class User:
    name: str
    id: str
    gm: bool = False


def level(ownership: dict[str, int], user: User) -> int:
    if user.gm:
        return OWNER
    return ownership.get(user.id, ownership.get("default", NONE))


def readers(entry: dict[str, Any], users: list[User]) -> set[str]:
    """Who may read every page of `entry`, by its and its pages' ownership."""
    found = set()
    for user in users:
        own = level(entry.get("ownership", {}), user)
        pages = [level(p.get("ownership", {"default": INHERIT}), user) for p in entry["pages"]]
        if all((own if p == INHERIT else p) >= OBSERVER for p in pages):
            found.add(user.name)
    return found
