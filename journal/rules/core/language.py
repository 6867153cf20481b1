"""A campaign's language (`campaign language TAG`): a BCP 47 language tag, as RFC 5646
writes it, in its one spelling (the language in lower case, a script in title case, a
region in upper case: `de`, `pt-BR`, `sr-Latn-RS`). Its handouts' HTML and PDF carry it
(`lang`, `/Lang`): a screen reader reads them in that language."""

from __future__ import annotations

import re

from journal.errors import RuleError

#: a language (2-3 letters: no longer one is registered, so `english` is a name, not a
#: tag), then an optional extended language, a script, a region, variants: RFC 5646's
#: "langtag" without extensions or private use
_TAG = re.compile(
    r"(?P<language>[a-z]{2,3}(?:-[a-z]{3}){0,3})"
    r"(?:-(?P<script>[a-z]{4}))?"
    r"(?:-(?P<region>[a-z]{2}|[0-9]{3}))?"
    r"(?P<variants>(?:-(?:[a-z0-9]{5,8}|[0-9][a-z0-9]{3}))*)",
    re.ASCII,
)
#: the language of a campaign that has set none: the journal's own words are English
ENGLISH = "en"


def language_tag(text: str) -> str:
    """`text` as a language tag in its one spelling; a RuleError naming what a tag is."""
    found = _TAG.fullmatch(text.strip().replace("_", "-").lower())
    if found is None or len(text.strip()) > 35:
        raise RuleError(
            f"{text.strip()!r} is not a language tag: give one as BCP 47 writes it, e.g. en, "
            "de, fr-CA, pt-BR"
        )
    parts = [found["language"]]
    if found["script"]:
        parts.append(found["script"].title())
    if found["region"]:
        parts.append(found["region"].upper())
    parts += [v for v in found["variants"].split("-") if v]
    return "-".join(parts)
