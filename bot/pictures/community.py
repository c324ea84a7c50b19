"""The community's pictures, drawn with the tables' kit: a season's podium per game, and a member's profile card
(ratings with their history as a small chart, games, wins and placings, streak, favourite game, medals). Pure:
the words in the reader's language (`bot.i18n`), the data handed in."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from bot.i18n import _, ngettext
from bot.service.profiles import Profile
from bot.service.ratings import is_provisional, shown_rating

from .canvas import GOLD, GREEN, MUTED, PAD, PANEL, RED, ROW, SMALL, TEXT, WIDTH, Canvas
from .common import drawable

CHART = 210  # a game's rating chart, at the right of its panel
CHART_GROUND = (36, 39, 47)


@dataclass(frozen=True)
class Placed:
    """One member on a podium: their place, name and season rating."""

    place: int
    name: str
    rating: int


def podium(season: str, games: Mapping[str, Sequence[Placed]]) -> bytes:
    """`games`: a game's title -> its three best, best first."""
    canvas = Canvas()
    canvas.heading(_("Season {name}", name=drawable(season) or "?"), _("podium"))
    if not games:
        canvas.line(_("No rated game was played in this season."), fill=MUTED)
    for title, placed in games.items():
        canvas.line(title, bold=True, fill=GOLD)
        for entry in placed:
            top, mid = canvas.y, canvas.y + ROW / 2
            canvas.panel(PAD, top, WIDTH - PAD, top + ROW, PANEL, radius=8)
            canvas.medal(PAD + 6, mid, entry.place)
            rating = str(entry.rating)
            room = WIDTH - 2 * PAD - 58 - canvas.width_of(rating, bold=True) - 20
            canvas.text(PAD + 46, mid, canvas.fit(drawable(entry.name) or "?", room), anchor="lm")
            canvas.text(WIDTH - PAD - 12, mid, rating, bold=True, anchor="rm")
            canvas.y += ROW + 6
        canvas.gap()
    return canvas.finish()


def streak_text(streak: int) -> str:
    if streak > 0:
        return ngettext("{n} win in a row", "{n} wins in a row", streak)
    return ngettext("{n} game without a win", "{n} games without a win", -streak)


def places_text(placings: Mapping[int, int]) -> str:
    return " · ".join(f"#{place} ×{games}" for place, games in sorted(placings.items()))


def chart(canvas: Canvas, left: int, top: int, width: int, height: int, history: Sequence[int]) -> None:
    """The ratings after each game as a line, lowest to highest of them; the last one marked."""
    if len(history) < 2:
        canvas.panel(left, top, left + width, top + height, CHART_GROUND, radius=8)
        canvas.text(left + width / 2, top + height / 2, _("one rated game"), size=SMALL, fill=MUTED, anchor="mm")
        return
    low, span = min(history), max(max(history) - min(history), 1)
    step = (width - 20) / (len(history) - 1)
    points = [(10 + i * step, height - 10 - (value - low) / span * (height - 20)) for i, value in enumerate(history)]
    colour = GREEN if history[-1] >= history[0] else RED

    def paint(d: ImageDraw.ImageDraw) -> None:
        d.rounded_rectangle((0, 0, width - 1, height - 1), 8, fill=CHART_GROUND)
        d.line(points, fill=colour, width=3)
        x, y = points[-1]
        d.ellipse((x - 5, y - 5, x + 5, y + 5), fill=GOLD)

    canvas.figure(SMALL)
    canvas.drawing(("chart", tuple(history)), left, top, width, height, paint)


def profile(name: str, card: Profile, titles: Mapping[str, str]) -> bytes:
    """`titles`: each game's title by its id."""
    canvas = Canvas()
    canvas.heading(drawable(name) or "?", _("favourite: {game}", game=titles.get(card.favourite, card.favourite)))
    canvas.line(streak_text(card.streak), fill=GREEN if card.streak > 0 else MUTED)
    words = WIDTH - 2 * PAD - CHART - 36  # the room left of a game's chart
    line = TEXT + 8
    for game in card.games:
        shown = _("not rated yet")
        if game.rating is not None:
            rating = shown_rating(game.rating.mu, game.rating.sigma)
            shown = _("rating {n} (provisional)", n=rating) if is_provisional(game.rating.games) else \
                _("rating {n}", n=rating)
        rated = game.rating is not None
        rating_lines = canvas.wrap(shown, words, size=SMALL, bold=rated)  # whole, never under the chart
        below = (len(rating_lines) - 1) * line
        top, height = canvas.y, 4 * line + 12 + below
        canvas.panel(PAD, top, WIDTH - PAD, top + height, PANEL)
        title = titles.get(game.game, game.game)  # the whole width; the rest beside the chart, under it
        canvas.text(PAD + 12, top + 10, canvas.fit(title, WIDTH - 2 * PAD - 24, bold=True), bold=True)
        for i, text in enumerate(rating_lines):
            canvas.text(PAD + 12, top + 10 + (1 + i) * line, text, size=SMALL, fill=GOLD if rated else MUTED,
                        bold=rated)
        canvas.text(PAD + 12, top + 10 + 2 * line + below,
                    canvas.fit(_("{won} won of {played}", won=game.won, played=game.played), words, size=SMALL),
                    size=SMALL)
        canvas.text(PAD + 12, top + 10 + 3 * line + below, canvas.fit(places_text(game.placings), words, size=SMALL),
                    size=SMALL, fill=MUTED)
        left, chart_top = WIDTH - PAD - 12 - CHART, top + 10 + line
        if game.history:
            chart(canvas, left, chart_top, CHART, height - line - 20, game.history)
        else:
            canvas.text(left + CHART / 2, (chart_top + top + height) / 2, _("no rated games"), size=SMALL,
                        fill=MUTED, anchor="mm")
        canvas.y += height + 8
    if card.medals:
        canvas.line(_("Medals"), bold=True, fill=GOLD)
        for won in card.medals[:12]:
            mid = canvas.y + 16
            canvas.medal(PAD, mid, won.place)
            canvas.text(PAD + 38, mid, canvas.fit(f"{won.season} · {titles.get(won.game, won.game)}",
                                                  WIDTH - 2 * PAD - 38, size=SMALL), size=SMALL, anchor="lm")
            canvas.y += 36
    if card.tournaments:
        canvas.line(_("Tournaments"), bold=True, fill=GOLD)
        for finish in card.tournaments:
            mid = canvas.y + 16
            canvas.medal(PAD, mid, finish.place)
            finished = " · ".join((drawable(finish.title) or "?", titles.get(finish.game, finish.game),
                                   tournament_place(finish.place, finish.members)))
            canvas.text(PAD + 38, mid, canvas.fit(finished, WIDTH - 2 * PAD - 38, size=SMALL), size=SMALL,
                        anchor="lm")
            canvas.y += 36
    return canvas.finish()


def tournament_place(place: int, members: int) -> str:
    return _("place {place} of {n}", place=place, n=members)
