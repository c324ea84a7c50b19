"""The drawing kit every game's picture shares: the colours, the text, dice, cards, tokens and the seats panel.

A picture is drawn for a phone: a 390 px phone shows it `PHONE_SHOWN` px wide (measured in the playground by
tests/test_playground_browser.py), so it is drawn `WIDTH` px wide — twice that, sharp on a phone's screen — and
every text and figure is at least `SMALL` px tall, `READABLE` px as the phone shows it. A `Canvas` is laid out
top to bottom (a cursor `y` moves down) and is as tall as what it holds.

Everything drawn is pasted from `sprites` (each text, die, card and panel made once per process): the canvas
notes each paste and makes the picture at the end, as a palette PNG whose palette is exactly the colours pasted.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from . import labels, sprites
from .sprites import Colour, Sprite, font, length

WIDTH = 530
PHONE_SHOWN = 265  # px: how wide a 390 px phone shows a picture (its message column), measured in the playground
READABLE = 10  # px: the smallest text or figure as the phone shows it
SMALL = 22  # the smallest text in a picture, and the smallest figure (a die, a token, a card's figure)
TEXT = 24  # body text
TITLE = 26
PAD = 12
ROW = 40  # a panel holding a line of text (a place on a podium)
NAME_LINE = 32  # a seat's name in the seats panel
STATUS_LINE = 36  # a seat's status under its name
MARK = 34  # the room left of a seat's name: ▶ for a seat to act, a medal for a place

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

__all__ = ["BACKGROUND", "DIE_EDGE", "DIE_FACE", "DIE_INK", "GOLD", "GREEN", "INK", "MUTED", "PAD", "PANEL",
           "PANEL_ACTIVE", "PHONE_SHOWN", "READABLE", "RED", "ROW", "SMALL", "TEXT", "TITLE", "WIDTH", "Box", "Canvas",
           "SeatRow", "font", "png"]


def png(image: Image.Image) -> bytes:
    """PNG bytes; the lowest zlib level: flat colours compress well anyway, and higher levels cost much more."""
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=1)
    return out.getvalue()


def shortest_cut(said: Callable[[str], str], text: str, width: float, size: int, bold: bool) -> str:
    """`text` cut to its longest start (with "…", at least one letter) for which `said(cut)` fits `width` px."""
    low, high = 1, len(text)  # bisection: each measure renders nothing, but costs FreeType a walk of the text
    while low < high:
        middle = (low + high + 1) // 2
        if length(said(text[:middle].rstrip() + "…"), size, bold) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


@dataclass(frozen=True)
class SeatRow:
    """One seat in the seats panel: its name, whether it is to act, its place once the game ended; a computer's
    level in words."""

    name: str
    to_act: bool = False
    place: int | None = None
    computer: bool = False
    level: str = ""
    blocked: bool = False  # the seat loses its coming turn (a no-entry sign where ▶ would be)


Box = tuple[int, int, int, int]  # left, top, right, bottom
Status = Callable[["Canvas", int, Box], None]  # (canvas, seat, its box): a game's part of a seat in the seats panel


class Canvas:
    """A picture being drawn. It keeps what it drew (`drawn`: each text with its size; `figures`: each figure's
    height), so a test can check the smallest against `READABLE`, and the texts it had to cut (`cut`)."""

    def __init__(self, width: int = WIDTH) -> None:
        self.width = width
        self.y = PAD
        self.drawn: list[tuple[str, int]] = []
        self.figures: list[int] = []
        self.cut: list[str] = []
        self._pasted: list[tuple[Sprite, int, int]] = []
        self._colours: dict[Colour, int] = {BACKGROUND: 0}  # each colour's palette index, in the order first pasted
        self._grounds: list[tuple[int, int, int, int, Colour]] = []  # panels drawn, the last on top

    def finish(self) -> bytes:
        """The picture as a palette PNG, composed in palette indices: its palette the colours pasted, in the order
        first pasted (one picture, one palette), none guessed."""
        picture = Image.new("L", (self.width, self.y + PAD), 0)
        core = picture.im  # the pastes go straight to Pillow's core: `Image.paste`'s own checks cost more than a
        tables: dict[tuple[Colour, ...], bytes] = {}  # small paste, and every drawing here lies inside the picture
        for sprite, x, y in self._pasted:
            table = tables.get(sprite.colours)
            if table is None:  # a drawing's own indices to the picture's (the same for a text's every word)
                table = tables[sprite.colours] = bytes(map(self._colours.__getitem__, sprite.colours)).ljust(256, b"\0")
            core.paste(sprites.remapped(sprite, table), (x, y, x + sprite.width, y + sprite.height))
        indexed = picture.convert("P")  # the indices as they are (an "L" image's values become a "P" one's)
        indexed.putpalette(bytes(value for colour in list(self._colours)[:256] for value in colour))
        return png(indexed)

    @property
    def smallest(self) -> int:
        """The height of the smallest text or figure drawn, in the picture's pixels."""
        return min([size for _, size in self.drawn] + self.figures, default=TEXT)

    def figure(self, height: float) -> None:
        """Note a figure drawn `height` px tall (a die, a token, a card's figure)."""
        self.figures.append(round(height))

    # --- pasting ------------------------------------------------------------------------------
    def ground_at(self, x: float, y: float) -> Colour:
        """The colour under a point: the last panel drawn there, else the background."""
        grounds = self._grounds
        for i in range(len(grounds) - 1, -1, -1):
            left, top, right, bottom, colour = grounds[i]
            if left <= x < right and top <= y < bottom:
                return colour
        return BACKGROUND

    def paste(self, sprite: Sprite, x: float, y: float) -> None:
        self._pasted.append((sprite, int(x) + sprite.offset[0], int(y) + sprite.offset[1]))
        for colour in sprite.colours:
            if colour not in self._colours:
                self._colours[colour] = self._index_of(colour)

    def _index_of(self, colour: Colour) -> int:
        """A new colour's palette index: the next one; past 256 (never in a table's picture), the nearest's."""
        if len(self._colours) < 256:
            return len(self._colours)
        known = list(self._colours)[:256]
        return self._colours[min(known, key=lambda c: sum((a - b) ** 2 for a, b in zip(c, colour, strict=True)))]

    def drawing(self, key: tuple, x: float, y: float, width: int, height: int,
                paint: Callable[[ImageDraw.ImageDraw], None]) -> None:
        """A shape of the picture's own at (x, y), painted by `paint` the first time (see `sprites.drawing`)."""
        ground = self.ground_at(x + width / 2, y + height / 2)
        self.paste(sprites.drawing(key, width, height, ground, paint), x, y)

    def panel(self, left: float, top: float, right: float, bottom: float, fill: Colour, *, radius: int = 10,
              outline: Colour | None = None, border: int = 0) -> None:
        """A rounded panel; what is drawn on it later takes its colour as its ground."""
        box = (int(left), int(top), int(right), int(bottom))
        self.drawing(("panel", fill, radius, outline, border), box[0], box[1], box[2] - box[0], box[3] - box[1],
                     lambda d: d.rounded_rectangle((0, 0, box[2] - box[0] - 1, box[3] - box[1] - 1), radius,
                                                   fill=fill, outline=outline, width=border))
        self._grounds.append((*box, fill))

    # --- text ---------------------------------------------------------------------------------
    def text(self, x: float, y: float, text: str, *, size: int = TEXT, bold: bool = False, fill: Colour = INK,
             anchor: str = "la") -> float:
        """Draw `text`, placed by `anchor` at (x, y); returns its right edge."""
        width = length(text, size, bold)
        if not text.strip():
            return x + width
        self.paste(sprites.text(text, size, bold, fill, self.ground_at(x, y), anchor), x, y)
        self.drawn.append((text, size))
        start = x - width if anchor[0] == "r" else x - width / 2 if anchor[0] == "m" else x
        return start + width

    def width_of(self, text: str, *, size: int = TEXT, bold: bool = False) -> float:
        return length(text, size, bold)

    def fit(self, text: str, width: float, *, size: int = TEXT, bold: bool = False) -> str:
        """`text` cut with an ellipsis to fit `width` pixels (noted in `cut`)."""
        if length(text, size, bold) <= width:
            return text
        self.cut.append(text)
        return shortest_cut(lambda kept: kept, text, width, size, bold)

    def wrap(self, text: str, width: float, *, size: int = TEXT, bold: bool = False) -> list[str]:
        """`text` in lines of at most `width` pixels, broken at spaces (a word wider than a line, between its
        letters): nothing is cut."""
        lines: list[str] = []
        for word in text.split(" "):
            joined = f"{lines[-1]} {word}" if lines else word
            if lines and length(joined, size, bold) <= width:
                lines[-1] = joined
                continue
            while length(word, size, bold) > width and len(word) > 1:
                cut = max(1, next(i for i in range(len(word), 0, -1) if length(word[:i], size, bold) <= width))
                lines.append(word[:cut])
                word = word[cut:]
            lines.append(word)
        return lines or [""]

    def heading(self, title: str, subtitle: str = "") -> None:
        """The title (cut to the picture's width: a tournament's name may be 100 characters), and beside it (or under
        it, where there is no room) the subtitle."""
        top = self.y
        right = self.text(PAD, top, self.fit(title, self.width - 2 * PAD, size=TITLE, bold=True), size=TITLE, bold=True)
        self.y += TITLE + 8
        if subtitle:
            if right + 20 + self.width_of(subtitle, size=SMALL) <= self.width - PAD:
                self.text(self.width - PAD, top + TITLE - 1, subtitle, size=SMALL, fill=MUTED, anchor="rs")
            else:
                self.line(subtitle, size=SMALL, fill=MUTED)
        self.y += 2

    def line(self, text: str, *, size: int = TEXT, bold: bool = False, fill: Colour = INK) -> None:
        """A line of text across the picture (wrapped onto more lines if it must be)."""
        for piece in self.wrap(text, self.width - 2 * PAD, size=size, bold=bold):
            self.text(PAD, self.y, piece, size=size, bold=bold, fill=fill)
            self.y += size + 8
        self.y += 2

    def line_naming(self, words: Callable[..., str], *names: str, size: int = TEXT, bold: bool = False,
                    fill: Colour = INK, room: float | None = None) -> None:
        """A line saying `words(*names)` (seats' names in a sentence) on one line of `room` px (the picture's
        width): the longest name cut with "…" where the line would not fit, then the next longest if it must —
        the text and the picture's description name them whole."""
        room = room if room is not None else self.width - 2 * PAD
        shown = list(names)
        for longest in sorted(range(len(shown)), key=lambda i: -len(shown[i])):
            if length(words(*shown), size, bold) <= room:
                break
            self.cut.append(names[longest])

            def line(kept: str, i: int = longest) -> str:
                return words(*shown[:i], kept, *shown[i + 1:])

            shown[longest] = shortest_cut(line, names[longest], room, size, bold)
        self.text(PAD, self.y, words(*shown), size=size, bold=bold, fill=fill)
        self.y += size + 8

    def banner(self, text: str, colour: Colour = GOLD) -> None:
        lines = self.wrap(text, self.width - 4 * PAD, bold=True)
        height = 12 + len(lines) * (TEXT + 8)
        self.panel(PAD, self.y, self.width - PAD, self.y + height, colour)
        for i, piece in enumerate(lines):
            self.text(self.width // 2, self.y + 6 + i * (TEXT + 8) + (TEXT + 8) / 2, piece, bold=True, fill=DIE_INK,
                      anchor="mm")
        self.y += height + 10

    def gap(self, pixels: int = 10) -> None:
        self.y += pixels

    # --- dice, cards, tokens --------------------------------------------------------------------
    def pips(self, x: int, y: int, value: int, size: int = 48, *, face: Colour = DIE_FACE,
             ink: Colour = DIE_INK) -> None:
        """A six-sided die showing `value` as pips (0: blank)."""
        self.figure(size)

        def paint(d: ImageDraw.ImageDraw) -> None:
            d.rounded_rectangle((0, 0, size - 1, size - 1), size // 6, fill=face, outline=DIE_EDGE, width=2)
            r = max(3, size // 10)
            low, mid, high = size * 0.26, size * 0.5, size * 0.74
            spots = {1: [(mid, mid)], 2: [(low, low), (high, high)], 3: [(low, low), (mid, mid), (high, high)],
                     4: [(low, low), (high, low), (low, high), (high, high)],
                     5: [(low, low), (high, low), (mid, mid), (low, high), (high, high)],
                     6: [(low, low), (high, low), (low, mid), (high, mid), (low, high), (high, high)]}
            for cx, cy in spots.get(value, []):
                d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)

        self.drawing(("pips", value, face, ink), x, y, size, size, paint)

    def number_die(self, x: int, y: int, value: int, colour: Colour, size: int = 48, ink: Colour = DIE_INK) -> None:
        """A die of a colour with its number (Armadillo's blue, yellow and red dice)."""
        self.figure(size)
        self.drawing(("number die", colour, ink), x, y, size, size, lambda d: d.rounded_rectangle(
            (0, 0, size - 1, size - 1), size // 6, fill=colour, outline=DIE_EDGE, width=2))
        self._grounds.append((x, y, x + size, y + size, colour))
        self.text(x + size / 2, y + size / 2, str(value), size=size // 2 + 4, bold=True, fill=ink, anchor="mm")
        self._grounds.pop()

    def card(self, x: int, y: int, face: str, *, fill: Colour = DIE_FACE, ink: Colour = DIE_INK, w: int = 36,
             h: int = 44, face_size: int = TEXT, edge: Colour | None = None) -> None:
        """A playing card: `face` large in its middle; `edge`: a thick outline of that colour (a card marked)."""
        self.figure(h)
        self.drawing(("card", fill, edge), x, y, w, h, lambda d: d.rounded_rectangle(
            (0, 0, w - 1, h - 1), 6, fill=fill, outline=edge or DIE_EDGE, width=4 if edge else 2))
        self._grounds.append((x, y, x + w, y + h, fill))
        self.text(x + w / 2, y + h / 2, face, size=face_size, bold=True, fill=ink, anchor="mm")
        self._grounds.pop()

    def token(self, x: float, mid: float, filled: bool, size: int = SMALL, colour: Colour = GOLD) -> None:
        """A round token (a chip), filled or its outline only, its centre at height `mid`."""
        self.figure(size)
        self.drawing(("token", filled, colour), x, mid - size / 2, size, size, lambda d: d.ellipse(
            (0, 0, size - 1, size - 1), fill=colour if filled else None, outline=colour, width=3))

    def square(self, x: float, mid: float, colour: Colour, *, filled: bool = True, size: int = SMALL) -> None:
        """A small square of a colour (a team, a Doodle Dice colour), filled or its outline only."""
        self.figure(size)
        self.drawing(("square", colour, filled), x, mid - size / 2, size, size, lambda d: d.rounded_rectangle(
            (0, 0, size - 1, size - 1), 4, fill=colour if filled else None, outline=colour, width=3))

    def medal(self, x: float, mid: float, place: int) -> None:
        """A place as a medal (gold, silver, bronze; grey after), its number on it, its centre at height `mid`."""
        colour = MEDALS.get(place, MUTED)
        self.drawing(("medal", colour), x, mid - 14, 28, 28, lambda d: d.ellipse((0, 0, 27, 27), fill=colour))
        self._grounds.append((int(x), int(mid - 14), int(x) + 28, int(mid + 14), colour))
        self.text(x + 14, mid, str(place), size=SMALL, bold=True, fill=DIE_INK, anchor="mm")
        self._grounds.pop()

    def no_entry(self, x: float, mid: float, colour: Colour = RED) -> None:
        """A no-entry sign (⛔), its centre at height `mid`."""
        self.figure(SMALL)

        def paint(d: ImageDraw.ImageDraw) -> None:
            d.ellipse((0, 0, SMALL - 1, SMALL - 1), fill=colour)
            d.rectangle((4, SMALL // 2 - 3, SMALL - 5, SMALL // 2 + 2), fill=DIE_FACE)

        self.drawing(("no entry", colour), x, mid - SMALL / 2, SMALL, SMALL, paint)

    def row_of(self, count: int, size: int, gap: int = 8, x: int = PAD) -> list[int]:
        return [x + i * (size + gap) for i in range(count)]

    # --- seats ----------------------------------------------------------------------------------
    def seats(self, rows: Sequence[SeatRow], status: Status, *, height: int = STATUS_LINE, columns: int = 1,
              beside: int | None = None) -> None:
        """The seats panel, a panel each, in `columns` columns (seats left to right, then down): ▶ marks whoever is
        to act, a medal a finished game's place, ⛔ a seat that loses its coming turn; then the name (cut with "…"
        to its room: the text under the picture and its description name every player whole) and a computer's
        level where there is room. The game's own part of a seat is drawn by `status(canvas, seat, box)` in its
        box (left, top, right, bottom): under the name, `height` px tall — or, given `beside` (px), in that much
        room right of the name, on its line (`height` then the row's)."""
        gap = 8
        cell = (self.width - 2 * PAD - gap * (columns - 1)) / columns
        line = height if beside else NAME_LINE
        tall = line + (0 if beside else height) + 4
        for seat, row in enumerate(rows):
            left = PAD + (seat % columns) * (cell + gap)
            top = self.y + (seat // columns) * (tall + 6)
            right = left + cell
            self.panel(left, top, right, top + tall, PANEL_ACTIVE if row.to_act else PANEL, radius=8)
            mid = top + 2 + line / 2
            if row.to_act:
                self.figure(SMALL)
                self.drawing(("to act",), left + 8, mid - 11, 18, 22,
                             lambda d: d.polygon([(0, 0), (0, 21), (17, 10.5)], fill=GOLD))
            elif row.place is not None:
                self.medal(left + 3, mid, row.place)
            elif row.blocked:
                self.no_entry(left + 6, mid)
            name_x = left + MARK
            room = (right - 10 - beside - 10 if beside else right - 10) - name_x
            name = self.fit(row.name, room, bold=row.to_act)
            end = self.text(name_x, mid, name, bold=row.to_act, anchor="lm")
            kind = labels.computer() if row.computer and labels.computer().lower() not in row.name.lower() else ""
            level = " · ".join(part for part in (kind, row.level) if part)  # "computer · hard", or "hard"
            if level and end + 10 + self.width_of(level, size=SMALL) <= name_x + room:
                self.text(end + 10, mid, level, size=SMALL, fill=MUTED, anchor="lm")
            if beside:
                status(self, seat, (int(right - 10 - beside), int(top + 2), int(right - 10), int(top + 2 + line)))
            else:
                status(self, seat, (int(left + 10), int(top + line), int(right - 10), int(top + line + height)))
        self.y += ((len(rows) + columns - 1) // columns) * (tall + 6) - 6
