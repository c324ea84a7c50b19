"""What the bot may do in a channel.

`NEEDED` is the one list of the permissions the bot uses: the invite link asks for exactly these (`INVITE`; the
link is logged at start-up and its number is in the README), `/<game> new` checks them before anything is
written, and a table whose channel loses one mid-game goes on in a reduced form (`Access`) instead of failing.

How the bot knows them:
- an interaction brings `app_permissions`, Discord's own computation with the channel's overwrites: it decides
  that interaction's steps in its channel;
- a step without an interaction there (a timeout, a reminder, a click on a DM) reads the guild's cached channel,
  `permissions_for(guild.me)`, which discord.py keeps current from the gateway's channel and role updates, at no
  REST cost;
- a 403 that comes back all the same (50013 Missing Permissions, 50001 Missing Access: a channel this process
  does not cache, or an update it missed) is logged as a warning naming the channel and the permission, and that
  permission counts as missing there until the next interaction in the channel says otherwise.
Both readings follow Discord's implicit permissions (docs: topics/permissions, "Implicit Permissions"): without
View Channel nothing else counts, and without sending, neither do Embed Links nor Attach Files.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass
from typing import TypeVar

import discord
from discord import app_commands

from bot.i18n import N_, Text
from bot.service.errors import Refusal

log = logging.getLogger(__name__)

T = TypeVar("T")

MISSING_ACCESS, MISSING_PERMISSIONS = 50001, 50013  # Discord's JSON error codes for a refused permission
THREADS = (discord.ChannelType.public_thread, discord.ChannelType.private_thread, discord.ChannelType.news_thread)


@dataclass(frozen=True)
class Permission:
    flag: str  # the `discord.Permissions` attribute
    name: str  # Discord's name for it in a channel's settings (a message id: translated when shown)


VIEW = Permission("view_channel", N_("View Channel"))
SEND = Permission("send_messages", N_("Send Messages"))
SEND_IN_THREADS = Permission("send_messages_in_threads", N_("Send Messages in Threads"))
CREATE_THREADS = Permission("create_public_threads", N_("Create Public Threads"))
EMBED = Permission("embed_links", N_("Embed Links"))
ATTACH = Permission("attach_files", N_("Attach Files"))
HISTORY = Permission("read_message_history", N_("Read Message History"))
# A server-wide permission: a game night's entry on Discord's calendar. Create Events lets the bot create events
# and edit or delete those it created; Manage Events (which would also let it touch everyone's) is never asked.
CREATE_EVENTS = Permission("create_events", N_("Create Events"))

NEEDED = (VIEW, SEND, SEND_IN_THREADS, CREATE_THREADS, EMBED, ATTACH, HISTORY)
INVITED = (*NEEDED, CREATE_EVENTS)  # what the invite asks: a table's channel's, and the server's for game nights
INVITE = discord.Permissions(**{p.flag: True for p in INVITED})
SCOPES = ("bot", "applications.commands")


def invite_url(application_id: int) -> str:
    return discord.utils.oauth_url(application_id, permissions=INVITE, scopes=SCOPES)


def table_needs(*, thread: bool, pictures: bool, new_thread: bool = False) -> tuple[Permission, ...]:
    """What a table needs where it is played (`thread`: a thread), or, with `new_thread`, in the channel a
    `thread:true` table is opened from."""
    sending = (CREATE_THREADS, SEND_IN_THREADS) if new_thread else (SEND_IN_THREADS,) if thread else (SEND,)
    return (VIEW, *sending, EMBED, *((ATTACH,) if pictures else ()), HISTORY)


def lacking(permissions: discord.Permissions, needs: Sequence[Permission]) -> list[Permission]:
    """The needed permissions missing, less those Discord ignores anyway until another comes back: everything
    without View Channel, Embed Links and Attach Files without sending."""
    missing = [p for p in needs if not getattr(permissions, p.flag)]
    if VIEW in missing:
        return [VIEW]
    if SEND in missing or SEND_IN_THREADS in missing:
        missing = [p for p in missing if p not in (EMBED, ATTACH)]
    return missing


def is_thread(channel: object) -> bool:
    return getattr(channel, "type", None) in THREADS


@dataclass(frozen=True)
class Access:
    """What the bot may do in one channel, as far as it knows now."""

    permissions: discord.Permissions
    thread: bool = False

    def has(self, permission: Permission) -> bool:
        return bool(getattr(self.permissions, permission.flag))

    @property
    def sending(self) -> Permission:
        return SEND_IN_THREADS if self.thread else SEND

    @property
    def can_see(self) -> bool:
        """Edit its own messages there (Discord asks no more of an edit: discord-api-docs#3096)."""
        return self.has(VIEW)

    @property
    def can_post(self) -> bool:
        return self.can_see and self.has(self.sending)

    @property
    def can_embed(self) -> bool:
        return self.can_post and self.has(EMBED)

    @property
    def can_attach(self) -> bool:
        return self.can_post and self.has(ATTACH)

    def lacking(self, *, pictures: bool) -> list[Permission]:
        return lacking(self.permissions, table_needs(thread=self.thread, pictures=pictures))


def named(permissions: Sequence[Permission]) -> Text:
    """"*Attach Files*", "*Attach Files* and *Embed Links*", … in the reader's language."""
    names = {f"p{i}": Text(p.name) for i, p in enumerate(permissions)}
    if len(names) == 1:
        return Text("*{p0}*", names)
    *first, last = names
    return Text(N_("{names} and {last}"), {"names": Text(", ".join(f"*{{{k}}}*" for k in first), names),
                                           "last": Text(f"*{{{last}}}*", names)})


class ChannelRefused(Refusal):
    """The bot may not do what a table needs in this channel (before a commit: the member's answer)."""

    def __init__(self, missing: Sequence[Permission]) -> None:
        self.missing = tuple(missing)
        text = (N_("I can't run a table here: I need {permissions} in this channel — ask a moderator, or use "
                   "`/settings pictures off`.") if ATTACH in self.missing else
                N_("I can't run a table here: I need {permissions} in this channel — ask a moderator."))
        super().__init__(Text(text, {"permissions": named(self.missing)}))


class ChannelAccess:
    """The bot's knowledge of its permissions in each channel (see the module's docstring)."""

    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot
        self._refused: dict[int, int] = {}  # channel -> permission flags a 403 showed missing

    def of(self, channel_id: int, interaction: discord.Interaction | None = None) -> Access:
        if interaction is not None and interaction.guild_id and interaction.channel_id == channel_id:
            self._refused.pop(channel_id, None)
            return Access(interaction.app_permissions, is_thread(interaction.channel))
        channel = self.bot.get_channel(channel_id)
        known = discord.Permissions.all()
        if isinstance(channel, discord.abc.GuildChannel | discord.Thread) and channel.guild.me is not None:
            with contextlib.suppress(discord.ClientException):  # a thread whose parent is not cached
                known = channel.permissions_for(channel.guild.me)
        refused = self._refused.get(channel_id, 0)
        return Access(discord.Permissions(known.value & ~refused), is_thread(channel))

    def narrowed(self, channel_id: int, access: Access) -> Access:
        """`access` less what a 403 has shown missing in the channel since it was read."""
        refused = self._refused.get(channel_id, 0)
        return Access(discord.Permissions(access.permissions.value & ~refused), access.thread) if refused else access

    def check_opening(self, interaction: discord.Interaction, *, new_thread: bool, pictures: bool) -> None:
        """Refuse (naming what is missing) to open a table where the bot could not run it."""
        assert interaction.channel_id is not None  # its callers refuse a command from no server channel first
        access = self.of(interaction.channel_id, interaction)
        missing = lacking(access.permissions,
                          table_needs(thread=access.thread, pictures=pictures, new_thread=new_thread))
        if missing:
            raise ChannelRefused(missing)

    async def guard(self, channel_id: int, what: str, needs: Sequence[Permission], call: Awaitable[T]) -> T:
        """A REST call in the channel. A 403 for a permission is logged as a warning naming the channel and the
        permission, remembered, and raised as `ChannelRefused` (which `attempt` does not log again)."""
        try:
            return await call
        except discord.Forbidden as error:
            if error.code not in (MISSING_ACCESS, MISSING_PERMISSIONS):
                raise
            missing = [VIEW] if error.code == MISSING_ACCESS else lacking(self.of(channel_id).permissions, needs)
            guessed = not missing
            if guessed:  # the cache thought it allowed, and Discord does not say which: what the call carried
                # goes first (the table goes on without its picture, then without its embed), sending last
                carried = [p for p in (ATTACH, EMBED, SEND, SEND_IN_THREADS, CREATE_THREADS) if p in needs]
                missing = carried[:1] or list(needs)
            self._refused[channel_id] = self._refused.get(channel_id, 0) | sum(
                getattr(discord.Permissions, p.flag).flag for p in missing)
            log.warning("Discord refused %s in channel %s (%s %s): the bot lacks %s there%s", what, channel_id,
                        error.code, error.text, " and ".join(p.name for p in missing),
                        " (the likeliest: the cached permissions allowed it)" if guessed else "")
            raise ChannelRefused(missing) from error


def manage_server_only(interaction: discord.Interaction, refusal: str) -> bool:
    """A command group for *Manage Server* (Discord shows it only to them by default; a server may show it to
    others): anyone else is refused privately with `refusal`, through the one error path."""
    if interaction.permissions and interaction.permissions.manage_guild:
        return True
    raise app_commands.CheckFailure(refusal)
