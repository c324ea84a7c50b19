"""/profile [member]: a member's profile in this server as one picture (the tables' Pillow kit) — rating per game
with its history over their last 50 rated games as a small chart, games, wins and placings, current streak,
favourite game, medals from past seasons — and its text twin for screen readers (the message, and the picture's
alt text). Public, like /stats, so in the server's language."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Mapping

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_, _, ngettext, speaking
from bot.names import escaped
from bot.pictures.community import places_text, profile, tournament_place
from bot.service.profiles import Profile, Profiles
from bot.service.ratings import is_provisional, shown_rating
from cogs.table.format import ALT_TEXT_CHARS, CONTENT_CHARS, PLACE_MEDALS, in_server
from cogs.table.language import Languages


def profile_text(name: str, card: Profile, titles: dict[str, str]) -> str:
    """The profile in words, in the current language: the picture's twin."""
    lines = [_("**{name}** · favourite game: {game}", name=escaped(name), game=titles.get(card.favourite,
                                                                                          card.favourite))]
    if card.streak > 0:
        lines.append(ngettext("Streak: {n} win in a row", "Streak: {n} wins in a row", card.streak))
    else:
        lines.append(ngettext("Streak: {n} game without a win", "Streak: {n} games without a win", -card.streak))
    for game in card.games:
        title = titles.get(game.game, game.game)
        if game.rating is None:
            rating = _("not rated yet")
        else:
            shown = shown_rating(game.rating.mu, game.rating.sigma)
            rating = _("rating {n} (provisional)", n=shown) if is_provisional(game.rating.games) else \
                _("rating {n}", n=shown)
        trend = ""
        if len(game.history) > 1:
            trend = " · " + _("{first} → {last} over the last {n} rated games", first=game.history[0],
                              last=game.history[-1], n=len(game.history))
        lines.append(f"**{title}**: {rating} · " + _("{won} won of {played}", won=game.won, played=game.played)
                     + f" · {places_text(game.placings)}{trend}")
    if card.medals:
        lines.append(_("Medals: {medals}", medals=", ".join(
            f"{PLACE_MEDALS[m.place]} {escaped(m.season)} ({titles.get(m.game, m.game)})" for m in card.medals)))
    if card.tournaments:
        lines.append(_("Tournaments: {finishes}", finishes=", ".join(
            f"{PLACE_MEDALS.get(f.place, '🏅')} {escaped(f.title)} ({titles.get(f.game, f.game)}, "
            f"{tournament_place(f.place, f.members)})" for f in card.tournaments)))
    return "\n".join(lines)


class ProfileCommand(commands.Cog):
    def __init__(self, profiles: Profiles, titles: Mapping[str, str], languages: Languages) -> None:
        """`titles`: each game's title, by id."""
        self._profiles, self._titles, self._languages = profiles, titles, languages

    @app_commands.command(description=N_("A member's profile card: ratings and their history, medals, streak"))
    @app_commands.describe(member=N_("Whose profile (yours if left out)"))
    @app_commands.guild_only()
    async def profile(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        who, titles = member or interaction.user, dict(self._titles)
        card = await self._profiles.of(in_server(interaction), who.id, who.display_name)
        with speaking(await self._languages.server(interaction.guild_id)):  # a public answer
            text = profile_text(who.display_name, card, titles)[:CONTENT_CHARS]
            png = await asyncio.to_thread(profile, who.display_name, card, titles)
        picture = discord.File(io.BytesIO(png), filename="profile.png", description=text[:ALT_TEXT_CHARS])
        await interaction.response.send_message(text, file=picture, allowed_mentions=discord.AllowedMentions.none())

