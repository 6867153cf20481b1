"""`explain`: the chain of events behind each of a character's current numbers.

Generic over rulesets: the log is folded once, and after every event the character's
`status` is compared with the one before; each number that changed gets that event (with
its description and terms) added to its chain. Rulings about the character are listed too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NotRequired, TypedDict

from journal.documents import Document, JSONDict
from journal.events.canonical import JSON, sorted_json
from journal.events.recorded import Recorded
from journal.events.terms import terms_text
from journal.projection import Corrections, steps
from journal.rules import load
from journal.rules.core import CampaignState, CharacterId
from journal.rules.narrate import concerned, describe
from journal.rules.ruleset import Ruleset
from journal.text import value_text


def flatten(
    status: Mapping[str, JSON],
    skipped: frozenset[str] = frozenset(),
    prefix: str = "",
    expanded: frozenset[str] = frozenset(),
) -> dict[str, JSON]:
    """`{"encounter": {"hf": 5}}` as `{"encounter.hf": 5}`; no fight, no encounter keys.
    An `expanded` key's mapping gives one number per entry (`specializations.mythos`)."""
    flat: dict[str, JSON] = {}
    for key, value in status.items():
        if key in skipped or (key == "encounter" and value is None):
            continue
        if isinstance(value, Mapping) and (key == "encounter" or key in expanded):
            flat.update(flatten(value, skipped, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


@dataclass
class Link:
    seq: int
    type: str
    before: JSON
    after: JSON
    text: str
    #: the event in a few words (`Linda's soak of 2`), what the text rendering shows
    short: str = ""

    def document(self) -> JSONDict:
        return {
            "seq": self.seq,
            "type": self.type,
            "before": self.before,
            "after": self.after,
            "description": self.text,
        }


class Ruling(TypedDict):
    """A ruling about the character (`rulings`), or the one `explain NAME SEQ` asks about
    (`focus`, with the event that voided it, if one did)."""

    seq: int
    type: str
    description: str
    terms: str | None
    dice: JSON
    amended_by: int | None
    voided_by: NotRequired[int | None]


@dataclass
class Explanation(Document):
    character: str
    as_of: int
    numbers: dict[str, JSON] = field(default_factory=dict)
    chains: dict[str, list[Link]] = field(default_factory=dict)
    rulings: list[Ruling] = field(default_factory=list)
    focus: Ruling | None = None
    labels: Mapping[str, str] = field(default_factory=dict)
    hidden: frozenset[str] = frozenset()
    #: the character by every name they had (`Tobias (was Tobais until #12)`)
    called: str = ""

    def to_json(self) -> JSONDict:
        return {
            "character": self.character,
            "as_of": self.as_of,
            "numbers": {
                key: {
                    "value": value,
                    "chain": [link.document() for link in self.chains.get(key, [])],
                }
                for key, value in self.numbers.items()
            },
            "rulings": [_ruling_json(ruling) for ruling in self.rulings],
            "focus": None if self.focus is None else _ruling_json(self.focus),
        }


def _ruling_json(ruling: Ruling) -> JSONDict:
    """A ruling as `--json` has it (its keys in order)."""
    found: JSONDict = {
        "seq": ruling["seq"],
        "type": ruling["type"],
        "description": ruling["description"],
        "terms": ruling["terms"],
        "dice": ruling["dice"],
        "amended_by": ruling["amended_by"],
    }
    if "voided_by" in ruling:
        found["voided_by"] = ruling["voided_by"]
    return found


def _ruling(record: Recorded, text: str, amended_by: int | None) -> Ruling:
    """A ruling as it stands (amended by a re-rule or `amend`: the amended decision, and
    the seq of the event that amended it)."""
    return {
        "seq": record.seq,
        "type": record.type,
        "description": text,
        "terms": terms_text(record.data),
        # sorted by purpose: a JSON object keeps no order (PostgreSQL's JSONB has its own)
        "dice": sorted_json(record.data.get("dice")),
        "amended_by": amended_by,
    }


def explain(
    records: Iterable[Recorded],
    corrections: Corrections,
    final: CampaignState,
    who: CharacterId,
    focus: int | None = None,
    called: str | None = None,
) -> Explanation:
    """Character `who`'s numbers and their chains, as of `final` (the state the records
    fold to): every event is attributed to whoever held the names it uses at its seq, so a
    rename, a swap of names or a name taken by a newcomer leaves each story whole. `called`:
    the character by every name (`Tobias (was Tobais until #12)`), by default as of `final`."""
    ruleset: Ruleset | None = None
    before: dict[str, JSON] = {}
    result = Explanation(final.name_of(who), 0, called=called or final.called(who))
    amended_by = corrections.amended_by
    for step in steps(records, corrections):
        result.as_of = step.after.seq
        payload, record, state = step.payload, step.record, step.after
        if payload is None:
            if record.seq == focus:
                ruleset = ruleset or load(step.before.ruleset)
                focus_ruling = _ruling(record, describe(record, ruleset), None)
                focus_ruling["voided_by"] = corrections.voided_by.get(record.seq)
                result.focus = focus_ruling
            continue
        if ruleset is None and state.ruleset:
            ruleset = load(state.ruleset)
            result.labels, result.hidden = ruleset.explain_labels, ruleset.explain_hidden
        held = state.names.get(who)
        if ruleset is None or held is None:
            continue
        status = ruleset.status(state).get(held[-1][0])
        after = (
            {}
            if status is None
            else flatten(_json(status), ruleset.explain_skipped, expanded=ruleset.explain_expanded)
        )
        text = describe(record, ruleset)  # in the names of its moment: the heading has them all
        short = ""
        for key, value in after.items():
            # a number first shown changed only when it is one (an empty fight slot is not)
            moved = value is not None if key not in before else before[key] != value
            if moved:
                short = short or ruleset.ruling_words(record)
                result.chains.setdefault(key, []).append(
                    Link(record.seq, record.type, before.get(key), value, text, short)
                )
        before = after
        if who in concerned(payload, step.before, state, ruleset) and (
            "terms" in record.data or "dice" in record.data or record.seq == focus
        ):
            result.rulings.append(_ruling(record, text, amended_by.get(record.seq)))
        if record.seq == focus:
            result.focus = _ruling(record, text, amended_by.get(record.seq))
    result.numbers = before
    return result


def _json(status: Document) -> Mapping[str, JSON]:
    document = status.to_json()
    assert isinstance(document, Mapping)
    return document


#: The GM's words for the core's keys; each ruleset adds its own (`explain_labels`).
LABELS = {"name": "name"}


def label(key: str, labels: Mapping[str, str]) -> str:
    head, dot, name = key.partition(".")
    if dot and f"{head}.*" in labels:
        return labels[f"{head}.*"].format(name)
    return labels.get(key, LABELS.get(key, key.removeprefix("encounter.").replace("_", " ")))


def _amended(ruling: Ruling) -> str:
    if ruling.get("voided_by") is not None:
        return f" [voided by #{ruling['voided_by']}]"
    found = ruling.get("amended_by")
    return "" if found is None else f" [amended by #{found}]"


def render(explanation: Explanation) -> str:
    lines = [f"{explanation.called or explanation.character}, as of event {explanation.as_of}:"]
    if explanation.focus:
        focus = explanation.focus
        lines.append(f"\nEvent #{focus['seq']}: {focus['description']}{_amended(focus)}")
        if focus["terms"]:
            lines.append(f"  terms: {focus['terms']}")
        dice = focus["dice"]
        if isinstance(dice, Mapping) and dice:
            faces = ", ".join(_roll_text(purpose, roll) for purpose, roll in dice.items())
            lines.append(f"  dice: {faces}")
        lines.append("")
    from_sheet: list[str] = []
    sheet_lists: list[str] = []
    for key, value in explanation.numbers.items():
        if key in explanation.hidden:
            continue
        chain = explanation.chains.get(key, [])
        if len(chain) <= 1 and all(link.type == "CharacterAdded" for link in chain):
            if value in (None, [], (), {}):
                continue
            if isinstance(value, list | tuple | Mapping):
                sheet_lists.append(f"    {label(key, explanation.labels)}: {value_text(value)}")
            else:
                from_sheet.append(f"{label(key, explanation.labels)} {value_text(value)}")
            continue
        lines.append(f"  {label(key, explanation.labels)} = {value_text(value)}")
        for link in chain:
            # each change in short: the whole line is in the log (and, for a ruling, below)
            text = "from the sheet" if link.type == "CharacterAdded" else link.short or link.text
            change = f"{value_text(link.before)} -> {value_text(link.after)}"
            lines.append(f"      #{link.seq:<4} {change}  {text}")
    if from_sheet or sheet_lists:
        lines[1:1] = [f"  from the sheet: {', '.join(from_sheet)}".rstrip(), *sheet_lists]
    if explanation.rulings:
        lines.append("\nRulings:")
        for ruling in explanation.rulings:
            lines.append(f"  #{ruling['seq']:<4} {ruling['description']}{_amended(ruling)}")
    return "\n".join(lines)


def _roll_text(purpose: str, roll: JSON) -> str:
    """`will 6/6/5 (entered)`: a recorded roll (a `DiceRoll` as stored)."""
    assert isinstance(roll, Mapping)
    faces = roll["faces"]
    assert isinstance(faces, Sequence)
    return f"{purpose} {'/'.join(map(str, faces))} ({roll['source']})"
