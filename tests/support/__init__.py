"""What the tests share: `support.cli` (the CLI runner), `support.api`, `support.pty` (a
terminal), `support.browser`, `support.web`, the scripted campaigns (`worked_example`,
`morgue_example`, `corrections_examples`), `support.rules_harness` (rules without a
database), and the helpers of one area each (`handouts`, `pdf`, `snapshots`, `tamper`,
`fuzz`, `fright_check`, `fright_check_cli`).

The `tests` folder is on the path (`pythonpath` in pyproject.toml), so a test imports
`from support.cli import Cli` wherever it lives.
"""

from __future__ import annotations

from pathlib import Path

#: the repository
ROOT = Path(__file__).resolve().parents[2]
#: the shipped example campaigns
CAMPAIGNS = ROOT / "campaigns"
#: the rule text's zombie fight as shipped (the log `journal demo` imports)
WORKED_EXAMPLE = CAMPAIGNS / "jackson-zombies" / "log.jsonl"
#: a database written at every schema the journal shipped (its README says how)
SCHEMA_FIXTURES = ROOT / "tests" / "store" / "upgrade" / "fixtures" / "schema"
