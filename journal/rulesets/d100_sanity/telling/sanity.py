"""How a sanity roll reads: its log line (every die and term) and its handout sentence (no
die; no SAN number when the campaign keeps SAN from the players)."""

from __future__ import annotations

from journal.plugin.telling import ARROW, describe_terms
from journal.rulesets.d100_sanity.rules.sanity import SanityRolled
from journal.rulesets.d100_sanity.telling.tables import LINES, SENTENCES
from journal.rulesets.d100_sanity.telling.words import began_words, change, head, result


def _why(p: SanityRolled) -> str:
    if not p.fumble:
        return ""
    return " (100)" if p.roll == 100 else f" ({p.roll}: 96-100 under SAN 50)"


def _insanity(p: SanityRolled, gm: bool) -> list[str]:
    parts: list[str] = []
    if p.permanent:
        parts.append("SAN 0: permanently insane" if gm or not p.hidden else "permanently insane")
        return parts
    if p.began is not None and p.began.kind == "indefinite":
        fifth = f" ({p.day_lost} of {p.day_san}, a fifth {max(1, p.day_san // 5)})" if gm else ""
        parts.append(f"a fifth of the day's SAN lost{fifth}: {began_words(p.began, gm)}")
    if p.int_roll is not None:
        roll = f"INT roll {p.int_roll} vs {p.int_target}: " if gm else ""
        if p.understood and p.began is not None:
            parts.append(f"5 or more lost: {roll}understood: {began_words(p.began, gm)}")
        else:
            parts.append(f"5 or more lost: {roll}repressed, no insanity")
    if p.reaction_due:
        insane = "temporarily insane: " if p.began is not None else "insane again: "
        parts.append(f"5 or more lost: {insane}flee, struggle or submit")
    if p.underlying and p.bout:
        parts.append("insane already: a new bout of madness")
    elif p.bout:
        parts.append("a bout of madness begins")
    return parts


def _delta_green(p: SanityRolled, gm: bool) -> list[str]:
    parts: list[str] = []
    if p.project is not None and p.bond_before is not None and p.bond_after is not None:
        if p.projected:
            parts.append(f"bond {p.project} {p.bond_before} {ARROW} {p.bond_after}")
        else:
            parts.append(f"nothing to project onto {p.project}")
    if p.kind is not None and p.boxes is not None and gm:
        parts.append(f"{p.kind} {p.boxes} of 3 boxes")
    if p.adapted:
        parts.append(f"adapted to {p.kind}: what it cost is to be recorded")
    if p.broke:
        point = (
            f" {p.breaking_point} reached: now {p.breaking_point_after}"
            if gm or not p.hidden
            else ""
        )
        parts.append(f"breaking point{point}: a disorder")
    return parts


def consequences(p: SanityRolled, gm: bool) -> list[str]:
    """What followed from a roll beyond SAN itself, in this audience's words: the bond, the
    boxes (the GM's), adaptation, the breaking point, the insanity and its bout."""
    return [*_delta_green(p, gm), *_insanity(p, gm)]


@LINES.on(SanityRolled)
def _line(p: SanityRolled) -> str:
    kind = f", {p.kind}" if p.kind else ""
    text = (
        f"{head(p, gm=True)} ({p.loss}{kind}): d100 {p.roll} vs SAN {p.san}: {result(p)}"
        f"{_why(p)}; loss {describe_terms(p.terms, p.total)}: {change(p.san, p.san_after)}"
    )
    if p.total and p.indefinite:
        text += f"; today {p.day_lost} of a fifth {max(1, p.day_san // 5)}"
    return "; ".join([text, *consequences(p, True)])


@SENTENCES.on(SanityRolled)
def _sentence(p: SanityRolled, gm: bool) -> str:
    if gm:
        return LINES.line(p)
    if p.hidden:
        lost = "loses SAN" if p.total else "loses none"
    else:
        lost = f"{change(p.san, p.san_after)}" if p.total else f"loses none (SAN {p.san})"
    return "; ".join(
        [f"{head(p, gm=False)}: {result(p)}, {lost}", *_delta_green(p, False), *_insanity(p, False)]
    )
