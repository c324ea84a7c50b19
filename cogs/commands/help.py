"""/help, written from the command tree itself: every command the bot has, each with its own description, in the
member's language — the table's buttons too, with their label on the server's tables beside it where those speak
another language."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import discord
from discord import app_commands

from bot.i18n import N_, _, speaking
from cogs.games import GameParts
from cogs.table.format import FIELD_CHARS, players_range, split_text
from cogs.table.language import Languages

COMMUNITY = N_("Community")
AT_A_TABLE = N_("At a table")


def described(command: app_commands.Command[Any, ..., Any] | app_commands.Group, prefix: str = "") -> str:
    return f"`/{prefix}{command.name}` — {_(command.description)}"


def fields(name: str, lines: Iterable[str]) -> list[tuple[str, str]]:
    """Lines under one heading, in as many fields as Discord's 1,024 characters a field need."""
    return [(name if i == 0 else "\u200b", piece) for i, piece in enumerate(split_text("\n".join(lines),
                                                                                     FIELD_CHARS))]


BUTTONS = (N_("Join"), N_("Start"), N_("My hand"))


async def buttons(languages: Languages, guild_id: int | None) -> dict[str, str]:
    """Each table button the help names, in bold in the reader's words — and where the server's tables speak
    another language, as those tables label it too ("**Unirme** (here: **Join**)")."""
    with speaking(await languages.server(guild_id)):
        shown = {label: _(label) for label in BUTTONS}
    return {label: f"**{_(label)}**" if _(label) == shown[label] else
            _("**{button}** (here: **{shown}**)", button=_(label), shown=shown[label]) for label in BUTTONS}


async def help_embed(tree: app_commands.CommandTree, games: Mapping[str, GameParts], languages: Languages,
                     guild_id: int | None) -> discord.Embed:
    """The whole help: each game with its commands (`games`), then every other group and command of the `tree`,
    then the clock."""
    join, start, hand = (await buttons(languages, guild_id)).values()
    embed = discord.Embed(title="🎲 Dice Table", colour=discord.Colour.blurple(), description=_(
        "Play dice-and-card games right here. Open a table in a channel, friends press {join}, the host "
        "presses {start}. Everything else is buttons on the table message.", join=join, start=start))
    sections: list[tuple[str, str]] = []
    every = sorted(tree.get_commands(), key=lambda c: c.name)
    groups = [c for c in every if isinstance(c, app_commands.Group)]
    sections += fields(_("Games"), (
        f"{games[g.name].renderer.emoji} **{games[g.name].engine.title}** ({players_range(games[g.name].engine)}) — "
        + " · ".join(f"`/{g.name} {sub.name}`" for sub in g.commands)
        for g in groups if g.name in games))
    for group in groups:
        if group.name not in games:
            title = _(AT_A_TABLE) if group.name == "game" else f"/{group.name} — {_(group.description)}"
            sections += fields(title, (described(sub, f"{group.name} ") for sub in group.commands))
    sections += fields(_(COMMUNITY), (described(c) for c in every
                                      if isinstance(c, app_commands.Command)))
    sections += [(_("Time"), _(
        "`pace:` live (2 min), casual (1 h), async (24 h) or `minutes:`; `clock:bank` gives each player a time bank "
        "instead. Each seat has its own clock. Only a player who has not looked at the table lately is pinged when "
        "their turn comes; half-way a reminder comes too; when your time runs out the rules' default move is "
        "played. After 3 missed turns the computer plays your seat until you press {hand}, and the others may "
        "vote to replace you. `/me` sets your time zone, quiet hours, reminders, daily digest and away days.",
        hand=hand))]
    for name, value in sections:
        embed.add_field(name=name, value=value, inline=False)
    return embed
