"""The publisher: turns service snapshots into Discord messages — the table message, pings and DMs.

Every handler first asks the service (which commits before it returns), then shows the result:
the table message is edited in place (through the interaction's own response when it was clicked),
the players whose turn began are pinged in one short message (`_reach.py`), and private views go out by DM
(`_dms.py`). What the service's timer makes happen is said by `_timer_notices.py`. The table message follows
what the bot may do in its channel (`_permissions.py`): without Attach Files it has no picture, without Embed
Links (or sending) it is plain text, and without View Channel only a click on it (an interaction's answer,
which needs no channel permission) still changes it.
"""

from __future__ import annotations

import logging
from collections import OrderedDict, deque
from dataclasses import replace
from typing import Any

import discord

from bot.i18n import N_, Text, _, speaking, translated
from bot.names import escaped
from bot.service import PACES, Table, Tables
from bot.service.errors import NotSeated, NotYourTurn, Refusal
from bot.service.lobby import COMPUTER_NAME

from ._after_commit import SAVED, attempt, attempt_closing, tell_saved
from ._closing import ClosingRetries
from ._dms import DirectMessages
from ._language import server_language
from ._permissions import CREATE_THREADS, SEND_IN_THREADS, VIEW, Access, ChannelAccess, ChannelRefused
from ._pictures import ATTACHED, TablePictures, as_new
from ._reach import Reach
from ._render import RENDERERS, Renderer, clip, embed_text
from ._timer_notices import TimerNotices

log = logging.getLogger(__name__)

def moved_down() -> dict[str, Any]:
    """What an old table message says once the table was posted again further down."""
    return {"content": _("This table moved further down ⤵"), "embed": None, "view": None, "attachments": []}


BURIED_AFTER = 3  # messages below the table before a change posts it again at the bottom
RECENT_CHANNELS = 10_000  # channels whose last messages are remembered (the least recently active are forgotten)


def jump_url(table: Table, message_id: int | None = None, *, link_base: str | None = None) -> str:
    """A link to the table message; with `link_base` (the playground's own pages) a link to its channel there."""
    if link_base:
        return f"{link_base}{table.channel_id}"
    guild = table.guild_id or "@me"
    return f"https://discord.com/channels/{guild}/{table.channel_id}/{message_id or table.message_id}"


def is_admin(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions and interaction.permissions.manage_guild)


def pace_seconds(pace: str, minutes: int | None) -> int:
    return minutes * 60 if minutes else PACES[pace]


class Publisher(DirectMessages, TimerNotices, Reach, ClosingRetries):
    def __init__(self, bot: discord.Client) -> None:
        DirectMessages.__init__(self)
        Reach.__init__(self)
        ClosingRetries.__init__(self)
        self.bot = bot
        self.pictures = TablePictures(bot)
        self.access = ChannelAccess(bot)
        # channel -> ids of the last messages seen there (since the bot started): enough to tell a buried table
        self._recent: OrderedDict[int, deque[int]] = OrderedDict()

    def jump_url(self, table: Table) -> str:
        return jump_url(table, link_base=getattr(self.bot, "link_base", None))

    def channel_url(self, table: Table) -> str:
        """A link to the table's channel, which opens at its bottom. A DM links there: a link to the table
        message would go stale each time a buried table is posted again, and editing every DM for it
        would cost a call each."""
        link_base = getattr(self.bot, "link_base", None)
        return f"{link_base}{table.channel_id}" if link_base else \
            f"https://discord.com/channels/{table.guild_id or '@me'}/{table.channel_id}"

    @property
    def tables(self) -> Tables:
        return self.bot.tables  # type: ignore[attr-defined]

    @staticmethod
    def renderer(table: Table) -> Renderer:
        return RENDERERS[table.game.id]

    async def public_language(self, table: Any) -> str:
        """The language of the table's public messages: the server's (a member's own answers, in an
        interaction's task, already speak the member's language)."""
        return await server_language(self.bot, table.guild_id)

    async def seat_language(self, table: Table, seat: int) -> str:
        return await self.bot.member_languages.of(table.seats[seat].user_id)  # type: ignore[attr-defined]

    # --- opening ------------------------------------------------------------------------------
    async def open_table(self, interaction: discord.Interaction, game_id: str, *, pace: str, minutes: int | None,
                         thread: bool, options: dict[str, Any]) -> None:
        channel = interaction.channel
        if interaction.guild is None or channel is None:
            raise Refusal(N_("Tables are opened in a server channel, not in DMs."))
        if thread and not isinstance(channel, discord.TextChannel):
            raise Refusal(N_("A thread can only be made from a text channel: run this in the channel itself."))
        settings = await self.bot.guild_settings.of(interaction.guild.id)  # type: ignore[attr-defined]
        self.access.check_opening(interaction, new_thread=thread, pictures=settings.pictures)
        name = interaction.user.display_name
        await self.tables.check_hosting(interaction.guild.id, interaction.user.id)  # before making a thread
        if thread:
            with speaking(await server_language(self.bot, interaction.guild.id)):
                title = _("{emoji} {name}'s table", emoji=RENDERERS[game_id].emoji, name=name)
            where = await self.access.guard(channel.id, "making a table's thread", [VIEW, CREATE_THREADS],
                                            channel.create_thread(name=title[:100], auto_archive_duration=1440,
                                                                  type=discord.ChannelType.public_thread))
            await attempt("adding the host to the thread", self.access.guard(
                where.id, "adding the host to the thread", [VIEW, SEND_IN_THREADS], where.add_user(interaction.user)))
        else:
            where = channel
        table = await self.tables.open(
            guild_id=interaction.guild.id, channel_id=where.id, game_id=game_id, host_id=interaction.user.id,
            host_name=name, options=options, pace_seconds=pace_seconds(pace, minutes))
        # Committed: from here on every step is attempted on its own.
        if thread:
            await attempt("posting the table", self.edit_table_message(table))
            await attempt("answering the host", interaction.response.send_message(
                _("Your table is open in {channel}.", channel=where.mention), ephemeral=True))
        elif not await attempt("posting the table as the answer", self._post_as_answer(interaction, table)):
            await attempt("posting the table", self.edit_table_message(table))
            await attempt("telling the host it was saved", tell_saved(interaction))

    async def _post_as_answer(self, interaction: discord.Interaction, table: Table) -> None:
        access = self.access.of(table.channel_id, interaction)
        response = await interaction.response.send_message(**as_new(await self.table_payload(table, access)))
        message_id = response.message_id or (await interaction.original_response()).id
        await self.tables.set_message(table.id, message_id)

    # --- lobby --------------------------------------------------------------------------------
    async def lobby_action(self, interaction: discord.Interaction, table: Table, verb: str) -> Table:
        user = interaction.user
        channel_id = table.channel_id
        if verb == "join":
            return await self.tables.join(channel_id, user.id, user.display_name)
        if verb == "leave":
            return await self.tables.leave(channel_id, user.id)
        if verb == "addbot":
            with speaking(await self.public_language(table)):
                naming = _(COMPUTER_NAME)  # a computer's name is public: in the server's language
            return await self.tables.add_computer(channel_id, user.id, naming)
        if verb == "start":
            return await self.tables.start(channel_id, user.id)
        raise Refusal(N_("That button is not known."))

    # --- moves --------------------------------------------------------------------------------
    async def play(self, interaction: discord.Interaction, table: Table, action: Any, seq: int | None) -> None:
        """A move from a button (seq = the move it was offered at) or a typed command (seq None)."""
        table = await self.tables.act(table.id, interaction.user.id, action, seq)
        happened = self.what_happened(table, table.seat_of(interaction.user.id))
        await self.show(table, interaction=interaction, happened=happened)

    async def end_table(self, interaction: discord.Interaction, table: Table) -> None:
        """End a table for everyone (unrated); the table and DMs lose their buttons."""
        table = await self.tables.end(table.channel_id, interaction.user.id, is_admin=is_admin(interaction))
        note = Text(N_("🛑 {name} ended the {game} table. It is not rated."),
                    {"name": escaped(interaction.user.display_name), "game": table.game.title})
        await self.show(table, interaction=interaction, announce=note)

    def what_happened(self, after: Table, seat: int | None) -> str | None:
        """The move and whatever followed it (the table's news), as the player who moved reads it."""
        return " ".join(self.renderer(after).news_lines(after, seat))[:1500] or None

    async def play_typed(self, interaction: discord.Interaction, game_id: str, action: Any) -> None:
        """A move typed as a slash command, for the table in this channel. `action` may be a parser of the
        typed text, called only for the member on turn: a typo and a valid entry then get the same
        answer from someone who may not move now."""
        table = await self.tables.get(interaction.channel_id)
        if table.game.id != game_id:
            raise Refusal(N_("The table here plays {game}."), game=table.game.title)
        if callable(action):
            seat = table.seat_of(interaction.user.id)
            if seat is None:
                raise NotSeated()
            if table.status == "active" and seat not in table.to_act:
                raise NotYourTurn.waiting_for([table.seats[s].name for s in sorted(table.to_act)])
            action = action()
        await self.play(interaction, table, action, None)

    async def show_hand(self, interaction: discord.Interaction, table: Table) -> None:
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise NotSeated(N_("You are not seated at this table: the table message shows everything public."))
        if table.state is None:
            raise Refusal(N_("The game has not started yet: your private view comes with the first move."))
        reclaimed = table.seats[seat].autopilot
        if reclaimed:
            table = await self.tables.reclaim(table.id, interaction.user.id)
            await attempt("showing the seat taken back",
                          self.edit_table_message(table, self.access.of(table.channel_id, interaction)))
        embed, view = await self.private_payload(table, seat)
        files = await self.private_files(table, seat, embed)
        answer = interaction.response.send_message(embed=embed, view=view, files=files, ephemeral=True)
        if not reclaimed:  # nothing was committed: a failure may go to the one error path
            await answer
        elif not await attempt("showing the hand of a seat taken back", answer):
            await attempt("telling the member it was saved", tell_saved(interaction))

    # --- showing a change ---------------------------------------------------------------------
    async def show(self, table: Table, *, interaction: discord.Interaction | None = None,
                   announce: Text | None = None, happened: str | None = None) -> None:
        """Show a committed change: answer the member (publicly with `announce`, in the server's language),
        edit the table message, ping whoever must act now, update DMs and announce a result. Each step is
        attempted on its own, as far as the bot may in the table's channel (the host is told once what it may not)."""
        access = self.access.of(table.channel_id, interaction)
        actor = table.seat_of(interaction.user.id) if interaction else None
        clicked = getattr(interaction.message, "id", None) if interaction else None
        on_table = interaction is not None and announce is None and clicked is not None and clicked == table.message_id
        answered = table_shown = False
        # A buried table comes back with the next ping, as one message: the table, headed by the ping.
        targets = self._targets(table, actor) if access.can_post and self.is_buried(table) else []
        with speaking(await self.public_language(table)):
            ping = self._ping(table, targets, link=False) if targets else None
            shout = translated(announce) if announce is not None else None
        moved_to: list[int] = []
        if ping is not None and await attempt("moving the buried table down", self._move_down(
                table, access, interaction if on_table else None, moved_to, ping)):
            table = replace(table, message_id=moved_to[0])
            answered, table_shown = on_table, True
        elif on_table:
            answered = table_shown = await attempt("editing the table through the click",
                                                   self._edit_clicked(interaction, table, access))
        if not table_shown:
            table_shown = await self.edit_closing(table, "editing the table message", access)
        if interaction is not None and not on_table:
            answered = await attempt("answering the member",
                                     self._answer(interaction, table, actor, clicked, shout, table_shown,
                                                  happened))
        if interaction is not None and not answered:
            await attempt("telling the member it was saved", tell_saved(interaction))
        if not moved_to:
            await attempt("pinging", self.ping(table, access, exclude=actor))
        if self.renderer(table).has_private and table.state is not None:  # no private view before the deal
            await attempt("updating the DMs", self.update_dms(table))
        if table.status == "finished":
            await attempt_closing(table, "announcing the result", lambda: self.announce_result(table, access))
        await attempt("telling the host what the bot may no longer do", self.warn_host(table, interaction))

    async def _edit_clicked(self, interaction: discord.Interaction, table: Table, access: Access) -> None:
        await interaction.response.edit_message(**await self.table_payload(table, access))

    async def table_payload(self, table: Table, access: Access) -> dict[str, Any]:
        """The table message (an edit's payload: `as_new` makes it a send's), in the server's language, with
        its picture; `content` None clears a ping the message was posted with, once it is stale. Where the bot
        may not attach files it has no picture; where it may not embed, it is plain text."""
        renderer = self.renderer(table)
        with speaking(await self.public_language(table)):
            embed = renderer.embed(table)
            if not access.can_embed:
                return {"content": embed_text(embed), "embed": None, "view": renderer.table_view(table),
                        "attachments": []}
            files = await self.pictures.attach(table, embed) if access.can_attach else []
            return {"content": None, "embed": embed, "view": renderer.table_view(table), "attachments": files}

    async def _answer(self, interaction: discord.Interaction, table: Table, actor: int | None,
                      clicked: int | None, announce: str | None, table_shown: bool,
                      happened: str | None = None) -> None:
        """The answer when the table message itself was not what was clicked: a public line, a typed
        command's confirmation, a DM or an ephemeral hand edited in place, or an old table message retired."""
        if announce is not None:
            await interaction.response.send_message(announce)
            return
        if clicked is None:
            done = f"✅ {happened}" if happened else _("✅ Done.")
            text = (f"{done}\n" + _("[Open the table]({link})", link=self.jump_url(table)) if table_shown
                    else f"{done}\n{_(SAVED)}")
            await interaction.response.send_message(text, ephemeral=True)
            return
        in_dm = actor is not None and table.seats[actor].dm_message_id == clicked
        if actor is not None and (in_dm or interaction.message.flags.ephemeral):
            embed, view = await self.private_payload(table, actor, dm=in_dm)
            files = await self.private_files(table, actor, embed)
            await interaction.response.edit_message(embed=embed, view=view, attachments=files)
            if in_dm:
                self.dm_shown(table, actor, embed, view)
        else:  # an old table message (re-posted since): retire it
            with speaking(await self.public_language(table)):
                await interaction.response.edit_message(**moved_down())

    async def private_payload(self, table: Table, seat: int, *, dm: bool = False
                              ) -> tuple[discord.Embed, discord.ui.View]:
        """The seat's private view (`dm`: as its DM shows it), in its member's language (the one their
        client last spoke)."""
        with speaking(await self.seat_language(table, seat)):
            embed, view = self.renderer(table).private_view(table, seat, dm=dm)
            embed.set_author(name=_("Your seat at {game} — open the table", game=table.game.title),
                             url=self.channel_url(table))
        if self.renderer(table).has_private and await self.pictures.wanted(table):
            embed.set_image(url=ATTACHED)  # drawn only when it is sent: `private_files`
        return embed, view

    async def private_files(self, table: Table, seat: int, embed: discord.Embed) -> list[discord.File]:
        """The seat's private picture, if its embed shows one, in its member's language."""
        if embed.image.url != ATTACHED:
            return []
        with speaking(await self.seat_language(table, seat)):
            return await self.pictures.files(table, seat)

    async def edit_table_message(self, table: Table, access: Access | None = None) -> None:
        """Edit the table message in place (posting it anew if it was deleted or never recorded). Refused for a
        permission the bot thought it had, it tries once more with what the refusal taught it."""
        known = self.access.narrowed(table.channel_id, access) if access else self.access.of(table.channel_id)
        try:
            await self._edit_table_message(table, known)
        except ChannelRefused:
            fewer = self.access.narrowed(table.channel_id, known)
            if fewer == known or not fewer.can_see:
                raise
            await self._edit_table_message(table, fewer)

    async def _edit_table_message(self, table: Table, access: Access) -> None:
        if not access.can_see:
            raise ChannelRefused([VIEW])  # no call: only a click on the table (or /game status) shows it now
        payload = await self.table_payload(table, access)
        if table.message_id:
            try:
                await self.edit(table, access, table.message_id, "editing the table message", **payload)
                return
            except discord.NotFound:
                pass
        message = await self.post(table, access, "posting the table", **as_new(payload))
        await self.tables.set_message(table.id, message.id)

    def note_message(self, message: discord.Message) -> None:
        """Remember what is posted in a channel (pings included), in memory and without any lookup."""
        channel_id = message.channel.id
        recent = self._recent.pop(channel_id, None) or deque(maxlen=BURIED_AFTER + 1)
        recent.append(message.id)
        self._recent[channel_id] = recent
        if len(self._recent) > RECENT_CHANNELS:
            self._recent.popitem(last=False)

    def is_buried(self, table: Table) -> bool:
        if table.status != "active" or not table.message_id:
            return False
        below = sum(1 for message_id in self._recent.get(table.channel_id, ()) if message_id > table.message_id)
        return below > BURIED_AFTER

    async def _move_down(self, table: Table, access: Access, click: discord.Interaction | None,
                         moved_to: list[int], ping: tuple[str, discord.AllowedMentions]) -> None:
        """Post the table anew at the bottom under the ping; the old message is retired (through the click, if
        it was clicked). It costs what the ping and the table's edit cost anyway."""
        payload = as_new(await self.table_payload(table, access))
        text = payload.get("content")  # a plain-text table goes under the ping
        payload.update(content=clip(f"{ping[0]}\n{text}") if text else ping[0], allowed_mentions=ping[1])
        message = await self.post(table, access, "posting the table again at the bottom", **payload)
        await self.tables.set_message(table.id, message.id)
        moved_to.append(message.id)
        with speaking(await self.public_language(table)):
            retired = moved_down()
        if click is not None:
            await attempt("retiring the old table message", click.response.edit_message(**retired))
        elif table.message_id:
            await attempt("retiring the old table message",
                          self.edit(table, access, table.message_id, "retiring the old table message", **retired))

    async def repost(self, interaction: discord.Interaction, table: Table) -> None:
        """/game status: the table message again, at the bottom of the channel; the old one is retired.
        With no open table here it shows the channel's last closed table, so a final state whose edit
        failed can always be seen (and its old message loses its buttons)."""
        old = table.message_id
        await self._post_as_answer(interaction, table)
        self.closing_shown(table.id)
        access = self.access.of(table.channel_id, interaction)
        if old and access.can_see:
            with speaking(await self.public_language(table)):
                retired = moved_down()
            await attempt("retiring the old table message",
                          self.edit(table, access, old, "retiring the old table message", **retired))

    async def show_closed(self, interaction: discord.Interaction, table_id: int) -> bool:
        """A click on a closed table's message: show its final state in place, without buttons."""
        table = await self.tables.closed_table(table_id)
        if table is None or getattr(interaction.message, "id", None) != table.message_id:
            return False
        access = self.access.of(table.channel_id, interaction)
        await interaction.response.edit_message(**await self.table_payload(table, access))
        self.closing_shown(table_id)
        return True
