"""A game night's or a tournament's standings as one picture drawn for a phone: a row per member — their place (a
medal for the first three), name, points and the tie-break that decided between equal points — and the night's
podium at the end. Pure: the words in the reader's language (`bot.i18n`), the data handed in; the message's text
says the same (its twin, and the picture's alt text)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.i18n import _, ngettext

from .canvas import GOLD, INK, MUTED, PAD, PANEL, PANEL_ACTIVE, ROW, SMALL, WIDTH, Canvas
from .common import drawable

MOST_ROWS = 24  # a picture a phone shows in about two screens; the text twin lists everyone


@dataclass(frozen=True)
class Row:
    """One member's line: `points` already written (halves as ½), `dropped` for a member who left."""

    place: int
    name: str
    points: str
    dropped: bool = False


def standings(title: str, subtitle: str, rows: Sequence[Row], *, final: bool = False) -> bytes:
    """The standings under `title` ("DARDZ night"), `subtitle` ("round 2 of 3"); `final`: the podium's three stand
    out."""
    return drawn(title, subtitle, rows, final=final).finish()


def drawn(title: str, subtitle: str, rows: Sequence[Row], *, final: bool = False) -> Canvas:
    canvas = Canvas()
    canvas.heading(drawable(title) or "?", subtitle)
    if not rows:
        canvas.line(_("Nobody has played yet."), fill=MUTED)
    for row in rows[:MOST_ROWS]:
        top, mid = canvas.y, canvas.y + ROW / 2
        canvas.panel(PAD, top, WIDTH - PAD, top + ROW, PANEL_ACTIVE if final and row.place <= 3 else PANEL,
                     radius=8)
        canvas.medal(PAD + 6, mid, row.place)
        points = row.points
        room = WIDTH - 2 * PAD - 58 - canvas.width_of(points, bold=True) - 20
        name = drawable(row.name) or "?"
        canvas.text(PAD + 46, mid, canvas.fit(name, room), anchor="lm", fill=MUTED if row.dropped else GOLD
                    if final and row.place == 1 else INK)
        canvas.text(WIDTH - PAD - 12, mid, points, bold=True, anchor="rm")
        canvas.y += ROW + 6
    if len(rows) > MOST_ROWS:
        more = len(rows) - MOST_ROWS
        canvas.line(ngettext("and {n} more", "and {n} more", more), size=SMALL, fill=MUTED)
    return canvas
