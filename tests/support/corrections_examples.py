"""The logs the corrections tests share, typed as a GM types them (one place, so every test
of amend, re-rule, the turn's order and the invariants reads the same table).

- `okafor`: Sgt Okafor (professional training, cap 5) has Hardness 5; an exceptional
  failure at #6 costs him a level (4); the do-or-die at #8 gives it back (5).
- `hobbs`: Hobbs (Reaction 8, Hardness 0) and Linda face HF 7 (#4, or #5 in a session);
  with `notes`, ten notes bring Hobbs's roll to #16, as in the issue.
"""

from __future__ import annotations

from support.cli import Cli


def okafor(gm: Cli) -> Cli:
    gm("campaign", "new", "unit", "--ruleset", "horror-factor")
    gm("character", "add", "Okafor", "--reaction", "12", "--willpower", "8",
       "--hardness", "5", "--training", "professional")  # fmt: skip
    gm("session", "start", "The raid")
    gm("encounter", "start", "Raid", "--hf", "6", "--cast", "Okafor")  # 4
    gm("encounter", "end")  # 5
    gm("check", "Okafor", "--dice", "+1/-9")  # 6: total -1, exceptional failure: 5 -> 4
    gm("encounter", "start", "Second", "--hf", "4", "--cast", "Okafor")  # 7
    gm("encounter", "end", "--do-or-die", "Okafor")  # 8: 4 -> 5
    return gm


def hobbs(gm: Cli, *, session: bool = False, notes: bool = False) -> Cli:
    gm("campaign", "new", "hf", "--ruleset", "horror-factor")
    gm("character", "add", "Hobbs", "--reaction", "8", "--willpower", "10",
       "--hardness", "0", "--training", "none")  # fmt: skip
    gm("character", "add", "Linda", "--reaction", "12", "--willpower", "10",
       "--hardness", "2", "--training", "some")  # fmt: skip
    if session:
        gm("session", "start", "The horde")
    gm("encounter", "start", "Horde", "--hf", "horde", "--outnumbered", "--cast", "Hobbs,Linda")
    for n in range(6, 16) if notes else ():
        gm("note", f"the horde moves ({n})")
    return gm
