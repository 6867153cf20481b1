"""The snapshot codec reads only what it was told to: the classes of a fixed registry (the
campaign state and the ones each ruleset declares), each field checked against its type,
nesting bounded. Whatever a row holds, reading it either gives a state of the right shape
or fails with `CodecError`: it never imports, runs or hands over anything else."""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import CAMPAIGNS

from journal.app import Campaign
from journal.cache import snapshot_registry
from journal.rules import load_all, state_classes
from journal.rules.core.state import CampaignState, RulesState
from journal.store import Store, codec
from journal.transfer import import_file

LOGS = sorted(CAMPAIGNS.glob("*/log.jsonl"))


def _folded(log: Path, tmp_path: Path) -> CampaignState:
    with Store.open(str(tmp_path / "c.db")) as store:
        with log.open(encoding="utf-8") as lines:
            slug = import_file(store, lines).campaign
        return Campaign.open(store, slug).state(cached=False)


@pytest.mark.parametrize("log", LOGS, ids=[log.parent.name for log in LOGS])
def test_a_shipped_campaign_state_round_trips(log: Path, tmp_path: Path) -> None:
    state = _folded(log, tmp_path)
    registry = snapshot_registry(state.ruleset)
    assert registry is not None
    text = codec.dumps(state, registry)
    assert codec.loads(text, registry) == state
    assert state.rules is not None and type(state.rules) in state_classes(state.ruleset)


#: each shipped campaign's state as the journal wrote it when its states were frozen
#: dataclasses (before issue 24 made them msgspec Structs); a tag names its class's module,
#: so the Fright Check's `Modifier` is tagged where it lives since issue 42 (`rules.state`,
#: no longer `rules.events`: that reshape changed the rules version too, so no row of the
#: older code is read by the newer)
DATACLASS_ERA = Path(__file__).parent / "fixtures"


#: the shipped campaigns of that era (a campaign shipped since never had a dataclass state)
ERA_LOGS = [
    log for log in LOGS if (DATACLASS_ERA / f"{log.parent.name}.dataclass-state.json").exists()
]


def test_the_dataclass_era_campaigns_are_all_here() -> None:
    assert {log.parent.name for log in ERA_LOGS} >= {"jackson-zombies", "morgue"}


@pytest.mark.parametrize("log", ERA_LOGS, ids=[log.parent.name for log in ERA_LOGS])
def test_a_state_the_dataclass_states_wrote_reads_back_as_the_same_state(
    log: Path, tmp_path: Path
) -> None:
    """The states became Structs and kept their JSON form: a snapshot text the dataclass
    states wrote reads back (as Structs) as the state folded now, and the state folded
    now is written as the very same text. (The fold has since learned who knows each
    secret and the safety tools in force, issue 32, the rolls behind the screen, issue 40,
    and the handouts' language, issue 44:
    fields an older snapshot lacks, read as their defaults; its rules version keeps it from
    being read for a newer fold; the rulesets' states learned the threats, issue 41.)"""
    import msgspec

    state = msgspec.structs.replace(_folded(log, tmp_path), secrets={}, safety={})
    state = msgspec.structs.replace(state, rules=msgspec.structs.replace(state.rules, threats={}))
    registry = snapshot_registry(state.ruleset)
    assert registry is not None
    fixture = DATACLASS_ERA / f"{log.parent.name}.dataclass-state.json"
    kept = fixture.read_text(encoding="utf-8").strip()
    read = codec.loads(kept, registry)
    assert read == state and type(read.rules) is type(state.rules)
    # every field as it was written, the new ones after them
    assert kept.endswith("}")
    assert _written_first(json.loads(kept), json.loads(codec.dumps(state, registry))) == []


def _written_first(old: Any, new: Any, at: str = "$") -> list[str]:
    """Where `new` does not hold `old` as written: each object's keys in their order with
    the same values, any new key after them."""
    if isinstance(old, dict) and isinstance(new, dict):
        if list(new)[: len(old)] != list(old):
            return [f"{at}: keys {list(old)} became {list(new)}"]
        return [d for key in old for d in _written_first(old[key], new[key], f"{at}.{key}")]
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return [
            d
            for i, pair in enumerate(zip(old, new, strict=True))
            for d in _written_first(*pair, f"{at}[{i}]")
        ]
    return [] if old == new else [f"{at}: {old!r} became {new!r}"]


@pytest.mark.parametrize("ruleset", load_all(), ids=lambda r: r.name)
def test_every_installed_ruleset_declares_its_state_classes(ruleset: Any) -> None:
    """A ruleset (the example plugin included) names the classes its state holds, the
    registry accepts their field types, and its initial state encodes."""
    assert ruleset.state_classes, f"{ruleset.name} declares no state classes"
    assert type(ruleset.initial()) is ruleset.state_classes[0]
    registry = snapshot_registry(ruleset.name)
    assert registry is not None
    initial = CampaignState(slug="x", ruleset=ruleset.name, seq=1, rules=ruleset.initial())
    assert codec.loads(codec.dumps(initial, registry), registry) == initial


# --- a small registry of its own, to show each refusal ------------------------------------


@dataclass(frozen=True)
class Sheet:
    name: str
    score: int
    tags: tuple[str, ...] = ()
    best: int | None = None


@dataclass(frozen=True)
class Table(RulesState):
    sheets: Mapping[str, Sheet] = field(default_factory=dict)
    seen: frozenset[int] = frozenset()
    extra: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Stray:
    name: str


REGISTRY = codec.Registry(CampaignState, (Table, Sheet))
STATE = CampaignState(
    slug="s",
    ruleset="r",
    seq=3,
    voided=frozenset({2}),
    ids={"New": 1},
    names={1: (("Old", 1), ("New", 3))},
    rules=Table({"Ann": Sheet("Ann", 4, ("brave",), 5)}, frozenset({1}), {"note": [1, "a", None]}),
)


def _encoded() -> dict[str, Any]:
    found: dict[str, Any] = json.loads(codec.dumps(STATE, REGISTRY))
    return found


def _sheet(document: dict[str, Any]) -> dict[str, Any]:
    pair: dict[str, Any] = document["rules"]["sheets"]["__m__"][0][1]
    return pair


def test_a_state_round_trips() -> None:
    assert codec.loads(codec.dumps(STATE, REGISTRY), REGISTRY) == STATE


def test_a_class_outside_the_registry_is_never_imported(monkeypatch: pytest.MonkeyPatch) -> None:
    """The old codec imported any `journal.*` module a row named: `journal.__main__` ran
    the command line inside the host program."""
    imported: list[str] = []
    real = importlib.import_module
    monkeypatch.setattr(
        importlib, "import_module", lambda name, *a: imported.append(name) or real(name, *a)
    )
    sys.modules.pop("journal.__main__", None)
    for name in ("journal.__main__:main", "subprocess:Popen", "journal.app:Campaign"):
        document = _encoded()
        document["rules"] = {"__dc__": name, "args": ["true"]}
        with pytest.raises(codec.CodecError, match="not a state class"):
            REGISTRY.decode(document)
    assert imported == [] and "journal.__main__" not in sys.modules


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: _sheet(d).update(score="4"), "a str where a int belongs"),
        (lambda d: _sheet(d).update(best=True), None),  # a bool is an int, as in Python
        (lambda d: _sheet(d).update(best="x"), "a str where a int or nothing \\(null\\) belongs"),
        (lambda d: _sheet(d).pop("name"), "lacks its field 'name'"),
        (lambda d: _sheet(d).update(power=9000), "has no field 'power'"),
        (lambda d: _sheet(d).update(tags=["brave"]), "a list where __t__ belongs"),
        (lambda d: d.update(seq="3"), "a str where a int belongs"),
        (lambda d: d.update(rules={"__dc__": "tests:Stray", "name": "x"}), "not a state class"),
        (
            lambda d: d.update(rules={"__dc__": codec.tag(Sheet), "name": "x", "score": 1}),
            "a Sheet where a RulesState belongs",
        ),
        (lambda d: d["rules"].update(seen={"__fs__": [[1]]}), "a list where a int belongs"),
        (lambda d: d["rules"]["extra"]["__m__"].append(["x", {"__fs__": [[1]]}]), "cannot be one"),
        (lambda d: d["rules"]["extra"]["__m__"].append(["x", {"__evil__": 1}]), "unknown"),
        (
            lambda d: d.update(names={"__m__": [[1, {"__t__": [{"__t__": ["Old"]}]}]]}),
            "1 items where 2 belong",
        ),
    ],
)
def test_a_value_that_does_not_fit_its_field_is_refused(edit: Any, message: str | None) -> None:
    document = _encoded()
    edit(document)
    if message is None:
        assert REGISTRY.decode(document).rules.sheets["Ann"].best is True
        return
    with pytest.raises(codec.CodecError, match=message):
        REGISTRY.decode(document)


class StructSheet(msgspec.Struct, frozen=True):
    name: str
    score: int
    tags: tuple[str, ...] = ()
    best: int | None = None


class StructTable(msgspec.Struct, RulesState, frozen=True):
    sheets: Mapping[str, StructSheet] = msgspec.field(default_factory=dict)
    seen: frozenset[int] = frozenset()
    by_seq: Mapping[int, Sheet] = msgspec.field(default_factory=dict)  # a dataclass inside


STRUCTS = codec.Registry(CampaignState, (StructTable, StructSheet, Sheet))
STRUCT_STATE = CampaignState(
    slug="s",
    seq=3,
    rules=StructTable(
        {"Ann": StructSheet("Ann", 4, ("brave",), 5)}, frozenset({1}), {2: Sheet("Bo", 1)}
    ),
)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["rules"]["sheets"]["__m__"][0][1].update(score="4"), "a str where a int"),
        (lambda d: d["rules"]["sheets"]["__m__"][0][1].pop("name"), "lacks its field 'name'"),
        (lambda d: d["rules"]["sheets"]["__m__"][0][1].update(power=1), "has no field 'power'"),
        (lambda d: d["rules"].update({"__dc__": codec.tag(Sheet)}), "a Sheet where a RulesState"),
        (lambda d: d["rules"].update({"__dc__": codec.tag(Stray)}), "not a state class"),
    ],
)
def test_a_state_of_structs_round_trips_and_is_checked_as_dataclasses_are(
    edit: Any, message: str
) -> None:
    """Structs (the journal's states) and dataclasses (a ruleset's that kept them) in one
    state: written and read back the same, each field checked against its type."""
    text = codec.dumps(STRUCT_STATE, STRUCTS)
    assert codec.loads(text, STRUCTS) == STRUCT_STATE
    assert type(codec.loads(text, STRUCTS).rules) is StructTable
    document = json.loads(text)
    edit(document)
    with pytest.raises(codec.CodecError, match=message):
        STRUCTS.decode(document)


def test_nesting_is_bounded() -> None:
    deep: Any = "bottom"
    for _ in range(codec.MAX_DEPTH + 5):
        deep = [deep]
    document = _encoded()
    document["rules"]["extra"] = {"__m__": [["deep", deep]]}
    with pytest.raises(codec.CodecError, match="nested too deep"):
        REGISTRY.decode(document)
    text = "[" * 100_000 + "]" * 100_000
    with pytest.raises(codec.CodecError, match="nested too deep"):
        codec.loads(text, REGISTRY)
    with pytest.raises(codec.CodecError, match="not JSON"):
        codec.loads('{"__dc__": ', REGISTRY)


def test_a_registry_refuses_a_field_it_could_not_check() -> None:
    @dataclass(frozen=True)
    class Loose(RulesState):
        sheet: Sheet | None = None

    with pytest.raises(TypeError, match="Sheet is not among the state classes"):
        codec.Registry(CampaignState, (Loose,))

    @dataclass(frozen=True)
    class Odd(RulesState):
        when: complex = 0j

    with pytest.raises(TypeError, match="no state class is a complex"):
        codec.Registry(CampaignState, (Odd,))


def test_encoding_refuses_a_class_outside_the_registry() -> None:
    with pytest.raises(TypeError, match="not among the state classes"):
        codec.dumps(CampaignState(rules=None, options={"x": Stray("y")}), REGISTRY)  # type: ignore[dict-item]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["__dc__", "__t__", "__m__", "__fs__", "slug", "seq", "rules", "x"]),
            inner,
            max_size=3,
        )
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(value=JSON, path=st.sampled_from(["", "rules", "sheets", "seq", "voided", "options"]))
def test_whatever_a_row_holds_decoding_gives_a_state_or_a_codec_error(
    value: Any, path: str
) -> None:
    document = _encoded()
    if path == "":
        document = value
    elif path == "sheets":
        document["rules"]["sheets"] = value
    else:
        document[path] = value
    try:
        state = REGISTRY.decode(document)
    except codec.CodecError:
        return
    assert isinstance(state, CampaignState)
