"""The chapters of a book printed once per content, side by side on the machine's cores.

A chapter is printed without page numbers (`render.book_pdf` numbers the joined book), so
its PDF depends on its HTML (stylesheet included) and the printing code alone. It is kept
in the cache folder (`$XDG_CACHE_HOME/journal/book-chapters/`) under the SHA-256 of both,
with a record binding the key, the page count and the PDF's own SHA-256 (like a snapshot,
never trusted as it stands: a record that does not hold, or a PDF that does not match it,
is printed again and kept anew). The same log gives the same book, byte for byte, with
the cache or without.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from pathlib import Path

import msgspec

FORMAT = 1
#: print in processes only when at least this many chapters are not kept
PARALLEL_FROM = 4


@cache
def _printer() -> str:
    """What a chapter's bytes depend on besides its HTML: WeasyPrint's and pypdf's versions
    and this journal's printing code."""
    from importlib.metadata import version

    here = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for name in ("pdf.py", "chapters.py"):
        digest.update((here / name).read_bytes())
    return f"weasyprint {version('weasyprint')}\n{digest.hexdigest()[:16]}"


def key_of(html: str) -> str:
    return hashlib.sha256(f"{FORMAT}\n{_printer()}\n{html}".encode()).hexdigest()


def _folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "journal" / "book-chapters"


def _record(key: str, pages: int, data: bytes) -> str:
    pdf = hashlib.sha256(data).hexdigest()
    binding = hashlib.sha256(f"{FORMAT}\n{key}\n{pages}\n{pdf}".encode()).hexdigest()
    return msgspec.json.encode(
        {"format": FORMAT, "key": key, "pages": pages, "pdf": pdf, "digest": binding}
    ).decode()


def kept(key: str) -> tuple[bytes, int] | None:
    """The chapter kept under `key`, if its record holds and its PDF matches it (never
    read through a link)."""
    from journal.files import Folder

    try:
        with Folder(_folder(), create=False) as folder:
            record_bytes = folder.read(f"{key}.json")
            data = folder.read(f"{key}.pdf")
        if record_bytes is None or data is None:
            return None
        record = msgspec.json.decode(record_bytes)
    except (OSError, msgspec.DecodeError, RecursionError):
        return None
    if not isinstance(record, dict):
        return None
    pages = record.get("pages")
    if type(pages) is not int or pages < 1 or record.get("key") != key:
        return None
    if msgspec.json.decode(_record(key, pages, data)) != record:
        return None
    return data, pages


def keep(key: str, data: bytes, pages: int) -> None:
    """Keep a chapter, its PDF first and then the record that vouches for it, each written
    whole by the one safe writer (`journal.files.Folder`: never through a link); nothing
    is kept when the cache cannot be written."""
    from journal.files import PRIVATE_FILE, PRIVATE_FOLDER, Folder

    def quiet(text: str) -> None:
        pass

    try:
        with Folder(_folder(), mode=PRIVATE_FOLDER) as folder:
            folder.write(f"{key}.pdf", [data], mode=PRIVATE_FILE, notice=quiet)
            folder.write(
                f"{key}.json", [_record(key, pages, data)], mode=PRIVATE_FILE, notice=quiet
            )
    except OSError:
        pass


def print_one(html: str) -> tuple[bytes, int]:
    """One chapter printed (in this process or a worker's)."""
    from journal.handouts.pdf import UNSTAMPED, pdf_and_pages

    return pdf_and_pages(html, UNSTAMPED)


def printed(htmls: list[str]) -> list[tuple[bytes, int]]:
    """Each chapter's PDF and page count: kept ones read, the others printed (in as many
    processes as the machine has cores, when there are enough of them) and kept."""
    keys = [key_of(html) for html in htmls]
    found: list[tuple[bytes, int] | None] = [kept(key) for key in keys]
    todo = [i for i, part in enumerate(found) if part is None]
    workers = min(
        len(todo),
        len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1,
    )
    if len(todo) >= PARALLEL_FROM and workers > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context("spawn")  # no copy of this process's database
        with ProcessPoolExecutor(workers, mp_context=context) as pool:
            made = list(pool.map(print_one, [htmls[i] for i in todo]))
    else:
        made = [print_one(htmls[i]) for i in todo]
    for index, (data, pages) in zip(todo, made, strict=True):
        keep(keys[index], data, pages)
        found[index] = (data, pages)
    return [part for part in found if part is not None]
