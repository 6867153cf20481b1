"""GURPS success rolls (Basic Set p. 348): 3d6 against a target number."""

from __future__ import annotations

from dataclasses import dataclass

#: every die GURPS rolls is a d6: a face entered for any of them is 1 to 6, used or not
D6 = 6
#: modified Will above 13 counts as 13 for a Fright Check, and for no other roll ("This rule
#: does not apply to other Will rolls ... only to Fright Checks")
RULE_OF_14 = 13


@dataclass(frozen=True)
class SuccessRoll:
    success: bool
    critical: bool
    margin: int  # target - roll: negative on a failure


def success_roll(target: int, roll: int) -> SuccessRoll:
    """3-4 always succeed (critically), 5 too at 15+, 6 at 16+; 17 fails (critically at
    15 or less), 18 always fails critically; a roll 10 or more over target is a critical
    failure; otherwise success if the roll is at most the target."""
    margin = target - roll
    if roll <= 4 or (roll == 5 and target >= 15) or (roll == 6 and target >= 16):
        return SuccessRoll(True, True, margin)
    if roll == 18 or (roll == 17 and target <= 15) or roll >= target + 10:
        return SuccessRoll(False, True, margin)
    if roll >= 17:
        return SuccessRoll(False, False, margin)
    return SuccessRoll(roll <= target, False, margin)
