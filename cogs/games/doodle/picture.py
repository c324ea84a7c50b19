"""Doodle Dice's picture: the six dice with their figures, the Gallery by colour (cards the dice match now outlined
green), a steal or a block, and each seat's colours out of six and its action cards.

The figures are the ones the text shows (`render.FIGURE_EMOJI`): a rainbow for the arch, a ruler for the dash, a
black dot, a smiley face, an up-right arrow for the slant and a worm for the squiggle, drawn here in their emoji's
colours, so a player reads one set of figures everywhere (`/doodle rules` has the key).
"""

from __future__ import annotations

import math
from typing import Any

from bot.games.doodle import DOODLE, Claim, Draw
from bot.games.doodle.cards import COLOURS
from bot.i18n import translated
from bot.pictures import labels
from bot.pictures.canvas import DIE_EDGE, DIE_FACE, DIE_INK, GREEN, INK, MUTED, PAD, SMALL, Canvas
from bot.pictures.common import ending, name, names, seat_rows
from bot.pictures.samples import played, sample_table
from bot.service import Table

COLOUR_RGB = {"orange": (245, 140, 40), "red": (230, 70, 70), "yellow": (240, 205, 45), "green": (80, 180, 90),
              "blue": (70, 130, 230), "purple": (155, 95, 215)}
RAINBOW = ((230, 60, 60), (245, 150, 40), (240, 210, 50), (80, 180, 90), (70, 130, 230))
RULER, RULER_INK = (235, 190, 90), (120, 80, 30)
SMILEY, SMILEY_INK = (250, 200, 50), (90, 60, 20)
ARROW_BOX, WORM, WORM_EDGE = (70, 130, 230), (240, 140, 160), (170, 70, 100)
DIE = 72
FIGURE = 30  # a figure on a Gallery card
TILE_W, TILE_H = 374, 88
STATUS = 430  # a seat's part of its row: colours out of six, the colours held, its action cards


def tint(colour: tuple[int, int, int], amount: float = 0.7) -> tuple[int, int, int]:
    r, g, b = colour
    return (int(r + (255 - r) * amount), int(g + (255 - g) * amount), int(b + (255 - b) * amount))


def figure(canvas: Canvas, kind: str, cx: float, cy: float, r: float) -> None:
    """One figure of a die face, as its emoji shows it, in a circle of radius `r` around (cx, cy)."""
    d = canvas.draw
    canvas.figure(2 * r)
    if kind == "arch":  # 🌈
        band = max(2, r / 5)
        for i, colour in enumerate(RAINBOW):
            outer = r - i * band
            d.arc((cx - outer, cy - outer * 0.6, cx + outer, cy + outer * 1.4), 180, 360, fill=colour,
                  width=int(band + 1))
    elif kind == "dash":  # 📏
        d.rounded_rectangle((cx - r, cy - r * 0.32, cx + r, cy + r * 0.32), max(2, r / 8), fill=RULER,
                            outline=RULER_INK, width=max(1, int(r / 12)))
        for i in range(1, 8):
            x = cx - r + 2 * r * i / 8
            d.line((x, cy - r * 0.32, x, cy - r * (0.05 if i % 2 else -0.08)), fill=RULER_INK,
                   width=max(1, int(r / 14)))
    elif kind == "dot":  # ⚫
        d.ellipse((cx - r * 0.55, cy - r * 0.55, cx + r * 0.55, cy + r * 0.55), fill=DIE_INK, outline=DIE_EDGE,
                  width=max(1, int(r / 14)))
    elif kind == "face":  # 🙂
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=SMILEY, outline=SMILEY_INK, width=max(1, int(r / 10)))
        e = r / 6
        for ex in (cx - r / 2.8, cx + r / 2.8):
            d.ellipse((ex - e, cy - r / 3 - e, ex + e, cy - r / 3 + e), fill=SMILEY_INK)
        d.arc((cx - r / 2, cy - r / 4, cx + r / 2, cy + r / 1.7), 20, 160, fill=SMILEY_INK, width=max(2, int(r / 7)))
    elif kind == "slant":  # ↗️
        d.rounded_rectangle((cx - r * 0.9, cy - r * 0.9, cx + r * 0.9, cy + r * 0.9), r / 4, fill=ARROW_BOX)
        w, tip = max(2, int(r / 5)), r * 0.5
        d.line((cx - tip, cy + tip, cx + tip, cy - tip), fill=DIE_FACE, width=w)
        d.polygon([(cx + tip + w / 2, cy - tip - w / 2), (cx + tip - r * 0.45, cy - tip - w / 2),
                   (cx + tip + w / 2, cy - tip + r * 0.45)], fill=DIE_FACE)
    elif kind == "squiggle":  # 🪱
        points = [(cx - r + 2 * r * i / 20, cy + r * 0.4 * math.sin(i / 20 * 2 * math.pi * 1.5)) for i in range(21)]
        w = max(3, int(r / 2.6))
        d.line(points, fill=WORM_EDGE, width=w + 2, joint="curve")
        d.line(points, fill=WORM, width=w, joint="curve")
        hx, hy = points[-1]
        d.ellipse((hx - w / 2, hy - w / 2, hx + w / 2, hy + w / 2), fill=WORM)
        d.ellipse((hx - w / 6, hy - w / 3, hx + w / 6, hy), fill=DIE_INK)


def die(canvas: Canvas, x: int, y: int, kind: str, size: int = DIE) -> None:
    canvas.draw.rounded_rectangle((x, y, x + size, y + size), size // 6, fill=DIE_FACE, outline=DIE_EDGE, width=2)
    figure(canvas, kind, x + size / 2, y + size / 2, size * 0.36)


def tile(canvas: Canvas, x: int, y: int, card: dict[str, Any], *, matching: bool) -> None:
    """A Gallery card: its name (never cut) above its figures."""
    colour = COLOUR_RGB.get(card["colour"], MUTED)
    canvas.draw.rounded_rectangle((x, y, x + TILE_W, y + TILE_H), 8, fill=tint(colour),
                                  outline=GREEN if matching else colour, width=5 if matching else 2)
    canvas.draw.rounded_rectangle((x, y, x + 12, y + TILE_H), 6, fill=colour)
    canvas.text(x + 22, y + 8, ("✓ " if matching else "") + translated(card["name"]), size=SMALL, bold=True,
                fill=DIE_INK)
    for i, kind in enumerate(card["figures"]):
        figure(canvas, kind, x + 22 + FIGURE / 2 + i * (FIGURE + 8), y + 58, FIGURE / 2)


def gallery(canvas: Canvas, view: dict[str, Any]) -> None:
    """The Gallery's cards by colour (easiest first), two to a row."""
    canvas.line(labels.gallery(view["deck"]), bold=True)
    matching = set(view["matching"])
    cards = sorted(view["gallery"], key=lambda c: COLOURS.index(c["colour"]) if c["colour"] in COLOURS else 9)
    for start in range(0, len(cards), 2):
        for i, card in enumerate(cards[start:start + 2]):
            tile(canvas, PAD + i * (TILE_W + 12), canvas.y, card, matching=card["id"] in matching)
        canvas.y += TILE_H + 10


def draw(canvas: Canvas, table: Table, view: dict[str, Any], seat: int | None) -> None:
    canvas.heading(labels.title(table.game.title, table.id))
    turn = view["turn"]
    if turn is not None and table.status == "active":
        if view["steal"]:
            steal = view["steal"]
            canvas.line(labels.steals(name(table, turn), translated(steal["card"]["name"]),
                                      name(table, steal["from"])))
        if view["rolled"]:
            canvas.line(f"{labels.rolled(name(table, turn))} · {labels.rerolls_left(view['rolls_left'])}", bold=True)
            for x, kind in zip(canvas.row_of(len(view["dice"]), DIE, 16), view["dice"], strict=True):
                die(canvas, x, canvas.y, kind)
            canvas.y += DIE + 16
        else:
            canvas.line(labels.rolls_next(name(table, turn)), bold=True)
        if view["blocked"]:
            canvas.line(labels.blocked(names(table, view["blocked"])), fill=MUTED)
    ending(canvas, table)
    gallery(canvas, view)
    canvas.gap(6)
    acting = any(view["action_cards"])

    def status(canvas: Canvas, s: int, x: int, top: int) -> None:
        mid = top + 30
        canvas.text(x, mid, f"{view['colours'][s]}/6", bold=True, anchor="lm")
        held = {c["colour"] for c in view["sets"][s]}
        for i, colour in enumerate(COLOURS):
            left = x + 66 + i * 30
            rgb = COLOUR_RGB[colour]
            canvas.figure(SMALL)
            canvas.draw.rounded_rectangle((left, mid - SMALL / 2, left + SMALL, mid + SMALL / 2), 4,
                                          fill=rgb if colour in held else None, outline=rgb, width=3)
        right = x
        for card in view["action_cards"][s]:  # under the colours
            end = canvas.text(right, mid + 34, translated(card["name"]), size=SMALL,
                              fill=MUTED if card["used"] else INK, anchor="lm")
            if card["used"]:
                canvas.draw.line((right, mid + 34, end, mid + 34), fill=MUTED, width=2)
            right = int(end) + 16

    canvas.seats(seat_rows(table), status, width=STATUS, height=96 if acting else 60)


def sample(players: int = 3) -> Table:
    """Ana claimed a card; Bruno drew and rolled all six figures; the last seat is the computer."""
    first = played(DOODLE, players, [], [(0, Draw(), [4, 4, 3, 1, 2, 5])])
    claim = next(iter(DOODLE.view(first, None)["matching"]), None)
    moves: list[tuple[int, Any, list[int]]] = [(0, Draw(), [4, 4, 3, 1, 2, 5])]
    if claim:
        moves.append((0, Claim(claim), []))
    moves.append((1, Draw(), [1, 2, 3, 4, 5, 6]))
    return sample_table(DOODLE, played(DOODLE, players, [], moves), players, computers=frozenset({players - 1}))
