"""Structured rows (`journal.documents.BoardTable`) rendered to text for the terminal: the
status table of `journal status` and the live board of `journal play`."""

from __future__ import annotations

from journal.api.text import aligned
from journal.documents import BoardTable, StatusDocument


def row_lines(table: BoardTable) -> list[tuple[str, str]]:
    """The table as the GM sees it, a line at a time with its mark: its title (when it has
    one), the header, then one line for each row carrying that row's mark."""
    board = table.seen_by(gm=True)
    header, *rows = aligned(
        [[cell.text for cell in row.cells] for row in board.rows],
        [column.label for column in board.columns],
    )
    head = [(table.title, "")] if table.title is not None else []
    return [*head, (header, ""), *zip(rows, (row.mark for row in board.rows), strict=True)]


def table_text(table: BoardTable) -> str:
    return "\n".join(text for text, _ in row_lines(table))


#: what `journal status` says of a campaign without characters, under its heading
NO_CHARACTERS = "No characters yet: journal character add NAME ..."


def status_text(heading: str, document: StatusDocument, rows: BoardTable) -> str:
    """`journal status`: its heading line, then the ruleset's rows as a text table."""
    if not document.characters:
        return f"{heading}\n{NO_CHARACTERS}"
    return f"{heading}\n{table_text(rows)}"
