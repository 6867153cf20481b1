"""What a ruleset's command line takes from the journal (beside the lower doors and
`journal.api`, whose `journal.api.dice` reads entered dice): the `WiredCommands` contract
(its commands found by `commands_in`), the settings a command gets, the helpers that
parse, complete, run a command and show its outcome, and the commands both built-in
rulesets share: the fight's (`fights`), the sheet's (`sheets`), GCS files' (`gcs`), the
threats' (`threats`)."""

from __future__ import annotations

from journal.cli import fights as fights
from journal.cli import gcs as gcs
from journal.cli import sheets as sheets
from journal.cli import threats as threats
from journal.cli.common import complete as complete
from journal.cli.common import json_option as json_option
from journal.cli.common import key_values as key_values
from journal.cli.common import pass_settings as pass_settings
from journal.cli.common import run_and_show as run_and_show
from journal.cli.common import split_names as split_names
from journal.cli.common import whole_number as whole_number
from journal.cli.rows import status_text as status_text
from journal.cli.rulesets import WiredCommands as WiredCommands
from journal.cli.rulesets import commands_in as commands_in
from journal.cli.settings import Settings as Settings
from journal.cli.settings import fail as fail
