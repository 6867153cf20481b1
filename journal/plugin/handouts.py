"""What a ruleset's narrator takes from the journal (beside `journal.plugin.rules` and
`.telling`): the `Narrator` contract and the views it is handed, and the documents of a
recap and an arc it fills."""

from __future__ import annotations

from journal.documents import Fields as Fields
from journal.documents import whole as whole
from journal.documents import whole_or_none as whole_or_none
from journal.handouts.documents import ArcSample as ArcSample
from journal.handouts.documents import Chart as Chart
from journal.handouts.documents import ChartSeries as ChartSeries
from journal.handouts.documents import Encounter as Encounter
from journal.handouts.documents import RecapDocument as RecapDocument
from journal.handouts.documents import chart_series as chart_series
from journal.handouts.documents import gm_fields as gm_fields
from journal.handouts.hooks import Milestone as Milestone
from journal.handouts.hooks import Narrator as Narrator
from journal.handouts.hooks import RecapView as RecapView
from journal.handouts.hooks import Threat as Threat
from journal.handouts.hooks import Who as Who
from journal.projection import Step as Step
