"""Armadillo's picture: the roll as blue, yellow and red dice with their numbers and the total, and a row per seat:
its cards in hand, its tokens, whether it answered (or, after a reveal, what it answered) and its points. The
private picture is the seat's hand, the cards equal to the roll being answered in green, its tokens and its
answer."""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.games.armadillo import ARMADILLO
from bot.pictures import labels
from bot.pictures.canvas import DIE_EDGE, GREEN, MUTED, PAD, SMALL, TEXT, Box, Canvas
from bot.pictures.common import ending, name, seat_rows
from bot.pictures.samples import richest, sample_table
from bot.service import Table

DIE_COLOURS = {"blue": (60, 130, 240), "yellow": (250, 205, 30), "red": (235, 70, 70)}
DIE = 48
LAST_DIE = 32  # the last roll, under the next roller's line
CARD_BACK = (95, 105, 125)
HAND_CARD = (250, 250, 246)
MATCH = (200, 240, 205)


def roll(canvas: Canvas, dice: list[list[Any]], total: int, *, size: int = DIE, x: int = PAD) -> None:
    """The dice in a row with their total after them, at the cursor (which moves under them)."""
    xs = canvas.row_of(len(dice), size, 8, x)
    for left, (colour, value) in zip(xs, dice, strict=True):
        canvas.number_die(left, canvas.y, value, DIE_COLOURS[colour], size)
    end = (xs[-1] + size + 14) if xs else x
    canvas.text(end, canvas.y + size / 2, f"= {total}", size=max(TEXT, size // 2 + 6), bold=True, anchor="lm")
    canvas.y += size + 10


def card_back(canvas: Canvas, x: float, mid: float) -> None:
    """A small card seen from behind: a seat's hand is counted, never shown."""
    canvas.figure(SMALL + 6)
    canvas.drawing(("card back",), x, mid - 14, 20, 28, lambda d: d.rounded_rectangle(
        (0, 0, 19, 27), 4, fill=CARD_BACK, outline=DIE_EDGE, width=2))


def draw(canvas: Canvas, table: Table, view: dict[str, Any], seat: int | None) -> None:
    canvas.heading(table.game.title,
                   f"{labels.round_of(view['round_no'], view['rounds_total'])} · {labels.roll_no(view['turn_no'])}")
    phase = view["phase"]
    if phase == "respond" and table.status == "active":
        canvas.line_naming(labels.rolled, name(table, view["roller"]), bold=True)
        roll(canvas, view["dice"], view["total"])
    elif view["last_reveal"] is not None:  # the last roll, on one line: who rolled, its dice and total at its right
        last = view["last_reveal"]
        top, shown = canvas.y, len(last["dice"]) * (LAST_DIE + 8) + 80
        canvas.y += (LAST_DIE - TEXT) // 2
        canvas.line_naming(labels.rolled, name(table, last["roller"]), fill=MUTED,
                           room=canvas.width - 2 * PAD - shown - 8)
        canvas.y = top
        roll(canvas, last["dice"], last["total"], size=LAST_DIE, x=canvas.width - PAD - shown)
    if phase == "roll" and table.status == "active":
        canvas.line_naming(labels.rolls_next, name(table, view["roller"]), bold=True)
    ending(canvas, table)
    if seat is not None and "you" in view:
        hand(canvas, view, seat)  # a DM shows only what its text says too: it is edited when that changes
    else:
        seats(canvas, table, view)


def seats(canvas: Canvas, table: Table, view: dict[str, Any]) -> None:
    phase = view["phase"]
    last = view["last_reveal"] if phase != "respond" else None

    def status(canvas: Canvas, s: int, box: Box) -> None:
        x, top, right, bottom = box
        mid = (top + bottom) / 2
        card_back(canvas, x, mid)
        canvas.text(x + 24, mid, str(view["hand_sizes"][s]), size=SMALL, anchor="lm")
        canvas.token(x + 60, mid, True)
        canvas.text(x + 84, mid, str(view["tokens"][s]), size=SMALL, anchor="lm")
        answer = x + 104
        if last is not None:  # what each seat answered the last roll: a token, or the card it discarded
            said = last["answers"][s]
            if said["token"]:
                canvas.token(answer, mid, False, colour=MUTED)
            else:
                canvas.text(answer, mid, str(said["discard"]), size=SMALL, fill=MUTED, anchor="lm")
        elif phase == "respond":
            mark, colour = ("✓", GREEN) if view["answered"][s] else ("…", MUTED)
            canvas.text(answer, mid, mark, bold=True, fill=colour, anchor="lm")
        canvas.text(right, mid, labels.points(view["totals"][s]), bold=True, anchor="rm")

    canvas.gap(2)
    canvas.seats(seat_rows(table), status, columns=2, height=SMALL + 10)


def hand(canvas: Canvas, view: dict[str, Any], seat: int) -> None:
    """The seat's hand (the cards equal to the roll being answered in green), its tokens and its answer."""
    cards = view["you"]["hand"]
    canvas.gap(6)
    top = canvas.y
    canvas.line(f"{labels.your_hand()} · {labels.cards(len(cards))}", bold=True)
    most = view["max_tokens"]
    for i in range(most):
        canvas.token(canvas.width - PAD - (most - i) * (SMALL + 4), top + TEXT / 2 + 2, i < view["tokens"][seat])
    target = view["total"] if view["phase"] == "respond" else None
    per_row = (canvas.width - 2 * PAD + 6) // 46
    for start in range(0, len(cards), per_row):
        for x, value in zip(canvas.row_of(len(cards[start:start + per_row]), 40, 6), cards[start:start + per_row],
                            strict=True):
            canvas.card(x, canvas.y, str(value), fill=MATCH if value == target else HAND_CARD, w=40, h=52)
        canvas.y += 58
    answer = view["you"]["answer"]
    if answer is not None:
        canvas.gap(4)
        canvas.line(f"✓ {labels.your_answer(answer['discard'], answer['paid'])}")


@cache  # a whole game played to find it: once per process
def sample(players: int = 6) -> Table:
    """A later round, mid-answer: dice rolled to a total some card equals, some seats answered, others not yet."""
    def score(view: dict[str, Any]) -> float | None:
        if view["phase"] != "respond" or not 1 <= view["total"] <= 20 or not 0 < sum(view["answered"]) < players:
            return None
        return 10 * len(view["rounds"]) + len(view["dice"]) + sum(view["tokens"])

    return sample_table(ARMADILLO, richest(ARMADILLO, players, score), players)
