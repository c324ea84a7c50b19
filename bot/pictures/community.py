"""The community's pictures, drawn with the tables' kit: a season's podium per game, and a member's profile card
(ratings with their history as a small chart, games, wins and placings, streak, favourite game, medals). Pure:
the words in the reader's language (`bot.i18n`), the data handed in."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.i18n import _, ngettext
from bot.service.profiles import Profile
from bot.service.ratings import is_provisional, shown_rating

from .canvas import DIE_INK, GOLD, GREEN, INK, MEDALS, MUTED, PAD, PANEL, RED, SMALL, TEXT, WIDTH, Canvas
from .common import drawable

ROW = 48


@dataclass(frozen=True)
class Placed:
    """One member on a podium: their place, name and season rating."""

    place: int
    name: str
    rating: int


def medal(canvas: Canvas, x: float, mid: float, place: int) -> None:
    canvas.draw.ellipse((x, mid - 13, x + 26, mid + 13), fill=MEDALS.get(place, MUTED))
    canvas.text(x + 13, mid, str(place), size=SMALL, bold=True, fill=DIE_INK, anchor="mm")


def podium(season: str, games: Mapping[str, Sequence[Placed]]) -> bytes:
    """`games`: a game's title -> its three best, best first."""
    canvas = Canvas()
    canvas.heading(_("Season {name}", name=drawable(season) or "?"), _("podium"))
    if not games:
        canvas.line(_("No rated game was played in this season."), fill=MUTED)
    for title, placed in games.items():
        canvas.line(title, bold=True, fill=GOLD)
        for entry in placed:
            top = canvas.y
            canvas.draw.rounded_rectangle((PAD, top, WIDTH - PAD, top + ROW), 10, fill=PANEL)
            medal(canvas, PAD + 10, top + ROW / 2, entry.place)
            canvas.text(PAD + 50, top + ROW / 2, canvas.fit(drawable(entry.name) or "?", 460), anchor="lm")
            canvas.text(WIDTH - PAD - 14, top + ROW / 2, str(entry.rating), bold=True, anchor="rm")
            canvas.y += ROW + 8
        canvas.gap()
    return canvas.finish()


def streak_text(streak: int) -> str:
    if streak > 0:
        return ngettext("{n} win in a row", "{n} wins in a row", streak)
    return ngettext("{n} game without a win", "{n} games without a win", -streak)


def places_text(placings: Mapping[int, int]) -> str:
    return " · ".join(f"#{place} ×{games}" for place, games in sorted(placings.items()))


def chart(canvas: Canvas, box: tuple[float, float, float, float], history: Sequence[int]) -> None:
    """The ratings after each game as a line, lowest to highest of them; the last one marked."""
    left, top, right, bottom = box
    canvas.draw.rounded_rectangle(box, 8, fill=(36, 39, 47))
    if len(history) < 2:
        canvas.text((left + right) / 2, (top + bottom) / 2, _("one rated game"), size=SMALL, fill=MUTED, anchor="mm")
        return
    low, high = min(history), max(history)
    span = max(high - low, 1)
    step = (right - left - 20) / (len(history) - 1)
    points = [(left + 10 + i * step, bottom - 10 - (value - low) / span * (bottom - top - 20))
              for i, value in enumerate(history)]
    canvas.draw.line(points, fill=GREEN if history[-1] >= history[0] else RED, width=3)
    x, y = points[-1]
    canvas.draw.ellipse((x - 5, y - 5, x + 5, y + 5), fill=GOLD)


CHART_LEFT = 380  # a game's panel: its words on the left, the chart of its ratings from here
COLUMN = 330  # the width of its words
LINE = 32  # a line of TEXT in the column


def profile(name: str, card: Profile, titles: Mapping[str, str]) -> bytes:
    """`titles`: each game's title by its id."""
    canvas = Canvas()
    canvas.heading(drawable(name) or "?", _("favourite: {game}", game=titles.get(card.favourite, card.favourite)))
    canvas.line(streak_text(card.streak), fill=GREEN if card.streak > 0 else MUTED)
    for game in card.games:
        top = canvas.y
        if game.rating is not None:
            rating = shown_rating(game.rating.mu, game.rating.sigma)
            shown = _("rating {n} (provisional)", n=rating) if is_provisional(game.rating.games) else \
                _("rating {n}", n=rating)
        else:
            shown = _("not rated yet")
        rating_lines = canvas.wrap(shown, COLUMN, size=TEXT, bold=game.rating is not None)  # never under the chart
        below = (len(rating_lines) - 1) * LINE
        height = 150 + below
        canvas.draw.rounded_rectangle((PAD, top, WIDTH - PAD, top + height), 12, fill=PANEL)
        canvas.text(PAD + 16, top + 14, canvas.fit(titles.get(game.game, game.game), COLUMN), bold=True)
        for i, line in enumerate(rating_lines):
            canvas.text(PAD + 16, top + 48 + i * LINE, line, size=TEXT, fill=GOLD if game.rating is not None else MUTED,
                        bold=game.rating is not None)
        canvas.text(PAD + 16, top + 82 + below, _("{won} won of {played}", won=game.won, played=game.played),
                    size=SMALL)
        canvas.text(PAD + 16, top + 112 + below, canvas.fit(places_text(game.placings), COLUMN, size=SMALL),
                    size=SMALL, fill=MUTED)
        if game.history:
            chart(canvas, (CHART_LEFT, top + 14, WIDTH - PAD - 14, top + height - 14), game.history)
        else:
            canvas.text((CHART_LEFT + WIDTH - PAD) / 2, top + height / 2, _("no rated games"), size=SMALL,
                        fill=MUTED, anchor="mm")
        canvas.y += height + 10
    if card.medals:
        canvas.line(_("Medals"), bold=True, fill=GOLD)
        for won in card.medals[:12]:
            mid = canvas.y + 16
            medal(canvas, PAD, mid, won.place)
            canvas.text(PAD + 40, mid, canvas.fit(f"{won.season} · {titles.get(won.game, won.game)}", 680),
                        size=SMALL, fill=INK, anchor="lm")
            canvas.y += 40
    return canvas.finish()
