"""/leaderboard, /stats, /mygames, /help: the server's community side."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import GAMES
from bot.ratings import conservative

from ._render import PLACE_MEDALS, RENDERERS
from ._table import jump_url
from ._ui import escape

GAME_CHOICES = [app_commands.Choice(name=game.title, value=game_id) for game_id, game in GAMES.items()]


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
    @app_commands.describe(game="One game (all games if left out)")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None) -> None:
        rows = await self.store.leaderboard(interaction.guild_id, game)
        title = f"🏆 Leaderboard · {game_title(game) if game else 'all games'}"
        embed = discord.Embed(title=title, colour=discord.Colour.gold())
        if not rows:
            embed.description = ("No rated games yet. A game counts once it finishes with at least two members "
                                 "playing (computer players and ended tables are not rated).")
        else:
            lines = []
            for rank, (game_id, r) in enumerate(rows, start=1):
                where = "" if game else f" · {game_title(game_id)}"
                rate = round(100 * r.wins / r.games) if r.games else 0
                lines.append(f"{PLACE_MEDALS.get(rank, f'**{rank}.**')} <@{r.user_id}> — rating "
                             f"**{conservative(r.mu, r.sigma):.1f}** · {r.wins}/{r.games} won ({rate}%){where}")
            embed.description = "\n".join(lines)
            embed.set_footer(text="Rating: OpenSkill (Plackett-Luce), shown as μ − 3σ.")
        await interaction.response.send_message(embed=embed)

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
                lines.append(f"rating **{conservative(r.mu, r.sigma):.1f}** ({r.games} rated)")
            embed.add_field(name=game_title(game_id), value="\n".join(lines), inline=True)
        if recent:
            embed.add_field(name="Recent games", inline=False, value="\n".join(
                f"{PLACE_MEDALS.get(r.placing, f'#{r.placing}')} {game_title(r.game)} — place {r.placing} of "
                f"{r.players}, score {r.score} · <t:{int(r.at)}:R>" + ("" if r.rated else " · unrated")
                for r in recent))
        await interaction.response.send_message(embed=embed)

    @app_commands.command(description="Every table that waits on you, with links")
    async def mygames(self, interaction: discord.Interaction) -> None:
        tables = await self.bot.sessions.waiting_on(interaction.user.id)
        if not tables:
            await interaction.response.send_message("No table is waiting on you. 🎉", ephemeral=True)
            return
        lines = [f"{game_title(t.game.id)} — [open the table]({jump_url(t)})"
                 + (f" · due <t:{int(t.deadline_at)}:R>" if t.deadline_at else "") for t in tables]
        await interaction.response.send_message("\n".join(lines)[:2000], ephemeral=True)

    @app_commands.command(description="How to use this bot")
    async def help(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="🎲 Dice Table", colour=discord.Colour.blurple(), description=(
            "Play dice-and-card games right here. Open a table in a channel, friends press **Join**, the host "
            "presses **Start**. Everything else is buttons on the table message."))
        embed.add_field(name="Games", inline=False, value="\n".join(
            f"{game_title(g)} — `/{g} new` · `/{g} rules` · {game.min_players}–{game.max_players} players"
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
