"""The tables every command's module registers its parts on, by decorator: how a command
is decided (`DECIDE`), how an event folds (`EVOLVE`), the command the audit decides it
again with (`RECALL`) and whom it concerns (`CONCERNS`: `log --character`, handouts)."""

from __future__ import annotations

from journal.plugin.rules import CampaignState, Concerns, Deciders, Evolvers, Meta, Recallers
from journal_stress.rules.state import StressState

DECIDE = Deciders[CampaignState]("decide")
EVOLVE = Evolvers[CampaignState, Meta, StressState]("evolve")
RECALL = Recallers("command_for")
CONCERNS = Concerns("concerns")
