"""`explain`: the chain of events behind each of a character's current numbers.

Generic over rulesets: the log is folded once, and after every event the character's
`status` is compared with the one before; each number that changed gets that event (with
its description and terms) added to its chain. Rulings about the character are listed too.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NotRequired, TypedDict

from journal.dice import UNUSED
from journal.documents import CharacterStatus, Document, JSONDict
from journal.events.canonical import JSON, sorted_json
from journal.events.recorded import Recorded
from journal.events.terms import terms_text
from journal.projection import Corrections, same_but_seq, steps
from journal.rules import load
from journal.rules.concerns import concerned
from journal.rules.core.state import CampaignState, CharacterId
from journal.rules.ruleset import Ruleset
from journal.telling.contract import telling_of
from journal.telling.lines import describe
from journal.text import value_text

_MISSING = object()


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


@dataclass(slots=True)
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


#: the latest changes of each number `explain NAME` shows (after its first, where it began),
#: and the latest rulings; `explain NAME --all` (and `explain NAME SEQ`) show every one
LATEST = 3
LATEST_RULINGS = 10


class Chain:
    """One number's changes as the walk finds them: every one, or (`keep`) the sheet's (where
    the number began, when it did on the sheet) and the latest `keep`, with how many."""

    def __init__(self, keep: int | None = None) -> None:
        self.count = 0
        self._first: Link | None = None
        self._latest: deque[Link] = deque(maxlen=keep)

    def add(self, link: Link) -> None:
        self.count += 1
        if self.count == 1 and self._latest.maxlen is not None and link.type == "CharacterAdded":
            self._first = link
        else:
            self._latest.append(link)

    @property
    def links(self) -> list[Link]:
        """The changes kept, in seq order."""
        return [*([] if self._first is None else [self._first]), *self._latest]


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
    #: how many changes each number had in all (`chains` may keep the first and latest)
    changes: dict[str, int] = field(default_factory=dict)
    rulings: list[Ruling] = field(default_factory=list)
    focus: Ruling | None = None
    labels: Mapping[str, str] = field(default_factory=dict)
    hidden: frozenset[str] = frozenset()
    #: the character by every name they had (`Tobias (was Tobais until #12)`)
    called: str = ""
    #: every change and ruling kept (`--all`), or the first and the latest of each
    complete: bool = True
    #: how many rulings about the character in all (`rulings` may keep the latest only)
    rulings_count: int = 0
    #: the file the sheet was read from (`character import`): `mara.gcs, sha256 23ee77373246`
    sheet_from: str = ""

    def to_json(self) -> JSONDict:
        return {
            "character": self.character,
            "as_of": self.as_of,
            "numbers": {
                key: {
                    "value": value,
                    "chain": [link.document() for link in self.chains.get(key, [])],
                    "changes": self.changes.get(key, 0),
                }
                for key, value in self.numbers.items()
            },
            "rulings": [_ruling_json(ruling) for ruling in self.rulings],
            "rulings_count": self.rulings_count,
            "complete": self.complete,
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
    complete: bool = True,
) -> Explanation:
    """Character `who`'s numbers and their chains, as of `final` (the state the records
    fold to): every event is attributed to whoever held the names it uses at its seq, so a
    rename, a swap of names or a name taken by a newcomer leaves each story whole. `called`:
    the character by every name (`Tobias (was Tobais until #12)`), by default as of `final`.
    Without `complete`, each chain keeps the sheet's change and the latest `LATEST` (with
    how many in all, `changes`), the rulings the latest `LATEST_RULINGS` (`rulings_count`):
    a log of any length is read in flat memory."""
    ruleset: Ruleset | None = None
    before: dict[str, JSON] = {}
    result = Explanation(final.name_of(who), 0, called=called or final.called(who))
    result.complete = complete
    keep = None if complete else LATEST
    chains: dict[str, Chain] = {}
    rulings: deque[Ruling] = deque(maxlen=None if complete else LATEST_RULINGS)
    amended_by = corrections.amended_by
    read: CampaignState | None = None  # the state the latest status was read at
    status: CharacterStatus | None = None
    seen: object = _MISSING  # the status `before` was flattened from
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
            telling = telling_of(ruleset.name)
            result.labels, result.hidden = telling.explain_labels, telling.explain_hidden
        held = state.names.get(who)
        if ruleset is None or held is None:
            continue
        if record.type == "CharacterAdded" and not result.sheet_from:
            result.sheet_from = _sheet_from(record.data.get("sheet"))
        telling = telling_of(ruleset.name)
        text = ""  # in the names of its moment (the heading has them all), when needed
        if read is None or not same_but_seq(state, read):
            read = state
            status = ruleset.status(state).get(held[-1][0])
        if status != seen:  # an equal status has the same numbers: nothing changed
            seen = status
            after = (
                {}
                if status is None
                else flatten(
                    _json(status), telling.explain_skipped, expanded=telling.explain_expanded
                )
            )
            short = ""
            for key, value in after.items():
                # a number first shown changed only when it is one (no empty fight slot)
                moved = value is not None if key not in before else before[key] != value
                if moved:
                    text = text or describe(record, ruleset)
                    short = short or telling.ruling_words(record)
                    link = Link(record.seq, record.type, before.get(key), value, text, short)
                    chains.setdefault(key, Chain(keep)).add(link)
            before = after
        if record.seq == focus:
            text = text or describe(record, ruleset)
            result.focus = _ruling(record, text, amended_by.get(record.seq))
        ruled = "terms" in record.data or "dice" in record.data or record.seq == focus
        if (ruled or record.type in telling.explain_rulings) and (
            who in concerned(payload, step.before, state, ruleset)
        ):
            text = text or describe(record, ruleset)
            rulings.append(_ruling(record, text, amended_by.get(record.seq)))
            result.rulings_count += 1
    result.numbers = before
    result.chains = {key: chain.links for key, chain in chains.items()}
    result.changes = {key: chain.count for key, chain in chains.items()}
    result.rulings = list(rulings)
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
    sheet = "from the sheet" + (f" ({explanation.sheet_from})" if explanation.sheet_from else "")
    for key, value in explanation.numbers.items():
        if key in explanation.hidden:
            continue
        chain = explanation.chains.get(key, [])
        left_out = explanation.changes.get(key, 0) - len(chain)
        if len(chain) <= 1 and all(link.type == "CharacterAdded" for link in chain):
            if value in (None, [], (), {}):
                continue
            if isinstance(value, list | tuple | Mapping):
                sheet_lists.append(f"    {label(key, explanation.labels)}: {value_text(value)}")
            else:
                from_sheet.append(f"{label(key, explanation.labels)} {value_text(value)}")
            continue
        lines.append(f"  {label(key, explanation.labels)} = {value_text(value)}")
        # the changes left out come after the sheet's, before the latest
        gap = 1 if chain and chain[0].type == "CharacterAdded" else 0
        for index, link in enumerate(chain):
            if index == gap and left_out > 0:
                lines.append(f"      ... {left_out:,} more changes (--all lists every one)")
            # each change in short: the whole line is in the log (and, for a ruling, below)
            text = sheet if link.type == "CharacterAdded" else link.short or link.text
            change = f"{value_text(link.before)} -> {value_text(link.after)}"
            lines.append(f"      #{link.seq:<4} {change}  {text}")
    if from_sheet or sheet_lists:
        lines[1:1] = [f"  {sheet}: {', '.join(from_sheet)}".rstrip(), *sheet_lists]
    if explanation.rulings:
        left_out = explanation.rulings_count - len(explanation.rulings)
        lines.append(
            f"\nRulings (the latest {len(explanation.rulings)} of {explanation.rulings_count:,}; "
            "--all lists every one):"
            if left_out
            else "\nRulings:"
        )
        for ruling in explanation.rulings:
            lines.append(f"  #{ruling['seq']:<4} {ruling['description']}{_amended(ruling)}")
            unused = _unused_text(ruling.get("dice"))
            if unused:
                lines.append(f"        entered and not needed: {unused}")
    return "\n".join(lines)


def _unused_text(dice: object) -> str:
    """`table 2/3/3`: the entered dice a ruling kept without needing them."""
    if not isinstance(dice, Mapping):
        return ""
    return ", ".join(
        f"{purpose} {'/'.join(map(str, roll['faces']))}"
        for purpose, roll in dice.items()
        if isinstance(roll, Mapping) and roll.get("source") == UNUSED
    )


def _roll_text(purpose: str, roll: JSON) -> str:
    """`will 6/6/5 (entered)`: a recorded roll (a `DiceRoll` as stored)."""
    assert isinstance(roll, Mapping)
    faces = roll["faces"]
    assert isinstance(faces, Sequence)
    source = roll["source"]
    shown = "entered, unused by the ruling" if source == UNUSED else source
    return f"{purpose} {'/'.join(map(str, faces))} ({shown})"


def _sheet_from(sheet: object) -> str:
    """`mara.gcs, sha256 23ee77373246`: the file a sheet was read from, if it was."""
    source = sheet.get("source") if isinstance(sheet, Mapping) else None
    if not isinstance(source, Mapping) or not source.get("file"):
        return ""
    digest = str(source.get("sha256") or "")
    return f"{source['file']}" + (f", sha256 {digest[:12]}" if digest else "")
