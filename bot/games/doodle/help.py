"""`/doodle rules`: (section title, markdown body ≤ 1000 characters) pairs."""

from __future__ import annotations

from ..text import N_

RULES_HELP: tuple[tuple[str, str], ...] = (
    (N_("Goal"), N_(
        "Be the first to hold one doodle of each colour: orange, red, yellow, green, blue, purple. "
        "A doodle needs 1 (orange) to 6 (purple) figures. Six dice show arch, dash, dot, face, slant, "
        "squiggle. The Gallery starts with one random doodle per colour; the other 54 doodles and the "
        "5 action cards (3 Free Roll, 2 Block A Turn) form the deck."
    )),
    (N_("Your turn"), N_(
        "1. Optionally **declare a steal**: one card in an opponent's set, of a colour you lack.\n"
        "2. **Draw & roll**: the top card goes to the Gallery; an action card is kept face up and you draw "
        "again. Then all six dice are rolled.\n"
        "3. Up to **two re-rolls** of any or all dice, +1 per Free Roll you use.\n"
        "4. **Claim** a matching Gallery doodle of a colour you lack (or your declared card): one claim, "
        "and it ends the turn. So does stopping, or failing after the last roll."
    )),
    (N_("Matching"), N_(
        "The dice must contain the doodle's figures; extra dice are ignored; order does not matter. "
        "No figure stands in for another: a dash is never a slant."
    )),
    (N_("Action cards"), N_(
        "**Free Roll**: one extra roll in your own turn, also the turn you drew it; use several at once "
        "if you have them. **Block A Turn**: at any moment, block an opponent's turn that has not begun "
        "(before they declare a steal or draw): the player about to play loses their turn at once, and a "
        "later player's coming turn is announced as blocked and lost when it comes. Used cards stay face "
        "down with their owner."
    )),
    (N_("Rulings"), N_(
        "DD-R1 Gallery = one random doodle per colour; action cards shuffled into the deck.\n"
        "DD-R2 Drawing before rolling is enforced.\n"
        "DD-R3 Re-roll any or all dice, kept ones too; with several matches you choose.\n"
        "DD-R4 Never two cards of one colour; no discarding or swapping.\n"
        "DD-R5 A steal is declared before the draw; the draw still happens; only that card can be won.\n"
        "DD-R6 Free Roll: +1 roll, any time in your turn; several per turn.\n"
        "DD-R7 Block A Turn before the turn begins; one per turn; not yourself; no counter-block.\n"
        "DD-R8 Six colours win at once, also by a steal.\n"
        "DD-R9 Stall: deck empty and 3 full rounds with no card won: most colours wins, ties share.\n"
        "DD-R10 Matching by figure multiset. DD-R11 Everything is public.\n"
        "DD-R12 Timeout: draw, claim the hardest matching card, else end the turn."
    )),
    (N_("Project decisions"), N_(
        "- Set-up: the 60 doodles are shuffled, the first of each colour goes to the Gallery; then the "
        "rest and the action cards are shuffled into the deck. The first seat starts.\n"
        "- Draw and the first roll are one move. A Free Roll is used after the first roll.\n"
        "- A Block may name any opponent whose turn has not begun: the player on turn until their first "
        "move, or anyone after them (their coming turn). One block per coming turn; you may block during "
        "your own turn too. The turn in progress, once begun, can no longer be blocked.\n"
        "- A timeout (DD-R12) finishes the whole turn and counts as one missed turn.\n"
        "- A blocked turn counts as a turn for the stall rule; its count is turns ending with the deck "
        "empty and no card won, 3 x players in a row.\n"
        "- Out of rolls with no match and no Free Roll: the turn ends by itself.\n"
        "- Most-needed card (timeout, computer) = the hardest colour.\n"
        "- Placings: by colours held; equal counts share."
    )),
)
