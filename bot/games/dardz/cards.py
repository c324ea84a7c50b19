"""DARDZ cards: ids, the 90-card deck and THE point table (dardz.md "Components").

Card ids: "1".."12" for number cards, "G7" for the golden 7 (a 7 worth +10, not an action card), and
"SKULL", "CLOCK", "JACKPOT", "ROLLOFF", "BOOST", "BUNK" for the six action cards.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..text import N_

GOLDEN_7 = "G7"
SKULL, CLOCK, JACKPOT, ROLLOFF, BOOST, BUNK = "SKULL", "CLOCK", "JACKPOT", "ROLLOFF", "BOOST", "BUNK"
ACTIONS = (SKULL, CLOCK, JACKPOT, ROLLOFF, BOOST, BUNK)  # also the order they are listed in Play choices

# The one point table. Values marked *house* in dardz.md (1, 3, 4, 5, 6, 9, 11, Jackpot, Boost 'em,
# Bunk 'em, Clock) are the project's derivation; the others are printed on the cards.
POINTS: dict[str, int] = {
    "1": 2, "2": 2, "3": 2, "4": 1, "5": 1, "6": 1, "7": 4, GOLDEN_7: 10, "8": 5, "9": 6, "10": 7,
    "11": 8, "12": 10,
    SKULL: -5, ROLLOFF: 5, JACKPOT: 5, BOOST: 5, BUNK: 5, CLOCK: 5,
}

NAMES: dict[str, str] = {
    GOLDEN_7: N_("golden 7"), SKULL: N_("Skull"), CLOCK: N_("Clock"), JACKPOT: N_("Jackpot"),
    ROLLOFF: N_("Roll-Off"), BOOST: N_("Boost 'em"), BUNK: N_("Bunk 'em"),
}

ALL_CARDS: tuple[str, ...] = tuple(
    [card for n in range(1, 13) for card in ([str(n)] * 5 + [GOLDEN_7] if n == 7 else [str(n)] * 6)]
    + [action for action in ACTIONS for _ in range(3)]
)
assert len(ALL_CARDS) == 90


def number(card: str) -> int | None:
    """The number a card answers to (the golden 7 is a 7); None for an action card."""
    return NUMBERS[card] if card in NUMBERS else _number(card)


def _number(card: str) -> int | None:
    if card == GOLDEN_7:
        return 7
    return int(card) if card.isdigit() else None


def is_action(card: str) -> bool:
    return card in ACTIONS


def name(card: str) -> str:
    return NAMES.get(card, card)


def points(cards: Iterable[str]) -> int:
    return sum(POINTS[c] for c in cards)


NUMBERS: dict[str, int | None] = {card: _number(card) for card in ALL_CARDS}  # asked for again and again
