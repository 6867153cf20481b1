"""`explain`: the chain of events behind each of a character's current numbers.

Generic over rulesets: the log is folded once, and after every event the character's
`status` is compared with the one before; each number that changed gets that event (with
its description and terms) added to its chain. Rulings about the character are listed too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from journal.events import Recorded, terms_text
from journal.narrate import concerns, describe, value_text
from journal.projection import apply, meta_of
from journal.rules import Ruleset, load
from journal.rules.core import CampaignState

#: status keys that are lists of history, not numbers to explain
SKIPPED = {"history"}
_MISSING = object()


def flatten(status: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """`{"encounter": {"hf": 5}}` as `{"encounter.hf": 5}`; no fight, no encounter keys."""
    flat: dict[str, Any] = {}
    for key, value in status.items():
        if key in SKIPPED or (key == "encounter" and value is None):
            continue
        if isinstance(value, Mapping) and key == "encounter":
            flat.update(flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


@dataclass
class Link:
    seq: int
    type: str
    before: Any
    after: Any
    text: str

    def document(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "type": self.type,
            "before": self.before,
            "after": self.after,
            "description": self.text,
        }


@dataclass
class Explanation:
    character: str
    as_of: int
    numbers: dict[str, Any] = field(default_factory=dict)
    chains: dict[str, list[Link]] = field(default_factory=dict)
    rulings: list[dict[str, Any]] = field(default_factory=list)
    focus: dict[str, Any] | None = None

    def document(self) -> dict[str, Any]:
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
            "rulings": self.rulings,
            "focus": self.focus,
        }


def _ruling(record: Recorded, text: str) -> dict[str, Any]:
    return {
        "seq": record.seq,
        "type": record.type,
        "description": text,
        "terms": terms_text(record.data),
        "dice": record.data.get("dice"),
    }


def explain(
    records: Iterable[Recorded], voided: frozenset[int], name: str, focus: int | None = None
) -> Explanation:
    state = CampaignState()
    ruleset: Ruleset | None = None
    before: dict[str, Any] = {}
    result = Explanation(name, 0)
    for record in records:
        if record.seq in voided:
            state = replace(state, seq=record.seq)
            continue
        payload = record.payload
        state = apply(state, payload, meta_of(record), ruleset)
        if ruleset is None and state.ruleset:
            ruleset = load(state.ruleset)
        if ruleset is None or name not in state.characters:
            continue
        after = flatten(ruleset.status(state).get(name, {}))
        text = describe(record, ruleset)
        for key, value in after.items():
            previous = before.get(key, _MISSING)
            if previous != value and not (previous is _MISSING and value is None):
                result.chains.setdefault(key, []).append(
                    Link(record.seq, record.type, before.get(key), value, text)
                )
        before = after
        if name in concerns(payload, ruleset) and (
            "terms" in record.data or "dice" in record.data or record.seq == focus
        ):
            result.rulings.append(_ruling(record, text))
        if record.seq == focus:
            result.focus = _ruling(record, text)
    result.as_of = state.seq
    result.numbers = before
    return result


#: status keys the text leaves out: the fight's context and history are in the rulings, and
#: `last_hf` is what a Horror Check uses, shown there. `--json` keeps them all.
TEXT_HIDDEN = {"fight", "history", "last_hf", "encounter.seq"}

#: The GM's words for status keys in the text (`--json` keeps the keys).
LABELS = {
    # horror-factor
    "hardness": "Hardness",
    "hardness_cap": "Hardness cap",
    "peak_hardness": "peak Hardness",
    "willpower": "Willpower",
    "willpower_max": "Willpower max",
    "reaction": "Reaction",
    "encounter.turn": "turn",
    "encounter.hf": "HF this turn",
    "encounter.soak": "soak this turn",
    "encounter.effective_hf": "effective HF",
    "encounter.action_penalty": "action penalty",
    "encounter.initiative": "initiative",
    "encounter.can_act": "can act",
    "encounter.defense_penalty": "defense penalty",
    # fright-check
    "will": "Will",
    "ht": "HT",
    "iq": "IQ",
    "ht_now": "HT now",
    "iq_now": "IQ now",
    "ht_lost": "HT lost",
    "iq_lost": "IQ lost",
    "points_lost": "points lost",
    "checks": "Fright Checks",
    "pending": "pending traits",
    "physical": "physical disadvantages",
    "encounter.title": "in combat",
}


def label(key: str) -> str:
    return LABELS.get(key, key.removeprefix("encounter.").replace("_", " "))


def render(explanation: Explanation) -> str:
    lines = [f"{explanation.character}, as of event {explanation.as_of}:"]
    if explanation.focus:
        focus = explanation.focus
        lines.append(f"\nEvent #{focus['seq']}: {focus['description']}")
        if focus["terms"]:
            lines.append(f"  terms: {focus['terms']}")
        if focus["dice"]:
            faces = ", ".join(
                f"{purpose} {'/'.join(map(str, roll['faces']))} ({roll['source']})"
                for purpose, roll in focus["dice"].items()
            )
            lines.append(f"  dice: {faces}")
        lines.append("")
    from_sheet: list[str] = []
    sheet_lists: list[str] = []
    for key, value in explanation.numbers.items():
        if key in TEXT_HIDDEN:
            continue
        chain = explanation.chains.get(key, [])
        if len(chain) <= 1 and all(link.type == "CharacterAdded" for link in chain):
            if value in (None, [], (), {}):
                continue
            if isinstance(value, list | tuple | Mapping):
                sheet_lists.append(f"    {label(key)}: {value_text(value)}")
            else:
                from_sheet.append(f"{label(key)} {value_text(value)}")
            continue
        lines.append(f"  {label(key)} = {value_text(value)}")
        for link in chain:
            text = "from the sheet" if link.type == "CharacterAdded" else link.text
            change = f"{value_text(link.before)} -> {value_text(link.after)}"
            lines.append(f"      #{link.seq:<4} {change}  {text}")
    if from_sheet or sheet_lists:
        lines[1:1] = [f"  from the sheet: {', '.join(from_sheet)}".rstrip(), *sheet_lists]
    if explanation.rulings:
        lines.append("\nRulings:")
        for ruling in explanation.rulings:
            lines.append(f"  #{ruling['seq']:<4} {ruling['description']}")
    return "\n".join(lines)
