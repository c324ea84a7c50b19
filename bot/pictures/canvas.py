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
SHEET = 2400  # the tall sheet a picture is drawn on before it is cropped
PAD = 20
TEXT = 22  # body text size in px (a phone shows the 800 px picture at about half: still readable)
SMALL = 20  # the smallest text in a picture
TITLE = 28

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
    """One seat in the seats panel: its name, whether it is to act, its place once the game ended."""

    name: str
    to_act: bool = False
    place: int | None = None
    computer: bool = False


class Canvas:
    def __init__(self) -> None:
        self.image = Image.new("RGB", (WIDTH, SHEET), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)
        self.y = PAD

    def finish(self) -> bytes:
        height = min(SHEET, self.y + PAD)
        return png(self.image.crop((0, 0, WIDTH, height)))

    # --- text ---------------------------------------------------------------------------------
    def text(self, x: float, y: float, text: str, *, size: int = TEXT, bold: bool = False,
             fill: tuple[int, int, int] = INK, anchor: str = "la") -> float:
        """Draw `text`; returns its right edge."""
        face = font(size, bold=bold)
        self.draw.text((x, y), text, font=face, fill=fill, anchor=anchor)
        return x + face.getlength(text)

    def fit(self, text: str, width: float, *, size: int = TEXT, bold: bool = False) -> str:
        """`text` cut with an ellipsis to fit `width` pixels."""
        face = font(size, bold=bold)
        if face.getlength(text) <= width:
            return text
        while text and face.getlength(text + "…") > width:
            text = text[:-1]
        return text + "…"

    def heading(self, title: str, subtitle: str = "") -> None:
        self.text(PAD, self.y, title, size=TITLE, bold=True)
        if subtitle:
            self.text(WIDTH - PAD, self.y + 6, self.fit(subtitle, 360, size=SMALL), size=SMALL, fill=MUTED,
                      anchor="ra")
        self.y += TITLE + 16

    def line(self, text: str, *, size: int = TEXT, bold: bool = False, fill: tuple[int, int, int] = INK) -> None:
        self.text(PAD, self.y, self.fit(text, WIDTH - 2 * PAD, size=size, bold=bold), size=size, bold=bold,
                  fill=fill)
        self.y += size + 12

    def banner(self, text: str, colour: tuple[int, int, int] = GOLD) -> None:
        self.draw.rounded_rectangle((PAD, self.y, WIDTH - PAD, self.y + 44), 10, fill=colour)
        self.text(WIDTH // 2, self.y + 22, self.fit(text, WIDTH - 4 * PAD, bold=True), bold=True, fill=DIE_INK,
                  anchor="mm")
        self.y += 56

    def gap(self, pixels: int = 12) -> None:
        self.y += pixels

    # --- dice ---------------------------------------------------------------------------------
    def pips(self, x: int, y: int, value: int, size: int = 56, *, face: tuple[int, int, int] = DIE_FACE,
             ink: tuple[int, int, int] = DIE_INK) -> None:
        """A six-sided die showing `value` as pips."""
        self.draw.rounded_rectangle((x, y, x + size, y + size), size // 6, fill=face, outline=DIE_EDGE, width=2)
        r = size // 10
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
        self.draw.rounded_rectangle((x, y, x + size, y + size), size // 6, fill=colour, outline=DIE_EDGE, width=2)
        self.text(x + size / 2, y + size / 2, str(value), size=size // 2 + 4, bold=True, fill=ink, anchor="mm")

    def row_of(self, count: int, size: int, gap: int = 10, x: int = PAD) -> list[int]:
        return [x + i * (size + gap) for i in range(count)]

    # --- cards ----------------------------------------------------------------------------------
    def card(self, x: int, y: int, face: str, corner: str, *, fill: tuple[int, int, int] = DIE_FACE,
             ink: tuple[int, int, int] = DIE_INK, w: int = 64, h: int = 88, face_size: int = 30) -> None:
        """A playing card: `face` large in the middle, `corner` (its points) small at the bottom."""
        self.draw.rounded_rectangle((x, y, x + w, y + h), 8, fill=fill, outline=DIE_EDGE, width=2)
        self.text(x + w / 2, y + h * 0.42, face, size=face_size, bold=True, fill=ink, anchor="mm")
        self.text(x + w / 2, y + h - 6, corner, size=SMALL, bold=True, fill=ink, anchor="md")

    # --- seats ----------------------------------------------------------------------------------
    def seats(self, rows: Sequence[SeatRow], status: Callable[[Canvas, int, int, int], None], *,
              height: int = 52) -> None:
        """The seats panel: ▶ marks whoever is to act, a medal a finished game's places; `status(canvas, seat,
        x, y)` draws the game's own part of each row from x = 330 on (y is the row's top)."""
        for seat, row in enumerate(rows):
            top = self.y
            self.draw.rounded_rectangle((PAD, top, WIDTH - PAD, top + height), 10,
                                        fill=PANEL_ACTIVE if row.to_act else PANEL)
            mid = top + height / 2
            if row.to_act:
                self.draw.polygon([(PAD + 12, mid - 11), (PAD + 12, mid + 11), (PAD + 30, mid)], fill=GOLD)
            elif row.place is not None:
                colour = MEDALS.get(row.place, MUTED)
                self.draw.ellipse((PAD + 8, mid - 13, PAD + 34, mid + 13), fill=colour)
                self.text(PAD + 21, mid, str(row.place), size=SMALL, bold=True, fill=DIE_INK, anchor="mm")
            label = self.fit(row.name, 205 if row.computer else 250, bold=row.to_act)
            right = self.text(PAD + 44, mid, label, bold=row.to_act, anchor="lm")
            if row.computer and labels.computer().lower() not in row.name.lower():
                self.text(right + 8, mid, labels.computer(), size=SMALL, fill=MUTED, anchor="lm")
            status(self, seat, 330, int(top))
            self.y += height + 8
        self.y -= 8
