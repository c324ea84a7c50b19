"""Doodle Dice's picture: the six dice with their figures, the Gallery by colour (each card as its figures on its
colour, those the dice match now outlined green), and a cell per seat: the colours it holds out of six and its
action cards (a ticket for a Free Roll, a no-entry sign for a Block A Turn; grey once used), a seat whose coming
turn is blocked marked with the no-entry sign, and a card a steal was declared on ringed like a target.

The figures are the ones the text shows (`render.FIGURE_EMOJI`): a rainbow for the arch, a ruler for the dash, a
black dot, a smiley face, an up-right arrow for the slant and a worm for the squiggle, drawn here in their emoji's
colours, so a player reads one set of figures everywhere (`/doodle rules` has the key). A card's name is in the
text and the controls (its claim), not drawn: the Gallery shows what a card needs.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from PIL import ImageDraw

from bot.games.doodle import DOODLE
from bot.games.doodle.cards import BLOCK, COLOURS
from bot.pictures import labels
from bot.pictures.canvas import DIE_EDGE, DIE_FACE, DIE_INK, GOLD, GREEN, MUTED, PAD, RED, SMALL, Box, Canvas
from bot.pictures.common import ending, name, seat_rows
from bot.pictures.samples import richest, sample_table
from bot.service import Table

COLOUR_RGB = {"orange": (245, 140, 40), "red": (230, 70, 70), "yellow": (240, 205, 45), "green": (80, 180, 90),
              "blue": (70, 130, 230), "purple": (155, 95, 215)}
RAINBOW = ((230, 60, 60), (245, 150, 40), (240, 210, 50), (80, 180, 90), (70, 130, 230))
RULER, RULER_INK = (235, 190, 90), (120, 80, 30)
SMILEY, SMILEY_INK = (250, 200, 50), (90, 60, 20)
ARROW_BOX, WORM, WORM_EDGE = (70, 130, 230), (240, 140, 160), (170, 70, 100)
DIE = 44
FIGURE = SMALL  # a figure on a Gallery card
TILE_H = FIGURE + 10
GALLERY_LINES = 2
TICKET = 30  # a Free Roll's width


def tint(colour: tuple[int, int, int], amount: float = 0.7) -> tuple[int, int, int]:
    r, g, b = colour
    return (int(r + (255 - r) * amount), int(g + (255 - g) * amount), int(b + (255 - b) * amount))


def paint_figure(d: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float) -> None:
    """One figure of a die face, as its emoji shows it, in a circle of radius `r` around (cx, cy)."""
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


def figure(canvas: Canvas, kind: str, x: float, y: float, size: int) -> None:
    """A figure `size` px tall, its box's top left at (x, y)."""
    canvas.figure(size)
    canvas.drawing(("figure", kind), x, y, size, size, lambda d: paint_figure(d, kind, size / 2, size / 2,
                                                                              size / 2 - 1))


def die(canvas: Canvas, x: int, y: int, kind: str, size: int = DIE) -> None:
    canvas.figure(size)

    def paint(d: ImageDraw.ImageDraw) -> None:
        d.rounded_rectangle((0, 0, size - 1, size - 1), size // 6, fill=DIE_FACE, outline=DIE_EDGE, width=2)
        paint_figure(d, kind, size / 2, size / 2, size * 0.36)

    canvas.drawing(("doodle die", kind), x, y, size, size, paint)


def tile_width(card: dict[str, Any]) -> int:
    return 8 + len(card["figures"]) * (FIGURE + 2)


def tile(canvas: Canvas, x: int, y: int, card: dict[str, Any], *, matching: bool) -> None:
    """A Gallery card: its figures on its colour, outlined green when the dice match it now."""
    colour = COLOUR_RGB.get(card["colour"], MUTED)
    canvas.panel(x, y, x + tile_width(card), y + TILE_H, tint(colour), radius=6, outline=GREEN if matching else colour,
                 border=4 if matching else 2)
    for i, kind in enumerate(card["figures"]):
        figure(canvas, kind, x + 5 + i * (FIGURE + 2), y + 5, FIGURE)


def gallery(canvas: Canvas, view: dict[str, Any]) -> None:
    """The Gallery, the cards the dice match first, then by colour (easiest first), flowing over at most
    `GALLERY_LINES` lines; "+n" for those there is no room for (the text and My hand list them all)."""
    matching = set(view["matching"])
    cards = sorted(view["gallery"], key=lambda c: (c["id"] not in matching, COLOURS.index(c["colour"])
                                                   if c["colour"] in COLOURS else len(COLOURS)))
    placed: list[tuple[int, int]] = []  # (x, line) of each card shown
    x, line = PAD, 0
    for card in cards:
        if x + tile_width(card) > canvas.width - PAD and placed:
            x, line = PAD, line + 1
        if line == GALLERY_LINES:
            break
        placed.append((x, line))
        x += tile_width(card) + 6
    while len(placed) < len(cards) and placed and placed[-1][0] + tile_width(cards[len(placed) - 1]) + 6 + \
            canvas.width_of(f"+{len(cards) - len(placed)}", size=SMALL, bold=True) > canvas.width - PAD:
        placed.pop()  # room for "+n" at the end of the last line
    top = canvas.y
    for card, (x, line) in zip(cards, placed, strict=False):
        tile(canvas, x, top + line * (TILE_H + 4), card, matching=card["id"] in matching)
    if len(placed) < len(cards):
        x, line = placed[-1] if placed else (PAD, 0)
        after = x + tile_width(cards[len(placed) - 1]) + 6 if placed else PAD
        canvas.text(after, top + line * (TILE_H + 4) + TILE_H / 2, f"+{len(cards) - len(placed)}", size=SMALL,
                    bold=True, fill=MUTED, anchor="lm")
    lines = 1 + max((line for _, line in placed), default=0)
    canvas.y = top + (lines * (TILE_H + 4) + 4 if cards else 0)


def target(canvas: Canvas, x: float, mid: float, colour: tuple[int, int, int]) -> None:
    """A held card's colour, ringed like a target: the card a steal was declared on."""
    size, ring = SMALL + 10, 5

    def paint(d: ImageDraw.ImageDraw) -> None:
        d.ellipse((0, 0, size - 1, size - 1), outline=RED, width=3)
        d.rounded_rectangle((ring, ring, ring + SMALL - 1, ring + SMALL - 1), 4, fill=colour)

    canvas.figure(size)
    canvas.drawing(("target", colour), x - ring, mid - size / 2, size, size, paint)


def action_card(canvas: Canvas, x: float, mid: float, card: dict[str, Any]) -> float:
    """A held action card as a sign: a ticket (Free Roll) or a no-entry sign (Block A Turn), grey once used;
    returns where the next one goes."""
    used = card["used"]
    canvas.figure(SMALL)
    if card["name"] == BLOCK:
        canvas.no_entry(x, mid, MUTED if used else RED)
        return x + SMALL + 6
    colour = MUTED if used else GOLD

    def ticket(d: ImageDraw.ImageDraw) -> None:
        d.rounded_rectangle((0, 0, TICKET - 1, SMALL - 1), 4, fill=colour)
        for y in range(3, SMALL - 3, 5):  # its perforation
            d.line((TICKET * 0.68, y, TICKET * 0.68, y + 2), fill=DIE_INK, width=2)

    canvas.drawing(("ticket", used), x, mid - SMALL / 2, TICKET, SMALL, ticket)
    return x + TICKET + 6


def draw(canvas: Canvas, table: Table, view: dict[str, Any], seat: int | None) -> None:
    canvas.heading(table.game.title, labels.deck(view["deck"]))
    turn = view["turn"]
    if turn is not None and table.status == "active":
        if view["rolled"]:
            left = labels.rerolls_left(view["rolls_left"])
            canvas.line_naming(lambda who: f"{labels.rolled(who)} · {left}", name(table, turn), bold=True)
            for x, kind in zip(canvas.row_of(len(view["dice"]), DIE, 8), view["dice"], strict=True):
                die(canvas, x, canvas.y, kind)
            canvas.y += DIE + 8
        else:
            canvas.line_naming(labels.rolls_next, name(table, turn), bold=True)
    ending(canvas, table)
    gallery(canvas, view)
    canvas.gap(2)

    def status(canvas: Canvas, s: int, box: Box) -> None:
        x, top, right, bottom = box
        mid = (top + bottom) / 2
        held = {c["colour"] for c in view["sets"][s]}
        stolen = view["steal"]["card"]["colour"] if view["steal"] and view["steal"]["from"] == s else None
        for i, colour in enumerate(COLOURS):
            if colour == stolen:  # the card the player on turn declared to steal (the only one to win this turn)
                target(canvas, x + i * (SMALL + 2), mid, COLOUR_RGB[colour])
            else:
                canvas.square(x + i * (SMALL + 2), mid, COLOUR_RGB[colour], filled=colour in held)
        end: float = x + len(COLOURS) * (SMALL + 2) + 6
        for card in view["action_cards"][s]:
            end = action_card(canvas, end, mid, card)

    canvas.seats(seat_rows(table, view["blocked"]), status, columns=2, height=SMALL + 8)


@cache  # a whole game played to find it: once per process
def sample(players: int = 6) -> Table:
    """Mid-turn, dice rolled with re-rolls left: cards the dice match, turns a Block may still stop, a Free Roll
    held, a steal declared, a turn blocked, a full Gallery (as many of them as a game brings together); the last
    seat is the computer."""
    def score(view: dict[str, Any]) -> float | None:
        if not view["rolled"] or not view["rolls_left"]:
            return None
        blocks = len({t for targets in view["can_block"] for t in targets})
        return (10 * min(len(view["matching"]), 2) + 10 * min(blocks, 2) + 10 * min(view["free_rolls"], 1)
                + 10 * bool(view["steal"]) + 10 * bool(view["blocked"]) + min(len(view["gallery"]), 14)
                + sum(map(len, view["action_cards"])))

    state = richest(DOODLE, players, score, seeds=("sample", "a", "b", "c"))
    return sample_table(DOODLE, state, players, computers=frozenset({players - 1}))
