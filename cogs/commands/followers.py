"""A table's followers hear how it ended: a DM to each, in their language, with the result, a link to the table
and its replay (whose buttons work from the DM for a follower). It listens for the publisher's `table_closed`
event. The cog also brings the tables' Follow and Rematch controls (cogs/table/offers.py)."""

from __future__ import annotations

import discord
from discord.ext import commands

from bot.i18n import _, speaking
from bot.service import Table
from cogs.table.after_commit import attempt
from cogs.table.controller import controller
from cogs.table.controls import add_controls, remove_controls
from cogs.table.format import CONTENT_CHARS
from cogs.table.offers import OFFER_CONTROLS

from .replay import ReplayButton


class Followers(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        add_controls(self.bot, *OFFER_CONTROLS)

    async def cog_unload(self) -> None:
        remove_controls(self.bot, *OFFER_CONTROLS)

    @commands.Cog.listener()
    async def on_table_closed(self, table: Table) -> None:
        if not table.followers or self.bot.tables is None:  # type: ignore[attr-defined]
            return
        edge = self.bot.edge.shared  # type: ignore[attr-defined]
        renderer = controller(self.bot).renderer(table)
        for user_id in await edge.tables.followers(table.id):
            with speaking(await edge.languages.member(user_id)):
                head = _("{emoji} **{game}** · table {table} · <#{channel}> is over:", emoji=renderer.emoji,
                         game=table.game.title, table=table.id, channel=table.channel_id)
                text = f"{head}\n{renderer.result_text(table)}\n" + _("[See the table]({link})",
                                                                       link=edge.jump_url(table))
                view = discord.ui.View(timeout=None)
                if table.state is not None:
                    view.add_item(ReplayButton(table.id, 0, _("🎞️ Replay"), new=True))
            await attempt("telling a follower how the table ended",
                          edge.channel.dm(user_id, text[:CONTENT_CHARS], view=view))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Followers(bot))
