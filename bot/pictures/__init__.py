"""The table as one picture (PNG, `canvas.WIDTH` px wide): the canvas kit every game's drawer paints with, from the same
engine view the text shows. Each game's drawer lives with the game's other Discord parts
(`cogs/games/<id>/picture.py`) and is handed in here; this package knows no game and no Discord.

`render(draw, table, seat)` draws the public view (seat None) or a seat's private view; it is pure and
synchronous. `Pictures.of(table, seat)` is what the publisher awaits: a picture is drawn only when what
it shows changed (a hash of the view, the seats and the language is its key), in a worker thread, so
the event loop never waits for Pillow.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from bot.i18n import current_language
from bot.metrics import UNMEASURED, Unmeasured
from bot.service.table import Table

from .canvas import Canvas

FILENAME = "table.png"
CACHED = 512  # pictures kept (about 30 KB each)

Drawer = Callable[[Canvas, Table, dict[str, Any], int | None], None]  # a game's picture: (canvas, table, view, seat)


def render(draw: Drawer, table: Table, seat: int | None = None) -> bytes:
    """The PNG of the table as `seat` sees it (None: everyone), in the current language."""
    canvas = Canvas()
    draw(canvas, table, table.view(seat), seat)
    return canvas.finish()


def key(table: Table, seat: int | None = None) -> str:
    """Everything a picture depends on, hashed: equal keys draw equal pictures."""
    outcome = table.outcome if table.status == "finished" else None
    shown = [table.game.id, table.id, table.status, seat, current_language(), table.view(seat),
             [(s.name, s.is_computer) for s in table.seats], sorted(table.to_act) if table.state else [],
             [list(outcome.placings), list(outcome.scores)] if outcome else None]
    return hashlib.sha256(json.dumps(shown, sort_keys=True, default=str).encode()).hexdigest()


class Pictures:
    """Pictures already drawn, by key (the least recently used are forgotten); `drawers` by game id; `metrics`
    times each drawing."""

    def __init__(self, drawers: Mapping[str, Drawer], size: int = CACHED, metrics: Unmeasured = UNMEASURED) -> None:
        self._drawers, self._size, self._metrics = drawers, size, metrics
        self._drawn: OrderedDict[str, bytes] = OrderedDict()
        self.renders = 0  # how many pictures were actually drawn (the rest came from the cache)

    def cached(self, table: Table, seat: int | None = None) -> bytes | None:
        """The picture of this exact view if it was drawn and is still kept (nothing is drawn)."""
        return self._drawn.get(key(table, seat))

    def has(self, table: Table) -> bool:
        return table.game.id in self._drawers and table.state is not None

    async def of(self, table: Table, seat: int | None = None) -> bytes:
        found = key(table, seat)
        png = self._drawn.get(found)
        if png is None:
            drawing = time.perf_counter()
            png = await asyncio.to_thread(render, self._drawers[table.game.id], table, seat)  # the language goes along
            self._metrics.drawn(table.game.id, time.perf_counter() - drawing)
            self.renders += 1
            self._drawn[found] = png
            if len(self._drawn) > self._size:
                self._drawn.popitem(last=False)
        else:
            self._drawn.move_to_end(found)
        return png


__all__ = ["FILENAME", "Drawer", "Pictures", "key", "render"]
