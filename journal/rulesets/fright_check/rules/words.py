"""The words the rules record and refuse with: what a check is made against, a condition's
name, a row of the Fright Check Table (the text's words, shared with its telling)."""

from __future__ import annotations

AGAINST = {
    "unmodified-will": "unmodified Will",
    "modified-will": "modified Will",
    "will": "Will",
    "ht": "HT",
}
#: a condition's kind in words, and how it goes on after a failed recovery roll
CONDITIONS = {"retch": "retching", "total-panic": "total panic"}


def condition_name(kind: str) -> str:
    return CONDITIONS.get(kind, kind.replace("-", " "))


def row_label(row: int | None) -> str:
    return "40+" if row == 40 else str(row)
