"""The plugin contract: the one module of the journal a ruleset imports (besides
`journal.api` and its own package).

It holds the contract's classes (`Plugin`, `Ruleset`, `Command`, `Event`, `Telling`,
`Narrator`, `WiredCommands`, the dispatches and the documents), the helpers a ruleset's
parts need (its rules, its text, its handouts, its command line) and `CONTRACT`, the
contract's major version. A ruleset declares the contract it was written for
(`Plugin(contract=...)`); the journal refuses one written for another at load, by name.

Each name is imported from its home on first use, so a ruleset's pure rules importing
`Event` from here load the events, never the command line. The layer test reads `_HOMES`
and holds each part of a ruleset to its layer by where each name it takes lives.

When a name here changes its meaning or its signature, `CONTRACT` goes up by one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from journal.lazy import lazy_names as _lazy_names
from journal.rules.plugin import CONTRACT, Plugin

if TYPE_CHECKING:
    from journal.api.dice import parse_d10_pair, parse_faces
    from journal.cli import fights
    from journal.cli.common import (
        complete,
        json_option,
        key_values,
        pass_settings,
        run_and_show,
        split_names,
        whole_number,
    )
    from journal.cli.rows import status_text
    from journal.cli.rulesets import WiredCommands
    from journal.cli.settings import Settings, fail
    from journal.dice import DiceBox, Stake
    from journal.documents import (
        ACTED,
        FROZEN,
        GM_ONLY,
        PLAYERS_ONLY,
        WAITING,
        BoardCell,
        BoardColumn,
        BoardGrid,
        BoardRow,
        CharacterStatus,
        Document,
        Fields,
        StatusDocument,
        whole,
        whole_or_none,
    )
    from journal.errors import RuleError
    from journal.events.canonical import JSON, JSONObject, plain, sorted_json
    from journal.events.recorded import Recorded
    from journal.events.registry import Dice, Event, OptionValue, event, upcaster
    from journal.events.terms import Term, Terms, describe_terms
    from journal.frozen import changed
    from journal.handouts.documents import (
        ArcSample,
        Chart,
        ChartSeries,
        Encounter,
        RecapDocument,
        gm_fields,
    )
    from journal.handouts.hooks import Milestone, Narrator, RecapView, Threat, Who
    from journal.projection import Step
    from journal.rules.clock import advance, hours_between
    from journal.rules.command import Command
    from journal.rules.core.elapsed import clock_moved, rested_for
    from journal.rules.core.events import (
        Adjustment,
        CharacterAdded,
        CharacterRenamed,
        NumbersAdjusted,
    )
    from journal.rules.core.evolve import renamed_in
    from journal.rules.core.state import CampaignState, Meta, RulesState
    from journal.rules.dispatch import (
        Concerns,
        Deciders,
        Evolvers,
        Lines,
        Recallers,
        Sentences,
        nobody,
    )
    from journal.rules.invariants import Invariant
    from journal.rules.modules import load_modules
    from journal.rules.ruleset import Ruleset
    from journal.rules.whole_numbers import signed, unsigned, yes_no
    from journal.telling import ARROW
    from journal.telling.contract import Telling

#: name -> the module that defines it (a module's own name: that module)
_HOMES = {
    "ACTED": "journal.documents",
    "ARROW": "journal.telling",
    "Adjustment": "journal.rules.core.events",
    "ArcSample": "journal.handouts.documents",
    "BoardCell": "journal.documents",
    "BoardColumn": "journal.documents",
    "BoardRow": "journal.documents",
    "BoardGrid": "journal.documents",
    "CampaignState": "journal.rules.core.state",
    "CharacterAdded": "journal.rules.core.events",
    "CharacterRenamed": "journal.rules.core.events",
    "CharacterStatus": "journal.documents",
    "Chart": "journal.handouts.documents",
    "ChartSeries": "journal.handouts.documents",
    "Command": "journal.rules.command",
    "Concerns": "journal.rules.dispatch",
    "Deciders": "journal.rules.dispatch",
    "Dice": "journal.events.registry",
    "DiceBox": "journal.dice",
    "Document": "journal.documents",
    "Encounter": "journal.handouts.documents",
    "Event": "journal.events.registry",
    "Evolvers": "journal.rules.dispatch",
    "FROZEN": "journal.documents",
    "Fields": "journal.documents",
    "GM_ONLY": "journal.documents",
    "Invariant": "journal.rules.invariants",
    "JSON": "journal.events.canonical",
    "JSONObject": "journal.events.canonical",
    "Lines": "journal.rules.dispatch",
    "Meta": "journal.rules.core.state",
    "Milestone": "journal.handouts.hooks",
    "Narrator": "journal.handouts.hooks",
    "NumbersAdjusted": "journal.rules.core.events",
    "OptionValue": "journal.events.registry",
    "PLAYERS_ONLY": "journal.documents",
    "Recallers": "journal.rules.dispatch",
    "RecapDocument": "journal.handouts.documents",
    "RecapView": "journal.handouts.hooks",
    "Recorded": "journal.events.recorded",
    "RuleError": "journal.errors",
    "RulesState": "journal.rules.core.state",
    "Ruleset": "journal.rules.ruleset",
    "Sentences": "journal.rules.dispatch",
    "Settings": "journal.cli.settings",
    "Stake": "journal.dice",
    "StatusDocument": "journal.documents",
    "Step": "journal.projection",
    "Telling": "journal.telling.contract",
    "Term": "journal.events.terms",
    "Terms": "journal.events.terms",
    "Threat": "journal.handouts.hooks",
    "WAITING": "journal.documents",
    "Who": "journal.handouts.hooks",
    "WiredCommands": "journal.cli.rulesets",
    "advance": "journal.rules.clock",
    "changed": "journal.frozen",
    "clock_moved": "journal.rules.core.elapsed",
    "rested_for": "journal.rules.core.elapsed",
    "complete": "journal.cli.common",
    "describe_terms": "journal.events.terms",
    "event": "journal.events.registry",
    "fail": "journal.cli.settings",
    "fights": "journal.cli.fights",
    "gm_fields": "journal.handouts.documents",
    "hours_between": "journal.rules.clock",
    "json_option": "journal.cli.common",
    "key_values": "journal.cli.common",
    "load_modules": "journal.rules.modules",
    "nobody": "journal.rules.dispatch",
    "parse_d10_pair": "journal.api.dice",
    "parse_faces": "journal.api.dice",
    "pass_settings": "journal.cli.common",
    "plain": "journal.events.canonical",
    "renamed_in": "journal.rules.core.evolve",
    "run_and_show": "journal.cli.common",
    "signed": "journal.rules.whole_numbers",
    "sorted_json": "journal.events.canonical",
    "split_names": "journal.cli.common",
    "status_text": "journal.cli.rows",
    "unsigned": "journal.rules.whole_numbers",
    "yes_no": "journal.rules.whole_numbers",
    "upcaster": "journal.events.registry",
    "whole": "journal.documents",
    "whole_number": "journal.cli.common",
    "whole_or_none": "journal.documents",
}


__getattr__ = _lazy_names(__name__, _HOMES, globals())


__all__ = [
    "ACTED",
    "ARROW",
    "CONTRACT",
    "FROZEN",
    "GM_ONLY",
    "JSON",
    "PLAYERS_ONLY",
    "WAITING",
    "Adjustment",
    "ArcSample",
    "BoardCell",
    "BoardColumn",
    "BoardGrid",
    "BoardRow",
    "CampaignState",
    "CharacterAdded",
    "CharacterRenamed",
    "CharacterStatus",
    "Chart",
    "ChartSeries",
    "Command",
    "Concerns",
    "Deciders",
    "Dice",
    "DiceBox",
    "Document",
    "Encounter",
    "Event",
    "Evolvers",
    "Fields",
    "Invariant",
    "JSONObject",
    "Lines",
    "Meta",
    "Milestone",
    "Narrator",
    "NumbersAdjusted",
    "OptionValue",
    "Plugin",
    "Recallers",
    "RecapDocument",
    "RecapView",
    "Recorded",
    "RuleError",
    "RulesState",
    "Ruleset",
    "Sentences",
    "Settings",
    "Stake",
    "StatusDocument",
    "Step",
    "Telling",
    "Term",
    "Terms",
    "Threat",
    "Who",
    "WiredCommands",
    "advance",
    "changed",
    "clock_moved",
    "complete",
    "describe_terms",
    "event",
    "fail",
    "fights",
    "gm_fields",
    "hours_between",
    "json_option",
    "key_values",
    "load_modules",
    "nobody",
    "parse_d10_pair",
    "parse_faces",
    "pass_settings",
    "plain",
    "renamed_in",
    "rested_for",
    "run_and_show",
    "signed",
    "sorted_json",
    "split_names",
    "status_text",
    "unsigned",
    "upcaster",
    "whole",
    "whole_number",
    "whole_or_none",
    "yes_no",
]
