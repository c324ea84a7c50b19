"""The click controller: a member's click or command at a table becomes ONE call to the service — to the
collaborator that owns what is asked (`Tables`: the lobby, the turns, the records…) — whose committed result the
publisher then shows. Nothing here decides a rule: the service and its engines refuse, and say why.

Controls name their table by a `Clicked` (its id, and where it was pressed); typed moves by a `Typed` (their channel,
and the game the command belongs to); `/game` commands by their channel. A move always goes as a `Reading`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.games.levels import DEFAULT_LEVEL
from bot.i18n import N_, Text, _, current_language, ngettext, speaking
from bot.metrics import UNMEASURED, Unmeasured
from bot.names import escaped, isolated
from bot.service import Clicked, Reading, Table, Typed
from bot.service.away import AwayCard
from bot.service.errors import Refusal
from bot.service.guild_settings import GuildSettings
from bot.service.lobby import COMPUTER_NAME

from .after_commit import attempt, tell_saved
from .closing import ClosingRetries
from .controls import EndButton, controls
from .dms import PrivateViews
from .format import is_admin, pace_seconds, timestamp
from .permissions import CREATE_THREADS, SEND_IN_THREADS, VIEW
from .publisher import Publisher
from .render import Renderer
from .replay import owner, replay_message
from .shared import Shared
from .table_message import TableMessage


def away_card(card: AwayCard) -> str:
    """A member's away days, as `/me` shows them."""
    days = ngettext("🏖 {n} away day left", "🏖 {n} away days left", card.days_left)
    if card.away_until is None:
        return days + " · " + _("your clocks run")
    return days + " · " + _("⏸ away until {when}: your casual and async tables wait for you",
                            when=timestamp(card.away_until, "F"))


def on_turn(parse: Callable[[], Any]) -> Reading:
    """A move read from typed text only for a member who may move now: from anyone else a typo and a valid entry
    get the same answer (whose turn it is)."""
    return lambda table, seat: parse() if seat in table.to_act else None


class Controller:
    def __init__(self, shared: Shared, settings: GuildSettings, publisher: Publisher, table_message: TableMessage,
                 closing: ClosingRetries, private_views: PrivateViews, metrics: Unmeasured = UNMEASURED) -> None:
        self._shared, self._tables, self._settings = shared, shared.tables, settings
        self._publisher, self._table_message = publisher, table_message
        self._closing, self._private_views, self._metrics = closing, private_views, metrics

    def renderer(self, table: Table) -> Renderer:
        return self._shared.renderer(table)

    async def table_in(self, channel_id: int) -> Table:
        """The open table of a channel, read (an autocomplete's: nothing changes)."""
        return await self._tables.cache.get(channel_id)

    # --- moves --------------------------------------------------------------------------------
    async def play(self, interaction: discord.Interaction, at: Clicked | Typed, reading: Reading, seq: int | None
                   ) -> None:
        """A move from a control (`seq`: the move it was offered at) or a typed command (seq None)."""
        table = await self._tables.act(at, interaction.user.id, reading, seq)
        happened = self._publisher.what_happened(table, table.seat_of(interaction.user.id))
        await self._publisher.show(table, interaction=interaction, happened=happened)
        self._metrics.move_answered(table.game.id, (discord.utils.utcnow() - interaction.created_at).total_seconds())

    async def play_typed(self, interaction: discord.Interaction, game_id: str, reading: Reading) -> None:
        """A move typed as `/<game_id> …` for the table in this channel."""
        await self.play(interaction, Typed(in_channel(interaction), game_id), reading, None)

    # --- the lobby ----------------------------------------------------------------------------
    async def open_table(self, interaction: discord.Interaction, game_id: str, *, pace: str, minutes: int | None,
                         thread: bool, options: dict[str, Any], clock: str = "fixed", away: bool = True) -> None:
        """`/<game> new`: a lobby in this channel, or in a new thread of it. The member's hosting is checked before
        a thread is made (so none is left behind), then the table is opened there."""
        shared, channel = self._shared, interaction.channel
        if interaction.guild is None or channel is None:
            raise Refusal(N_("Tables are opened in a server channel, not in DMs."))
        if thread and not isinstance(channel, discord.TextChannel):
            raise Refusal(N_("A thread can only be made from a text channel: run this in the channel itself."))
        settings = await self._settings.of(interaction.guild.id)
        shared.access.check_opening(interaction, new_thread=thread, pictures=settings.pictures)
        name = interaction.user.display_name
        made: discord.Thread | None = None
        if isinstance(channel, discord.TextChannel) and thread:
            await self._tables.lobby.check_hosting(interaction.guild.id, interaction.user.id)
            with speaking(await shared.languages.server(interaction.guild_id)):
                title = _("{emoji} {name}'s table", emoji=shared.renderers[game_id].emoji, name=isolated(name))
            made = await shared.access.guard(channel.id, "making a table's thread", [VIEW, CREATE_THREADS],
                                             channel.create_thread(name=title[:100], auto_archive_duration=1440,
                                                                   type=discord.ChannelType.public_thread))
            await attempt("adding the host to the thread", shared.access.guard(
                made.id, "adding the host to the thread", [VIEW, SEND_IN_THREADS], made.add_user(interaction.user)))
        table = await self._tables.lobby.open(
            guild_id=interaction.guild.id, channel_id=made.id if made else channel.id, game_id=game_id,
            host_id=interaction.user.id, host_name=name, options=options, pace_seconds=pace_seconds(pace, minutes),
            clock=clock, away=away)
        # Committed: from here on every step is attempted on its own.
        if made is not None:
            await attempt("posting the table", self._table_message.edit(table))
            await attempt("answering the host", interaction.response.send_message(
                _("Your table is open in {channel}.", channel=made.mention), ephemeral=True))
        elif not await attempt("posting the table as the answer", self._table_message.post_as_answer(interaction,
                                                                                                        table)):
            await attempt("posting the table", self._table_message.edit(table))
            await attempt("telling the host it was saved", tell_saved(interaction))

    async def lobby(self, interaction: discord.Interaction, at: int | Clicked, verb: str,
                    level: str = DEFAULT_LEVEL) -> None:
        """Join, Leave, Add a computer (at `level`), Start: a lobby control (`at`: a `Clicked`) or its `/game`
        command (a channel)."""
        user, lobby = interaction.user, self._tables.lobby
        if verb == "join":
            table = await lobby.join(at, user.id, user.display_name)
        elif verb == "leave":
            table = await lobby.leave(at, user.id)
        elif verb == "addbot":
            with speaking(await self._shared.languages.server(interaction.guild_id)):
                naming = _(COMPUTER_NAME)  # a computer's name is public: in the server's language
            table = await lobby.add_computer(at, user.id, naming, level)
        elif verb == "start":
            table = await self._tables.turns.start(at, user.id)
        else:
            raise Refusal(N_("That button is not known."))
        await self._publisher.show(table, interaction=interaction)

    async def join(self, interaction: discord.Interaction, client_seed: str | None) -> None:
        user = interaction.user
        table = await self._tables.lobby.join(in_channel(interaction), user.id, user.display_name,
                                              client_seed=client_seed)
        await self._publisher.show(table, interaction=interaction)

    async def leave(self, interaction: discord.Interaction) -> None:
        """`/game leave`: a lobby seat is freed; in a running game the computer takes the seat, and everyone is
        told (and who hosts now, if the host left)."""
        table = await self._tables.lobby.leave(in_channel(interaction), interaction.user.id)
        if table.state is None:  # it was a lobby
            await self._publisher.show(table, interaction=interaction)
            return
        note = Text(N_("{name} left the game; the computer plays their seat from here."),
                    {"name": escaped(interaction.user.display_name)})
        await self._publisher.show(table, interaction=interaction, announce=with_new_host(note, table))

    async def remove_computer(self, interaction: discord.Interaction) -> None:
        table = await self._tables.lobby.remove_computer(in_channel(interaction), interaction.user.id)
        await self._publisher.show(table, interaction=interaction)

    async def kick(self, interaction: discord.Interaction, member: discord.Member) -> None:
        table = await self._tables.lobby.kick(in_channel(interaction), interaction.user.id, member.id,
                                              is_admin=is_admin(interaction))
        removed = (N_("{name} was removed from the table. The computer plays their seat from here.")
                   if table.status == "active" else N_("{name} was removed from the table."))
        note = Text(removed, {"name": escaped(member.display_name)})
        await self._publisher.show(table, interaction=interaction, announce=with_new_host(note, table))

    # --- a seat's own view --------------------------------------------------------------------
    async def hand(self, interaction: discord.Interaction, at: int | Clicked) -> None:
        """My hand: the member's private view with their own controls, ephemeral; a seat on autopilot is taken
        back (the table message then shows it)."""
        table, taken_back = await self._tables.turns.hand(at, interaction.user.id)
        seat = table.seat_of(interaction.user.id)
        assert seat is not None, "the service shows a hand only to its seat's member"
        if taken_back:
            await attempt("showing the seat taken back",
                          self._table_message.edit(table, self._shared.access.of(table.channel_id, interaction)))
        views = self._private_views
        view = await views.payload(table, seat)
        answer = interaction.response.send_message(view=view, files=await views.files(table, seat, view),
                                                   ephemeral=True)
        if not taken_back:  # nothing was committed: a failure may go to the one error path
            await answer
        elif not await attempt("showing the hand of a seat taken back", answer):
            await attempt("telling the member it was saved", tell_saved(interaction))

    async def choose(self, interaction: discord.Interaction, at: Clicked, seq: int, kind: str) -> None:
        """A public control that opens the presser's own choices of a move offered at move `seq` (Armadillo's
        cards): a modal only they see, whose submit plays it (`controls.answer_choice`, from clicks.py). Refused
        as the move would be; a seat on autopilot is taken back, as with My hand."""
        table, taken_back = await self._tables.turns.hand(at, interaction.user.id, seq)
        if taken_back:
            await attempt("showing the seat taken back",
                          self._table_message.edit(table, self._shared.access.of(table.channel_id, interaction)))
        seat = table.seat_of(interaction.user.id)
        assert seat is not None, "the service shows a hand only to its seat's member"
        modal = self.renderer(table).choices(table, seat, kind)
        if not taken_back:  # nothing was committed: a failure may go to the one error path
            await interaction.response.send_modal(modal)
        elif not await attempt("showing the choices of a seat taken back", interaction.response.send_modal(modal)):
            await attempt("telling the member it was saved", tell_saved(interaction))

    # --- ending -------------------------------------------------------------------------------
    async def end(self, interaction: discord.Interaction, at: int | Clicked, *, confirmed: bool = True) -> None:
        """End a table for everyone (unrated); the table and DMs lose their buttons. Unconfirmed (`/game end`), a
        running game is not ended: the member is asked first (a lobby loses nothing: it ends at once)."""
        table = await self._tables.turns.end(at, interaction.user.id, is_admin=is_admin(interaction),
                                             running_too=confirmed)
        if table.status == "active":
            view = controls(EndButton(table.id, "yes"), EndButton(table.id, "no"))
            await interaction.response.send_message(
                _("End this {game} game for everyone? It will not be rated and cannot be resumed.",
                  game=table.game.title),
                view=view, ephemeral=True)
            return
        note = Text(N_("🛑 {name} ended the {game} table. It is not rated."),
                    {"name": escaped(interaction.user.display_name), "game": table.game.title})
        await self._publisher.show(table, interaction=interaction, announce=note)

    # --- following, a rematch -----------------------------------------------------------------
    async def follow(self, interaction: discord.Interaction, at: Clicked) -> None:
        """Follow a running table: the member is told, only them (the table shows the count from its next
        change, so the press costs one call)."""
        table = await self._tables.follows.follow(at, interaction.user.id)
        await attempt("answering the follower", interaction.response.send_message(
            _("👀 You follow table {table}: its result comes to you by DM, with its replay.", table=table.id),
            ephemeral=True))

    async def rematch(self, interaction: discord.Interaction, at: Clicked, wants: bool) -> None:
        """A player's answer to the rematch offer, shown on the finished table through the click; once everyone
        said yes, the rematch's table is posted below it and begins."""
        table, rematch = await self._tables.rematches.answer(at, interaction.user.id, wants)
        access = self._shared.access.of(table.channel_id, interaction)
        if await attempt("showing the rematch answers", self._table_message.edit_clicked(interaction, table, access)):
            self._closing.closing_shown(table.id)
        else:
            await attempt("telling the member it was saved", tell_saved(interaction))
        if rematch is not None:
            await self._publisher.show(rematch)

    async def not_this_turn(self, interaction: discord.Interaction, at: Clicked, seq: int) -> None:
        """A reminder's Not this turn: the table is silent for the member until their next turn (one call)."""
        table = await self._tables.reminders.silence(at, interaction.user.id, seq)
        await attempt("answering not this turn", interaction.response.send_message(
            _("🔕 Table {table} is silent for you until your next turn there: no reminder, ping or digest line.",
              table=table.id), ephemeral=True))

    async def vote(self, interaction: discord.Interaction, at: Clicked, seat: int, choice: str) -> None:
        """A player's vote on an absent member's seat: the voter is told how the vote stands; once decided, the
        table shows it through the click and everyone is told in the channel."""
        table, tally = await self._tables.votes.vote(at, interaction.user.id, seat, choice)
        name = escaped(table.seats[seat].name)
        if tally.decided is None:  # the table shows nothing new: the voter alone is told (one call)
            await attempt("telling the voter how the vote stands", interaction.response.send_message(
                _("🗳 Your vote is counted: {replace} to replace {name}, {end} to end the table, of {voters} "
                  "players (more than half decide).", replace=tally.replace, end=tally.end, name=name,
                  voters=tally.voters), ephemeral=True))
            return
        note = Text(N_("🗳 The players voted: the computer plays for {name} to the end of the game, which counts as "
                       "a loss for them.") if tally.decided == "replace" else
                    N_("🗳 The players voted to end the table while {name} was away. It is not rated."),
                    {"name": name})
        await self._publisher.show(table, interaction=interaction, announce=note)

    async def away(self, interaction: discord.Interaction, *, back: bool = False, days: int | None = None,
                   until: float | None = None) -> None:
        """`/me away` (for `days`, or `until` then) and `/me back`: the member's card, and each table whose clock
        stopped or runs again shows it (one edit each)."""
        user, away = interaction.user.id, self._tables.away
        card, changed = await (away.back(user) if back else away.go(user, days, until))
        await attempt("answering the member", interaction.response.send_message(away_card(card), ephemeral=True))
        for table in changed:
            await attempt("showing the member away or back", self._table_message.edit(table))

    # --- showing a table again ----------------------------------------------------------------
    async def status(self, interaction: discord.Interaction) -> None:
        """/game status: the table message again, at the bottom of the channel; the old one is retired.
        With no open table here it shows the channel's last closed table, so a final state whose edit
        failed can always be seen (and its old message loses its buttons)."""
        table = await self._tables.records.shown_in(in_channel(interaction))
        old = table.message_id
        await self._table_message.post_as_answer(interaction, table)
        self._closing.closing_shown(table.id)
        access = self._shared.access.of(table.channel_id, interaction)
        if old and access.can_see:
            await self._table_message.retire(table, access, old)

    async def show_closed(self, interaction: discord.Interaction, table_id: int) -> bool:
        """A click on a closed table's message: show its final state in place, without buttons."""
        table = await self._tables.records.closed_table(table_id)
        if table is None or getattr(interaction.message, "id", None) != table.message_id:
            return False
        access = self._shared.access.of(table.channel_id, interaction)
        await self._table_message.edit_clicked(interaction, table, access)
        self._closing.closing_shown(table_id)
        return True

    async def replay(self, interaction: discord.Interaction, table_id: int | None, step: int, *, edit: bool
                     ) -> None:
        """A closed table's replay at move `step` (`table_id` None: the channel's last game played): posted, or
        stepped in the replay message clicked (`edit`) when it is the presser's own; another member's replay stays
        where its member left it, and the presser gets theirs, privately. Public in a server (its language); in a
        DM, a table the member played at or followed, in their own language."""
        shared, guild_id = self._shared, interaction.guild_id
        language = await shared.languages.server(guild_id) if guild_id else current_language()
        with speaking(language):
            replayed = await self._tables.records.replay(guild_id, table_id, interaction.channel_id, step,
                                                         interaction.user.id)
            table, embed, view = replay_message(replayed, shared.renderer(replayed.table))
            picture = await shared.pictures.attach(table, embed)
        if edit and owner(interaction.message) in (None, interaction.user.id):
            await interaction.response.edit_message(embed=embed, view=view, attachments=picture)
        else:
            await interaction.response.send_message(embed=embed, view=view, files=picture, ephemeral=edit)


def with_new_host(note: Text, table: Table) -> Text:
    """The host left and the next seated member hosts from here: say so after the note."""
    if table.status not in ("lobby", "active") or not table.host_left:
        return note
    host = escaped(next(s.name for s in table.seats if s.user_id == table.host_id))
    return Text("{note} {host}", {"note": note, "host": Text(N_("{name} hosts the table now."), {"name": host})})


def in_channel(interaction: discord.Interaction) -> int:
    """The channel a command was typed in (every command has one)."""
    if interaction.channel_id is None:
        raise Refusal(N_("Tables are opened in a server channel, not in DMs."))
    return interaction.channel_id
