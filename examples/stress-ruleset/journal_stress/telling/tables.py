"""The tables every command's telling registers on: each event's one line for the GM
(`LINES`) and its player-safe handout sentence (`SENTENCES`)."""

from __future__ import annotations

from journal.plugin.telling import Lines, Sentences

LINES = Lines("log line")
SENTENCES = Sentences("handout sentence")
