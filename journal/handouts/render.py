"""Handouts rendered with Jinja: the environment and the entry points the API calls.

Templates come from the override folder the GM names first (`--templates DIR` or
`JOURNAL_TEMPLATES`; never a folder found beside a shared database), then the shipped
`templates/`. A
template names its ruleset's parts `ruleset/parts.<format>.j2`: found in the override
folder, else in the ruleset's own `templates/` folder, else the plain defaults in
`templates/_ruleset/`. Every
template runs in Jinja's sandbox with StrictUndefined (a typo fails loudly); HTML templates
autoescape; in Markdown templates every `{{ value }}` that is text is escaped for Markdown
(see `md_escape`), so a GM's `*`, `|` or `<script>` stays literal text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jinja2 import (
    BaseLoader,
    ChoiceLoader,
    FileSystemLoader,
    PrefixLoader,
    StrictUndefined,
)
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup, escape

from journal.app import Campaign
from journal.errors import JournalError
from journal.handouts.charts import Series, both_widths
from journal.handouts.pdf import (
    check_paper,
    joined,
    numbers_html,
    pdf_and_pages,
    stamp_of,
    to_pdf,
)
from journal.handouts.progress import Progress, Steps
from journal.handouts.sandbox import FolderLoader, HandoutSandbox, TemplateProblem, template_line
from journal.resources import shipped
from journal.rules import load
from journal.rules.core.state import CampaignState
from journal.rules.ruleset import Ruleset

if TYPE_CHECKING:
    from journal.handouts.documents import ArcDocument, Chart, ProofLinks, RecapDocument
    from journal.handouts.recap import Audience

FORMATS = ("md", "html")
#: what `recap`, `arc` and `book` can print
PRINTED = (*FORMATS, "pdf")

# Markdown escaping, only where Markdown would misread the text:
#: emphasis, code, links, table cells and strikethrough, anywhere
_MD_SPECIAL = re.compile(r"([\\`*\[\]|~])")
#: `_` that could open or close emphasis (not inside a word like snake_case)
_MD_UNDERSCORE = re.compile(r"(?<![0-9A-Za-z])_|_(?![0-9A-Za-z])")
#: a `<` that could open a tag, comment or autolink (`<b>`, `</b>`, `<!--`, `<http://x>`;
#: `<= 5` cannot), and the `>` that would close it
_MD_TAG = re.compile(r"<([A-Za-z/!?][^<>]*)(>?)")
_MD_ENTITY = re.compile(r"&(?=#?\w+;)")
# No pattern here has nested or adjacent unbounded repetition (`[ \t]*[\r\n]+` and
# `\w+(?:-\w+)+` once took seconds for a long run of spaces): what they did is done in
# linear steps below (tests/hostile/test_linear_text.py scans every pattern).
_NEWLINE = re.compile(r"[\r\n]")
_SPACES = re.compile(r"\s*")
#: at the start of the text only (after its indent): a list item (CommonMark's ordered
#: items have at most 9 digits), a heading, a quote, a setext underline
_MD_LINE_START = re.compile(r"(?:([-+=])(?=\s|$)|([0-9]{1,9})([.)])(?=\s|$)|([#>]))")
#: a run of word characters and hyphens, where a hyphenated id may be
_WORDS_AND_HYPHENS = re.compile(r"[\w-]+")


def md_escape(value: object) -> object:
    """Text made safe for Markdown (and table cells): newlines folded, and a backslash
    only where Markdown would misread a character (`#` and `>` only at the start, `<` only
    where it could open a tag, `_` only where it could be emphasis). Markup (already
    formatted) and non-text values pass through."""
    if isinstance(value, Markup) or not isinstance(value, str):
        return value
    text = fold_newlines(value)
    text = _MD_SPECIAL.sub(r"\\\1", text)
    text = _MD_UNDERSCORE.sub(r"\\_", text)
    text = _MD_TAG.sub(_tag, text)
    text = _MD_ENTITY.sub(r"\\&", text)
    indent = len(text) - len(text.lstrip())
    start = _MD_LINE_START.match(text, indent)
    if start is None:
        return text
    return text[:indent] + _line_start(start) + text[start.end() :]


#: in an Obsidian note (the vault), what the GM typed holds no bracket (a wikilink, an
#: embed, a Markdown link or a footnote needs them; a backslash does not stop every reader
#: of the vault, obsidiantools among them, from seeing one), and no run of `%` (a `%%`
#: comment hides what follows it, the journal's own links too): each as its full-width
#: twin, which reads the same
_OBSIDIAN_TWINS = str.maketrans({"[": "\uff3b", "]": "\uff3d"})
_PERCENTS = re.compile(r"%{2,}")


def obsidian_escape(value: object) -> object:
    """`md_escape` for an Obsidian note: no bracket and no `%%` of the GM's becomes syntax
    (see `_OBSIDIAN_TWINS`), and `$` (math) is escaped too."""
    if isinstance(value, Markup) or not isinstance(value, str):
        return value
    text = _PERCENTS.sub(lambda run: "\uff05" * len(run[0]), value.translate(_OBSIDIAN_TWINS))
    return str(md_escape(text)).replace("$", "\\$")


def fold_newlines(text: str) -> str:
    """Each line break, with the spaces and tabs before it and all the white space after
    it, as one space (a table cell or a list item stays one line), in one pass."""
    parts: list[str] = []
    at = 0
    while (found := _NEWLINE.search(text, at)) is not None:
        parts.append(text[at : found.start()].rstrip(" \t"))
        parts.append(" ")
        spaces = _SPACES.match(text, found.end())
        at = spaces.end() if spaces is not None else found.end()
    parts.append(text[at:])
    return "".join(parts)


def fold_blank_lines(text: str) -> str:
    """Two or more blank lines in a row (spaces and tabs only) as one empty line."""
    lines = text.split("\n")
    kept: list[str] = []
    blank = 0
    for index, line in enumerate(lines):
        last = index == len(lines) - 1
        if index and not last and not line.strip(" \t"):
            blank += 1
            continue
        if blank:
            kept.extend([""] if blank >= 2 else lines[index - 1 : index])
            blank = 0
        kept.append(line)
    return "\n".join(kept)


def _tag(match: re.Match[str]) -> str:
    return f"\\<{match[1]}" + ("\\>" if match[2] else "")


def _line_start(match: re.Match[str]) -> str:
    """`- x` as `\\- x`, `1. x` as `1\\. x`, `# x` as `\\# x`."""
    bullet, number, dot, mark = match.groups()
    if number is not None:
        return f"{number}\\{dot}"
    return f"\\{bullet or mark}"


def html_ids(value: object) -> Markup:
    """Text escaped for HTML with each hyphenated word (a threat id like `corpse-1`) in a
    `<span class="id">`, which the handout CSS keeps on one line."""
    text = str(escape(value))
    return Markup(_WORDS_AND_HYPHENS.sub(_hyphenated_ids, text))


def _hyphenated_ids(match: re.Match[str]) -> str:
    """In a run of word characters and hyphens, each `word-word(-word...)` (one hyphen
    between words) in a `<span class="id">`."""
    tokens = match[0].split("-")
    if len(tokens) < 2:
        return match[0]
    pieces: list[str] = []
    start = 0
    while start < len(tokens):
        end = start
        while end < len(tokens) and tokens[end]:
            end += 1
        if end - start >= 2:
            pieces.append(f'<span class="id">{"-".join(tokens[start:end])}</span>')
        else:
            pieces.extend(tokens[start:end])
        if end < len(tokens):
            pieces.append(tokens[end])  # the empty word between two hyphens
        start = end + 1
    return "-".join(pieces)


def _is_html(name: str | None) -> bool:
    return bool(name) and str(name).endswith((".html.j2", ".html"))


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def environment(
    overrides: Path | None = None,
    fmt: str = "html",
    ruleset: Ruleset | None = None,
    obsidian: bool = False,
) -> SandboxedEnvironment:
    """The environment for these templates, made once per process: Jinja keeps each
    compiled template (and recompiles one whose file changed). `obsidian`: Markdown for
    an Obsidian note (`obsidian_escape`)."""
    from journal.handouts.hooks import narrator_of

    templates = None if ruleset is None else narrator_of(ruleset.name).templates
    parts = None if templates is None else str(templates)
    return _environment(None if overrides is None else str(overrides), fmt, parts, obsidian)


@lru_cache(maxsize=32)
def _environment(
    overrides: str | None, fmt: str, ruleset_parts: str | None, obsidian: bool = False
) -> SandboxedEnvironment:
    loaders: list[BaseLoader] = []
    if overrides is not None:
        loaders.append(FolderLoader(overrides))
    templates = shipped("templates")
    loaders.append(FileSystemLoader(str(templates)))
    parts = [FileSystemLoader(str(templates / "_ruleset"))]
    if ruleset_parts is not None:
        parts.insert(0, FileSystemLoader(ruleset_parts))
    loaders.append(PrefixLoader({"ruleset": ChoiceLoader(parts)}))
    env = HandoutSandbox(
        loader=ChoiceLoader(loaders),
        autoescape=_is_html,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=(obsidian_escape if obsidian else md_escape) if fmt == "md" else None,
    )
    del env.globals["lipsum"]  # `lipsum(10**6)` writes for minutes; no handout needs it
    env.filters["signed"] = _signed
    env.filters["md"] = obsidian_escape if obsidian else md_escape
    env.filters["ids"] = html_ids
    return env


def override_folder(templates: str | None) -> Path | None:
    """The folder the GM named (`--templates DIR` or `JOURNAL_TEMPLATES`; it must exist),
    else None: the shipped templates. A `templates/` folder beside a database is never
    used unless named: on a shared disk, someone else may have put it there."""
    if templates is None or not templates.strip():
        return None
    folder = Path(templates).expanduser()
    if not folder.is_dir():
        raise JournalError(f"--templates {templates}: no such folder")
    return folder


def check_format(fmt: str, formats: tuple[str, ...] = FORMATS) -> str:
    fmt = fmt.strip().lower().lstrip(".")
    if fmt == "markdown":
        fmt = "md"
    if fmt not in formats:
        choices = f"{', '.join(formats[:-1])} or {formats[-1]}"
        raise JournalError(f"unknown format {fmt!r}: use {choices}")
    return fmt


def render(
    name: str,
    context: Mapping[str, object],
    fmt: str,
    overrides: Path | None,
    ruleset: Ruleset | None = None,
    obsidian: bool = False,
) -> str:
    env = environment(overrides, fmt, ruleset, obsidian)
    try:
        text = env.get_template(f"{name}.{fmt}.j2").render(**context)
    except TemplateProblem:
        raise
    except Exception as exc:  # a typo, a forbidden access, 1/0 or "a" + 1 in an override
        where = f" (templates from {overrides})" if overrides else ""
        line = template_line(exc)
        raise TemplateProblem(
            f"template {name}.{fmt}.j2 failed{where}{line}: {type(exc).__name__}: {exc}"
        ) from None
    if fmt == "md":
        text = fold_blank_lines(text).strip() + "\n"
    return text


def part(
    name: str, context: Mapping[str, object], overrides: Path | None, ruleset: Ruleset
) -> Markup:
    """A template that is part of a page (a recap's or an arc's body in the book)."""
    return Markup(render(name, context, "html", overrides, ruleset))


def svg(chart: Chart) -> Markup:
    """A chart document (`title`, `x_labels`, `series`, `y_max`, `y_label`, and optionally
    `x_title` and each series' `crossed` points) as inline SVG, wide and narrow."""
    series = [
        Series(s["label"], s["values"], s["style"], frozenset(s.get("crossed", ())))
        for s in chart["series"]
    ]
    drawn = both_widths(
        chart["title"],
        chart["x_labels"],
        series,
        chart["y_max"],
        chart["y_label"],
        chart.get("x_title", "session"),
    )
    return Markup(drawn)


def _charts_drawn(context: ArcDocument) -> ArcDocument:
    """An arc's context with each chart's SVG drawn (for HTML)."""
    drawn = context.copy()
    drawn["charts"] = [_drawn(c) for c in context["charts"]]
    return drawn


def _drawn(chart: Chart) -> Chart:
    drawn = chart.copy()
    drawn["svg"] = svg(chart)
    return drawn


def _recap_charts(context: RecapDocument, fmt: str) -> None:
    """Each encounter's fear track drawn (HTML) and told in words (every format)."""
    for entry in context["story"]:
        if entry["kind"] != "encounter":
            continue
        for chart in entry.get("charts", []):
            if fmt == "html":
                chart["svg"] = svg(chart)
            for s in chart["series"]:
                s["track"] = track(s["values"], s.get("crossed", ()))


def recap(
    campaign: Campaign,
    session: int | None,
    audience: str | Audience,
    fmt: str,
    overrides: Path | None = None,
    paper: str | None = None,
    final: CampaignState | None = None,
    callouts: bool = False,
    proofs: ProofLinks | None = None,
) -> str:
    """A session's recap as Markdown or HTML (with `paper`, the HTML carries the print
    sheet for that paper; with `final`, of the campaign as it stood then; with
    `callouts`, the Markdown is an Obsidian note's: each ruling an Obsidian callout,
    `> [!note]`, and what the GM typed escaped as `obsidian_escape` does; with `proofs`, a
    served page's, each entry of the HTML links its proof: `href` then its seq, `?head=`
    the head of `heads` of the session it was written in, else `at`)."""
    from journal.handouts.recap import recap_context

    context = recap_context(campaign, session, audience, final)
    ruleset = load(context["campaign"]["ruleset"])
    fmt = check_format(fmt)
    _recap_charts(context, fmt)
    head = record_head(campaign, final)
    extra = {"paper": paper, "callouts": callouts, **head}
    if proofs is not None and fmt == "html":
        extra["proofs"] = proofs
    return render("recap", {**context, **extra}, fmt, overrides, ruleset, obsidian=callouts)


def record_head(campaign: Campaign, final: CampaignState | None) -> dict[str, Any]:
    """The tree head a handout is made from (`Record #412 · 3f2a9c41d07be5a2…`), for the
    templates' `_record_head` partial: the record as the handout's last event left it, the
    posts recorded after it aside (a post names the head of the handout it sends)."""
    from journal.proof.tree import CampaignTree, told_size

    upto = campaign.head() if final is None else final.seq
    size = told_size(campaign.store, campaign.campaign, upto)
    head = CampaignTree(campaign.store, campaign.campaign).head(size)
    return {"record_head": {"size": head.size, "short": head.short(), "text": head.text()}}


def track(values: Sequence[int | None], crossed: Sequence[int] = ()) -> str:
    """A series in words for a text handout: `7 → 7 ✗ → 6` (✗: a crossed point; — none)."""
    return " → ".join(
        "—" if v is None else f"{v} ✗" if i in crossed else str(v) for i, v in enumerate(values)
    )


def arc(
    campaign: Campaign,
    name: str,
    fmt: str,
    overrides: Path | None = None,
    paper: str | None = None,
    final: CampaignState | None = None,
) -> str:
    from journal.handouts.arc import arc_of
    from journal.handouts.log import stream

    context = arc_of(stream(campaign, final), name)
    fmt = check_format(fmt)
    if fmt == "html":
        context = _charts_drawn(context)
    ruleset = load(context["campaign"]["ruleset"])
    head = record_head(campaign, final)
    return render("arc", {**context, "paper": paper, **head}, fmt, overrides, ruleset)


def book(
    campaign: Campaign,
    audience: str | Audience,
    paper: str,
    final: CampaignState,
    overrides: Path | None = None,
    so_far: bool = False,
    progress: Progress | None = None,
) -> str:
    """The book's HTML for `audience` on `paper`, of the campaign as it stood at `final`
    (`so_far`: the book of the campaign so far): one page, its contents numbered by
    `target-counter()`. `progress` is told each recap and arc made, and the page."""
    from journal.handouts.book import book_size

    done = Steps(sum(book_size(audience, final)) + 1, progress)
    page, ruleset = _book_page(campaign, audience, paper, final, overrides, so_far, done)
    html = render("book", {**page, "chunk": None}, "html", overrides, ruleset)
    done.finish()
    return html


def book_pdf(
    campaign: Campaign,
    audience: str | Audience,
    paper: str,
    final: CampaignState,
    overrides: Path | None = None,
    so_far: bool = False,
    progress: Progress | None = None,
) -> bytes:
    """The book printed to PDF chapter by chapter, the chapters joined into one file
    (`progress` told each recap and arc made, each chapter printed, the contents, the
    page numbers and the join).

    A chapter is printed without page numbers, so what it prints depends on its HTML
    alone: it is printed once per content (`journal.handouts.chapters`: kept in the cache
    folder, bound to the hash of its HTML and stylesheet), the chapters not kept printed
    side by side on the machine's cores. The contents is printed last with each chapter's
    first page; then every page but the cover gets "Page N of M" (`pdf.numbers_html`,
    kept like a chapter)."""
    from journal.handouts.book import book_size
    from journal.handouts.chapters import printed

    # each recap and arc made, then printed as a chapter (with the cast and the receipt),
    # the contents measured and printed, the page numbers, the join
    made = sum(book_size(audience, final))
    done = Steps(made + made + 2 + 1 + 3, progress)
    page, ruleset = _book_page(campaign, audience, paper, final, overrides, so_far, done)
    stamp = stamp_of(campaign, final)
    chapters = [
        *(f"session-{r['session']['number']}" for r in page["recaps"]),
        *(f"arc-{number}" for number in range(1, len(page["arcs"]) + 1)),
        "cast",
        "receipt",
    ]

    # a session's or an arc's chapter leaves the record's head to the front and the
    # receipt: with it, every chapter would change at every event and none be kept
    headless = {k: v for k, v in page.items() if k != "record_head"}

    def chunk(part: str, pages: dict[str, int]) -> str:
        numbers = {"part": part, "first": 1, "pages": pages}
        shown = page if part in ("front", "receipt") else headless
        return render("book", {**shown, "chunk": numbers}, "html", overrides, ruleset)

    # the contents measured with placeholder numbers, beside the chapters
    *parts, (_, front_pages) = printed(
        [*(chunk(part, {}) for part in chapters), chunk("front", dict.fromkeys(chapters, 999))],
        done.step,
    )
    for _ in range(3):  # the real numbers could take another line of the contents
        first, starts = front_pages + 1, {}
        for part, (_, count) in zip(chapters, parts, strict=True):
            starts[part] = first
            first += count
        front, count = pdf_and_pages(chunk("front", starts), stamp)
        if count == front_pages:
            break
        front_pages = count
    done.step()
    total = front_pages + sum(count for _, count in parts)
    # kept like a chapter: a book one event on, as long as before, numbers no page again
    [(numbers, count)] = printed([numbers_html(page["paper"], total)], done.step, tagged=False)
    assert count == total, (count, total)
    book = joined([front, *(data for data, _ in parts)], stamp, numbers)
    done.finish()
    return book


def _book_page(
    campaign: Campaign,
    audience: str | Audience,
    paper: str,
    final: CampaignState,
    overrides: Path | None,
    so_far: bool,
    done: Steps,
) -> tuple[dict[str, Any], Ruleset]:
    """The book's context with each recap's and arc's body rendered (once)."""
    from journal.handouts.book import book_context

    context = book_context(campaign, audience, final, so_far, done)
    ruleset = load(context["campaign"]["ruleset"])
    for recap in context["recaps"]:
        _recap_charts(recap, "html")
    recaps = [{**c, "body": part("_recap_body", c, overrides, ruleset)} for c in context["recaps"]]
    arcs = [
        {**c, "body": part("_arc_body", _charts_drawn(c), overrides, ruleset)}
        for c in context["arcs"]
    ]
    page = {**context, "recaps": recaps, "arcs": arcs, "paper": check_paper(paper)}
    return {**page, **record_head(campaign, final)}, ruleset


def printed(campaign: Campaign, html: str, final: CampaignState) -> bytes:
    """`html`, made from the campaign as it stood at `final`, printed to PDF (its dates
    and identifier those of `final`'s head event)."""
    return to_pdf(html, stamp_of(campaign, final))
