"""What a ruleset's pure rules take from the journal: the command and event bases and
their registration, the campaign state, the dispatch tables a command's module registers
on, the core's character events, dice, terms, the clock, invariants and whole numbers.
Nothing here is above the rules layer."""

from __future__ import annotations

from journal.dice import DiceBox as DiceBox
from journal.dice import Stake as Stake
from journal.documents import CharacterStatus as CharacterStatus
from journal.documents import Document as Document
from journal.documents import ThreatEntry as ThreatEntry
from journal.errors import RuleError as RuleError
from journal.events.canonical import JSON as JSON
from journal.events.canonical import JSONObject as JSONObject
from journal.events.canonical import plain as plain
from journal.events.registry import Dice as Dice
from journal.events.registry import Event as Event
from journal.events.registry import OptionValue as OptionValue
from journal.events.registry import event as event
from journal.events.registry import upcaster as upcaster
from journal.events.terms import Term as Term
from journal.events.terms import Terms as Terms
from journal.frozen import changed as changed
from journal.rules.clock import advance as advance
from journal.rules.clock import hours_between as hours_between
from journal.rules.command import Command as Command
from journal.rules.core.elapsed import clock_moved as clock_moved
from journal.rules.core.elapsed import rested_for as rested_for
from journal.rules.core.events import Adjustment as Adjustment
from journal.rules.core.events import CharacterAdded as CharacterAdded
from journal.rules.core.events import CharacterRenamed as CharacterRenamed
from journal.rules.core.events import NumbersAdjusted as NumbersAdjusted
from journal.rules.core.evolve import renamed_in as renamed_in
from journal.rules.core.state import CampaignState as CampaignState
from journal.rules.core.state import Meta as Meta
from journal.rules.core.state import RulesState as RulesState
from journal.rules.dispatch import Concerns as Concerns
from journal.rules.dispatch import Deciders as Deciders
from journal.rules.dispatch import Evolvers as Evolvers
from journal.rules.dispatch import Recallers as Recallers
from journal.rules.dispatch import nobody as nobody
from journal.rules.invariants import Invariant as Invariant
from journal.rules.modules import load_modules as load_modules
from journal.rules.ruleset import Ruleset as Ruleset
from journal.rules.whole_numbers import signed as signed
from journal.rules.whole_numbers import unsigned as unsigned
from journal.rules.whole_numbers import yes_no as yes_no
