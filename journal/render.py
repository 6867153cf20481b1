"""Handouts rendered with Jinja: the environment and the entry points the CLI calls.

Templates come from the campaign's override folder first (`--templates DIR`, or a
`templates/` folder beside the SQLite database), then the shipped `templates/`. Every
template runs in Jinja's sandbox with StrictUndefined (a typo fails loudly); HTML templates
autoescape; in Markdown templates every `{{ value }}` that is text is escaped for Markdown
(see `md_escape`), so a GM's `*`, `|` or `<script>` stays literal text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from jinja2 import ChoiceLoader, FileSystemLoader, StrictUndefined, TemplateError
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup

from journal.app import Journal
from journal.charts import Series, line_chart
from journal.errors import JournalError
from journal.resources import shipped

FORMATS = ("md", "html")

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>|#~])")
_MD_ENTITY = re.compile(r"&(?=#?\w+;)")
_NEWLINES = re.compile(r"[ \t]*[\r\n]+\s*")
_BLANK_LINES = re.compile(r"\n(?:[ \t]*\n){2,}")
_MD_LINE_START = re.compile(r"^(\s*)([-+=]|\d+[.)])(?=\s|$)")


class TemplateProblem(JournalError):
    """A handout template failed to load or render (a typo, a forbidden access)."""


def md_escape(value: Any) -> Any:
    """Text made safe for Markdown (and table cells): special characters backslashed,
    newlines folded. Markup (already-formatted) and non-text values pass through."""
    if isinstance(value, Markup) or not isinstance(value, str):
        return value
    text = _NEWLINES.sub(" ", value)
    text = _MD_SPECIAL.sub(r"\\\1", text)
    text = _MD_ENTITY.sub(r"\\&", text)
    return _MD_LINE_START.sub(r"\1\\\2", text)


def _is_html(name: str | None) -> bool:
    return bool(name) and str(name).endswith((".html.j2", ".html"))


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def environment(overrides: Path | None = None, fmt: str = "html") -> SandboxedEnvironment:
    loaders: list[FileSystemLoader] = []
    if overrides is not None:
        loaders.append(FileSystemLoader(str(overrides)))
    loaders.append(FileSystemLoader(str(shipped("templates"))))
    env = SandboxedEnvironment(
        loader=ChoiceLoader(loaders),
        autoescape=_is_html,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=md_escape if fmt == "md" else None,
    )
    env.filters["signed"] = _signed
    env.filters["md"] = md_escape
    return env


def override_folder(templates: str | None, database: Path | None) -> Path | None:
    """`--templates DIR` (must exist), else `templates/` beside the SQLite file, else None."""
    if templates is not None:
        folder = Path(templates).expanduser()
        if not folder.is_dir():
            raise JournalError(f"--templates {templates}: no such folder")
        return folder
    if database is not None:
        beside = database.resolve().parent / "templates"
        if beside.is_dir():
            return beside
    return None


def check_format(fmt: str) -> str:
    fmt = fmt.strip().lower().lstrip(".")
    if fmt == "markdown":
        fmt = "md"
    if fmt not in FORMATS:
        raise JournalError(f"unknown format {fmt!r}: use md or html")
    return fmt


def render(name: str, context: Mapping[str, Any], fmt: str, overrides: Path | None) -> str:
    env = environment(overrides, fmt)
    try:
        text = env.get_template(f"{name}.{fmt}.j2").render(**context)
    except TemplateError as exc:
        where = f" (templates from {overrides})" if overrides else ""
        raise TemplateProblem(
            f"template {name}.{fmt}.j2 failed{where}: {type(exc).__name__}: {exc}"
        ) from None
    if fmt == "md":
        text = _BLANK_LINES.sub("\n\n", text).strip() + "\n"
    return text


def _svg(chart: Mapping[str, Any]) -> Markup:
    series = [Series(s["label"], s["values"], s["style"]) for s in chart["series"]]
    svg = line_chart(chart["title"], chart["x_labels"], series, chart["y_max"], chart["y_label"])
    return Markup(svg)


def recap(
    journal: Journal,
    session: int | None,
    audience: str,
    fmt: str,
    overrides: Path | None = None,
) -> str:
    from journal.recap import recap_context

    return render("recap", recap_context(journal, session, audience), check_format(fmt), overrides)


def arc(journal: Journal, name: str, fmt: str, overrides: Path | None = None) -> str:
    from journal.arc import arc_context

    context = arc_context(journal, name)
    fmt = check_format(fmt)
    if fmt == "html":
        context["charts"] = [{**c, "svg": _svg(c)} for c in context["charts"]]
    return render("arc", context, fmt, overrides)
