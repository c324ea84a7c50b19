"""The Doodle Dice deck (package data `bot/games/doodle/deck.csv`), the dice figures and matching.

A doodle is completed when the six dice contain its figure multiset (DD-R10): extra dice are ignored,
no figure stands in for another (a dash is never a slant).
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from ..text import N_

# Die faces in the order `rng.randint(1, 6)` indexes them (architecture.md "Chance").
FIGURES: tuple[str, ...] = (N_("arch"), N_("dash"), N_("dot"), N_("face"), N_("slant"), N_("squiggle"))
# Colours by difficulty: the colour fixes how many figures a doodle needs.
COLOURS: tuple[str, ...] = (N_("orange"), N_("red"), N_("yellow"), N_("green"), N_("blue"), N_("purple"))
FREE_ROLL = N_("Free Roll")
BLOCK = N_("Block A Turn")


@dataclass(frozen=True)
class Card:
    id: str
    colour: str  # one of COLOURS, or "action"
    name: str
    figures: tuple[str, ...]  # sorted; () for action cards

    @property
    def is_action(self) -> bool:
        return self.colour == "action"

    @property
    def rank(self) -> int:
        """0 for orange … 5 for purple; -1 for an action card."""
        return COLOURS.index(self.colour) if self.colour in COLOURS else -1

    def label(self) -> str:
        return self.name if self.is_action else f"{self.name} ({self.colour})"

    def public(self) -> dict[str, object]:
        return {"id": self.id, "colour": self.colour, "name": self.name, "figures": list(self.figures)}


def _load() -> tuple[Card, ...]:
    text = resources.files(__package__).joinpath("deck.csv").read_text(encoding="utf-8")
    cards = []
    for row in csv.DictReader(io.StringIO(text)):
        figures = tuple(sorted(row["figures"].split()))
        if any(f not in FIGURES for f in figures):
            raise ValueError(f"card {row['id']} has an unknown figure")
        cards.append(Card(row["id"], row["colour"], row["name"], figures))
    return tuple(cards)


DECK: tuple[Card, ...] = _load()
CARDS: dict[str, Card] = {card.id: card for card in DECK}
DOODLES: tuple[str, ...] = tuple(card.id for card in DECK if not card.is_action)
ACTIONS: tuple[str, ...] = tuple(card.id for card in DECK if card.is_action)


def matches(figures: Iterable[str], dice: Iterable[str]) -> bool:
    """True when the dice contain the figure multiset (DD-R10)."""
    return all(h >= n for n, h in zip(counts(figures), counts(dice), strict=True))


def counts(figures: Iterable[str]) -> tuple[int, ...]:
    """How many of each figure, in FIGURES order."""
    return _counts(figures if type(figures) is tuple else tuple(figures))


@lru_cache(maxsize=4096)  # the 60 patterns and the dice showing: the computer asks again and again
def _counts(figures: tuple[str, ...]) -> tuple[int, ...]:
    c = Counter(figures)
    return tuple(c[f] for f in FIGURES)


def serving(figures: Iterable[str], dice: tuple[str, ...]) -> tuple[int, ...]:
    """Indexes of the dice that serve the pattern (each needed figure at most as often as it is needed)."""
    need = Counter(figures)
    keep = []
    for i, face in enumerate(dice):
        if need[face] > 0:
            need[face] -= 1
            keep.append(i)
    return tuple(keep)
