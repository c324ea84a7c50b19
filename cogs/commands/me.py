"""/me: a member's own preferences, set once for every table in every server — their time zone, quiet hours,
reminders (when, and where they go), the daily digest — and their away days (`/me away`, `/me back`:
bot/service/away.py; every casual and async table they sit at shows it, one edit each). Every answer is private and
shows the card of the current settings; a refusal (an unknown time zone, quiet hours of no time or all day, more
days than the budget) changes nothing. Reminders and the digest are sent by cogs/table/reminders.py, which also
holds **Not this turn**."""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_, _, clock_time
from bot.service.away import MOST_DAYS, Away
from bot.service.calendar import zone, zone_names
from bot.service.errors import Refusal
from bot.service.preferences import REMINDERS, MemberPreferences, MemberPrefsRow, quiet_period
from cogs.table.controller import Controller, away_card
from cogs.table.format import timestamp

REMINDER_CHOICES = {"table": N_("the table's (half-time)"), "off": N_("off"), "1h": N_("1 hour before the deadline"),
                    "4h": N_("4 hours before the deadline"), "12h": N_("12 hours before the deadline"),
                    "24h": N_("24 hours before the deadline")}
WHERE_CHOICES = {"channel": N_("a ping in the table's channel"), "dm": N_("a DM"), "both": N_("both")}
REMINDED_BY = {"channel": N_("Reminders: {when}, by a ping in the table's channel"),
               "dm": N_("Reminders: {when}, by DM"),
               "both": N_("Reminders: {when}, by a ping in the table's channel and by DM")}
assert set(REMINDER_CHOICES) == set(REMINDERS) and set(REMINDED_BY) == set(WHERE_CHOICES)


def card(prefs: MemberPrefsRow, now: float) -> str:
    """The member's settings in a few lines (well within a message's 2000 characters)."""
    local = datetime.fromtimestamp(now, zone(prefs.time_zone))
    lines = [_("**Your settings** (every table, every server)"),
             "🌍 " + _("Time zone: {zone} (it is {time} there now)", zone=prefs.time_zone,
                                time=clock_time(local.hour * 60 + local.minute))]
    if prefs.quiet_start is None or prefs.quiet_end is None:
        lines.append("🌙 " + _("Quiet hours: none"))
    else:
        lines.append("🌙 " + _("Quiet hours: {start}–{end}: no ping and no DM then",
                              start=clock_time(prefs.quiet_start), end=clock_time(prefs.quiet_end))
                     + (" · " + _("quiet now") if quiet_period(prefs, now) else ""))
    lines.append("⏰ " + (_("Reminders: off") if prefs.reminders == "off" else
                          _(REMINDED_BY[prefs.reminders_via], when=_(REMINDER_CHOICES[prefs.reminders]))))
    if prefs.digest_hour is None:
        lines.append("📬 " + _("Daily digest: off"))
    else:
        lines.append("📬 " + _("Daily digest: at {time}, next {when}; no ping per table at tables with turns of "
                              "a day or more", time=clock_time(prefs.digest_hour * 60),
                              when=timestamp(prefs.digest_at) if prefs.digest_at else "—"))
    return "\n".join(lines)


class Me(commands.GroupCog, group_name="me", group_description=N_("Your own settings for every table")):
    def __init__(self, preferences: MemberPreferences, away: Away, controller: Controller) -> None:
        """`away`: the card of a member's away days; `controller`: going away and coming back (each table whose
        clock stops or runs again shows it)."""
        super().__init__()
        self._preferences, self._away, self._controller = preferences, away, controller

    async def _answer(self, interaction: discord.Interaction, prefs: MemberPrefsRow, said: str | None = None) -> None:
        now = discord.utils.utcnow().timestamp()  # the bot's clock (a simulated one in tests)
        away = await self._away.card(interaction.user.id)
        text = card(prefs, now) + "\n" + away_card(away)
        await interaction.response.send_message(f"{said}\n\n{text}" if said else text, ephemeral=True)

    async def _change(self, interaction: discord.Interaction, said: str, **choices: Any) -> None:
        prefs = await self._preferences.change(interaction.user.id, **choices)
        await self._answer(interaction, prefs, said)

    @app_commands.command(description=N_("Your settings: time zone, quiet hours, reminders, daily digest"))
    async def show(self, interaction: discord.Interaction) -> None:
        await self._answer(interaction, await self._preferences.mine(interaction.user.id))

    @app_commands.command(description=N_("Your time zone, for your quiet hours and your digest"))
    @app_commands.describe(zone=N_("A time zone such as Europe/Madrid or America/New_York (default: UTC)"))
    async def timezone(self, interaction: discord.Interaction, zone: app_commands.Range[str, 1, 100]) -> None:
        await self._change(interaction, _("✅ Your time zone is saved."), time_zone=zone)

    @timezone.autocomplete("zone")
    async def zone_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        typed = current.strip().casefold().replace(" ", "_")
        return [app_commands.Choice(name=z, value=z) for z in zone_names() if typed in z.casefold()][:25]

    @app_commands.command(description=N_("Hours with no ping and no DM, in your time zone; none given: no quiet hours"))
    @app_commands.describe(start=N_("When they begin, e.g. 23:00"), end=N_("When they end, e.g. 08:00"))
    async def quiet(self, interaction: discord.Interaction, start: app_commands.Range[str, 1, 10] | None = None,
                    end: app_commands.Range[str, 1, 10] | None = None) -> None:
        if (start is None) != (end is None):
            await interaction.response.send_message(
                _("Give both a start and an end (e.g. start:23:00 end:08:00), or neither to have no quiet hours."),
                ephemeral=True)
            return
        quiet = (start, end) if start is not None and end is not None else None
        await self._change(interaction, _("✅ Your quiet hours are saved.") if quiet else
                           _("✅ No quiet hours: you may be pinged at any time."), quiet=quiet)

    @app_commands.command(description=N_("When you are reminded of a move, and where"))
    @app_commands.describe(when=N_("The table's reminder, none, or a time before the deadline"),
                           where=N_("A ping in the table's channel, a DM, or both"))
    @app_commands.choices(
        when=[app_commands.Choice(name=label, value=value) for value, label in REMINDER_CHOICES.items()],
        where=[app_commands.Choice(name=label, value=value) for value, label in WHERE_CHOICES.items()])
    async def reminders(self, interaction: discord.Interaction, when: str | None = None,
                        where: str | None = None) -> None:
        choices = {k: v for k, v in (("reminders", when), ("where", where)) if v is not None}
        await self._change(interaction, _("✅ Your reminders are saved; each table follows them from its next turn."),
                           **choices)

    @app_commands.command(description=N_("One DM a day at your hour listing every table waiting on you"))
    @app_commands.describe(hour=N_("The hour in your time zone (0–23); none given: no digest"))
    async def digest(self, interaction: discord.Interaction, hour: app_commands.Range[int, 0, 23] | None = None
                     ) -> None:
        await self._change(interaction, _("✅ Your daily digest is saved.") if hour is not None else
                           _("✅ No daily digest: each table pings you itself."), digest_hour=hour)

    @app_commands.command(description=N_("Go away for whole days: your casual and async tables wait for you"))
    @app_commands.describe(days=N_("Whole days away, from your budget (7, +2 each month, at most 21)"),
                           until=N_("Or the day you are back, as 2026-12-24 (midnight UTC)"))
    async def away(self, interaction: discord.Interaction,
                   days: app_commands.Range[int, 1, MOST_DAYS] | None = None,
                   until: app_commands.Range[str, 10, 10] | None = None) -> None:
        await self._controller.away(interaction, days=days, until=None if until is None else back_on(until))

    @app_commands.command(description=N_("I'm back: your clocks run again, and unused whole days come back"))
    async def back(self, interaction: discord.Interaction) -> None:
        await self._controller.away(interaction, back=True)


def back_on(day: str) -> float:
    """The moment a member is back, from the day they typed (YYYY-MM-DD): its midnight, UTC."""
    try:
        return datetime.combine(date.fromisoformat(day), time(), UTC).timestamp()
    except ValueError:
        raise Refusal(N_("Write the day you are back as year-month-day, for example 2026-12-24.")) from None

