"""What every game's picture shows the same way: the seats with whose turn it is, and how the game ended."""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.service.table import Table

from . import labels
from .canvas import GOLD, MUTED, Canvas, SeatRow, font


@cache
def _drawable(char: str) -> bool:
    """Whether the shipped font has a glyph for `char` (emoji in a member's name have none: left out)."""
    face = font(20)
    return char.isspace() or face.getmask(char).getbbox() != face.getmask("\uffff").getbbox()


def drawable(text: str) -> str:
    """`text` without the characters the shipped font cannot draw (emoji)."""
    return "".join(c for c in text if _drawable(c)).strip()


def name(table: Table, seat: int) -> str:
    return drawable(table.seats[seat].name) or f"#{seat + 1}"


def names(table: Table, seats: Any) -> str:
    return ", ".join(name(table, s) for s in seats)


def seat_rows(table: Table) -> list[SeatRow]:
    outcome = table.outcome if table.status == "finished" else None
    to_act = table.to_act if table.status == "active" else frozenset()
    return [SeatRow(name(table, s), to_act=s in to_act, computer=table.seats[s].is_computer,
                    place=outcome.placings[s] if outcome else None)
            for s in range(len(table.seats))]


def ending(canvas: Canvas, table: Table) -> None:
    """A finished game's winners (or a draw), or that the table was closed; nothing while it runs."""
    if table.status == "ended":
        canvas.banner(labels.closed(), MUTED)
    elif table.status == "finished" and table.outcome is not None:
        winners = table.outcome.winners
        if len(winners) == len(table.seats):
            canvas.banner(labels.draw(), GOLD)
        else:
            canvas.banner(labels.wins(" & ".join(name(table, s) for s in winners), len(winners)), GOLD)
