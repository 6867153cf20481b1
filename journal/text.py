"""Text for a GM glancing at a terminal: aligned columns and readable values."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence


def aligned_text(rows: Sequence[Sequence[object]], header: Sequence[str] | None = None) -> str:
    """Aligned text columns: a column of numbers (or "-") is right-aligned, others left."""
    return "\n".join(aligned(rows, header))


def aligned(rows: Sequence[Sequence[object]], header: Sequence[str] | None = None) -> list[str]:
    """`aligned_text`'s lines: the header's (when given), then exactly one for each row."""
    body = [["-" if v is None else str(v) for v in row] for row in rows]
    all_rows = ([list(header)] if header else []) + body
    if not all_rows:
        return []
    columns = range(len(all_rows[0]))
    widths = [max(len(r[i]) for r in all_rows) for i in columns]
    numeric = [
        i > 0 and all(r[i].lstrip("+-").isdigit() or r[i] == "-" for r in body) for i in columns
    ]
    lines = []
    for row in all_rows:
        cells = [
            row[i].rjust(widths[i]) if numeric[i] else row[i].ljust(widths[i]) for i in columns
        ]
        lines.append("  ".join(cells).rstrip())
    return lines


def value_text(value: object) -> str:
    """A status value as the GM reads it: `yes`, `mythos 4`, `Combat Reflexes, Fearlessness
    2`, `Phobia (dark) -15, self-control 12; Nightmares -5`."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        if "name" in value and "points" in value:
            return _trait(value)
        if "kind" in value and "points" in value:
            seq = f" (check #{value['seq']})" if value.get("seq") is not None else ""
            return f"{value['kind']} {_points(value['points'])}{seq}"
        items = [str(k) if v is True else f"{k} {value_text(v)}" for k, v in value.items()]
        return ", ".join(items) or "none"
    if isinstance(value, list | tuple):
        parts = [value_text(v) for v in value]
        joiner = "; " if any(isinstance(v, Mapping) for v in value) else ", "
        return joiner.join(parts) or "none"
    return str(value)


def _points(points: object) -> str:
    return (
        f"{points:+d}" if isinstance(points, int) and not isinstance(points, bool) else str(points)
    )


def _trait(value: Mapping[str, object]) -> str:
    """`Phobia (dark) -15, self-control 12`."""
    text = f"{value['name']} {_points(value['points'])}"
    if value.get("self_control") is not None:
        text += f", self-control {value['self_control']}"
    return text


#: characters a terminal acts on instead of showing (C0 but tab and newline, DEL, C1, and
#: the marks that reorder text), each as a character that shows it: `␛`, `␍`, `\x9b`
_VISIBLE = {
    **{code: chr(0x2400 + code) for code in range(0x20) if code not in (0x09, 0x0A)},
    0x7F: "\u2421",
    **{code: f"\\x{code:02x}" for code in range(0x80, 0xA0)},
    **{code: f"\\u{code:04x}" for code in (0x200E, 0x200F, *range(0x202A, 0x202F))},
    **{code: f"\\u{code:04x}" for code in range(0x2066, 0x206A)},
}


_OBEYED = re.compile("[" + re.escape("".join(sorted(chr(code) for code in _VISIBLE))) + "]")


def visible(text: str) -> str:
    """`text` as a terminal may show it: an escape sequence, a carriage return or a
    backspace typed into a note is printed as a symbol (`␛[2J`), never obeyed."""
    if _OBEYED.search(text) is None:  # as a rule: scanned at C speed, given back as it is
        return text
    return _OBEYED.sub(lambda match: _VISIBLE[ord(match[0])], text)


def without_passwords(text: str) -> str:
    """Any database URL in `text` with its password masked (`user:***@host`)."""
    if "://" not in text:
        return text
    return re.sub(r"(://[^/:@\s]{0,256}:)[^/@\s]{1,512}@", r"\1***@", text)


#: an http(s) URL as it may stand in a message: its scheme, its host (with whatever
#: user and password stand before it) and all that follows up to a space
_URL = re.compile(r"(?i)\b(https?)://([^\s/?#]*)(?:[/?#]\S*)?")


def mask_url(url: str) -> str:
    """An http(s) URL as the journal shows it: its scheme and host, never its path (a
    Discord webhook's token, a served link's) nor its query, nor a user or password."""
    found = _URL.match(url.strip())
    if found is None:
        return "that URL"
    return f"{found[1]}://{found[2].rpartition('@')[2]}/…"


def masked_urls(text: str) -> str:
    """`text` with every http(s) URL in it masked (`mask_url`): what an error message
    shows of a URL, whatever put it there."""
    if "://" not in text:
        return text
    return _URL.sub(_masked, text)


def _masked(found: re.Match[str]) -> str:
    url = found[0]
    kept = url.rstrip(_CLOSING)  # the sentence's own `)`, `.` or quote after the URL
    return mask_url(kept) + url[len(kept) :]


#: what closes a sentence or a bracket around a URL, given back after its mask
_CLOSING = ")]}>.,;:!?'\"`"


def type_words(type_name: str) -> str:
    """An event type in words, for a record that has nothing better (`InitiativeRolled`:
    "initiative rolled"; empty: "an event")."""
    words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", type_name).lower()
    return words or "an event"
