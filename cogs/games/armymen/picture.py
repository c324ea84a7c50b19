"""Army Men Dice War's picture: the roll as six-sided dice with pips (a soldier, the 1, scores 0 and is drawn
green), and a row per side: its total, then the dice it owns and those it set aside this round."""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.games.armymen import ARMYMEN
from bot.pictures import labels
from bot.pictures.canvas import SMALL, Box, Canvas
from bot.pictures.common import ending, name, seat_rows
from bot.pictures.samples import richest, sample_table
from bot.service import Table

SOLDIER = (120, 200, 120)
DIE = 56  # the roll
SMALL_DIE = 28  # a side's dice and what it set aside


def die(canvas: Canvas, x: int, y: int, face: int, size: int) -> None:
    canvas.pips(x, y, face, size, **({"face": SOLDIER} if face == 1 else {}))


def draw(canvas: Canvas, table: Table, view: dict[str, Any], seat: int | None) -> None:
    heading = labels.round_no(view["round_no"])
    if view["campaign"]:
        heading = f"{labels.game_of(view['game_no'], view['games_in_campaign'])} · {heading}"
    canvas.heading(table.game.title, heading if view["turn"] is not None else "")
    turn = view["turn"]
    if turn is not None and table.status == "active":
        rolled = view["rolled"]
        canvas.line_naming(labels.rolled if rolled else labels.rolls_next, name(table, turn), bold=True)
        for x, face in zip(canvas.row_of(len(rolled) or view["to_roll"], DIE, 12), rolled or [0] * 6, strict=False):
            die(canvas, x, canvas.y, face, DIE)  # the dice to roll are blank
        canvas.y += DIE + 12
    ending(canvas, table)
    summed = view["campaign"] and view["games"]

    def status(canvas: Canvas, s: int, box: Box) -> None:
        left, top, right, bottom = box
        mid = (top + bottom) / 2
        canvas.pips(left, int(mid - SMALL_DIE / 2), 0, SMALL_DIE)  # the dice it owns: a die and a count
        x = canvas.text(left + SMALL_DIE + 4, mid, f"×{view['dice'][s]}", size=SMALL, bold=True, anchor="lm") + 18
        for i, face in enumerate(view["kept"][s]):  # what it set aside this round
            die(canvas, int(x) + i * (SMALL_DIE + 4), int(mid - SMALL_DIE / 2), face, SMALL_DIE)
        total = labels.total(view["totals"][s])
        if summed:  # the campaign's finished games, summed, after the game's total
            total = f"{total} · ∑ {view['campaign_totals'][s]}"
        canvas.text(right, mid, total, bold=True, anchor="rm")

    canvas.gap(2)
    canvas.seats(seat_rows(table), status)


@cache  # a whole game played to find it: once per process
def sample(players: int = 2) -> Table:
    """A campaign's later game, mid-turn: five different faces just rolled (the most keeps to choose from), the
    other side's dice set aside beside them (Army Men Dice War is played by two)."""
    def score(view: dict[str, Any]) -> float | None:
        rolled = view["rolled"]
        if not rolled or len(set(rolled)) < len(rolled):
            return None
        return 10 * len(rolled) + sum(map(len, view["kept"])) + 5 * len(view["games"])

    return sample_table(ARMYMEN, richest(ARMYMEN, 2, score, options={"campaign": True}), 2)
