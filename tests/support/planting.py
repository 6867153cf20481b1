"""A change planted in a copy of the journal's package, run as a GM runs it: the files a
newcomer's task touches, edited in the copy (the repository stays as it is), and the
journal run from the copy in a process of its own."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

ROOT = Path(__file__).parents[2]

#: a file's new text, or how its text changes
Edit = str | Callable[[str], str]


def after(anchor: str, added: str) -> Callable[[str], str]:
    """An edit that puts `added` right after the one `anchor` in a file."""

    def edit(text: str) -> str:
        assert text.count(anchor) == 1, f"the anchor {anchor!r} is not in the file once"
        return text.replace(anchor, anchor + added)

    return edit


def before(anchor: str, added: str) -> Callable[[str], str]:
    """An edit that puts `added` right before the one `anchor` in a file."""

    def edit(text: str) -> str:
        assert text.count(anchor) == 1, f"the anchor {anchor!r} is not in the file once"
        return text.replace(anchor, added + anchor)

    return edit


class Planted:
    """A copy of `journal/` in `folder` with `edits` made (paths from the repository's
    root: `journal/web/site.py`; a file outside journal/, such as `docs/RULES.md`, copied
    beside it first); `files` are the files the change touched."""

    def __init__(self, folder: Path, edits: Mapping[str, Edit]) -> None:
        self.folder = folder
        shutil.copytree(
            ROOT / "journal", folder / "journal", ignore=shutil.ignore_patterns("__pycache__")
        )
        for path, edit in edits.items():
            target = folder / path
            if not path.startswith("journal/"):
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(ROOT / path, target)
            if callable(edit):
                target.write_text(edit(target.read_text(encoding="utf-8")), encoding="utf-8")
            else:
                assert not target.exists(), f"{path} is not a new file"
                target.write_text(edit, encoding="utf-8")
        for shipped in ("templates", "migrations", "campaigns"):  # beside it, as in a checkout
            (folder / shipped).symlink_to(ROOT / shipped)
        self.files = sorted(edits)
        paths = [str(folder), str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")]
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("JOURNAL_")}
        self.env.update(PYTHONPATH=os.pathsep.join(filter(None, paths)))
        for name in ("CACHE", "CONFIG", "DATA", "STATE"):
            self.env[f"XDG_{name}_HOME"] = str(folder / name.lower())

    def python(self, *args: str) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [sys.executable, *args],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=300,
            cwd=self.folder,
        )
        assert done.returncode == 0, f"{' '.join(args)}: {done.stdout}\n{done.stderr}"
        return done

    def journal(self, db: str, *args: str) -> str:
        """`journal --db DB ARGS` from the copy; what it printed."""
        return self.python("-m", "journal", "--db", db, *args).stdout

    def where(self) -> str:
        """Where the copy's journal package is imported from (it must be the copy)."""
        return self.python("-c", "import journal; print(journal.__file__)").stdout.strip()
