"""d100 sanity's two worked examples, as a GM types them, every die entered (shared by the
tests, docs/rulesets/d100-sanity.md and the shipped logs):

- `blackwood-lane`: a Call of Cthulhu-style scenario night (the percentile rules): a
  temporary insanity (an INT roll made), an INT roll failed (repressed), a threat's cap, a
  bout on the GM's own table, an indefinite insanity (a fifth of the day's SAN), a phobia,
  then the aftermath: the scenario's award, therapy, treatment, Mythos learned.
- `fallow-harvest`: a Delta Green operation: a loss projected onto a bond, flee/struggle/
  submit, a breaking point and its disorder, adaptation to violence and what it cost, the
  unnatural that never adapts.

`python tests/support/d100_example.py SLUG OUT.jsonl` rebuilds campaigns/SLUG/log.jsonl
(run from the repository: the bout's table is campaigns/blackwood-lane/bouts.txt).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TABLES = ROOT / "campaigns" / "blackwood-lane"

# One command a line, as typed at the table.
# fmt: off
BLACKWOOD: list[tuple[str, ...]] = [
    ("campaign", "new", "blackwood-lane", "--ruleset", "d100-sanity", "--title", "The House on Blackwood Lane"),
    ("character", "add", "Mara", "--pow", "55", "--int", "70"),
    ("character", "add", "Eli", "--pow", "45", "--int", "65", "--mythos", "4"),
    ("session", "start", "The house on Blackwood Lane", "--at", "1925-10-31 21:00"),
    ("scenario", "start", "The House on Blackwood Lane"),
    ("note", "Arkham, All Hallows' Eve. The Corbitt house has stood empty since the drowning."),
    ("note", "Walter Corbitt lies under the cellar floor; the well is his larder.", "--gm-only"),
    # the cellar: Mara succeeds (0 lost); Eli fails at the corpse in the well: 5 lost, the INT
    # roll made (40 vs 65): temporarily insane for 3 hours, a bout at once
    ("sanity", "Mara", "--loss", "0/1d4", "--threat", "cellar", "--threat-name", "the flooded cellar", "--dice", "32"),
    ("sanity", "Eli", "--loss", "1/1d6", "--threat", "corpse", "--threat-name", "the body in the well", "--dice", "61", "--loss-dice", "5", "--int-dice", "40", "--hours-dice", "3"),
    ("bout", "Eli", "--what", "Eli runs up the cellar stairs and out into the rain, calling his brother's name", "--dice", "6"),
    ("clock", "advance", "30min"),
    # the thing in the well: Mara fails, 8 lost, the INT roll failed (85 vs 70): repressed;
    # Eli (insane still) succeeds, 2 lost: a new bout, rolled on the GM's table
    ("sanity", "Mara", "--loss", "1d6/1d20", "--threat", "well-thing", "--threat-name", "the thing in the well", "--dice", "77", "--loss-dice", "8", "--int-dice", "85"),
    ("sanity", "Eli", "--loss", "1d6/1d20", "--threat", "well-thing", "--dice", "12", "--loss-dice", "2"),
    ("bout", "Eli", "--table", str(TABLES / "bouts.txt"), "--dice", "4", "--table-dice", "6"),
    ("clock", "advance", "45min"),
    # the well-thing rises: Mara fails again, 4 lost: 12 today, past a fifth of 55 (11):
    # indefinitely insane for 4 months, a bout in summary, a phobia on the GM's table
    ("sanity", "Mara", "--loss", "1d6/1d20", "--threat", "well-thing", "--dice", "91", "--loss-dice", "4", "--months-dice", "4"),
    ("bout", "Mara", "--summary", "--what", "Mara wakes at dawn on the riverbank, soaked, her lantern gone", "--dice", "5"),
    ("disorder", "Mara", "--table", str(TABLES / "phobias.txt"), "--kind", "phobia", "--table-dice", "1"),
    ("clock", "advance", "3h"),
    ("note", "Eli comes back to himself on the porch; the house is quiet.", "--about", "Eli"),
    # the body again, a new day: 4 more would pass the corpse's cap (6 a scenario, 5 lost
    # already): 1 lost
    ("sanity", "Eli", "--loss", "1/1d6", "--threat", "corpse", "--dice", "70", "--loss-dice", "4"),
    ("scenario", "end", "--award", "1d6", "--award-dice", "Mara=3", "--award-dice", "Eli=5"),
    ("session", "end"),
    # two months on: Mara's month of therapy, her treatment ends it; Eli reads Corbitt's diary
    ("session", "start", "Aftermath", "--at", "1926-01-04 10:00"),
    ("therapy", "Mara", "--san", "+2", "--dice", "34,2", "--reason", "Dr. Hardstrom's sessions at the sanitarium"),
    ("lucid", "Mara", "--reason", "two months at Arkham Sanitarium"),
    ("mythos", "Eli", "--gain", "5", "--reason", "read Walter Corbitt's diary"),
    ("session", "end"),
]

FALLOW: list[tuple[str, ...]] = [
    ("campaign", "new", "fallow-harvest", "--ruleset", "d100-sanity", "--option", "preset=delta-green", "--title", "Operation FALLOW HARVEST"),
    ("character", "add", "Reyes", "--pow", "11", "--int", "13", "--bond", "Her sister Ana=11", "--bond", "Father Tomas=9"),
    ("character", "add", "Park", "--pow", "13", "--int", "15", "--bond", "His wife June=12"),
    ("session", "start", "The farm at Harlan's Creek", "--at", "2019-09-14 16:00"),
    ("scenario", "start", "FALLOW HARVEST"),
    ("note", "A missing-persons case in rural Nebraska; the Program wants the barn burned."),
    # the farmer draws on them: Reyes loses 4 to violence, projects 3 onto her sister
    ("sanity", "Reyes", "--loss", "1/1d6", "--kind", "violence", "--threat", "farmer", "--threat-name", "the farmer's shotgun", "--dice", "60", "--loss-dice", "4", "--project", "Her sister Ana", "--project-dice", "3"),
    # Park kills the farmer: 7 lost to violence, temporarily insane: he flees
    ("sanity", "Park", "--loss", "1/1d8", "--kind", "violence", "--threat", "farmer", "--dice", "80", "--loss-dice", "7", "--reaction", "flee"),
    ("clock", "advance", "1h"),
    # the children in the cellar: helplessness; Reyes loses 6: temporarily insane, she struggles
    ("sanity", "Reyes", "--loss", "1/1d8", "--kind", "helplessness", "--threat", "cellar", "--threat-name", "the children in the cellar", "--dice", "70", "--loss-dice", "6", "--reaction", "struggle"),
    # the barn: Park's second box of violence (a success, 1 lost), then his third: adapted
    ("sanity", "Park", "--loss", "1/1d6", "--kind", "violence", "--threat", "barn", "--threat-name", "what hangs in the barn", "--dice", "40"),
    ("sanity", "Park", "--loss", "1/1d6", "--kind", "violence", "--threat", "barn", "--dice", "75", "--loss-dice", "2"),
    ("adapt", "Park", "--cost", "CHA -2 and June's bond -2: he stops telling her about work"),
    ("adjust", "Park", "--bond", "His wife June=-2", "--reason", "what adapting to violence cost"),
    # the silo: the unnatural; Reyes falls to her breaking point (44): a disorder, the
    # breaking point falls to 38 - 11 = 27; Park loses 2 to it (the unnatural checks no box:
    # it never adapts), 53 staying above his breaking point 52
    ("clock", "advance", "2h"),
    ("sanity", "Reyes", "--loss", "1/1d10", "--kind", "unnatural", "--threat", "silo", "--threat-name", "the thing in the silo", "--dice", "88", "--loss-dice", "10", "--reaction", "submit", "--disorder", "Nightmares of the silo"),
    ("sanity", "Park", "--loss", "1/1d10", "--kind", "unnatural", "--threat", "silo", "--dice", "92", "--loss-dice", "2"),
    ("scenario", "end"),
    ("session", "end"),
]
# fmt: on

EXAMPLES = {"blackwood-lane": BLACKWOOD, "fallow-harvest": FALLOW}


def main(slug: str, out: str) -> None:
    import tempfile

    from click.testing import CliRunner

    from journal.cli.main import cli

    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "journal.db")
        runner = CliRunner()
        for command in EXAMPLES[slug]:
            result = runner.invoke(cli, ["--db", db, "--writer", f"gm@{slug}", *command])
            assert result.exit_code == 0, (command, result.output)
        result = runner.invoke(cli, ["--db", db, "export", "-o", out])
        assert result.exit_code == 0, result.output


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
