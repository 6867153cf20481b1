"""Reading the PDFs the journal prints: each page's text (pypdf), its size, its pixels
(pdftoppm, from Debian's poppler-utils)."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

#: the page sizes, in PDF points, that `--paper` names
SIZES = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


def pages(data: bytes) -> list[str]:
    """The text of each page."""
    from pypdf import PdfReader

    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def text(data: bytes) -> str:
    return "\n".join(pages(data))


def squashed(value: str) -> str:
    """Without any white space: a marker a line broke in two (`secret-` / `03-x9`) is
    found whole."""
    return re.sub(r"\s+", "", value)


def sizes(data: bytes) -> set[tuple[float, float]]:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    return {
        (round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2))
        for p in reader.pages
    }


def metadata(data: bytes) -> tuple[dict[str, str], list[bytes]]:
    """The info dictionary and the /ID pair."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    info = {str(k): str(v) for k, v in (reader.metadata or {}).items()}
    ids = reader.trailer.get("/ID")
    return info, [bytes(i.original_bytes) for i in ids] if ids else []


def page_png(pdf: Path, page: int, dpi: int = 72) -> Path:
    """Page `page` (1-based) rendered to PNG by pdftoppm."""
    pdftoppm = shutil.which("pdftoppm")
    assert pdftoppm, "pdftoppm is missing: apt-get install poppler-utils (.ci/run does)"
    stem = pdf.with_name(f"{pdf.stem}-page")
    subprocess.run(
        [
            pdftoppm,
            "-png",
            "-r",
            str(dpi),
            "-f",
            str(page),
            "-l",
            str(page),
            "-singlefile",
            str(pdf),
            str(stem),
        ],
        check=True,
        timeout=60,
    )
    return stem.with_suffix(".png")
