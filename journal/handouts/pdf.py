"""HTML handouts printed to PDF by WeasyPrint (the optional extra `horror-journal[pdf]`).

The PDF is the handout's own HTML and CSS, with the print sheet (`_print.css.j2`: paper,
running header, page numbers) that a chosen paper adds. It is tagged as PDF/UA-1 asks
(WeasyPrint's `pdf/ua-1` variant: a structure tree of its headings, paragraphs, lists and
tables in reading order, `/MarkInfo`, `/Lang` from the HTML's `lang`, the campaign's
language; the title shown, XMP metadata), so a screen reader reads it as it reads the
HTML. Its bytes depend on the log alone: the creation and modification dates are the head
event's `recorded_at`, the file identifier is the head event's hash, never the clock.
Nothing is fetched while printing (only `data:` URLs): a handout is one self-contained
file.

WeasyPrint (and Pango under it) is imported here, inside the PDF path only.
"""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from dataclasses import dataclass
from datetime import UTC, datetime

from journal.app import Campaign
from journal.errors import JournalError
from journal.installation import needs_extra, needs_pango
from journal.rules.core.state import CampaignState

#: WeasyPrint's variant every handout is printed as: tagged, PDF/UA-1's metadata
VARIANT = "pdf/ua-1"
#: `--paper` as the CSS `@page size` names it
PAPERS = {"a4": "A4", "letter": "letter"}


@dataclass(frozen=True)
class Stamp:
    """What a PDF says of when and what it is: the log's head event."""

    seq: int
    hash: str
    recorded_at: datetime

    @property
    def instant(self) -> str:
        """The head's `recorded_at` as a W3C date-time (what WeasyPrint's metadata takes)."""
        moment = self.recorded_at
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")

    @property
    def identifier(self) -> bytes:
        """The PDF's /ID: the head hash's first 16 bytes (an ID is 16 bytes by custom)."""
        return bytes.fromhex(self.hash)[:16]


def stamp_of(campaign: Campaign, state: CampaignState) -> Stamp:
    """The head event of `state`: what a handout made from it was made from."""
    record = campaign.event(state.seq)
    if record is None:  # the state was folded from this very log a moment ago
        raise JournalError(f"event {state.seq} of campaign {campaign.campaign!r} is missing")
    return Stamp(record.seq, record.hash, record.recorded_at)


def check_paper(paper: str) -> str:
    """`a4` or `letter` (any case) as the CSS page size, or a clear refusal."""
    size = PAPERS.get(paper.strip().lower())
    if size is None:
        raise JournalError(f"unknown paper {paper!r}: use a4 or letter")
    return size


def to_pdf(html: str, stamp: Stamp) -> bytes:
    """`html` printed to PDF, its dates and identifier taken from `stamp`; a clear refusal
    when the extra is not installed (or its libraries, Pango above all, do not load)."""
    return pdf_and_pages(html, stamp)[0]


def pdf_and_pages(html: str, stamp: Stamp, tagged: bool = True) -> tuple[bytes, int]:
    """`html` printed to PDF (see `to_pdf`), and how many pages it took; untagged only for
    what is laid over a tagged page (a book's page numbers, an artifact there)."""
    told = io.StringIO()
    try:
        # WeasyPrint prints a page of advice on standard output when Pango does not load:
        # the GM reads the one `Error:` line below instead
        with redirect_stdout(told):
            from weasyprint import HTML
            from weasyprint.urls import URLFetcher
    except ImportError:
        raise JournalError(needs_extra("PDF", "pdf")) from None
    except OSError as exc:  # WeasyPrint found, Pango or its fonts not
        raise JournalError(needs_pango(exc)) from None
    fetcher = URLFetcher(allowed_protocols=["data"])
    document = HTML(string=html, url_fetcher=fetcher).render()
    document.metadata.created = stamp.instant
    document.metadata.modified = stamp.instant
    variant = VARIANT if tagged else None
    data = document.write_pdf(pdf_identifier=stamp.identifier, pdf_variant=variant)
    assert isinstance(data, bytes)
    return data, len(document.pages)


#: the page numbers of a book: nothing but the footer the print sheet gives a page
NUMBERS = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
@page {{ size: {paper}; margin: 20mm 15mm 18mm;
  @bottom-center {{ content: "Page " counter(page) " of " counter(pages);
    font: 8pt "DejaVu Sans", sans-serif; color: #444; }} }}
@page :first {{ @bottom-center {{ content: none; }} }}
div {{ break-after: page; }}
</style></head><body>{pages}</body></html>"""

#: the stamp of what is printed only to be joined (the joined file takes the book's own)
UNSTAMPED = Stamp(0, "0" * 64, datetime(2000, 1, 1, tzinfo=UTC))


def numbers_html(paper: str, pages: int) -> str:
    """`pages` pages of `paper` holding only "Page N of M" at their foot (the first, the
    cover, none), to be laid over a book's pages once its length is known."""
    return NUMBERS.format(paper=paper, pages="<div></div>" * pages)


def joined(parts: list[bytes], stamp: Stamp, numbers: bytes | None = None) -> bytes:
    """PDFs one after the other as one (their bookmarks and structure trees kept, tagged as
    each part was: `journal.handouts.tagged`; the first one's title), its dates and
    identifier set as `to_pdf` sets them; `numbers` (see `numbers_html`) laid over its
    pages as pagination artifacts. A long book is printed chapter by chapter and joined
    here: WeasyPrint holds every page's layout until it writes the file, so one document
    of hundreds of pages would take hundreds of MiB."""
    try:
        from pypdf import PdfReader, PdfWriter
        from pypdf.generic import ArrayObject, ByteStringObject
    except ImportError:
        raise JournalError(needs_extra("PDF", "pdf")) from None
    from journal.handouts.tagged import as_artifact, join_structure

    writer = PdfWriter()
    readers = [PdfReader(io.BytesIO(part)) for part in parts]
    for reader in readers:
        writer.append(reader)
    join_structure(writer, readers)
    if numbers is not None:
        footers = PdfReader(io.BytesIO(numbers)).pages
        for page, footer in zip(writer.pages, footers, strict=True):
            as_artifact(footer)
            page.merge_page(footer)
    title = readers[0].metadata.title if readers and readers[0].metadata else None
    moment = "D:" + stamp.instant.replace("-", "").replace(":", "").replace("T", "")
    writer.add_metadata(
        {
            "/Title": title or "",
            "/Creator": "journal",
            "/Producer": "journal (WeasyPrint, pypdf)",
            "/CreationDate": moment,
            "/ModDate": moment,
        }
    )
    identifier = ByteStringObject(stamp.identifier)
    writer._ID = ArrayObject([identifier, identifier])  # pypdf has no public setter
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
