"""The gatherings' controller: the one caller of the service for a gathering's click or command. Each makes one
service request, then shows what was committed, each Discord step attempted on its own. A refusal raised before
the commit reaches the one error path (an ephemeral sentence; nothing changed).

The bot checks its own permissions before it writes anything: *Create Events* (the calendar entry) in the server,
and in the night's channel what its tables need (threads, posting in them, pictures)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any, Protocol

import discord

from bot.gatherings import FINISHED, NIGHT, expected_end
from bot.i18n import N_, Text, _, ngettext, speaking
from bot.names import escaped
from bot.service.errors import Refusal
from bot.service.gatherings import Gathering, Gatherings, NoGathering
from bot.service.table import PACES, Table
from cogs.table.after_commit import attempt, tell_saved
from cogs.table.format import PLACE_MEDALS, is_admin, pace_text, timestamp
from cogs.table.permissions import (
    ATTACH,
    CREATE_EVENTS,
    CREATE_THREADS,
    EMBED,
    HISTORY,
    SEND,
    SEND_IN_THREADS,
    VIEW,
    lacking,
    named,
)
from cogs.table.shared import Shared

from .controls import bound, controls
from .messages import STATES, standings_payload
from .scheduled import ScheduledEvents, event_payload, event_url
from .signup import SignUps, dropped, signed_up
from .when import when_of

log = logging.getLogger(__name__)

NIGHT_NEEDS = (VIEW, SEND, CREATE_THREADS, SEND_IN_THREADS, EMBED, ATTACH, HISTORY)  # its tables are in threads
EARLIEST_EVENT = 60  # seconds: Discord wants an event to start in the future


class Shows(Protocol):
    """The table edge's publisher: a table changed by a member leaving a night is shown as any table is."""

    async def show(self, table: Table, *, interaction: discord.Interaction | None = None,
                   announce: Text | None = None, happened: str | None = None) -> None: ...


class Zones(Protocol):
    """The servers' settings: a server's time zone (`/settings timezone`)."""

    async def of(self, guild_id: int | None) -> Any: ...


def rounds_text(rounds: int) -> str:
    return ngettext("{n} round", "{n} rounds", rounds)


def refusal(text: str, **fields: Any) -> Refusal:
    return Refusal(Text(text, fields))


class GatheringDoor:
    def __init__(self, gatherings: Gatherings, events: ScheduledEvents, shared: Shared, publisher: Shows,
                 zones: Zones, titles: Mapping[str, str]) -> None:
        """`titles`: each game's title by its id."""
        self._gatherings, self._events, self._shared, self._publisher = gatherings, events, shared, publisher
        self._zones, self._titles = zones, titles
        self.button = bound(self)  # the control's class the click listener is handed
        self.signups = SignUps(gatherings, titles, shared, zones)  # a tournament's sign-up message

    # --- the controls -------------------------------------------------------------------------
    async def join(self, interaction: discord.Interaction, gathering_id: int) -> None:
        gathering = await self._gatherings.join(gathering_id, interaction.user.id, interaction.user.display_name)
        mine = gathering.member(interaction.user.id)
        if gathering.kind != NIGHT:
            text = signed_up(gathering)
            await self.signups.changed(gathering)
        elif gathering.planned:
            text = _("🙋 You're in {title}. The check-in opens {when}: press **I'm here** then.",
                     title=escaped(gathering.title), when=timestamp(gathering.starts_at))
        elif gathering.checking_in:
            text = _("✅ You're in {title} and checked in: tables are seated {when}.", title=escaped(gathering.title),
                     when=timestamp(gathering.check_in_ends_at or gathering.starts_at))
        else:
            text = _("🙋 You're in {title}: you play from round {round}.", title=escaped(gathering.title),
                     round=mine.first_round if mine else gathering.round + 1)
        await self._answer(interaction, text)

    async def leave(self, interaction: discord.Interaction, gathering_id: int) -> None:
        gathering, changed = await self._gatherings.leave(gathering_id, interaction.user.id)
        await self._hand_over(gathering, interaction.user.display_name, changed)
        if gathering.kind == NIGHT:
            await self._answer(interaction, _("🚪 You have left {title}.", title=escaped(gathering.title)))
            return
        await self._answer(interaction, dropped(gathering))
        await self.signups.changed(gathering)

    async def here(self, interaction: discord.Interaction, gathering_id: int) -> None:
        gathering = await self._gatherings.check_in(gathering_id, interaction.user.id, interaction.user.display_name)
        await self._answer(interaction, _("✅ You're checked in: tables are seated {when}.",
                                          when=timestamp(gathering.check_in_ends_at or gathering.starts_at)))

    async def start(self, interaction: discord.Interaction, gathering_id: int) -> None:
        gathering = await self._gatherings.start(gathering_id, interaction.user.id, is_admin(interaction))
        await self._answer(interaction, _("▶️ {title} starts now.", title=escaped(gathering.title)))

    async def standings(self, interaction: discord.Interaction, gathering_id: int) -> None:
        gathering = await self._gatherings.get(gathering_id)
        ranked = await self._gatherings.standings(gathering_id)
        payload = await standings_payload(gathering, ranked, final=gathering.closed)
        await interaction.response.send_message(**payload, ephemeral=True)

    # --- the commands -------------------------------------------------------------------------
    async def plan(self, interaction: discord.Interaction, game_id: str, when: str, *, rounds: int | None,
                   pace: str | None, channel: discord.TextChannel | None) -> None:
        """`/gamenight plan`: the night, its event on Discord's calendar, its announcement (the command's answer
        where it was run; otherwise posted in its channel)."""
        guild = interaction.guild
        where = channel or interaction.channel
        if guild is None or not isinstance(where, discord.TextChannel):
            raise refusal(N_("A game night is planned in a server's text channel."))
        perms = interaction.permissions
        if not (perms.manage_events or perms.create_events or perms.manage_guild):
            raise refusal(N_("Only members with Manage Events or Manage Server can plan a game night."))
        self.check_bot(interaction, where)
        zone = (await self._zones.of(guild.id)).time_zone
        starts_at = when_of(when, self._gatherings.now(), zone)
        with speaking(await self._shared.languages.server(guild.id)):
            title = _("{game} night", game=self._title(game_id))
        gathering = await self._gatherings.plan(
            guild_id=guild.id, channel_id=where.id, kind=NIGHT, game_id=game_id, host_id=interaction.user.id,
            starts_at=starts_at, title=title, rounds=rounds, pace_seconds=PACES[pace] if pace else None)
        # Committed: from here on every step is attempted on its own.
        with speaking(await self._shared.languages.server(guild.id)):
            event_id = await self._create_event(gathering, where)
            announcement = self.announcement(gathering, where, event_id)
        view = controls(gathering.id, "join", "leave", "standings")
        announcement_id: int | None = None
        if where.id == interaction.channel_id:
            answered: list[Any] = []

            async def answer() -> None:
                answered.append(await interaction.response.send_message(
                    announcement, view=view, allowed_mentions=discord.AllowedMentions.none()))
            if await attempt("announcing the night", answer()):
                announcement_id = answered[0].message_id
            else:
                await attempt("telling the host it was saved", tell_saved(interaction))
        else:
            posted: list[discord.Message] = []

            async def post() -> None:
                posted.append(await self._shared.channel.post(gathering, self._shared.access.of(where.id),
                                                              "announcing the night", content=announcement, view=view))
            await attempt("announcing the night", post())
            announcement_id = posted[0].id if posted else None
            await attempt("answering the host", interaction.response.send_message(
                _("🎲 {title} is planned in {channel}.", title=escaped(gathering.title), channel=where.mention),
                ephemeral=True))
        await self._gatherings.record(gathering.id, scheduled_event_id=event_id, announcement_id=announcement_id)

    def check_bot(self, interaction: discord.Interaction, where: discord.TextChannel) -> None:
        """Refuse, naming what is missing, where the bot could not run the night (before anything is written)."""
        if not (interaction.app_permissions.create_events or interaction.app_permissions.manage_events):
            raise refusal(N_("I can't put a game night on this server's calendar: I need {permissions} — ask a "
                             "moderator."), permissions=named([CREATE_EVENTS]))
        missing = lacking(self._shared.access.of(where.id, interaction).permissions, NIGHT_NEEDS)
        if missing:
            raise refusal(N_("I can't run a game night in {channel}: I need {permissions} there — ask a moderator."),
                          channel=where.mention, permissions=named(missing))

    async def _create_event(self, gathering: Gathering, where: discord.TextChannel) -> int | None:
        starts = max(gathering.starts_at, self._gatherings.now() + EARLIEST_EVENT)
        payload = event_payload(
            name=gathering.title, location=f"#{where.name}", starts_at=starts,
            ends_at=expected_end(starts, gathering.rounds, gathering.pace_seconds),
            description=_("{rounds} of {game} in #{channel}, {pace}. Press Interested to be called at the "
                          "check-in; tables are seated by rating, then by the night's standings.",
                          rounds=rounds_text(gathering.rounds), game=self._title(gathering.game_id),
                          channel=where.name, pace=pace_text(gathering.pace_seconds)))
        try:
            return await self._events.create(gathering.guild_id, payload)
        except discord.HTTPException:
            log.exception("Discord refused the scheduled event of gathering %s", gathering.id)
            return None

    def announcement(self, gathering: Gathering, where: discord.TextChannel, event_id: int | None) -> str:
        text = _("🎲 **{title}** — {when} ({relative}) in {channel}: {rounds}, {pace}.",
                 title=escaped(gathering.title), when=timestamp(gathering.starts_at, "F"),
                 relative=timestamp(gathering.starts_at), channel=where.mention,
                 rounds=rounds_text(gathering.rounds), pace=pace_text(gathering.pace_seconds))
        if event_id is not None:
            text += "\n" + _("Press **Interested** on [its event]({url}) or **Join the night** here. At the start, "
                             "check in with **I'm here**.", url=event_url(gathering.guild_id, event_id))
        else:
            text += "\n" + _("Press **Join the night** here. At the start, check in with **I'm here**.")
        return text

    async def start_here(self, interaction: discord.Interaction) -> None:
        await self.start(interaction, (await self.in_channel(interaction)).id)

    async def cancel(self, interaction: discord.Interaction) -> None:
        gathering = await self._gatherings.cancel((await self.in_channel(interaction)).id, interaction.user.id,
                                                  is_admin(interaction))
        await self._answer(interaction, _("❌ {title} is cancelled.", title=escaped(gathering.title)))

    async def standings_here(self, interaction: discord.Interaction) -> None:
        await self.standings(interaction, (await self.in_channel(interaction)).id)

    async def remove(self, interaction: discord.Interaction, member: discord.abc.User) -> None:
        gathering, changed = await self._gatherings.remove((await self.in_channel(interaction)).id, interaction.user.id,
                                                           member.id, is_admin(interaction))
        await self._hand_over(gathering, member.display_name, changed)
        await self._answer(interaction, _("{name} is no longer in {title}.", name=escaped(member.display_name),
                                          title=escaped(gathering.title)))
        if gathering.kind != NIGHT:
            await self.signups.changed(gathering)

    async def history(self, interaction: discord.Interaction) -> None:
        listed = await self._gatherings.listed(interaction.guild_id or 0, NIGHT, limit=15)
        if not listed:
            await interaction.response.send_message(_("No game night has been planned here yet."), ephemeral=True)
            return
        lines = [_("**Game nights here**")]
        for gathering in listed:
            line = _("{when} · {title} · {state}", when=timestamp(gathering.starts_at, "d"),
                     title=escaped(gathering.title), state=_(STATES[gathering.state]))
            if gathering.state == FINISHED:  # its winner (one statement each, as the standings are)
                first = (await self._gatherings.standings(gathering.id))[:1]
                line += f" · {PLACE_MEDALS[1]} {escaped(first[0].name)}" if first else ""
            lines.append(line)
        await interaction.response.send_message("\n".join(lines)[:2000], ephemeral=True)

    # --- helpers ------------------------------------------------------------------------------
    async def in_channel(self, interaction: discord.Interaction) -> Gathering:
        """The gathering of this channel (or of the channel a table's thread is in)."""
        channel = interaction.channel
        parent = getattr(channel, "parent_id", None)
        try:
            return await self._gatherings.open_in(interaction.channel_id or 0)
        except NoGathering:
            if parent is None:
                raise
            return await self._gatherings.open_in(parent)

    def _title(self, game_id: str) -> str:
        return self._titles[game_id]

    async def _hand_over(self, gathering: Gathering, name: str, tables: list[Table]) -> None:
        note = Text(N_("🚪 {name} left the night: the computer plays their seat.") if gathering.kind == NIGHT else
                    N_("🚪 {name} left the tournament: the computer plays their seat."), {"name": escaped(name)})
        for table in tables:
            await attempt("showing a table handed to the computer", self._publisher.show(table, announce=note))

    @staticmethod
    async def _answer(interaction: discord.Interaction, text: str) -> None:
        if not await attempt("answering the member", interaction.response.send_message(text, ephemeral=True)):
            await attempt("telling the member it was saved", tell_saved(interaction))

