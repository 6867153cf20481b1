"""How the documents read as text, for the CLI and scripts: aligned tables, values as the
journal writes them, typed text made visible (control characters shown, passwords
masked, URLs shown by their host alone), and whole numbers as a GM types them."""

from __future__ import annotations

from journal.rules.whole_numbers import signed, unsigned
from journal.text import (
    aligned,
    aligned_text,
    mask_url,
    masked_urls,
    value_text,
    visible,
    without_passwords,
)

__all__ = [
    "aligned",
    "aligned_text",
    "mask_url",
    "masked_urls",
    "signed",
    "unsigned",
    "value_text",
    "visible",
    "without_passwords",
]
