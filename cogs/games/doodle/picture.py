"""Doodle Dice's picture: the six dice with their figures drawn, the Gallery by colour (cards the dice match
now outlined green), a steal or a block, and each seat's colours out of six and its action cards."""

from __future__ import annotations

import math
from typing import Any

from bot.games.doodle import DOODLE, Claim, Draw
from bot.games.doodle.cards import COLOURS
from bot.pictures import labels
from bot.pictures.canvas import DIE_EDGE, DIE_FACE, DIE_INK, GREEN, INK, MUTED, PAD, SMALL, WIDTH, Canvas
from bot.pictures.common import ending, name, names, seat_rows
from bot.pictures.samples import played, sample_table
from bot.service import Table

COLOUR_RGB = {"orange": (245, 140, 40), "red": (230, 70, 70), "yellow": (240, 205, 45), "green": (80, 180, 90),
              "blue": (70, 130, 230), "purple": (155, 95, 215)}
DIE = 64
TILE_W, TILE_H = 182, 76


def tint(colour: tuple[int, int, int], amount: float = 0.7) -> tuple[int, int, int]:
    r, g, b = colour
    return (int(r + (255 - r) * amount), int(g + (255 - g) * amount), int(b + (255 - b) * amount))


def figure(canvas: Canvas, kind: str, cx: float, cy: float, r: float, ink: tuple[int, int, int] = DIE_INK) -> None:
    """One figure of a die face, drawn in a circle of radius `r` around (cx, cy)."""
    d, w = canvas.draw, max(2, int(r / 4))
    if kind == "arch":
        d.arc((cx - r, cy - r * 0.6, cx + r, cy + r * 1.4), 180, 360, fill=ink, width=w)
    elif kind == "dash":
        d.line((cx - r, cy, cx + r, cy), fill=ink, width=w)
    elif kind == "dot":
        d.ellipse((cx - r / 2.5, cy - r / 2.5, cx + r / 2.5, cy + r / 2.5), fill=ink)
    elif kind == "face":
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=ink, width=max(2, w - 1))
        e = r / 6
        for ex in (cx - r / 2.8, cx + r / 2.8):
            d.ellipse((ex - e, cy - r / 3 - e, ex + e, cy - r / 3 + e), fill=ink)
        d.arc((cx - r / 2, cy - r / 4, cx + r / 2, cy + r / 1.7), 20, 160, fill=ink, width=max(2, w - 1))
    elif kind == "slant":
        d.line((cx - r * 0.8, cy + r * 0.8, cx + r * 0.8, cy - r * 0.8), fill=ink, width=w)
    elif kind == "squiggle":
        points = [(cx - r + 2 * r * i / 16, cy + r * 0.45 * math.sin(i / 16 * 2 * math.pi * 1.5)) for i in range(17)]
        d.line(points, fill=ink, width=w, joint="curve")


def die(canvas: Canvas, x: int, y: int, kind: str, size: int = DIE) -> None:
    canvas.draw.rounded_rectangle((x, y, x + size, y + size), size // 6, fill=DIE_FACE, outline=DIE_EDGE, width=2)
    figure(canvas, kind, x + size / 2, y + size / 2, size * 0.32)


def tile(canvas: Canvas, x: int, y: int, card: dict[str, Any], *, matching: bool) -> None:
    colour = COLOUR_RGB.get(card["colour"], MUTED)
    canvas.draw.rounded_rectangle((x, y, x + TILE_W, y + TILE_H), 8, fill=tint(colour),
                                  outline=GREEN if matching else colour, width=5 if matching else 2)
    canvas.draw.rounded_rectangle((x, y, x + 12, y + TILE_H), 6, fill=colour)
    canvas.text(x + 20, y + 8, canvas.fit(("✓ " if matching else "") + card["name"], TILE_W - 26, size=SMALL,
                                          bold=True), size=SMALL, bold=True, fill=DIE_INK)
    for i, kind in enumerate(card["figures"]):
        figure(canvas, kind, x + 32 + i * 26, y + 54, 10)


def gallery(canvas: Canvas, view: dict[str, Any]) -> None:
    """The Gallery's cards by colour (easiest first), four to a row."""
    canvas.line(labels.gallery(view["deck"]), bold=True)
    matching = set(view["matching"])
    cards = sorted(view["gallery"], key=lambda c: COLOURS.index(c["colour"]) if c["colour"] in COLOURS else 9)
    per_row = (WIDTH - 2 * PAD + 10) // (TILE_W + 10)
    for start in range(0, len(cards), per_row):
        for i, card in enumerate(cards[start:start + per_row]):
            tile(canvas, PAD + i * (TILE_W + 10), canvas.y, card, matching=card["id"] in matching)
        canvas.y += TILE_H + 8


def draw(canvas: Canvas, table: Table, view: dict[str, Any], seat: int | None) -> None:
    canvas.heading(labels.title(table.game.title, table.id))
    turn = view["turn"]
    if turn is not None and table.status == "active":
        if view["steal"]:
            steal = view["steal"]
            canvas.line(labels.steals(name(table, turn), steal["card"]["name"], name(table, steal["from"])))
        if view["rolled"]:
            canvas.line(f"{labels.rolled(name(table, turn))} · {labels.rerolls_left(view['rolls_left'])}", bold=True)
            for x, kind in zip(canvas.row_of(len(view["dice"]), DIE, 14), view["dice"], strict=True):
                die(canvas, x, canvas.y, kind)
            canvas.y += DIE + 16
        else:
            canvas.line(labels.rolls_next(name(table, turn)), bold=True)
        if view["blocked"]:
            canvas.line(labels.blocked(names(table, view["blocked"])), fill=MUTED)
    ending(canvas, table)
    gallery(canvas, view)
    canvas.gap(8)

    def status(canvas: Canvas, s: int, x: int, top: int) -> None:
        mid = top + 26
        canvas.text(x, mid, f"{view['colours'][s]}/6", bold=True, anchor="lm")
        held = {c["colour"] for c in view["sets"][s]}
        for i, colour in enumerate(COLOURS):
            left = x + 52 + i * 26
            rgb = COLOUR_RGB[colour]
            canvas.draw.rounded_rectangle((left, mid - 10, left + 20, mid + 10), 4,
                                          fill=rgb if colour in held else None, outline=rgb, width=2)
        right = x + 52 + 6 * 26 + 8
        for card in view["action_cards"][s]:
            text = canvas.fit(card["name"], WIDTH - PAD - 20 - right, size=SMALL)
            if len(text) < 2:
                break
            end = canvas.text(right, mid, text, size=SMALL, fill=MUTED if card["used"] else INK, anchor="lm")
            if card["used"]:
                canvas.draw.line((right, mid, end, mid), fill=MUTED, width=2)
            right = int(end) + 12

    canvas.seats(seat_rows(table), status)


def sample() -> Table:
    """Ana claimed a card; Bruno drew and rolled all six figures; Chiara is the computer."""
    first = played(DOODLE, 3, [], [(0, Draw(), [4, 4, 3, 1, 2, 5])])
    claim = next(iter(DOODLE.view(first, None)["matching"]), None)
    moves: list[tuple[int, Any, list[int]]] = [(0, Draw(), [4, 4, 3, 1, 2, 5])]
    if claim:
        moves.append((0, Claim(claim), []))
    moves.append((1, Draw(), [1, 2, 3, 4, 5, 6]))
    return sample_table(DOODLE, played(DOODLE, 3, [], moves), 3, computers=frozenset({2}))
