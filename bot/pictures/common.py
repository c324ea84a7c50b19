"""What every game's picture shows the same way: the seats with whose turn it is, and how the game ended."""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import cache, lru_cache
from typing import Any

from bot.games.levels import NAMES
from bot.i18n import _, languages, speaking
from bot.names import one_line
from bot.service.lobby import COMPUTER_FOR, COMPUTER_NAME
from bot.service.table import Seat, Table

from . import labels
from .canvas import GOLD, MUTED, Canvas, SeatRow, font


@cache
def _drawable(char: str) -> bool:
    """Whether the shipped font has a glyph for `char` (emoji in a member's name have none: left out)."""
    face = font(20)
    return char.isspace() or face.getmask(char).getbbox() != face.getmask("\uffff").getbbox()


@cache
def _computer_names() -> re.Pattern[str]:
    """A computer's name as the lobby gave it, in any of our languages ("Computer 2", "Ordenador 2")."""
    patterns = set()
    for language in languages():
        with speaking(language):
            patterns.add(re.escape(_(COMPUTER_NAME)).replace(re.escape("{n}"), r"(\d+)"))
    return re.compile("|".join(f"(?:{p})" for p in sorted(patterns)))


def seat_name(seat: Seat) -> str:
    """A seat's player as a picture (and its description) names them: a computer named by the lobby in the
    reader's language, whatever language it was seated in; the computer playing a member's seat to the end, named for
    them (the table's text names it so too)."""
    if seat.is_computer and seat.user_id is not None:
        return _(COMPUTER_FOR, name=seat.name)
    if seat.is_computer and (n := _computer_number(seat.name)) is not None:
        return _(COMPUTER_NAME, n=n)
    return seat.name


@lru_cache(maxsize=1024)
def _computer_number(name: str) -> int | None:
    """The number of a computer the lobby named `name` ("Computer 2", "Ordenador 2": 2), else None."""
    found = _computer_names().fullmatch(name)
    return next(int(value) for value in found.groups() if value) if found else None


def drawable(text: str) -> str:
    """A member's `text` on one line (`bot.names.one_line`: no line break, no directional override), without the
    characters the shipped font cannot draw (emoji)."""
    return "".join(c for c in one_line(text) if _drawable(c)).strip()


def name(table: Table, seat: int) -> str:
    return drawable(seat_name(table.seats[seat])) or f"#{seat + 1}"


def names(table: Table, seats: Any) -> str:
    return ", ".join(name(table, s) for s in seats)


def seat_rows(table: Table, blocked: Collection[int] = ()) -> list[SeatRow]:
    """The seats as the seats panel shows them (`blocked`: those that lose their coming turn)."""
    outcome = table.outcome if table.status == "finished" else None
    to_act = table.to_act if table.status == "active" else frozenset()
    return [SeatRow(name(table, s), to_act=s in to_act, computer=table.seats[s].is_computer,
                    place=outcome.placings[s] if outcome else None, level=level(table.seats[s]),
                    blocked=s in blocked and table.status == "active")
            for s in range(len(table.seats))]


def level(seat: Seat) -> str:
    """A computer's level in the reader's words, as the table's text lists it beside its name; a member's none."""
    return _(NAMES[seat.level]) if seat.is_computer and seat.level in NAMES else ""


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
