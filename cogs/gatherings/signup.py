"""A tournament's sign-up: planning it (`/tournament new`) and its sign-up message, where members press **Join** or
**Leave** until it starts (the time chosen, or the host's **Start**). The message lists who signed up and is
edited as they do; once the tournament starts (or is cancelled) it keeps only its words, its buttons gone.

The bot checks first that it may run a tournament's tables here — threads of the channel, posting in them, the
tables' pictures — and refuses naming what it lacks, before anything is written."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import discord

from bot.i18n import N_, _, speaking
from bot.names import escaped
from bot.service.errors import Refusal
from bot.service.gatherings import Gathering, Gatherings
from bot.service.table import PACES
from cogs.table.after_commit import attempt, tell_saved
from cogs.table.format import is_admin, timestamp
from cogs.table.shared import Shared

from .controls import controls
from .tournament_text import signup_text
from .when import when_of

SIGN_UP_DAYS = 7  # without `starts:`, sign-ups wait this long for the host's Start, then it begins by itself
SIGN_UP_VERBS = ("join", "leave", "start")
SIGN_UP_LABELS = {"join": N_("Join"), "start": N_("Start")}  # not a night's: no check-in follows


class Settings(Protocol):
    """The servers' settings: a server's time zone (`/settings timezone`) and pictures (`/settings pictures`)."""

    async def of(self, guild_id: int | None) -> Any: ...


class SignUps:
    def __init__(self, gatherings: Gatherings, titles: Mapping[str, str], shared: Shared, settings: Settings
                 ) -> None:
        """`titles`: each game's title by its id."""
        self._gatherings, self._titles, self._shared, self._settings = gatherings, titles, shared, settings

    async def plan(self, interaction: discord.Interaction, *, game_id: str, kind: str, rounds: int, pace: str,
                   clock: str | None, starts: str | None, name: str | None) -> None:
        """`/tournament new`: the tournament, and its sign-up message as the command's answer."""
        guild_id, channel = interaction.guild_id, interaction.channel
        if guild_id is None or not isinstance(channel, discord.TextChannel):
            raise Refusal(N_("A tournament is held in a server's text channel: its tables are threads of it."))
        if not is_admin(interaction):
            raise Refusal(N_("Only members with Manage Server can plan a tournament."))
        if game_id not in self._titles:
            raise Refusal(N_("Pick a game from the list."))
        settings = await self._settings.of(guild_id)
        self._shared.access.check_opening(interaction, new_thread=True, pictures=settings.pictures)
        now = self._gatherings.now()
        starts_at = when_of(starts, now, settings.time_zone) if starts else now + SIGN_UP_DAYS * 86_400
        with speaking(await self._shared.languages.server(guild_id)):  # its name is public
            title = name or _("{game} tournament", game=self._titles[game_id])
        gathering = await self._gatherings.plan(
            guild_id=guild_id, channel_id=channel.id, kind=kind, game_id=game_id, host_id=interaction.user.id,
            starts_at=starts_at, title=title, rounds=rounds, pace_seconds=PACES[pace], clock=clock)
        # Committed: from here on every step is attempted on its own.
        with speaking(await self._shared.languages.server(guild_id)):
            payload = self.payload(gathering)
        answered: list[Any] = []

        async def answer() -> None:
            answered.append(await interaction.response.send_message(**payload))
        if await attempt("posting the sign-up message", answer()):
            await self._gatherings.record(gathering.id, announcement_id=answered[0].message_id)
        else:
            await attempt("telling the host it was saved", tell_saved(interaction))

    def payload(self, gathering: Gathering) -> dict[str, Any]:
        """The sign-up message: its words, and its controls while sign-ups are open."""
        view = controls(gathering.id, *SIGN_UP_VERBS, labels=SIGN_UP_LABELS) if gathering.planned \
            else None
        game = f"{self._shared.renderers[gathering.game_id].emoji} {self._titles[gathering.game_id]}"
        return {"content": signup_text(gathering, game), "view": view,
                "allowed_mentions": discord.AllowedMentions.none()}

    async def changed(self, gathering: Gathering) -> None:
        """Who signed up changed, or the tournament began or was cancelled: the sign-up message says so."""
        if gathering.announcement_id is None:
            return
        with speaking(await self._shared.languages.server(gathering.guild_id)):
            payload = self.payload(gathering)
        await attempt("editing the sign-up message", self._shared.channel.edit(
            gathering, self._shared.access.of(gathering.channel_id), gathering.announcement_id,
            "editing the sign-up message", **payload))


def signed_up(gathering: Gathering) -> str:
    """The answer to a member's Join on a sign-up message."""
    return _("🙋 You're signed up for {title}: round 1 starts {when}, or sooner when the host starts it. Each round's "
             "table opens in a thread here, and you are called there.", title=escaped(gathering.title),
             when=timestamp(gathering.starts_at))


def dropped(gathering: Gathering) -> str:
    """The answer to a member who left a tournament (Leave, or `/tournament drop`)."""
    if gathering.planned:
        return _("🚪 You are no longer signed up for {title}.", title=escaped(gathering.title))
    return _("🚪 You have left {title}: the computer plays your table of this round, and your points stay in the "
             "standings.", title=escaped(gathering.title))
