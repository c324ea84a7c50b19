"""`/armymen rules`: (section title, markdown body) pairs."""

from __future__ import annotations

from ..text import N_

RULES_HELP: tuple[tuple[str, str], ...] = (
    (N_("The goal"), N_(
        "Two players, six dice each. Score as **few** points as you can: a 1 is a soldier and scores 0, "
     "any other face scores its pips. The lowest total over all rounds wins.")),
    (N_("A round"), N_(
        "Both players ante one die automatically (AMD-R9). The starter rolls the rest and must set aside "
     "**1 or 2** of the dice just rolled (AMD-R3); the others are rolled again at once, until every die is set "
     "aside. Then the other player does the same. The lower round score takes its ante back; the other ante die "
     "leaves the game. On a tie both ante dice are lost (AMD-R5). The starter alternates every round (AMD-R6).")),
    (N_("The end"), N_(
        "When a player starts a round with 1 die or none, the game ends (AMD-R1, AMD-R2). Lowest total "
     "wins; tied totals go to the player who won more rounds, then it is a draw (AMD-R7). **Campaign**: three "
     "games, lowest sum wins; games 2 and 3 are started by the player who did not start the previous game; ties go "
     "to more games won, then a draw (AMD-R8).")),
    (N_("Rulings"), N_(
        "AMD-R1 ≤ 1 die at a round's start ends the game · AMD-R2 0 dice ends it · AMD-R3 set aside 1 or 2 "
     "every roll · AMD-R4 ante dice are never rolled or scored · AMD-R5 only the lower scorer gets its ante back · "
     "AMD-R6 random first starter, then alternate · AMD-R7 ties: rounds won, then a draw · AMD-R8 campaign · "
     "AMD-R9 automatic ante · AMD-R10 everything is public.")),
    (N_("Project decisions"), N_("Setting dice aside re-rolls the rest at once (there is no choice in between). "
     "In a campaign a game counts as won under AMD-R7; a drawn game counts for nobody. At a timeout, and on "
     "autopilot, the computer's choice is played: it sets aside the dice that minimise the expected round score. "
     "One deadline plays the whole turn and counts as one missed turn.")),
)
