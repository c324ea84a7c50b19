"""Armadillo's picture: the roll as blue, yellow and red dice with their numbers, each seat's cards, tokens
and points; the private picture adds the seat's hand, the cards matching the roll marked."""

from __future__ import annotations

from typing import Any

from bot.games.armadillo import ARMADILLO, Roll, Token
from bot.pictures import labels
from bot.pictures.canvas import GOLD, GREEN, INK, MUTED, PAD, SMALL, TEXT, WIDTH, Canvas
from bot.pictures.common import ending, name, seat_rows
from bot.pictures.samples import played, sample_table
from bot.service import Table

DIE_COLOURS = {"blue": (60, 130, 240), "yellow": (250, 205, 30), "red": (235, 70, 70)}
DIE = 72
TOKEN = 24  # a token's diameter
STATUS = 460  # a seat's part of its row: its cards, its tokens, its answer, its points


def roll(canvas: Canvas, dice: list[list[Any]], total: int, *, size: int = DIE) -> None:
    xs = canvas.row_of(len(dice), size, 12)
    for x, (colour, value) in zip(xs, dice, strict=True):
        canvas.number_die(x, canvas.y, value, DIE_COLOURS[colour], size)
    end = (xs[-1] + size + 20) if xs else PAD
    canvas.text(end, canvas.y + size / 2, f"= {total}", size=size // 2 + 4, bold=True, anchor="lm")
    canvas.y += size + 16


def tokens(canvas: Canvas, x: int, mid: float, have: int, most: int) -> int:
    r = TOKEN / 2
    for i in range(most):
        cx = x + r + i * (TOKEN + 4)
        fill = GOLD if i < have else None
        canvas.figure(TOKEN)
        canvas.draw.ellipse((cx - r, mid - r, cx + r, mid + r), fill=fill, outline=GOLD, width=3)
    return x + most * (TOKEN + 4)


def draw(canvas: Canvas, table: Table, view: dict[str, Any], seat: int | None) -> None:
    canvas.heading(labels.title(table.game.title, table.id),
                   f"{labels.round_of(view['round_no'], view['rounds_total'])} · {labels.roll_no(view['turn_no'])}")
    phase = view["phase"]
    if phase == "respond" and table.status == "active":
        canvas.line(labels.rolled(name(table, view["roller"])), bold=True)
        roll(canvas, view["dice"], view["total"])
        if seat is None:
            canvas.line(labels.answered(sum(view["answered"]), view["players"]), size=SMALL, fill=MUTED)
    elif view["last_reveal"] is not None:
        last = view["last_reveal"]
        canvas.line(labels.rolled(name(table, last["roller"])), fill=MUTED)
        roll(canvas, last["dice"], last["total"], size=48)
    if phase == "roll" and table.status == "active":
        canvas.line(labels.rolls_next(name(table, view["roller"])), bold=True)
    ending(canvas, table)
    if seat is not None and "you" in view:
        hand(canvas, view, seat)  # a DM shows only what its text says too: it is edited when that changes
    else:
        seats(canvas, table, view)


def seats(canvas: Canvas, table: Table, view: dict[str, Any]) -> None:
    phase = view["phase"]
    last = view["last_reveal"] if phase != "respond" else None

    def status(canvas: Canvas, s: int, x: int, top: int) -> None:
        mid = top + 28
        right = canvas.text(x, mid, labels.cards(view["hand_sizes"][s]), size=SMALL, anchor="lm")
        tokens(canvas, max(int(right) + 12, x + 112), mid, view["tokens"][s], view["max_tokens"])
        if last is not None:
            answer = last["answers"][s]
            said = labels.token() if answer["token"] else str(answer["discard"])
            canvas.text(x + 268, mid, said, size=SMALL, fill=MUTED, anchor="lm")
        if phase == "respond":
            mark, colour = ("✓", GREEN) if view["answered"][s] else ("…", MUTED)
            canvas.text(x + 268, mid, mark, bold=True, fill=colour, anchor="lm")
        canvas.text(WIDTH - PAD - 14, mid, labels.points(view["totals"][s]), bold=True, anchor="rm")

    canvas.gap(4)
    canvas.seats(seat_rows(table), status, width=STATUS)


def hand(canvas: Canvas, view: dict[str, Any], seat: int) -> None:
    """The seat's hand (the cards equal to the roll being answered in green), its tokens and its answer."""
    cards = view["you"]["hand"]
    canvas.gap(8)
    top = canvas.y
    canvas.line(f"{labels.your_hand()} · {labels.cards(len(cards))}", bold=True)
    tokens(canvas, WIDTH - PAD - (TOKEN + 4) * view["max_tokens"], top + TEXT / 2 + 2, view["tokens"][seat],
           view["max_tokens"])
    target = view["total"] if view["phase"] == "respond" else None
    for x, value in zip(canvas.row_of(len(cards), 64, 8), cards, strict=True):
        colour = (200, 240, 205) if value == target else (250, 250, 246)
        canvas.card(x, canvas.y, str(value), "", fill=colour, w=64, h=80, face_size=34)
    canvas.y += 80
    answer = view["you"]["answer"]
    if answer is not None:
        canvas.gap(10)
        canvas.line(f"✓ {labels.your_answer(answer['discard'], answer['paid'])}", size=TEXT, fill=INK)


def sample(players: int = 3) -> Table:
    """Bruno rolled blue 2, yellow 5, red 7 (14); Ana has answered with a token, the others are answering."""
    state = played(ARMADILLO, players, [1], [
        (1, Roll(blue=1, yellow=1, red=1), [2, 5, 7]),
        (0, Token(), []),
    ])
    return sample_table(ARMADILLO, state, players)
