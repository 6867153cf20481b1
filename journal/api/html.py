"""What the web pages take of the handouts' HTML besides the handouts themselves: the
templates' `ids` filter, which keeps a threat's id (`corpse-1`) on one line, as a handout
does."""

from __future__ import annotations

from journal.handouts.render import html_ids

__all__ = ["html_ids"]
