"""/leaderboard, /stats, /mygames, /help (help.py): the server's community side."""

from __future__ import annotations

from collections.abc import Mapping

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_, _, speaking
from bot.names import escaped, isolated
from bot.service import Table
from bot.service.cache import TableCache
from bot.service.ratings import PROVISIONAL_GAMES, is_provisional, shown_rating
from bot.service.results import Ranked, Standings
from bot.service.season_results import FAIR_PLAY_GAMES
from bot.service.seasons import ALL_TIME, Seasons
from cogs.games import GameParts, live
from cogs.table.format import PLACE_MEDALS, Links, in_server, timestamp
from cogs.table.language import Languages
from cogs.table.reminders import member_deadline, time_left
from db import RatingRow
from db.seasons import SeasonRow

from .help import help_embed

GAMES = live()  # the bot's own games: the choices of /leaderboard and /stats
GAME_CHOICES = [app_commands.Choice(name=parts.engine.title, value=game_id) for game_id, parts in GAMES.items()]


NO_RATED_GAMES = N_("No rated games yet. A game counts once it finishes with at least two members playing "
                    "(computer players and ended tables do not count).")
RATING_EXPLAINED = N_("Everyone starts at 1000; winning against others raises the rating, losing lowers it, "
                      "and beating strong players counts more.")
PROVISIONAL_EXPLAINED = N_("Provisional: fewer than {n} rated games, so the rating is still settling.")
FAIR_PLAY_EXPLAINED = N_("Fair play: in a season, only the first {n} rated games a day between the same two members "
                         "move their ratings (the rest still count as played).")


def rating_text(r: RatingRow) -> str:
    rating = shown_rating(r.mu, r.sigma)
    return _("**{rating}** (provisional)", rating=rating) if is_provisional(r.games) else f"**{rating}**"


def game_title(game_id: str) -> str:
    parts = GAMES.get(game_id)
    return f"{parts.renderer.emoji} {parts.engine.title}" if parts else game_id



class Community(commands.Cog):
    def __init__(self, standings: Standings, seasons: Seasons, open_tables: TableCache, languages: Languages,
                 links: Links, tree: app_commands.CommandTree, games: Mapping[str, GameParts]) -> None:
        """`open_tables`: where /mygames finds the tables waiting on a member; `tree` and `games`: what /help
        describes."""
        self._standings, self._seasons, self._open_tables = standings, seasons, open_tables
        self._languages, self._links, self._tree, self._games = languages, links, tree, games

    @app_commands.command(description=N_("This server's best players"))
    @app_commands.describe(game=N_("One game (every game, each ranked on its own, if left out)"),
                           season=N_("A season, or all-time (the running season if left out)"))
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None,
                          season: app_commands.Range[str, 1, 100] | None = None) -> None:
        guild_id = in_server(interaction)
        if season is None:
            chosen = await self._seasons.running(guild_id)
        else:
            chosen = None if season.strip().casefold() == ALL_TIME else await self._seasons.named(guild_id, season)
        with speaking(await self._languages.server(guild_id)):  # a public answer
            embed = await self._leaderboard(guild_id, game, chosen)
        await interaction.response.send_message(embed=embed)

    @leaderboard.autocomplete("season")
    async def season_choices(self, interaction: discord.Interaction, current: str
                             ) -> list[app_commands.Choice[str]]:
        """All-time and the server's seasons, the latest first (the running one said so)."""
        typed = current.strip().casefold()
        choices = [app_commands.Choice(name=_("all-time (ratings that never restart)"), value=ALL_TIME)]
        for found in await self._seasons.listed(in_server(interaction)):
            name = isolated(found.name)
            label = _("{name} (running)", name=name) if found.ended_at is None else name
            choices.append(app_commands.Choice(name=label[:100], value=found.name))
        return [c for c in choices if typed in c.name.casefold() or typed in c.value.casefold()][:25]

    async def _leaderboard(self, guild_id: int | None, game: str | None, season: SeasonRow | None
                           ) -> discord.Embed:
        when = _("season {name}", name=escaped(season.name)) if season else _("all-time")
        title = _("🏆 Leaderboard · {what} · {when}", what=game_title(game) if game else _("every game"), when=when)
        embed = discord.Embed(title=title[:256], colour=discord.Colour.gold())
        season_id = season.id if season else None
        if game:
            ranked = await self._standings.leaderboard(guild_id, game, season_id=season_id)
            embed.description = "\n".join(self._ranking(ranked)) or None
            provisional = any(is_provisional(r.rating.games) for r in ranked)
        else:  # one ranking per game: ratings from different games do not compare
            provisional = False
            for game_id in GAMES:
                ranked = await self._standings.leaderboard(guild_id, game_id, limit=5, season_id=season_id)
                if ranked:
                    embed.add_field(name=game_title(game_id), inline=False, value="\n".join(self._ranking(ranked)))
                    provisional |= any(is_provisional(r.rating.games) for r in ranked)
        fair_play = " " + _(FAIR_PLAY_EXPLAINED, n=FAIR_PLAY_GAMES) if season else ""
        if not embed.description and not embed.fields:
            embed.description = _(NO_RATED_GAMES)
            embed.set_footer(text=fair_play.strip() or None)
        else:
            explained = _(RATING_EXPLAINED)
            if provisional:
                explained += " " + _(PROVISIONAL_EXPLAINED, n=PROVISIONAL_GAMES)
            embed.set_footer(text=explained + fair_play)
        return embed

    @staticmethod
    def _ranking(ranked: list[Ranked]) -> list[str]:
        """Names, not mentions: a mention in an embed shows as a raw id wherever the member is not cached."""
        lines = []
        for rank, (r, name) in enumerate(((x.rating, x.name) for x in ranked), start=1):
            rate = round(100 * r.wins / r.games) if r.games else 0
            name = escaped(name or _("a former member"))
            lines.append(PLACE_MEDALS.get(rank, f"**{rank}.**") + " " + _(
                "{name} — {rating} · won {wins} of {games} ({rate}%)",
                name=name, rating=rating_text(r), wins=r.wins, games=r.games, rate=rate))
        return lines

    @app_commands.command(description=N_("A member's record per game and recent games"))
    @app_commands.describe(member=N_("Whose record (yours if left out)"), game=N_("One game (all if left out)"))
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None,
                    game: str | None = None) -> None:
        who = member or interaction.user
        stats = await self._standings.member(interaction.guild_id, who.id, game)
        record, ratings, recent = stats.record, stats.ratings, stats.recent
        embed = discord.Embed(title=f"📊 {escaped(who.display_name)}", colour=discord.Colour.blurple())
        shown = [g for g in GAMES if (game is None or g == game) and g in record]
        with speaking(await self._languages.server(interaction.guild_id)):  # a public answer
            if not shown:
                embed.description = (_("No finished games of {game} yet.", game=game_title(game)) if game
                                     else _("No finished games yet."))
            for game_id in shown:
                played, won = record[game_id]
                lines = [_("{won} won of {played} ({rate}%)", won=won, played=played,
                           rate=round(100 * won / played))]
                if game_id in ratings:
                    r = ratings[game_id]
                    lines.append(_("rating {rating} · {games} rated", rating=rating_text(r), games=r.games))
                embed.add_field(name=game_title(game_id), value="\n".join(lines), inline=True)
            if recent:
                embed.add_field(name=_("Recent games"), inline=False, value="\n".join(
                    PLACE_MEDALS.get(r.placing, f"#{r.placing}") + " " + _(
                        "{game} — place {placing} of {players}, score {score} · {when}", game=game_title(r.game),
                        placing=r.placing, players=r.players, score=r.score, when=timestamp(r.at))
                    + ("" if r.rated else " · " + _("unrated"))
                    + " · " + _("table {table}", table=r.table_id)
                    for r in recent))
                embed.set_footer(text=_("Open a game with /game history table:N, or step through it with "
                                        "/game replay table:N."))
        await interaction.response.send_message(embed=embed)

    @app_commands.command(description=N_("Every table that waits on you, with links"))
    async def mygames(self, interaction: discord.Interaction) -> None:
        tables = await self._open_tables.waiting_on(interaction.user.id)
        if not tables:
            await interaction.response.send_message(_("No table is waiting on you. 🎉"), ephemeral=True)
            return
        def due(t: Table) -> float | None:
            return member_deadline(t, interaction.user.id)

        lines = [f"{game_title(t.game.id)} — " + _("[open the table]({link})", link=self._links.jump(t))
                 + (" · " + _("due {when}", when=time_left(due(t))) if due(t) else "")
                 for t in sorted(tables, key=lambda t: due(t) or float("inf"))]
        await interaction.response.send_message("\n".join(lines)[:2000], ephemeral=True)

    @app_commands.command(description=N_("How to use this bot"))
    async def help(self, interaction: discord.Interaction) -> None:
        embed = await help_embed(self._tree, self._games, self._languages, interaction.guild_id)
        await interaction.response.send_message(embed=embed, ephemeral=True)


