"""The handouts as the API takes them: the formats each handout is rendered in (`PRINTED`:
with PDF), the GM's own templates folder (`--templates`, `JOURNAL_TEMPLATES`), the
journal's shipped templates, each ruleset's narrator (its partials), a game date as a
handout writes it, `Audience`, the one audience filter every handout and page goes
through, and `ProofLinks`, what a served recap links each entry's proof with."""

from __future__ import annotations

from journal.handouts.details import game_date
from journal.handouts.documents import ProofLinks
from journal.handouts.hooks import narrator_of
from journal.handouts.recap import Audience
from journal.handouts.render import FORMATS, PRINTED, check_format, override_folder
from journal.resources import shipped

__all__ = [
    "FORMATS",
    "PRINTED",
    "Audience",
    "ProofLinks",
    "check_format",
    "game_date",
    "narrator_of",
    "override_folder",
    "shipped",
]
