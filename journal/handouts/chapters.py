"""The chapters of a book printed once per content, side by side on the machine's cores.

A chapter is printed without page numbers (`render.book_pdf` numbers the joined book), so
its PDF depends on its HTML (stylesheet included) and the printing code alone. It is kept
in this user's cache folder (`book-chapters/`) under the SHA-256 of both, one file a
chapter sealed as every cache is (`journal.caching`): its key, its page count and the
PDF (in base64) under one digest, never trusted as it stands (a file that does not hold,
or holds another chapter, is printed again and kept anew). The same log gives the same
book, byte for byte, with the cache or without.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
from collections.abc import Callable, Iterable, Iterator
from functools import cache, partial
from pathlib import Path

from journal.caching import CacheFile, Rejected, Seal

SEAL = Seal("book chapter", 2, {"key": str, "pages": int}, body="pdf", what="a book chapter")
#: print in processes only when at least this many chapters are not kept
PARALLEL_FROM = 4


@cache
def _printer() -> str:
    """What a chapter's bytes depend on besides its HTML: WeasyPrint's and pypdf's versions
    and this journal's printing code."""
    from importlib.metadata import version

    here = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for name in ("pdf.py", "chapters.py", "tagged.py"):
        digest.update((here / name).read_bytes())
    return f"weasyprint {version('weasyprint')}\n{digest.hexdigest()[:16]}"


def key_of(html: str, tagged: bool = True) -> str:
    printer = _printer() if tagged else f"{_printer()} untagged"
    return hashlib.sha256(f"{SEAL.format}\n{printer}\n{html}".encode()).hexdigest()


def _file(key: str) -> CacheFile:
    return CacheFile("book-chapters", f"{key}.json")


def kept(key: str) -> tuple[bytes, int] | None:
    """The chapter kept under `key`, if its seal holds and it is that chapter."""
    try:
        entry = SEAL.entry(_file(key).read(), {"key": key})
        data = base64.b64decode(entry.body, validate=True)
    except (Rejected, binascii.Error):
        return None
    pages = entry.number("pages")
    return (data, pages) if pages >= 1 else None


def keep(key: str, data: bytes, pages: int) -> None:
    """Keep a chapter (nothing kept when the cache cannot be written)."""
    _file(key).write(SEAL.text({"key": key, "pages": pages}, base64.b64encode(data).decode()))


def print_one(html: str, tagged: bool = True) -> tuple[bytes, int]:
    """One chapter printed (in this process or a worker's)."""
    from journal.handouts.pdf import UNSTAMPED, pdf_and_pages

    return pdf_and_pages(html, UNSTAMPED, tagged)


def printed(
    htmls: list[str], step: Callable[[], None] | None = None, tagged: bool = True
) -> list[tuple[bytes, int]]:
    """Each chapter's PDF and page count: kept ones read, the others printed (in as many
    processes as the machine has cores, when there are enough of them) and kept; `step`
    is called as each one is had; untagged only for what is laid over tagged pages."""
    step = step or (lambda: None)
    keys = [key_of(html, tagged) for html in htmls]
    found: list[tuple[bytes, int] | None] = [kept(key) for key in keys]
    todo = [i for i, part in enumerate(found) if part is None]
    for _ in range(len(htmls) - len(todo)):
        step()
    workers = min(
        len(todo),
        len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1,
    )
    if len(todo) >= PARALLEL_FROM and workers > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context("spawn")  # no copy of this process's database
        with ProcessPoolExecutor(workers, mp_context=context) as pool:
            made = list(
                _stepped(
                    pool.map(partial(print_one, tagged=tagged), [htmls[i] for i in todo]), step
                )
            )
    else:
        made = list(_stepped((print_one(htmls[i], tagged) for i in todo), step))
    for index, (data, pages) in zip(todo, made, strict=True):
        keep(keys[index], data, pages)
        found[index] = (data, pages)
    return [part for part in found if part is not None]


def _stepped(
    made: Iterable[tuple[bytes, int]], step: Callable[[], None]
) -> Iterator[tuple[bytes, int]]:
    """Each chapter as it comes, `step` called after it."""
    for chapter in made:
        yield chapter
        step()
