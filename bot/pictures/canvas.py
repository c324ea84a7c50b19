"""The drawing kit every game's picture shares: the shipped fonts, the colours, dice, cards and the seats panel.

A `Canvas` is drawn top to bottom on a tall sheet (a cursor `y` moves down) and cropped to what was used, so
a picture is as tall as its table needs and always `WIDTH` wide. Fonts are the DejaVu Sans files shipped in
`fonts/` and laid out with Pillow's basic engine (no raqm), so a picture is the same on every machine.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from PIL import Image, ImageDraw, ImageFont

from . import labels

WIDTH = 800
# Designed for a phone first: a picture is shown about 360 px wide in a phone's message column, and every text and
# figure in it is at least 10 px tall there, so it can be read without zooming. So the smallest is
# 10 × 800 / 360 ≈ 22.2 px as drawn.
PHONE_WIDTH = 360
READABLE = 10
SMALL = 24  # the smallest text in a picture, and the smallest figure (a die, a token, a card's figure)
TEXT = 28  # body text
TITLE = 32
SHEET = 3200  # the tall sheet a picture is drawn on before it is cropped
PAD = 20

BACKGROUND = (30, 33, 40)
PANEL = (45, 49, 58)
PANEL_ACTIVE = (70, 62, 35)
INK = (240, 241, 244)
MUTED = (170, 175, 185)
GOLD = (245, 190, 40)
GREEN = (70, 180, 100)
RED = (230, 80, 80)
DIE_FACE = (250, 250, 246)
DIE_INK = (25, 25, 30)
DIE_EDGE = (120, 120, 130)
MEDALS = {1: (245, 190, 40), 2: (192, 192, 200), 3: (205, 127, 50)}


_per_thread = threading.local()


@cache
def _font_file(bold: bool) -> bytes:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return resources.files(__package__).joinpath("fonts", name).read_bytes()


def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The shipped font at `size` px. Each thread keeps its own: a FreeType face must not be shared by threads
    drawing at the same time, and pictures are drawn in the event loop's worker threads."""
    fonts = _per_thread.__dict__.setdefault("fonts", {})
    if (size, bold) not in fonts:
        fonts[(size, bold)] = ImageFont.truetype(io.BytesIO(_font_file(bold)), size,
                                                 layout_engine=ImageFont.Layout.BASIC)
    return fonts[(size, bold)]


def png(image: Image.Image) -> bytes:
    """PNG bytes; the lowest zlib level: flat colours compress well anyway, and level 6 costs 3-4x the time."""
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=1)
    return out.getvalue()


@dataclass(frozen=True)
class SeatRow:
    """One seat in the seats panel: its name, whether it is to act, its place once the game ended; a computer's
    level in words."""

    name: str
    to_act: bool = False
    place: int | None = None
    computer: bool = False
    level: str = ""


class Canvas:
    """A picture being drawn. It keeps what it drew (`drawn`: each text with its size; `figures`: each figure's
    height), so a test can check the smallest against `READABLE`, and what it had to cut (`cut`)."""

    def __init__(self) -> None:
        self.image = Image.new("RGB", (WIDTH, SHEET), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)
        self.y = PAD
        self.drawn: list[tuple[str, int]] = []
        self.figures: list[int] = []
        self.cut: list[str] = []

    def finish(self) -> bytes:
        height = min(SHEET, self.y + PAD)
        return png(self.image.crop((0, 0, WIDTH, height)))

    @property
    def smallest(self) -> int:
        """The height of the smallest text or figure drawn, in the picture's pixels."""
        return min([size for _, size in self.drawn] + self.figures, default=TEXT)

    def figure(self, height: float) -> None:
        """Note a figure drawn `height` px tall (a die, a token, a card's figure)."""
        self.figures.append(round(height))

    # --- text ---------------------------------------------------------------------------------
    def text(self, x: float, y: float, text: str, *, size: int = TEXT, bold: bool = False,
             fill: tuple[int, int, int] = INK, anchor: str = "la") -> float:
        """Draw `text`; returns its right edge."""
        face = font(size, bold=bold)
        self.draw.text((x, y), text, font=face, fill=fill, anchor=anchor)
        if text.strip():
            self.drawn.append((text, size))
        return x + face.getlength(text)

    def width_of(self, text: str, *, size: int = TEXT, bold: bool = False) -> float:
        return font(size, bold=bold).getlength(text)

    def fit(self, text: str, width: float, *, size: int = TEXT, bold: bool = False) -> str:
        """`text` cut with an ellipsis to fit `width` pixels (never a name: see `wrap`)."""
        face = font(size, bold=bold)
        if face.getlength(text) <= width:
            return text
        self.cut.append(text)
        while text and face.getlength(text + "…") > width:
            text = text[:-1]
        return text + "…"

    def wrap(self, text: str, width: float, *, size: int = TEXT, bold: bool = False) -> list[str]:
        """`text` in lines of at most `width` pixels, broken at spaces (a word wider than a line, between its
        letters): nothing is cut."""
        face = font(size, bold=bold)
        lines: list[str] = []
        for word in text.split(" "):
            joined = f"{lines[-1]} {word}" if lines else word
            if lines and face.getlength(joined) <= width:
                lines[-1] = joined
                continue
            while face.getlength(word) > width and len(word) > 1:
                cut = max(1, next(i for i in range(len(word), 0, -1) if face.getlength(word[:i]) <= width))
                lines.append(word[:cut])
                word = word[cut:]
            lines.append(word)
        return lines or [""]

    def heading(self, title: str, subtitle: str = "") -> None:
        """The title, and beside it (or under it, where there is no room) the subtitle."""
        top = self.y
        right = self.text(PAD, top, title, size=TITLE, bold=True)
        self.y += TITLE + 12
        if subtitle:
            if right + 24 + self.width_of(subtitle, size=SMALL) <= WIDTH - PAD:
                self.text(WIDTH - PAD, top + 6, subtitle, size=SMALL, fill=MUTED, anchor="ra")
            else:
                self.line(subtitle, size=SMALL, fill=MUTED)
        self.y += 4

    def line(self, text: str, *, size: int = TEXT, bold: bool = False, fill: tuple[int, int, int] = INK) -> None:
        """A line of text across the picture (wrapped onto more lines if it must be)."""
        for piece in self.wrap(text, WIDTH - 2 * PAD, size=size, bold=bold):
            self.text(PAD, self.y, piece, size=size, bold=bold, fill=fill)
            self.y += size + 10
        self.y += 2

    def banner(self, text: str, colour: tuple[int, int, int] = GOLD) -> None:
        lines = self.wrap(text, WIDTH - 4 * PAD, bold=True)
        height = 16 + len(lines) * (TEXT + 8)
        self.draw.rounded_rectangle((PAD, self.y, WIDTH - PAD, self.y + height), 10, fill=colour)
        for i, piece in enumerate(lines):
            self.text(WIDTH // 2, self.y + 8 + i * (TEXT + 8) + (TEXT + 8) / 2, piece, bold=True, fill=DIE_INK,
                      anchor="mm")
        self.y += height + 12

    def gap(self, pixels: int = 12) -> None:
        self.y += pixels

    # --- dice ---------------------------------------------------------------------------------
    def pips(self, x: int, y: int, value: int, size: int = 56, *, face: tuple[int, int, int] = DIE_FACE,
             ink: tuple[int, int, int] = DIE_INK) -> None:
        """A six-sided die showing `value` as pips."""
        self.figure(size)
        self.draw.rounded_rectangle((x, y, x + size, y + size), size // 6, fill=face, outline=DIE_EDGE, width=2)
        r = max(3, size // 10)
        low, mid, high = x + size * 0.25, x + size * 0.5, x + size * 0.75
        top, centre, bottom = y + size * 0.25, y + size * 0.5, y + size * 0.75
        spots = {1: [(mid, centre)], 2: [(low, top), (high, bottom)], 3: [(low, top), (mid, centre), (high, bottom)],
                 4: [(low, top), (high, top), (low, bottom), (high, bottom)],
                 5: [(low, top), (high, top), (mid, centre), (low, bottom), (high, bottom)],
                 6: [(low, top), (high, top), (low, centre), (high, centre), (low, bottom), (high, bottom)]}
        for cx, cy in spots.get(value, []):
            self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)

    def number_die(self, x: int, y: int, value: int, colour: tuple[int, int, int], size: int = 56,
                   ink: tuple[int, int, int] = DIE_INK) -> None:
        """A die of a colour with its number (Armadillo's blue, yellow and red dice)."""
        self.figure(size)
        self.draw.rounded_rectangle((x, y, x + size, y + size), size // 6, fill=colour, outline=DIE_EDGE, width=2)
        self.text(x + size / 2, y + size / 2, str(value), size=size // 2 + 4, bold=True, fill=ink, anchor="mm")

    def row_of(self, count: int, size: int, gap: int = 10, x: int = PAD) -> list[int]:
        return [x + i * (size + gap) for i in range(count)]

    # --- cards ----------------------------------------------------------------------------------
    def card(self, x: int, y: int, face: str, corner: str, *, fill: tuple[int, int, int] = DIE_FACE,
             ink: tuple[int, int, int] = DIE_INK, w: int = 64, h: int = 88, face_size: int = 30) -> None:
        """A playing card: `face` large in the middle, `corner` (its points) small at the bottom."""
        self.figure(h)
        self.draw.rounded_rectangle((x, y, x + w, y + h), 8, fill=fill, outline=DIE_EDGE, width=2)
        middle = y + h * 0.4 if corner else y + h / 2
        self.text(x + w / 2, middle, face, size=face_size, bold=True, fill=ink, anchor="mm")
        if corner:
            self.text(x + w / 2, y + h - 5, corner, size=SMALL, bold=True, fill=ink, anchor="md")

    # --- seats ----------------------------------------------------------------------------------
    def seats(self, rows: Sequence[SeatRow], status: Callable[[Canvas, int, int, int], None], *, width: int,
              height: int = 56) -> None:
        """The seats panel: ▶ marks whoever is to act, a medal a finished game's places. `status(canvas, seat, x,
        top)` draws the game's own part of each row in the `width` px at its right (x: its left edge, top: the
        top of a band `height` px tall). A name is never cut: one longer than the room beside the status takes a
        line (or more) of its own above it."""
        left, status_x = PAD + 48, WIDTH - PAD - 12 - width
        for seat, row in enumerate(rows):
            top = self.y
            kind = labels.computer() if row.computer and labels.computer().lower() not in row.name.lower() else ""
            label = " · ".join(part for part in (kind, row.level) if part)  # "computer · hard", or "hard"
            named = self.width_of(row.name, bold=row.to_act) + (
                10 + self.width_of(label, size=SMALL) if label else 0)
            beside = named <= status_x - 16 - left
            lines = [row.name] if beside else self.wrap(row.name, WIDTH - PAD - 12 - left, bold=row.to_act)
            above = 0 if beside else len(lines) * (TEXT + 10) + 4 + (SMALL + 8 if label else 0)
            self.draw.rounded_rectangle((PAD, top, WIDTH - PAD, top + above + height), 10,
                                        fill=PANEL_ACTIVE if row.to_act else PANEL)
            mid = top + (height / 2 if beside else 10 + (TEXT + 10) / 2)
            if row.to_act:
                self.figure(SMALL)
                self.draw.polygon([(PAD + 12, mid - 12), (PAD + 12, mid + 12), (PAD + 32, mid)], fill=GOLD)
            elif row.place is not None:
                colour = MEDALS.get(row.place, MUTED)
                self.draw.ellipse((PAD + 6, mid - 16, PAD + 38, mid + 16), fill=colour)
                self.text(PAD + 22, mid, str(row.place), size=SMALL, bold=True, fill=DIE_INK, anchor="mm")
            for i, piece in enumerate(lines):
                y = mid + i * (TEXT + 10)
                right = self.text(left, y, piece, bold=row.to_act, anchor="lm")
            if label and beside:
                self.text(right + 10, mid, label, size=SMALL, fill=MUTED, anchor="lm")
            elif label:
                self.text(left, top + 10 + len(lines) * (TEXT + 10) + 4, label, size=SMALL, fill=MUTED)
            status(self, seat, status_x, int(top + above))
            self.y += above + height + 8
        self.y -= 8
