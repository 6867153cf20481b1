"""The handouts' formats and templates as the API takes them: the formats each handout is
rendered in (`PRINTED`: with PDF), and the GM's own templates folder (`--templates`,
`JOURNAL_TEMPLATES`)."""

from __future__ import annotations

from journal.handouts.render import FORMATS, PRINTED, check_format, override_folder

__all__ = ["FORMATS", "PRINTED", "check_format", "override_folder"]
