"""Shared pieces of the commands: options, output (text or --json), small parsers."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

import click

from journal.cli.main import Settings, fail

F = TypeVar("F", bound=Callable[..., Any])

pass_settings = click.make_pass_decorator(Settings)


def json_option(fn: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")(fn)


def as_of_options(fn: F) -> F:
    """`--as-of SEQ` and `--as-of-session N`: look back in time."""
    fn = click.option(
        "--as-of-session",
        type=click.IntRange(min=1),
        metavar="N",
        help="As it stood at the end of session N.",
    )(fn)
    return click.option(
        "--as-of", type=click.IntRange(min=1), metavar="SEQ", help="As it stood after event SEQ."
    )(fn)


def emit_json(document: Any) -> None:
    click.echo(json.dumps(document, indent=2, ensure_ascii=False, default=str))


def table(rows: Sequence[Sequence[Any]], header: Sequence[str] | None = None) -> str:
    """Aligned text columns: a column of numbers (or "-") is right-aligned, others left."""
    body = [["-" if v is None else str(v) for v in row] for row in rows]
    all_rows = ([list(header)] if header else []) + body
    if not all_rows:
        return ""
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
    return "\n".join(lines)


def split_names(values: Iterable[str]) -> tuple[str, ...]:
    """`--cast A,B --cast C` as ("A", "B", "C")."""
    names = [n.strip() for v in values for n in v.split(",")]
    return tuple(n for n in names if n)


def key_values(pairs: Iterable[str], what: str) -> dict[str, str]:
    """`K=V` options as a mapping, refusing anything else."""
    result: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            fail(f"{what} {pair!r} is not KEY=VALUE")
        result[key.strip()] = value.strip()
    return result


def whole_number(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        fail(f"{what} must be a whole number, not {text!r}")


def sign(value: int) -> str:
    return f"{value:+d}" if value else "0"


def echo_records(records: Sequence[Any], describe: Callable[[Any], str]) -> None:
    for record in records:
        click.echo(f"#{record.seq:<4} {describe(record)}")


def merged(*mappings: Mapping[str, Any]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for mapping in mappings:
        result.update(mapping)
    return result
