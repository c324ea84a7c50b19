"""`/dardz rules`: the rules summary, every ruling id and the project's own decisions."""

from __future__ import annotations

from ..text import N_

RULES_HELP: tuple[tuple[str, str], ...] = (
    (N_("Goal and cards"),
     N_("Score **150** (option `target`) to win. 90 cards: six each of 1-12 (one 7 is the **golden 7**, +10) "
     "and three each of six action cards. Each round everyone gets 3 cards **face up**; race to move "
     "**10 cards** into your points pile.\n"
     "Points: 1-3 +2 · 4-6 +1 · 7 +4 · golden 7 +10 · 8 +5 · 9 +6 · 10 +7 · 11 +8 · 12 +10 · Skull −5 · "
     "other action cards +5 (values for 1, 3-6, 9, 11 and Jackpot/Boost/Bunk/Clock are house values).")),
    (N_("A turn"),
     N_("1. Play your action cards.\n2. **Roll 1**: one die, picked automatically.\n"
     "3. **Roll 2**: pick one die, the sum, or nothing.\n"
     "4. **Roll 3**: pick one die or the sum of two (never all three), or nothing. **Three of a kind: +20** "
     "at once.\n"
     "Every player holding a picked number moves all copies to their pile and draws replacements.\n"
     "5. **Bonus Roll** if your roll-3 pick was in your hand: roll 2 dice, pick a die or the sum; only you "
     "score and you draw nothing; a miss ends the turn; an empty hand is **cleaning 'em up: +5**.\n"
     "6. Refill to 3 cards.")),
    (N_("Action cards"),
     N_("Played at the start of your turn and at once when drawn in your turn; then into a pile, draw a "
     "replacement (not in a Bonus Roll).\n"
     "**Skull**: your pile, −5. **Clock**: every hand passes to the next player. **Jackpot**: guess 1-6, "
     "roll a die, right = +15. **Roll-Off**: you and the next player roll a die, the higher takes the card "
     "into their pile. **Boost 'em**: roll 2 dice, last place adds the sum. **Bunk 'em**: roll 2 dice, first "
     "place subtracts it (a leader bunks themselves).")),
    (N_("End of a round"),
     N_("The moment someone has 10 pile cards: +10 to them; everyone adds their pile's points; anyone with "
     "≤ 3 pile cards makes the **Lucky Loser** roll (2 dice multiplied). No score below 0. At 150+ the "
     "highest score wins; else a new round, started by the lowest score.")),
    (N_("Team DARDZ (option teams)"),
     N_("Teams of two sit alternately (seat s with seat s + half). Race to **20** pile cards per team, "
     "team +10, one team score, target **2 × target** (300). One Lucky Loser roll for a team with ≤ 6 pile "
     "cards. A Bonus Roll scores from both teammates' hands. The round's winning team chooses who rolls "
     "first. An odd table: the last seat plays solo (10 cards wins, pile points doubled).")),
    (N_("Rulings DZ-R1 to DZ-R8"),
     N_("**R1** replacements are drawn in seat order from the roller; an empty draw pile leaves short hands.\n"
     "**R2** round ends without +10 when the draw pile is empty and nobody can reach 10, or all hands "
     "are empty.\n**R3** you may pick nothing, or a number only opponents hold.\n"
     "**R4** three of a kind only on roll 3; the +20 stands even if you pick nothing.\n"
     "**R5** Bonus Roll: every hit moves all copies, no draws; an action card drawn before it is played "
     "first, without replacement.\n**R6** drawing the number you just scored does nothing.\n"
     "**R7** Roll-Off ties re-roll.\n**R8** Clock: the roller resolves action cards in the hand received.")),
    (N_("Rulings DZ-R9 to DZ-R15"),
     N_("**R9** Boost/Bunk use current scores (team scores); all tied for last/first are affected; all tied: "
     "nothing.\n**R10** round end checked after every resolution; reaching 10 together: more cards wins, "
     "equal: Roll-Off.\n**R11** the game is won only at round end; equal top scores: best-of-3 Roll-Off.\n"
     "**R12** first roller: 2 dice each, highest starts (ties roll off); later rounds the lowest score.\n"
     "**R13** hands and scores public; your pile count only you see.\n"
     "**R14** timeout: the number moving most of your cards and none of the leader's, else nothing; "
     "Jackpot guess 6.\n**R15** at most 8 players.")),
    (N_("Project decisions"),
     N_("With several action cards you choose the order. The Bonus Roll is never optional (but you may pick "
     "nothing); it needs a card in your hand. Cards drawn in the end-of-turn refill wait for your next "
     "turn. Deal: 3 cards to each seat in seat order. Lucky Loser rolls in seat order. Teams: +20s, "
     "Jackpot and clean-ups go to the team score; clean-up = the roller's own hand is empty; after a Bonus "
     "Roll the teammate also refills to 3; either teammate may choose the first roller; ties between a "
     "team and the solo player compare cards beyond the goal. Two players: the teams option is ignored. "
     "Timeouts: one deadline plays the roller's whole turn (one missed turn); the first action card in "
     "the order Skull, Clock, Jackpot, Roll-Off, Boost, Bunk; the team's lower seat rolls first; in teams "
     "'own cards' are the team's.")),
)
