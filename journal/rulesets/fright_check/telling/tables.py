"""The tables every command's telling registers on: each event's one line for the GM
(`LINES`) and its player-safe handout sentence (`SENTENCES`: players never see a die face,
a formula or a term; None when a handout shows it elsewhere)."""

from __future__ import annotations

from journal.plugin.telling import Lines, Sentences

LINES = Lines("log line")
SENTENCES = Sentences("handout sentence")
