"""What a character's name may be: one a reader can tell apart from every other.

A name is stored as typed, spaces collapsed, in NFC (so the two spellings of "Zoë" are one
name). It is refused when it holds a character that does not show (controls, zero-width
and other format characters, bidirectional controls, non-characters, fillers), a comma
(`--cast A,B` splits at commas), or more than `MAX_LENGTH` characters; and when it looks
like another character's name or a handout's audience (`gm`, `players`), in any case.

"Looks like" is Unicode's confusable skeleton (UTS #39): NFD, each character mapped to its
prototype by Unicode's confusables list (`journal/data/confusables.txt`), NFD again. The
skeleton is case-sensitive (lowercase `l` looks like capital `I`, not like `i`), so two
names clash when any of the skeletons of each as typed, casefolded and uppercased meet:
`Linda` and `linda`, `GM` spelled with a Cyrillic EM and `GM`, `players` with a Cyrillic ER
and `players` clash, `Ilia` and `Lila` do not (a plain casefold of the skeleton would merge
`l` with `i`). NFKC comes first, so a full-width `GM` is `GM`.

The list is read on first use only: the commands that never check a name never load it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

MAX_LENGTH = 60
#: a handout's audiences (`recap --for gm|players`), spelled as a reader may see them
AUDIENCES = {"gm": ("gm", "GM", "Gm"), "players": ("players", "PLAYERS", "Players")}
AUDIENCE_HANDOUT = {"gm": "the GM's copy", "players": "the players' handout"}
#: invisible characters outside the categories refused as a whole (Cc, Cf, Cs, Zl, Zp):
#: Default_Ignorable_Code_Point marks and letters (fillers, variation selectors) and the
#: blank Braille pattern, which show nothing
_INVISIBLE = frozenset(
    [
        *(0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0),
        *range(0x180B, 0x1810),
        *range(0xFE00, 0xFE10),
        *range(0xE0100, 0xE01F0),
    ]
)
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def normal(name: str) -> str:
    """The name as it is stored: surrounding spaces dropped, inner runs of spaces one, NFC."""
    return unicodedata.normalize("NFC", " ".join(name.split()))


def _noncharacter(code: int) -> bool:
    return 0xFDD0 <= code <= 0xFDEF or (code & 0xFFFE) == 0xFFFE


def _hidden(char: str) -> bool:
    code = ord(char)
    return (
        unicodedata.category(char) in _HIDDEN_CATEGORIES
        or code in _INVISIBLE
        or _noncharacter(code)
    )


_UNNAMED = {"Cc": "(a control character)", "Cs": "(a lone surrogate)", "Co": "(private use)"}


def _spelled(char: str) -> str:
    """U+200B ZERO WIDTH SPACE, U+001B (a control character)."""
    category = unicodedata.category(char)
    name = unicodedata.name(char, "") or _UNNAMED.get(category, "(a non-character)")
    return f"U+{ord(char):04X} {name}"


def flaw(name: str) -> str | None:
    """What makes `name` (as stored) no name at all, whatever the others are (`it holds a
    comma ...`); None if nothing does."""
    if not name:
        return "a character needs a name"
    hidden = [c for c in dict.fromkeys(name) if _hidden(c)]
    if hidden:
        which = ", ".join(_spelled(c) for c in hidden)
        return f"it holds {which}, which does not show on the page (type the name without it)"
    if "," in name:
        return "it holds a comma, which separates names (`--cast A,B`)"
    if len(name) > MAX_LENGTH:
        return f"it is {len(name)} characters long: keep it to {MAX_LENGTH}"
    return None


@lru_cache(maxsize=1)
def _prototypes() -> dict[int, str]:
    """Unicode's confusables: each source code point's prototype."""
    from importlib.resources import files

    prototypes: dict[int, str] = {}
    text = files("journal").joinpath("data", "confusables.txt").read_text(encoding="utf-8")
    for line in text.splitlines():
        if line and not line.startswith("#"):
            source, target = line.split(";")
            prototypes[int(source, 16)] = "".join(chr(int(code, 16)) for code in target.split())
    return prototypes


#: a dot above on a soft-dotted letter (`i` + U+0307 `i̇`) draws nothing new: a font puts
#: it where the letter's own dot is, so the skeleton drops it (after the prototypes, which
#: map the Cyrillic and Roman-numeral look-alikes to `i`)
_DOT_OVER_SOFT_DOTTED = re.compile("(?<=[ij])\u0307+")


def skeleton(text: str) -> str:
    """UTS #39's skeleton of `text` (after NFKC): equal for strings that look alike."""
    decomposed = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", text))
    mapped = unicodedata.normalize("NFD", decomposed.translate(_prototypes()))
    return _DOT_OVER_SOFT_DOTTED.sub("", mapped)


@lru_cache(maxsize=1024)
def _looks(name: str) -> frozenset[str]:
    """The skeletons of `name` as typed, casefolded and uppercased: two names clash when
    theirs meet."""
    return frozenset(skeleton(form) for form in (name, name.casefold(), name.upper()))


def lookalike(name: str, others: Iterable[str]) -> str | None:
    """The first of `others` (the other characters' names) that `name` could be mistaken
    for."""
    looks = _looks(name)
    for other in others:
        if not looks.isdisjoint(_looks(other)):
            return other
    return None


def audience_lookalike(name: str) -> str | None:
    """The audience (`gm`, `players`) that `name` could be mistaken for, if any."""
    looks = _looks(name)
    for audience, spellings in AUDIENCES.items():
        if any(not looks.isdisjoint(_looks(spelled)) for spelled in spellings):
            return audience
    return None


def strangers(name: str) -> str:
    """`(it holds U+041C CYRILLIC CAPITAL LETTER EM)`: the non-ASCII characters of a name
    that made it look like another, for the message; empty when there are none."""
    odd = [c for c in dict.fromkeys(name) if not c.isascii()]
    return f" (it holds {', '.join(_spelled(c) for c in odd[:3])})" if odd else ""


def reason(name: str, others: Iterable[str]) -> str | None:
    """Why `name` (as stored) cannot be a character's beside `others` (the other characters'
    names), as a phrase (`it looks like 'gm' ...`); None when it can."""
    found = flaw(name)
    if found is not None:
        return found
    audience = audience_lookalike(name)
    if audience is not None:
        return (
            f"it looks like {audience!r}{strangers(name)}, and `recap --for {audience}` is "
            f"{AUDIENCE_HANDOUT[audience]}"
        )
    other = lookalike(name, others)
    if other is not None:
        return f"it looks like {other!r}{strangers(name)}, another character's name"
    return None


def problem(name: str, others: Iterable[str]) -> str | None:
    """The refusal of `name` as a new (or renamed) character's beside `others`: None when it
    can be one."""
    why = reason(name, others)
    if why is None or not name:
        return why
    shown = repr(name) if len(name) <= MAX_LENGTH else f"{name[: MAX_LENGTH // 2]!r}..."
    if flaw(name) is not None:
        return f"{shown} cannot be a name: {why}"
    if audience_lookalike(name) is not None:
        return f"{shown} cannot name a character: {why}; pick another name"
    return f"{shown} cannot be a name: {why}; pick another name (or rename the other first)"
