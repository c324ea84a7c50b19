"""A table's followers hear how it ended: a DM to each, in their language, with the result, a link to the table
and its replay (whose buttons work from the DM for a follower). It listens for the publisher's `table_closed`
event."""

from __future__ import annotations

from discord.ext import commands

from bot.i18n import _, speaking
from bot.service import Table
from bot.service.follows import Follows
from cogs.table.after_commit import attempt
from cogs.table.controls import controls
from cogs.table.format import CONTENT_CHARS
from cogs.table.replay import ReplayButton
from cogs.table.shared import Shared


class Followers(commands.Cog):
    def __init__(self, follows: Follows, shared: Shared) -> None:
        self._follows, self._shared = follows, shared

    @commands.Cog.listener()
    async def on_table_closed(self, table: Table) -> None:
        if not table.followers:
            return
        shared = self._shared
        renderer = shared.renderer(table)
        for user_id in await self._follows.followers(table.id):
            with speaking(await shared.languages.member(user_id)):
                head = _("{emoji} **{game}** · table {table} · <#{channel}> is over:", emoji=renderer.emoji,
                         game=table.game.title, table=table.id, channel=table.channel_id)
                text = f"{head}\n{renderer.result_text(table)}\n" + _("[See the table]({link})",
                                                                       link=shared.links.jump(table))
                view = controls(*([ReplayButton(table.id, 0, _("🎞️ Replay"), new=True)] if table.state is not None
                                  else []))
            await attempt("telling a follower how the table ended",
                          shared.channel.dm(user_id, text[:CONTENT_CHARS], view=view))
