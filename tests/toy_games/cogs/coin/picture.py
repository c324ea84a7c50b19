"""Coin Race's picture: the seats, with their heads."""

from __future__ import annotations

from typing import Any

from bot.pictures.canvas import Box, Canvas
from bot.pictures.common import ending, seat_rows
from bot.pictures.samples import played, sample_table
from bot.service import Table
from tests.toy_games.games.coin import COIN, Call


def draw(canvas: Canvas, table: Table, view: dict[str, Any], seat: int | None) -> None:
    canvas.heading(table.game.title, f"{view['flips']} flips")
    ending(canvas, table)

    def status(canvas: Canvas, s: int, box: Box) -> None:
        left, top, right, bottom = box
        canvas.text(right, (top + bottom) / 2, f"{view['right'][s]} / {view['target']}", bold=True, anchor="rm")

    canvas.line(f"First to {view['target']} right calls", bold=True)
    canvas.seats(seat_rows(table), status, beside=120)


def sample(players: int = 2) -> Table:
    """Ana called heads and was right; Bruno called tails and was wrong."""
    players = min(players, COIN.max_players)
    moves = [(0, Call("heads"), [1]), (1, Call("tails"), [1])]
    return sample_table(COIN, played(COIN, players, [], moves), players)
