"""The text contract: how a campaign reads to people, neutral of any ruleset.

`contract.Telling` is what a ruleset's `telling` part fulfils (log lines, handout
sentences, explain labels, ruling words, dice text, the board and status as structured
rows); `telling_of(name)` loads it through the ruleset's `Plugin`. `lines` words the
core's events and any ruleset's through its telling, and the status heading; the signs
every ruleset's text shares are here.
"""

#: a number that changed, in a sentence for people (`Hardness 5 → 4`)
ARROW = "→"
