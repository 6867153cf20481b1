"""RULES.md Part 1, "Character sheet", and the `exceptional_margin` option."""

from __future__ import annotations

from typing import Any

import pytest
from support.rules_harness import Table

from journal.errors import RuleError
from journal.rules.core.commands import AddCharacter
from journal.rulesets.horror_factor.rules import RULESET
from journal.rulesets.horror_factor.rules.catalog import brokenness_text, hardness_text


def sheet(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "reaction": 12,
        "willpower": 10,
        "hardness": 2,
        "training": "some",
        "specializations": {},
    }
    base.update(changes)
    return base


def test_canonical_sheet() -> None:
    """ "| Hardness specializations | name -> 0-7 | e.g. `supernatural=1`, `mythos=4`" and
    "| brokenness | 0-6 | 0 well-adjusted" (default 0)."""
    got = RULESET.build_sheet(sheet(specializations={"Mythos": 4, "supernatural": 1}))
    assert got == {
        "reaction": 12,
        "willpower": 10,
        "hardness": 2,
        "training": "some",
        "specializations": {"mythos": 4, "supernatural": 1},
        "brokenness": 0,
    }


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"hardness": 9}, "hardness must be 0 to 7, not 9"),
        ({"hardness": -1}, "hardness must be 0 to 7, not -1"),
        ({"willpower": 0}, "willpower must be 1 to 20, not 0"),
        ({"willpower": 21}, "willpower must be 1 to 20, not 21"),
        ({"training": "ninja"}, "training must be one of none, some, professional"),
        ({"brokenness": 7}, "brokenness must be 0 to 6, not 7"),
        ({"specializations": {"mythos": 8}}, "the mythos specialization must be 0 to 7"),
        ({"reaction": "fast"}, "reaction must be a whole number"),
        ({"reaction": True}, "reaction must be a whole number"),
    ],
)
def test_sheet_refusals(changes: dict[str, Any], message: str) -> None:
    """ "| Hardness | 0-7 |", "| Willpower | max: integer 1-20 |", "| training | `none`,
    `some`, `professional`, `elite`, `supernatural` |", "| brokenness | 0-6 |"."""
    with pytest.raises(RuleError, match=message):
        RULESET.build_sheet(sheet(**changes))


def test_missing_fields_are_named() -> None:
    """A Horror Factor character needs Reaction, Willpower, Hardness and training."""
    with pytest.raises(RuleError, match="needs willpower, training"):
        RULESET.build_sheet({"reaction": 10, "hardness": 0})


def test_character_added_creates_the_character(table: Table) -> None:
    """ "Willpower | max: integer 1-20; current: 0..max": a new character starts full."""
    table.do(AddCharacter("Linda", sheet(brokenness=1)))
    status = RULESET.status(table.state)["Linda"]
    assert status.willpower == status.willpower_max == 10
    assert (status.hardness, status.hardness_cap, status.brokenness) == (2, 4, 1)
    assert status.encounter is None
    assert status.peak_hardness == 2


def test_exceptional_margin_option() -> None:
    """ "*option* `exceptional_margin` (default 5)"."""
    assert RULESET.option_defaults == {"exceptional_margin": 5, "end_and_check": False}
    assert RULESET.parse_option("exceptional_margin", "3") == 3
    with pytest.raises(RuleError, match="0 to 20"):
        RULESET.parse_option("exceptional_margin", "21")
    with pytest.raises(RuleError, match="whole number"):
        RULESET.parse_option("exceptional_margin", "lots")
    with pytest.raises(RuleError, match="no option"):
        RULESET.parse_option("speed", "1")


def test_option_is_recorded_in_the_campaign() -> None:
    """ "the campaign's settings are recorded in its first event"."""
    table = Table("horror-factor", {"exceptional_margin": "2"})
    assert table.state.option("exceptional_margin") == 2


def test_ruleset_identity() -> None:
    """docs/ARCHITECTURE.md, "A ruleset": the ruleset is `horror-factor`, `rules_version`
    "hf-1"."""
    assert RULESET.name == "horror-factor"
    assert RULESET.rules_version == "hf-1"
    # ... `wording` (issue 22), the sheet's `character trait add|remove|rename` (issue 41)
    assert len(RULESET.commands) == 18  # and `threat add` (issue 41, E3)


def test_level_descriptions() -> None:
    """ "| Hardness | 0-7 | the 0-7 descriptions in the text are the help text for each level"
    and "| brokenness | 0-6 | 0 well-adjusted, 6 almost catatonic (the text's optional scale)"."""
    assert hardness_text(0).startswith("Sedentary, urban")
    assert hardness_text(3).startswith("Professional training (cop, soldier")
    assert "longtime vampire hunter" in hardness_text(7)
    assert brokenness_text(0) == "Normal and well-adjusted"
    assert brokenness_text(6).startswith("Almost catatonic")
    assert hardness_text(9) == hardness_text(7)


@pytest.mark.parametrize(
    ("hardness", "training", "fits"),
    [(6, "none", "elite"), (4, "none", "some"), (5, "some", "professional"),
     (7, "elite", "supernatural")],
)  # fmt: skip
def test_a_starting_hardness_above_the_training_cap_is_refused(
    hardness: int, training: str, fits: str
) -> None:
    """ "Hardening past the cap is a deliberate GM award": a sheet cannot start past it (it
    showed 6/3); the refusal names the training that fits, or `award` for the rest."""
    from journal.rulesets.horror_factor.rules.catalog import HARDENING_CAP

    cap = HARDENING_CAP[training]
    with pytest.raises(RuleError) as refused:
        RULESET.build_sheet(sheet(hardness=hardness, training=training))
    message = str(refused.value)
    assert message.startswith(
        f"a starting Hardness of {hardness} is above the cap of training {training} ({cap}): "
        f"give --training {fits} (cap {HARDENING_CAP[fits]})"
    )
    assert f"start at {cap} and `journal award NAME --hardness {hardness - cap}" in message
    assert RULESET.build_sheet(sheet(hardness=cap, training=training))["hardness"] == cap


@pytest.mark.parametrize(
    ("training", "level", "fits"),
    [("none", 4, "some"), ("none", 5, "professional"), ("some", 5, "professional")],
)
def test_a_specialization_above_the_cap_is_refused_at_creation(
    training: str, level: int, fits: str
) -> None:
    """RULES.md, "Character sheet": "The cap holds for specializations too, from the
    character's creation on: a sheet whose Hardness or any specialization is above its
    training's cap is refused (an award with a reason can take either past it later)"."""
    with pytest.raises(RuleError, match=f"mythos specialization of {level} is above the cap"):
        RULESET.build_sheet(sheet(hardness=1, training=training, specializations={"mythos": level}))
    with pytest.raises(RuleError, match=f"--training {fits}"):
        RULESET.build_sheet(sheet(hardness=1, training=training, specializations={"mythos": level}))


def test_a_specialization_at_the_cap_is_accepted_and_an_award_takes_it_past() -> None:
    """RULES.md: "(an award with a reason can take either past it later)"."""
    from journal.rulesets.horror_factor.rules.award import Award

    table = Table("horror-factor")
    table.do(AddCharacter("Q", sheet(hardness=1, training="none", specializations={"mythos": 3})))
    table.do(Award("Q", 2, "the Necronomicon, read twice", "mythos"))
    assert table.rules.characters["Q"].specializations["mythos"] == 5
