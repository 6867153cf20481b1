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


# --- tagged PDFs (issue 44, C5), read with pikepdf ------------------------------------------

#: quotation marks: CSS draws a `<q>`'s in the page's language (no text in the HTML)
QUOTES = "\"'\u201c\u201d\u201e\u2018\u2019\u201a\u00ab\u00bb\u2039\u203a"


def structure_tags(data: bytes) -> dict[str, int]:
    """How many structure elements of each type (`H1`, `Table`, `LI`...) the tree holds."""
    import pikepdf

    counted: dict[str, int] = {}
    with pikepdf.open(io.BytesIO(data)) as pdf:
        for element in _elements(pdf.Root.StructTreeRoot):
            kind = str(element.S).lstrip("/")
            counted[kind] = counted.get(kind, 0) + 1
    return counted


def _kids(element: object) -> list[object]:
    import pikepdf

    kids = element.get("/K") if isinstance(element, pikepdf.Dictionary) else None
    if kids is None:
        return []
    return list(kids) if isinstance(kids, pikepdf.Array) else [kids]


def _elements(node: object) -> list[object]:
    import pikepdf

    found = []
    for kid in _kids(node):
        if isinstance(kid, pikepdf.Dictionary) and "/S" in kid:
            found += [kid, *_elements(kid)]
    return found


def unmarked_content(data: bytes) -> list[str]:
    """Each text or image drawn outside any marked content (neither a structure element's
    MCID nor an artifact), and each MCID the parent tree does not give an element: what a
    screen reader could not place (empty: every piece of content is tagged)."""
    import pikepdf

    wrong: list[str] = []
    with pikepdf.open(io.BytesIO(data)) as pdf:
        nums = pdf.Root.StructTreeRoot.ParentTree.Nums
        parents = {int(nums[i]): nums[i + 1] for i in range(0, len(nums), 2)}
        for number, page in enumerate(pdf.pages, 1):
            marks = parents.get(int(page.get("/StructParents", -1)))
            stack: list[tuple[str, int | None]] = []
            for operands, operator in pikepdf.parse_content_stream(page):
                name = str(operator)
                if name == "BDC":
                    props = operands[1]
                    mcid = props.get("/MCID") if isinstance(props, pikepdf.Dictionary) else None
                    stack.append((str(operands[0]), None if mcid is None else int(mcid)))
                    if mcid is not None and (marks is None or int(mcid) >= len(marks)):
                        wrong.append(f"page {number}: MCID {mcid} has no element")
                elif name == "BMC":
                    stack.append((str(operands[0]), None))
                elif name == "EMC":
                    stack.pop()
                elif name in ("Tj", "TJ", "'", '"', "Do") and not any(
                    m is not None or tag == "/Artifact" for tag, m in stack
                ):
                    wrong.append(f"page {number}: {name} outside marked content")
    return wrong


def reading_order(data: bytes) -> str:
    """The PDF's text as its structure tree orders it (what a screen reader reads): each
    element's marked content in tree order, a figure read by its alternate text (skipped
    here), a list's bullets (`Lbl`, generated) left out, and a table's header read once
    where print repeats it atop the next page."""
    import pikepdf

    texts = _marked_texts(data)
    out: list[str] = []
    with pikepdf.open(io.BytesIO(data)) as pdf:
        pages = {page.objgen: number for number, page in enumerate(pdf.pages)}
        seen: dict[str, object] = {"head": None, "page": None, "fresh": True}

        def text_of(node: object, page: int | None) -> str:
            if isinstance(node, int):
                return texts.get((page, node), "")
            if isinstance(node, pikepdf.Dictionary) and "/Pg" in node:
                page = pages[node.Pg.objgen]
            return "".join(text_of(kid, page) for kid in _kids(node))

        def walk(node: object, page: int | None) -> None:
            if isinstance(node, int):
                found = texts.get((page, node), "")
                seen["fresh"] = seen["fresh"] and not found.strip()
                out.append(found)
                return
            if not isinstance(node, pikepdf.Dictionary):
                return
            if node.get("/Type") == "/MCR":
                walk(int(node.MCID), pages[node.Pg.objgen])
                return
            kind = str(node.get("/S", ""))
            if node.get("/Type") == "/OBJR" or kind in ("/Figure", "/Lbl"):
                return
            if "/Pg" in node:
                page = pages[node.Pg.objgen]
            if page != seen["page"]:
                seen["page"], seen["fresh"] = page, True
            if kind == "/THead":
                head = text_of(node, page).split()
                if seen["fresh"] and head == seen["head"]:
                    return
                seen["head"] = head
            for kid in _kids(node):
                walk(kid, page)

        walk(pdf.Root.StructTreeRoot, None)
    return "".join(out)


def _marked_texts(data: bytes) -> dict[tuple[int, int], str]:
    """(page index, MCID) -> the text drawn in that marked content (pypdf decodes it)."""
    from pypdf import PdfReader

    found: dict[tuple[int, int], list[str]] = {}
    for number, page in enumerate(PdfReader(io.BytesIO(data)).pages):
        _Marks(number, found).read(page)
    return {key: "".join(parts) for key, parts in found.items()}


class _Marks:
    """One page read by pypdf, each text it decodes kept under the MCID it is drawn in."""

    def __init__(self, page: int, found: dict[tuple[int, int], list[str]]) -> None:
        self.page, self.found = page, found
        self.stack: list[int | None] = []

    def read(self, page: object) -> None:
        page.extract_text(visitor_operand_before=self.before, visitor_text=self.text)  # type: ignore[attr-defined]

    def before(self, operator: bytes, operands: list[object], *_: object) -> None:
        if operator == b"BDC":
            props = operands[1] if len(operands) > 1 else None
            mcid = props.get("/MCID") if hasattr(props, "get") else None
            self.stack.append(None if mcid is None else int(mcid))
        elif operator == b"BMC":
            self.stack.append(None)
        elif operator == b"EMC" and self.stack:
            self.stack.pop()

    def text(self, value: str, *_: object) -> None:
        current = next((m for m in reversed(self.stack) if m is not None), None)
        if current is not None and value:
            self.found.setdefault((self.page, current), []).append(value)


def squashed_words(value: str) -> str:
    """Without white space, case or quotation marks: two readings of the same text, laid
    out apart (a line broken after a hyphen, `text-transform`, CSS quotes), compare equal."""
    return "".join(c for c in squashed(value).casefold() if c not in QUOTES)
