"""The terms of a derived number (label and signed value) and how they read as a line."""

from __future__ import annotations

from collections.abc import Mapping

#: One term of a derived number: a label and its signed value, e.g. ("HF 6 - Hardness 2", -4).
Term = tuple[str, int]


Terms = tuple[Term, ...]


def describe_terms(terms: Terms, total: int | None = None) -> str:
    """`Reaction 12, HF 6 - Hardness 2 -4, +d10 +9, -d10 -3 = 14`."""
    if not terms:
        return "" if total is None else f" = {total}"
    # the first term unsigned, the others signed; an int's sign without the format spec
    # `:+d`, which costs twice as much (a log line has a few terms, a log many lines)
    label, value = terms[0]
    text = f"{label} {value}"
    for label, value in terms[1:]:
        if type(value) is int:
            text += f", {label} +{value}" if value >= 0 else f", {label} {value}"
        else:
            text += f", {label} {value:+d}"
    return f"{text} = {total}" if total is not None else text


def recorded_terms(data: Mapping[str, object]) -> Terms | None:
    """The terms a stored payload recorded, as (label, value) pairs; None when it has none,
    or when they are malformed (a hand-written log)."""
    terms = data.get("terms")
    if not isinstance(terms, list | tuple) or not terms:
        return None
    try:
        return tuple((str(label), int(value)) for label, value in terms)
    except (TypeError, ValueError):
        return None


def terms_text(data: Mapping[str, object]) -> str | None:
    """A stored ruling's terms and total as one line (`Reaction 12, ... = 14`), or None (a
    recovery roll's terms sum to its `target`)."""
    pairs = recorded_terms(data)
    if pairs is None:
        return None
    total = data.get("total", data.get("target"))
    return describe_terms(pairs, total if isinstance(total, int) else None)
