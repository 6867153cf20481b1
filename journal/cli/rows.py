"""Structured rows (`journal.documents.BoardGrid`) rendered to text for the terminal: the
status rows of `journal status` and the live board of `journal play`."""

from __future__ import annotations

from journal.api.text import aligned
from journal.documents import BoardGrid, StatusDocument


def row_lines(grid: BoardGrid) -> list[tuple[str, str]]:
    """The grid as the GM sees it, a line at a time with its mark: its title (when it has
    one), the header, then one line for each row carrying that row's mark."""
    board = grid.seen_by(gm=True)
    header, *rows = aligned(
        [[cell.text for cell in row.cells] for row in board.rows],
        [column.label for column in board.columns],
    )
    head = [(grid.title, "")] if grid.title is not None else []
    return [*head, (header, ""), *zip(rows, (row.mark for row in board.rows), strict=True)]


def grid_text(grid: BoardGrid) -> str:
    return "\n".join(text for text, _ in row_lines(grid))


#: what `journal status` says of a campaign without characters, under its heading
NO_CHARACTERS = "No characters yet: journal character add NAME ..."


def status_text(heading: str, document: StatusDocument, rows: BoardGrid) -> str:
    """`journal status`: its heading line, then the ruleset's rows as aligned text."""
    if not document.characters:
        return f"{heading}\n{NO_CHARACTERS}"
    return f"{heading}\n{grid_text(rows)}"
