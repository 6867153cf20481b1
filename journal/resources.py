"""Where the shipped folders are: inside the wheel (journal/templates, journal/migrations,
journal/campaigns) or, in a source checkout, at the top of the repository."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def shipped(folder: str) -> Path:
    """`templates`, `migrations` or `campaigns`."""
    for candidate in (_PACKAGE / folder, _PACKAGE.parent / folder):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the journal's {folder}/ folder is missing from this installation")
