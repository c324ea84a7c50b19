"""/leaderboard, /stats, /mygames, /help: the server's community side."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import GAMES
from bot.ratings import PROVISIONAL_GAMES, is_provisional, shown_rating
from db import RatingRow

from ._render import PLACE_MEDALS, RENDERERS, players_range
from ._ui import escape, publisher

GAME_CHOICES = [app_commands.Choice(name=game.title, value=game_id) for game_id, game in GAMES.items()]


NO_RATED_GAMES = ("No rated games yet. A game counts once it finishes with at least two members playing "
                  "(computer players and ended tables do not count).")
RATING_EXPLAINED = ("Everyone starts at 1000; winning against others raises the rating, losing lowers it, "
                    "and beating strong players counts more.")
PROVISIONAL_EXPLAINED = f"Provisional: fewer than {PROVISIONAL_GAMES} rated games, so the rating is still settling."


def rating_text(r: RatingRow) -> str:
    return f"**{shown_rating(r.mu, r.sigma)}**" + (" (provisional)" if is_provisional(r.games) else "")


def game_title(game_id: str) -> str:
    game = GAMES.get(game_id)
    return f"{RENDERERS[game_id].emoji} {game.title}" if game and game_id in RENDERERS else game_id


class Community(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def store(self):
        return self.bot.store

    @app_commands.command(description="This server's best players")
    @app_commands.describe(game="One game (every game, each ranked on its own, if left out)")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None) -> None:
        title = f"🏆 Leaderboard · {game_title(game) if game else 'every game'}"
        embed = discord.Embed(title=title, colour=discord.Colour.gold())
        if game:
            rows = [r for _, r in await self.store.leaderboard(interaction.guild_id, game)]
            embed.description = "\n".join(await self._ranking(interaction.guild_id, rows)) or NO_RATED_GAMES
            provisional = any(is_provisional(r.games) for r in rows)
        else:  # one ranking per game: ratings from different games do not compare
            provisional = False
            for game_id in GAMES:
                rows = [r for _, r in await self.store.leaderboard(interaction.guild_id, game_id, limit=5)]
                if rows:
                    embed.add_field(name=game_title(game_id), inline=False,
                                    value="\n".join(await self._ranking(interaction.guild_id, rows)))
                    provisional |= any(is_provisional(r.games) for r in rows)
            if not embed.fields:
                embed.description = NO_RATED_GAMES
        if embed.description != NO_RATED_GAMES:
            embed.set_footer(text=RATING_EXPLAINED + (f" {PROVISIONAL_EXPLAINED}" if provisional else ""))
        await interaction.response.send_message(embed=embed)

    async def _ranking(self, guild_id: int | None, rows: list[RatingRow]) -> list[str]:
        """Names, not mentions: a mention in an embed shows as a raw id wherever the member is not cached."""
        names = await self.store.member_names(guild_id, [r.user_id for r in rows]) if rows else {}
        lines = []
        for rank, r in enumerate(rows, start=1):
            rate = round(100 * r.wins / r.games) if r.games else 0
            name = escape(names.get(r.user_id, "a former member"))
            lines.append(f"{PLACE_MEDALS.get(rank, f'**{rank}.**')} {name} — "
                         f"{rating_text(r)} · won {r.wins} of {r.games} ({rate}%)")
        return lines

    @app_commands.command(description="A member's record per game and recent games")
    @app_commands.describe(member="Whose record (yours if left out)", game="One game (all if left out)")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None,
                    game: str | None = None) -> None:
        who = member or interaction.user
        record = await self.store.member_record(interaction.guild_id, who.id)
        ratings = await self.store.member_ratings(interaction.guild_id, who.id)
        recent = await self.store.member_results(interaction.guild_id, who.id, game)
        embed = discord.Embed(title=f"📊 {escape(who.display_name)}", colour=discord.Colour.blurple())
        shown = [g for g in GAMES if (game is None or g == game) and g in record]
        if not shown:
            embed.description = "No finished games yet" + (f" of {game_title(game)}." if game else ".")
        for game_id in shown:
            played, won = record[game_id]
            lines = [f"{won} won of {played} ({round(100 * won / played)}%)"]
            if game_id in ratings:
                r = ratings[game_id]
                lines.append(f"rating {rating_text(r)} · {r.games} rated")
            embed.add_field(name=game_title(game_id), value="\n".join(lines), inline=True)
        if recent:
            embed.add_field(name="Recent games", inline=False, value="\n".join(
                f"{PLACE_MEDALS.get(r.placing, f'#{r.placing}')} {game_title(r.game)} — place {r.placing} of "
                f"{r.players}, score {r.score} · <t:{int(r.at)}:R>" + ("" if r.rated else " · unrated")
                + f" · table {r.session_id}"
                for r in recent))
            embed.set_footer(text="Open a game with /game history table:N, or step through it with "
                                  "/game replay table:N.")
        await interaction.response.send_message(embed=embed)

    @app_commands.command(description="Every table that waits on you, with links")
    async def mygames(self, interaction: discord.Interaction) -> None:
        tables = await self.bot.sessions.waiting_on(interaction.user.id)
        if not tables:
            await interaction.response.send_message("No table is waiting on you. 🎉", ephemeral=True)
            return
        lines = [f"{game_title(t.game.id)} — [open the table]({publisher(self.bot).jump_url(t)})"
                 + (f" · due <t:{int(t.deadline_at)}:R>" if t.deadline_at else "") for t in tables]
        await interaction.response.send_message("\n".join(lines)[:2000], ephemeral=True)

    @app_commands.command(description="How to use this bot")
    async def help(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="🎲 Dice Table", colour=discord.Colour.blurple(), description=(
            "Play dice-and-card games right here. Open a table in a channel, friends press **Join**, the host "
            "presses **Start**. Everything else is buttons on the table message."))
        embed.add_field(name="Games", inline=False, value="\n".join(
            f"{game_title(g)} — `/{g} new` · `/{g} rules` · {players_range(game)}"
            for g, game in GAMES.items() if g in RENDERERS))
        embed.add_field(name="At a table", inline=False, value=(
            "`/game join` · `/game leave` · `/game start` · `/game addbot` / `removebot` (computer players)\n"
            "`/game hand` your private view · `/game status` show the table again\n"
            "`/game end` · `/game kick` for the host (or Manage Server)"))
        embed.add_field(name="Time", inline=False, value=(
            "`pace:` live (2 min), casual (1 h), async (24 h) or `minutes:`. Half-way you get a reminder; at the "
            "deadline the rules' default move is played. After 3 missed turns the computer plays your seat until "
            "you press **My hand**."))
        embed.add_field(name="Community", inline=False,
                        value="`/leaderboard` · `/stats` · `/mygames` (tables waiting on you)")
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Community(bot))
