"""`journal amend SEQ`: what the GM corrects of a recorded ruling, checked before the walk.

A die misread, a Horror Check's HF given wrong: the ruling is decided again in its place
from the corrected inputs, and every later ruling against that corrected past (the re-rule's
walk, `rerule.plan` with an `Amendment`). Here the GM's words become that amendment, or a
RuleError that says what is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from journal.audit.rerule import Amendment
from journal.errors import NotFound, RuleError
from journal.events.recorded import Recorded
from journal.events.registry import CORRECTION_TYPES, Event
from journal.projection import Corrections
from journal.rules.core.decide import UNVOIDABLE
from journal.rules.core.events import DiceRolled
from journal.rules.core.recall import core_command_for
from journal.rules.ruleset import Ruleset
from journal.telling.contract import telling_of

_FACES = re.compile(r"[\d\s,;/+\-]+")


def amendment(
    slug: str,
    head: int,
    asked: int,
    record: Recorded | None,
    corrections: Corrections,
    ruleset: Ruleset,
    dice: Sequence[str],
    inputs: Mapping[str, str],
    reason: str,
) -> Amendment:
    """The amendment of `record` (event `asked` of campaign `slug`, whose events are 1 to
    `head`; None when there is none): `dice` as typed (`+1/-8`, or `PURPOSE=FACES`),
    `inputs` (the ruleset's `amendable` names -> values as typed)."""
    reason = " ".join(reason.split())
    if not reason:
        raise RuleError('an amendment needs a reason: add --reason "..."')
    if record is None:
        raise NotFound(
            f"there is no event {asked} in campaign {slug!r} (its events are 1 to {head}); "
            "see `journal log`"
        )
    seq = record.seq
    if seq in corrections.voided:
        raise RuleError(
            f"event {seq} was voided by #{corrections.voided_by.get(seq, '?')}: a voided "
            "event counts for nothing, so there is nothing to amend; see `journal log`"
        )
    if record.type == "RulingAmended":
        target = record.data.get("seq")
        raise RuleError(
            f"event {seq} records a re-rule of #{target}: amend the ruling itself "
            f"(`journal amend {target} ...`)"
        )
    payload: Event = corrections.amended.get(seq) or record.payload
    if isinstance(payload, DiceRolled):  # `journal roll`: the core's one ruling with dice
        command = core_command_for(payload)
    else:
        command = ruleset.command_for(payload) if type(payload) in ruleset.events else None
    if record.type in CORRECTION_TYPES or command is None:
        again = (
            ""
            if record.type in UNVOIDABLE
            else (f" (void it and enter it again: `journal void {seq} --reason ...`)")
        )
        raise RuleError(
            f"event {seq} ({record.type}) is not a ruling of the rules: it has no dice or "
            f"inputs to amend{again}"
        )
    if not dice and not inputs:
        known = ", ".join(f"--{k.replace('_', '-')}" for k in ruleset.amendable)
        raise RuleError(
            "say what to correct: --dice FACES (the dice as they really fell)"
            + (f" or an input of the ruling ({known})" if known else "")
        )
    if inputs and isinstance(payload, DiceRolled):
        raise RuleError(f"#{seq} is a roll of `journal roll`: correct its faces with --dice")
    if inputs:
        command = ruleset.amend(payload, command, inputs)
    faces, flags = _dice(seq, payload, ruleset, dice)
    return Amendment(seq, command, faces, reason, flags)


def _dice(
    seq: int, payload: Event, ruleset: Ruleset, texts: Sequence[str]
) -> tuple[dict[str, tuple[int, ...]], dict[str, str]]:
    """`--dice` as typed: the faces of each roll corrected, and how each was typed."""
    recorded = list(getattr(payload, "dice", None) or {})
    faces: dict[str, tuple[int, ...]] = {}
    flags: dict[str, str] = {}
    for text in texts:
        purpose, sep, typed = text.partition("=")
        purpose = purpose.strip()
        if not sep:
            typed, found = text, ruleset.dice_purpose(payload)
            if found is None:
                if not recorded:
                    raise RuleError(f"#{seq} rolled no dice: there are none to correct")
                raise RuleError(
                    f"#{seq} rolled several dice ({', '.join(recorded)}): say which, e.g. "
                    f"--dice {recorded[0]}=FACES"
                )
            purpose = found
        if not purpose:
            raise RuleError(f"--dice {text!r}: name the roll before '=', e.g. table=3,4,5")
        if purpose in faces:
            raise RuleError(f"--dice gives the {purpose} dice twice: give them once")
        if not _FACES.fullmatch(typed) or not re.search(r"\d", typed):
            raise RuleError(
                f"--dice {text!r} are not dice: write the faces as they fell "
                f"({telling_of(ruleset.name).dice_text(purpose, (5, 6))}, or 3,4,5)"
            )
        faces[purpose] = tuple(int(n) for n in re.findall(r"\d+", typed))
        flags[purpose] = "--dice" if not sep else f"--dice {purpose}="
    return faces, flags
