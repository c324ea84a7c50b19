"""Army Men Dice War's picture: the roll as six-sided dice with pips (a soldier, the 1, scores 0 and is drawn
green), each side's dice, what it set aside and its total."""

from __future__ import annotations

from typing import Any

from bot.games.armymen import ARMYMEN, Keep, Roll
from bot.pictures import labels
from bot.pictures.canvas import MUTED, PAD, SMALL, WIDTH, Canvas
from bot.pictures.common import ending, name, seat_rows
from bot.pictures.samples import played, sample_table
from bot.service import Table

SOLDIER = (120, 200, 120)
DIE = 72  # the roll
SMALL_DIE = 36  # a seat's dice and what it set aside
STATUS = 470  # a seat's part of its row: its dice, what it set aside, its total


def die(canvas: Canvas, x: int, y: int, face: int, size: int) -> None:
    canvas.pips(x, y, face, size, **({"face": SOLDIER} if face == 1 else {}))


def draw(canvas: Canvas, table: Table, view: dict[str, Any], seat: int | None) -> None:
    heading = labels.round_no(view["round_no"])
    if view["campaign"]:
        heading = f"{labels.game_of(view['game_no'], view['games_in_campaign'])} · {heading}"
    canvas.heading(labels.title(table.game.title, table.id), heading if view["turn"] is not None else "")
    turn = view["turn"]
    if turn is not None and table.status == "active":
        if view["rolled"]:
            canvas.line(labels.rolled(name(table, turn)), bold=True)
            for x, face in zip(canvas.row_of(len(view["rolled"]), DIE, 16), view["rolled"], strict=True):
                die(canvas, x, canvas.y, face, DIE)
        else:
            canvas.line(labels.rolls_next(name(table, turn)), bold=True)
            for x in canvas.row_of(view["to_roll"], DIE, 16):  # the dice to roll, blank
                canvas.pips(x, canvas.y, 0, DIE)
        canvas.y += DIE + 16
    ending(canvas, table)

    def status(canvas: Canvas, s: int, x: int, top: int) -> None:
        mid = top + 32
        canvas.pips(x, int(mid - SMALL_DIE / 2), 0, SMALL_DIE)  # the dice it owns: a die and a count
        canvas.text(x + SMALL_DIE + 6, mid, f"×{view['dice'][s]}", size=SMALL, bold=True, anchor="lm")
        for i, face in enumerate(view["kept"][s]):
            die(canvas, x + 100 + i * (SMALL_DIE + 4), int(mid - SMALL_DIE / 2), face, SMALL_DIE)
        total = labels.total(view["totals"][s])
        canvas.text(WIDTH - PAD - 14, mid, total, bold=True, anchor="rm")
        if view["campaign"] and view["games"]:  # the campaign's finished games, summed, under the total
            canvas.text(WIDTH - PAD - 14, mid + 30, f"Σ {view['campaign_totals'][s]}", size=SMALL, fill=MUTED,
                        anchor="rm")

    canvas.gap(4)
    canvas.seats(seat_rows(table), status, width=STATUS, height=92 if view["campaign"] and view["games"] else 64)


def sample(players: int = 2) -> Table:
    """Ana set a soldier aside and re-rolled five dice (Army Men Dice War is played by two)."""
    state = played(ARMYMEN, 2, [0], [(0, Roll(), [5, 1, 2, 6, 3, 4]), (0, Keep((1,)), [6, 2, 2, 6, 3])])
    return sample_table(ARMYMEN, state, 2)
