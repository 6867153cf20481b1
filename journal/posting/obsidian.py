"""Obsidian's syntax, written so that what the GM typed never becomes syntax: file names a
link can name, wikilinks whose shown text cannot end or split the link, and YAML
properties of the types Obsidian's property editor gives them.

- A file name drops what a link path cannot hold (`[ ] | # ^`), what a Markdown reader
  parses inside a link too (math's `$`, a code span's backtick, an entity's `&`, an
  underscore's emphasis, the doubled `%% == ~~` of a comment, a highlight, a
  strikethrough), what some disks refuse (`\\ / : * ? " < >`) and every control or format
  character; it is cut to fit.
- A link's shown text has each character that could end the link early or hide its end
  (`[ ] | # \\ $ ` & < >`, and each `%` of a `%%`) as its full-width twin (U+FF3B...): it
  reads the same, and no reader of the vault (Obsidian, obsidiantools) sees a link end, an
  alias start, a heading, math, code, markup or a comment in it.
- A property is a Number (an int), a Date (`Date`: `2010-10-31`), a Date & time
  (`DateTime`: `2010-10-31T21:00:00`), a List (a list, one item a line) or Text (a string,
  always quoted: JSON's escapes are YAML's, and the characters YAML reads as a line break
  or refuses are escaped too, so the value reads back as given). Obsidian reads a
  `[[link]]` in a Text or List property as a link: there each bracket is its twin too
  (`property_text`).
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass

#: what a note's file name cannot hold (see above), each as `-`
_UNSAFE = re.compile(r'[\\/:*?"<>|#^\[\]$`_]|&(?=#?\w+;)|([%=~])(?=\1)')
#: each as its full-width twin (U+FF01 to U+FF5E are U+0021 to U+007E moved by 0xFEE0)
_TWINS = str.maketrans({c: chr(ord(c) + 0xFEE0) for c in "[]|#\\$`&<>"})
_PERCENTS = re.compile(r"%{2,}")
_GAME_TIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}")
#: what a YAML double-quoted scalar cannot hold as it is: outside YAML's printable set, a
#: line break YAML knows and JSON does not (NEL, LS, PS), the byte-order mark
_YAML_ESCAPED = re.compile(
    "[^\t\n\r\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]|[\x85\u2028\u2029\ufeff]"
)


def file_name(text: str) -> str:
    """`text` as a file name a link can name (before it is cut to fit and kept unique)."""
    return _UNSAFE.sub("-", _visible(text)).strip(" .") or "untitled"


def _visible(text: str) -> str:
    """`text` on one line, without a control or format character, each run of spaces one."""
    return " ".join("".join(c for c in text if unicodedata.category(c)[0] != "C").split())


def shown(text: str) -> str:
    """A link's shown text: one line, nothing in it that ends or splits the link."""
    twinned = _visible(text).translate(_TWINS)
    return _PERCENTS.sub(lambda run: "\uff05" * len(run[0]), twinned) or "-"


def link(path: str, text: str) -> str:
    """`[[path|text]]`: `path` a note's path in the vault without `.md`."""
    return f"[[{path}|{shown(text)}]]"


def embed(path: str) -> str:
    """`![[path]]`: a file shown in the note (a chart), `path` with its extension."""
    return f"![[{path}]]"


@dataclass(frozen=True)
class Date:
    """A Date property (`YYYY-MM-DD`)."""

    iso: str


@dataclass(frozen=True)
class DateTime:
    """A Date & time property (`YYYY-MM-DDTHH:MM:SS`)."""

    iso: str


Property = int | str | Date | DateTime | list[int] | list[str]


def date_time(game_time: str | None) -> DateTime | None:
    """A game time as the clock keeps it (`2010-10-31T21:00`) as a Date & time; None when
    there is none, or it is not one (an older journal's text)."""
    if game_time is None or not _GAME_TIME.fullmatch(game_time):
        return None
    return DateTime(f"{game_time}:00")


_BRACKETS = str.maketrans({"[": "\uff3b", "]": "\uff3d"})


def property_text(text: str) -> str:
    """What the GM typed, as a Text property's value: no bracket (no link)."""
    return text.translate(_BRACKETS)


def quoted(text: str) -> str:
    """`text` as a YAML double-quoted scalar that reads back exactly as `text`."""
    return _YAML_ESCAPED.sub(
        lambda found: f"\\u{ord(found[0]):04x}", json.dumps(text, ensure_ascii=False)
    )


def _value(value: Property) -> str:
    """What follows `key:` in the front matter."""
    if isinstance(value, bool):  # (a bool is an int to Python; no property is one)
        raise TypeError("no Checkbox property is written")
    if isinstance(value, int):
        return f" {value}"
    if isinstance(value, Date | DateTime):
        return f" {value.iso}"
    if isinstance(value, str):
        return f" {quoted(property_text(value))}"
    items = [str(item) if isinstance(item, int) else quoted(property_text(item)) for item in value]
    return "".join(f"\n  - {item}" for item in items) if items else " []"


def front(properties: dict[str, Property | None]) -> str:
    """The note's properties (those that are not None) as its YAML front matter."""
    lines = [f"{key}:{_value(value)}" for key, value in properties.items() if value is not None]
    return "---\n" + "\n".join(lines) + "\n---\n"
