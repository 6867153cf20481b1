"""A book's chapters joined into one tagged PDF (PDF/UA-1, as WeasyPrint tags each part).

pypdf joins the parts' pages but keeps no structure tree, nor what says a PDF is tagged:
`join_structure` gives the joined file one tree, the parts' trees one after the other
under its `Document` (each part's elements cloned with the pages they mark), one parent
tree (each part's keys, and its pages' `/StructParents`, moved past the parts before it),
and the catalog's `/MarkInfo`, `/Lang`, `/ViewerPreferences` and XMP metadata (the first
part's: the book's title, `pdfuaid:part`). The page numbers laid over the pages later are
marked as pagination artifacts (`as_artifact`), never read out as text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pypdf import PageObject, PdfReader, PdfWriter
    from pypdf.generic import DictionaryObject, PdfObject

#: the catalog entries of a tagged PDF the joined file takes from its first tagged part
CATALOG = ("/MarkInfo", "/Lang", "/ViewerPreferences", "/Metadata")


def join_structure(writer: PdfWriter, readers: list[PdfReader]) -> None:
    """The structure trees of `readers`, whose pages `writer` holds in their order, as the
    one tree of `writer` (nothing when no part is tagged)."""
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject, NumberObject

    tagged = [r for r in readers if "/StructTreeRoot" in r.root_object]
    if not tagged:
        return
    root = DictionaryObject({NameObject("/Type"): NameObject("/StructTreeRoot")})
    root_ref = writer._add_object(root)
    document = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/StructElem"),
            NameObject("/S"): NameObject("/Document"),
            NameObject("/P"): root_ref,
        }
    )
    document_ref = writer._add_object(document)
    kids, nums = ArrayObject(), ArrayObject()
    offset, first = 0, 0
    for reader in readers:
        pages = writer.pages[first : first + len(reader.pages)]
        first += len(reader.pages)
        found = reader.root_object.get("/StructTreeRoot")
        if found is None:
            continue
        tree = _dict(found)
        # the part's root and Document stand for the joined file's: their elements' /P
        # are cloned as the joined file's own
        translated = writer._id_translated.setdefault(id(reader), {"PreventGC": reader})
        translated[_idnum(found)] = root_ref.idnum
        for top in _listed(tree.get("/K")):
            element = _dict(top)
            if element.get("/S") == "/Document":
                translated[_idnum(top)] = document_ref.idnum
                kids.extend(kid.clone(writer) for kid in _listed(element.get("/K")))
            else:
                kids.append(top.clone(writer))
        pairs = _pairs(tree.get("/ParentTree"))
        for key, value in pairs:
            nums.extend([NumberObject(key + offset), value.clone(writer)])
        for page, original in zip(pages, reader.pages, strict=True):
            if "/StructParents" in original:
                moved = _number(original["/StructParents"]) + offset
                page[NameObject("/StructParents")] = NumberObject(moved)
            for annotation in _listed(page.get("/Annots")):
                marked = _dict(annotation)
                if "/StructParent" in marked:
                    moved = _number(marked["/StructParent"]) + offset
                    marked[NameObject("/StructParent")] = NumberObject(moved)
        offset += max((key for key, _ in pairs), default=-1) + 1
    document[NameObject("/K")] = kids
    root[NameObject("/K")] = ArrayObject([document_ref])
    root[NameObject("/ParentTree")] = writer._add_object(
        DictionaryObject({NameObject("/Nums"): nums})
    )
    root[NameObject("/ParentTreeNextKey")] = NumberObject(offset)
    catalog = writer.root_object
    catalog[NameObject("/StructTreeRoot")] = root_ref
    source = tagged[0].root_object
    for entry in CATALOG:
        if entry in source:
            catalog[NameObject(entry)] = source.raw_get(entry).clone(writer)


def as_artifact(page: PageObject) -> None:
    """All of `page`'s content marked as a pagination artifact (a footer: page numbers),
    which a screen reader passes by and a tagged PDF needs no element for. The page is one
    to be laid over another (`merge_page`), never written as it is."""
    from pypdf.generic import DecodedStreamObject, NameObject

    contents = page.get_contents()
    data = contents.get_data() if contents is not None else b""
    stream = DecodedStreamObject()
    stream.set_data(b"/Artifact <</Type /Pagination /Subtype /Footer>> BDC\n" + data + b"\nEMC\n")
    page[NameObject("/Contents")] = stream


def _dict(value: PdfObject) -> DictionaryObject:
    from pypdf.generic import DictionaryObject

    found = value.get_object()
    if not isinstance(found, DictionaryObject):
        raise ValueError(f"a tagged PDF's structure holds {found!r} where a dictionary goes")
    return found


def _number(value: object) -> int:
    from pypdf.generic import NumberObject

    if not isinstance(value, NumberObject):
        raise ValueError(f"a tagged PDF's structure holds {value!r} where a number goes")
    return int(value)


def _idnum(value: PdfObject) -> int:
    from pypdf.generic import IndirectObject

    if not isinstance(value, IndirectObject):
        raise ValueError("a tagged PDF's structure element is not an indirect object")
    return value.idnum


def _listed(value: PdfObject | None) -> list[PdfObject]:
    """A structure's `/K` (or any entry holding one or several) as a list."""
    from pypdf.generic import ArrayObject

    if value is None:
        return []
    found = value.get_object()
    return list(found) if isinstance(found, ArrayObject) else [value]


def _pairs(tree: PdfObject | None) -> list[tuple[int, PdfObject]]:
    """A number tree's (key, value) pairs, its `/Kids` walked in order."""
    if tree is None:
        return []
    node = _dict(tree)
    found: list[tuple[int, PdfObject]] = []
    nums = _listed(node.get("/Nums"))
    found += [(_number(nums[i]), nums[i + 1]) for i in range(0, len(nums) - 1, 2)]
    for kid in _listed(node.get("/Kids")):
        found += _pairs(kid)
    return found
