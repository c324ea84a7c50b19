"""Reading what players see in SimCord: the table message, its buttons, a table's state."""

from __future__ import annotations

import re
from typing import Any

import discord


def tables(env) -> Any:
    return env.bot.tables


def table_of(env, channel):
    """The service's snapshot of the channel's open table (or None once it closed)."""
    return next((t for t in tables(env).cached_tables() if t.channel_id == channel.id), None)


def message_by_id(channel, message_id: int) -> discord.Message:
    return next(m for m in channel.history() if m.id == message_id)


def components(message: discord.Message) -> list[Any]:
    found = []
    for row in message.components:
        found.extend(getattr(row, "children", [row]))
    return found


def labels(message: discord.Message) -> list[str]:
    return [c.label for c in components(message) if getattr(c, "label", None)]


def move_ids(message: discord.Message) -> list[str]:
    """Custom ids of the move buttons (not lobby or My hand)."""
    return [c.custom_id for c in components(message) if (c.custom_id or "").startswith("a:")]


def text_of(message: discord.Message) -> str:
    """Everything a reader sees in a message: content, embed texts and fields."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", (embed.footer.text or "") if embed.footer else ""]
        parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    return "\n".join(parts)


async def end_game(member, channel):
    """/game end on a running game asks first; press End the table. Returns the click's result."""
    asked = await member.slash(channel, "game end")
    assert asked.ephemeral and asked.response.content.startswith("End this"), asked.response.content
    return await member.click(asked.response.message, label="End the table")


async def add_computer(member, lobby, level: str = "normal"):
    """The host picks a level in the lobby's "🤖 Add a computer…" menu (its one menu)."""
    return await member.select(lobby, [level])


async def start_against_a_computer(env, channel, member, game: str) -> int:
    """`member` opens a live `game` table, adds a computer and starts: the table's id."""
    lobby = (await member.slash(channel, f"{game} new", pace="live")).response.message
    await add_computer(member, lobby)
    await member.click(lobby, label="Start")
    return table_of(env, channel).id


TABLE_TITLE = re.compile(r" · (table|mesa) \d+$")  # "🪖 Army Men Dice War · table 3", in English or Spanish


def last_table_message(channel) -> discord.Message:
    """The table message as it stands: a buried table is posted again at the bottom (the old one retired)."""
    return [m for m in channel.history() if m.embeds and TABLE_TITLE.search(m.embeds[0].title or "")][-1]


def shows_the_last_change(env, channel, message: discord.Message) -> bool:
    """The message shows what the table's last change did (its news, in English): it is not stale."""
    table = table_of(env, channel)
    news = env.bot.games[table.game.id].renderer.news_lines(table)
    return bool(news) and all(line[:100] in text_of(message) for line in news)
