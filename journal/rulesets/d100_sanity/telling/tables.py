"""The tables every command's telling registers on: each event's one line for the GM
(`LINES`) and its handout sentence (`SENTENCES`: no die, no term, and no SAN number when
the campaign keeps SAN from the players; None when a handout shows it elsewhere)."""

from __future__ import annotations

from journal.plugin.telling import Lines, Sentences

LINES = Lines("log line")
SENTENCES = Sentences("handout sentence")
