"""Drawings made once and pasted many times: a text in its size, weight and colour, a die, a card, a token.

A table's picture is mostly the same few drawings in new places (the names, the dice faces, the labels), and
rendering a text or drawing a shape costs Pillow far more than pasting the result: so each drawing is made once
per process, on the colour it is pasted on (its ground: the picture's background or a panel), kept in a bounded
cache, and a picture is pasted together from them. A drawing is kept as indices into its own few colours: a shape
is painted straight into a palette image (Pillow gives each colour painted its entry, exactly), a text's
anti-aliasing is `LEVELS` steps from its ground to its ink. So a picture is composed in palette indices and
stored as a palette PNG whose palette is exactly the colours pasted, with no colour guessed (`Canvas.finish`).
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from PIL import Image, ImageDraw, ImageFont

Colour = tuple[int, int, int]
LEVELS = 5  # anti-aliasing steps of a text's edge, from its ground to its ink: few colours, a small PNG
_STEP = [round(v * (LEVELS - 1) / 255) for v in range(256)]  # a glyph's coverage (0–255) as a step
KEPT = 4096  # drawings kept (the least recently used are drawn again when next needed)

_per_thread = threading.local()


@cache
def _font_file(bold: bool) -> bytes:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return resources.files(__package__).joinpath("fonts", name).read_bytes()


def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The shipped font at `size` px, laid out with Pillow's basic engine (no raqm), so every machine draws the
    same pixels. Each thread keeps its own: a FreeType face must not be shared by threads drawing at the same
    time, and pictures are drawn in the event loop's worker threads."""
    fonts = _per_thread.__dict__.setdefault("fonts", {})
    if (size, bold) not in fonts:
        fonts[(size, bold)] = ImageFont.truetype(io.BytesIO(_font_file(bold)), size,
                                                 layout_engine=ImageFont.Layout.BASIC)
    return fonts[(size, bold)]


@lru_cache(maxsize=KEPT)
def length(text: str, size: int, bold: bool) -> float:
    """How wide `text` is drawn, in pixels."""
    return font(size, bold=bold).getlength(text)


@dataclass(frozen=True, eq=False)
class Sprite:
    """A drawing: its pixels as indices ("L") into its `colours` (the first its ground), and where its top left
    corner goes relative to the point it is placed at (a text's anchor)."""

    indices: Image.Image
    colours: tuple[Colour, ...]
    offset: tuple[int, int] = (0, 0)

    @property
    def width(self) -> int:
        return self.indices.width

    @property
    def height(self) -> int:
        return self.indices.height


def mixed(ground: Colour, ink: Colour, share: float) -> Colour:
    """`share` of `ink` over `ground` (an anti-aliased edge's colour)."""
    return tuple(round(g + (i - g) * share) for g, i in zip(ground, ink, strict=True))  # type: ignore[return-value]


@lru_cache(maxsize=KEPT)
def text(words: str, size: int, bold: bool, ink: Colour, ground: Colour, anchor: str) -> Sprite:
    """`words` as drawn in `ink` on `ground`; its offset places it by `anchor` (Pillow's text anchors)."""
    face = font(size, bold=bold)
    left, top, right, bottom = (int(edge) for edge in face.getbbox(words, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), words, font=face, fill=255, anchor=anchor)
    colours = tuple(mixed(ground, ink, step / (LEVELS - 1)) for step in range(LEVELS))
    return Sprite(mask.point(_STEP), colours, (left, top))


Painter = Callable[[ImageDraw.ImageDraw], None]
_drawings: dict[tuple, Sprite] = {}
_adding = threading.Lock()


def drawing(key: tuple, width: int, height: int, ground: Colour, paint: Painter) -> Sprite:
    """A shape `width` × `height` px on `ground`, painted by `paint` (an ImageDraw on it) the first time it is
    asked for. `key` names what it shows, with everything `paint` depends on: equal keys, equal drawings. Reading
    takes no lock (a dict's lookup is atomic); past `KEPT`, the oldest go first."""
    whole = (key, width, height, ground)
    found = _drawings.get(whole)
    if found is not None:
        return found
    image = Image.new("P", (width, height), 0)
    image.putpalette(bytes(ground))  # the ground is entry 0; each colour painted gets the next
    paint(ImageDraw.Draw(image))
    palette = image.getpalette() or list(ground)
    colours = tuple(tuple(palette[i:i + 3]) for i in range(0, len(palette), 3))
    made = Sprite(Image.frombytes("L", image.size, image.tobytes()), colours)  # type: ignore[arg-type]
    with _adding:
        _drawings[whole] = made
        while len(_drawings) > KEPT:
            del _drawings[next(iter(_drawings))]
    return made


_remapped: dict[tuple[Sprite, bytes], Any] = {}


def remapped(sprite: Sprite, table: bytes) -> Any:
    """The sprite's indices through `table` (into a picture's palette), as Pillow's core image: a table's next
    picture numbers its colours alike, so this too is kept (past `KEPT` × 2, the oldest go first)."""
    whole = (sprite, table)
    found = _remapped.get(whole)
    if found is None:
        found = sprite.indices.im.point(table, None)
        with _adding:
            _remapped[whole] = found
            while len(_remapped) > 2 * KEPT:
                del _remapped[next(iter(_remapped))]
    return found
