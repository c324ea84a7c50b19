"""Coin Race's picture: the seats, with their heads."""

from __future__ import annotations

from typing import Any

from bot.pictures import labels
from bot.pictures.canvas import PAD, WIDTH, Canvas
from bot.pictures.common import ending, seat_rows
from bot.pictures.samples import played, sample_table
from bot.service import Table
from tests.toy_games.games.coin import COIN, Call


def draw(canvas: Canvas, table: Table, view: dict[str, Any], seat: int | None) -> None:
    canvas.heading(labels.title(table.game.title, table.id), f"{view['flips']} flips")
    ending(canvas, table)

    def status(canvas: Canvas, s: int, x: int, top: int) -> None:
        canvas.text(WIDTH - PAD - 14, top + 30, f"{view['right'][s]} / {view['target']}", bold=True, anchor="rm")

    canvas.line(f"First to {view['target']} right calls", bold=True)
    canvas.seats(seat_rows(table), status, width=120, height=60)


def sample(players: int = 2) -> Table:
    """Ana called heads and was right; Bruno called tails and was wrong."""
    players = min(players, COIN.max_players)
    moves = [(0, Call("heads"), [1]), (1, Call("tails"), [1])]
    return sample_table(COIN, played(COIN, players, [], moves), players)
