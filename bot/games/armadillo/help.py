"""`/armadillo rules`: (section title, markdown body) pairs."""

from __future__ import annotations

from ..text import N_

RULES_HELP: tuple[tuple[str, str], ...] = (
    (N_("Goal"), N_(
        "Shed your cards over **3 rounds**. Each round all 60 cards (1-20, three of each) are "
     "shuffled and 10 dealt to each player; every card left when a round ends is one negative point. "
     "Fewest points wins; a tie goes to more tokens left, then a shared win. Everyone starts the game "
     "with 2 tokens and never holds more than 5.")),
    (N_("A turn"), N_(
        "The roller picks dice: blue (1-3), yellow (4-6), red (7-9), up to two of each, at least one. "
     "Then **everyone**, roller included, secretly picks one answer:\n- discard a card equal to the total "
     "(free);\n- discard a card 1-3 away from it, paying that many tokens;\n"
     "- discard any card for 4 tokens;\n"
     "- take a token (none at 5).\nAnswers are revealed together, then the next seat rolls.")),
    (N_("Round end"), N_(
        "After a roll is fully resolved, if anyone has no cards the round ends; several "
     "players can go out on the same roll. Rounds 2 and 3: new shuffle, 10 cards each, the player after "
     "the last roller starts. Tokens carry over.")),
    (N_("Rulings ARM-R1 to R6"), N_(
        "- **R1** Every player count sets up the same way.\n- **R2** At least 1 die, at "
     "most 2 of each colour.\n- **R3** An unmatchable total is still answered (pay or take a token).\n"
     "- **R4** Cost is |card - total| for 1-3, 4 for any card (the lowest that applies); spent tokens go to "
     "the supply.\n- **R5** One discard per player per roll.\n- **R6** Discard or take a token, never both.")),
    (N_("Rulings ARM-R7 to R12"), N_(
        "- **R7** Tokens only come from taking one; never above 5.\n- **R8** The 2 "
     "starting tokens are given once per game.\n- **R9** Answers are secret until all are in. Timeout: "
     "discard an exact match, else take a token; tokens are never spent for you.\n- **R10** Everyone at 0 "
     "cards on the deciding roll has gone out.\n- **R11** The first roller of round 1 is random.\n- **R12** "
     "Dice, total, hand sizes, tokens, revealed discards and scores are public; card values are secret.")),
    (N_("Computer and project decisions"), N_(
        "Computer roller: the dice with the best chance to hit one of its "
     "cards exactly; ties go to the higher expected card hit, then fewer dice, then the higher average "
     "total, then more yellow dice. Computer answer: an exact match; else the cheapest 1-3 token discard "
     "that keeps 2 tokens (higher card on equal cost); else a token. A roller who times out rolls the "
     "computer's dice and answers by R9 at the same deadline: one missed turn. Duplicate cards are "
     "interchangeable: you discard a value.")),
)
