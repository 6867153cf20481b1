"""How an encounter's start reads: its line (the HF and its terms); a handout shows the
encounter in a table of its own, so no sentence."""

from __future__ import annotations

from journal.plugin.rules import Terms
from journal.plugin.telling import describe_terms
from journal.rulesets.horror_factor.rules.encounter_start import EncounterStarted
from journal.rulesets.horror_factor.telling.tables import LINES, SENTENCES


def _encounter_hf(payload: EncounterStarted) -> str:
    """`HF 5`, `HF horde 6`, `HF 5, outnumbered +1 = 6`: a number given as such needs no label."""
    terms = list(payload.terms)
    if not terms:
        return f"HF {payload.hf}"
    (label, base), rest = terms[0], terms[1:]
    first = str(base) if label == "base HF" else f"{label} {base}"
    if not rest:
        return f"HF {first}"
    modifiers = ", ".join(f"{label} {value:+d}" for label, value in rest)
    return f"HF {first}, {modifiers} = {payload.hf}"


@LINES.on(EncounterStarted)
def _started(payload: EncounterStarted) -> str:
    category = f" [{payload.category}]" if payload.category else ""
    taken = ", ".join(payload.from_threat)
    source = f" (from the threat {payload.threat}: {taken})" if taken else ""
    return (
        f"Encounter {payload.title!r}{category} starts for {', '.join(payload.cast)}: "
        f"{_encounter_hf(payload)}{source}"
    )


# a handout shows encounters, their turns and initiatives in the encounter's own table
SENTENCES.on(EncounterStarted)(lambda payload, gm: None)


def terms_words(terms: Terms) -> str:
    """An encounter's HF terms for a handout: `horde 6, outnumbered +1`, a preset's name in
    words (`powerful creature 5`)."""
    return describe_terms(tuple((label.replace("-", " "), value) for label, value in terms))
