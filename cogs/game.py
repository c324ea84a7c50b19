"""/game …: the commands every game shares, acting on this channel's table."""

from __future__ import annotations

import io
import json
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_, Text, _, speaking, translated
from bot.names import escaped
from bot.service.errors import NotHost
from bot.service.fairness import verify

from ._history import answer_history
from ._language import server_language
from ._permissions import invite_url
from ._replay import ReplayButton, show_replay
from ._table import Publisher, is_admin
from ._ui import DYNAMIC_ITEMS, EndButton, add_controls, answer_unshown

log = logging.getLogger(__name__)

class Game(commands.GroupCog, group_name="game", group_description=N_("Join, start and manage this channel's table")):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.publisher = Publisher(bot)

    async def cog_load(self) -> None:
        add_controls(self.bot, *DYNAMIC_ITEMS, ReplayButton)
        if self.bot.application_id:  # known once logged in: the link asks for exactly what the bot uses
            log.info("invite link: %s", invite_url(self.bot.application_id))

    async def cog_unload(self) -> None:
        await self.publisher.stop_retrying()

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        self.publisher.note_message(message)
        self.publisher.channel_touched(message.channel.id)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.publisher.channel_touched(interaction.channel_id)
        await answer_unshown(interaction)

    @property
    def tables(self):
        return self.publisher.tables

    async def _lobby(self, interaction: discord.Interaction, verb: str) -> None:
        table = await self.tables.get(interaction.channel_id)
        table = await self.publisher.lobby_action(interaction, table, verb)
        await self.publisher.show(table, interaction=interaction)

    @app_commands.command(description=N_("Join the table in this channel"))
    @app_commands.describe(seed=N_("Your client seed, mixed into the dice (default: random); in the lobby it "
                                   "replaces yours"))
    async def join(self, interaction: discord.Interaction, seed: str | None = None) -> None:
        table = await self.tables.get(interaction.channel_id)
        user = interaction.user
        table = await self.tables.join(table.channel_id, user.id, user.display_name, client_seed=seed)
        await self.publisher.show(table, interaction=interaction)

    @app_commands.command(description=N_("Leave the table (in a running game the computer takes your seat)"))
    async def leave(self, interaction: discord.Interaction) -> None:
        if (await self.tables.get(interaction.channel_id)).status == "lobby":
            await self._lobby(interaction, "leave")
            return
        host = (await self.tables.get(interaction.channel_id)).host_id
        table = await self.tables.leave(interaction.channel_id, interaction.user.id)
        note = Text(N_("{name} left the game; the computer plays their seat from here."),
                    {"name": escaped(interaction.user.display_name)})
        await self.publisher.show(table, interaction=interaction, announce=_with_new_host(note, table, host))

    @app_commands.command(description=N_("Host: seat a computer player"))
    async def addbot(self, interaction: discord.Interaction) -> None:
        await self._lobby(interaction, "addbot")

    @app_commands.command(description=N_("Host: take the last computer player out of the lobby"))
    async def removebot(self, interaction: discord.Interaction) -> None:
        table = await self.tables.remove_computer(interaction.channel_id, interaction.user.id)
        await self.publisher.show(table, interaction=interaction)

    @app_commands.command(description=N_("Host: start the game"))
    async def start(self, interaction: discord.Interaction) -> None:
        await self._lobby(interaction, "start")

    @app_commands.command(description=N_("Your private view and your move buttons (only you see it)"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.publisher.show_hand(interaction, await self.tables.get(interaction.channel_id))

    @app_commands.command(description=N_("Show the table again at the bottom of the channel"))
    async def status(self, interaction: discord.Interaction) -> None:
        # with no open table, the last closed one again: its final state, without buttons
        await self.publisher.repost(interaction, await self.tables.shown_in(interaction.channel_id))

    @app_commands.command(description=N_("Host or Manage Server: end this table (not rated)"))
    async def end(self, interaction: discord.Interaction) -> None:
        table = await self.tables.get(interaction.channel_id)
        if table.status != "active":  # a lobby loses nothing: it ends at once
            await self.publisher.end_table(interaction, table)
            return
        if interaction.user.id != table.host_id and not is_admin(interaction):
            raise NotHost(N_("Only the host or a member with Manage Server can end this table."))
        view = discord.ui.View(timeout=None)
        view.add_item(EndButton(table.id, "yes"))
        view.add_item(EndButton(table.id, "no"))
        await interaction.response.send_message(
            _("End this {game} game for everyone? It will not be rated and cannot be resumed.",
              game=table.game.title),
            view=view, ephemeral=True)

    @app_commands.command(description=N_("Host or Manage Server: remove a player (in a running game the computer "
                                         "takes the seat)"))
    @app_commands.describe(member=N_("The player to remove"))
    async def kick(self, interaction: discord.Interaction, member: discord.Member) -> None:
        host = (await self.tables.get(interaction.channel_id)).host_id
        table = await self.tables.kick(interaction.channel_id, interaction.user.id, member.id,
                                         is_admin=is_admin(interaction))
        removed = (N_("{name} was removed from the table. The computer plays their seat from here.")
                   if table.status == "active" else N_("{name} was removed from the table."))
        note = Text(removed, {"name": escaped(member.display_name)})
        await self.publisher.show(table, interaction=interaction, announce=_with_new_host(note, table, host))


    @app_commands.command(description=N_("Check a finished game's dice against its revealed seed; the game comes "
                                         "as a JSON file"))
    @app_commands.describe(table=N_("A table number (default: this channel's last table)"))
    async def verify(self, interaction: discord.Interaction, table: int | None = None) -> None:
        record = await self.tables.game_record(interaction.guild_id, table, interaction.channel_id)
        table = record["table"]
        verdict = verify(record, self.tables.games)
        data = json.dumps(record, ensure_ascii=False, indent=1).encode()
        with speaking(await server_language(self.bot, interaction.guild_id)):  # a public answer
            answer = _("Table {table}: {verdict}\nAnyone can check the file with `python -m bot verify {file}`.",
                       table=table, verdict=translated(verdict.text), file=f"table-{table}.json")
        await interaction.response.send_message(
            answer, file=discord.File(io.BytesIO(data), filename=f"table-{table}.json"))


    @app_commands.command(description=N_("A finished game's story: players, every round, the result, the luck "
                                         "and the dice seed"))
    @app_commands.describe(table=N_("A table number (default: this channel's last table)"))
    async def history(self, interaction: discord.Interaction, table: int | None = None) -> None:
        await answer_history(interaction, self.tables, table)

    @app_commands.command(description=N_("Step through a finished game move by move, with ◀ ▶"))
    @app_commands.describe(table=N_("A table number (default: this channel's last table)"))
    async def replay(self, interaction: discord.Interaction, table: int | None = None) -> None:
        await show_replay(interaction, table, 0, edit=False)


def _with_new_host(note: Text, table, previous_host_id: int) -> Text:
    """The host left and the next seated member hosts from here: say so after the note."""
    if table.status not in ("lobby", "active") or table.host_id == previous_host_id:
        return note
    host = escaped(next(s.name for s in table.seats if s.user_id == table.host_id))
    return Text("{note} {host}", {"note": note, "host": Text(N_("{name} hosts the table now."), {"name": host})})


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Game(bot))
