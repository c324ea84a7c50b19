"""What the game night scenarios share: a server with a host who may plan events and members, planning a night an
hour ahead, reading the night's messages, threads and scheduled event as members see them, and playing a round's
tables out (nobody moves: the timeouts, then the computer on every seat, play them to their end)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import discord

from tests.languages import shows
from tests.simcord_fixtures import server_in

LIVE_TURN = 121
HOUR = 3600
CHECK_IN = 600


def night_server(env, client_languages, language: str = "en", members: int = 9):
    """(guild, channel, host, members, mod): a server speaking `language`; the host may plan events (Manage Events);
    `members` members, every one's client in the server's language but alice's (English)."""
    _, guild, channel, alice, bob, mod = server_in(env, client_languages, language)
    hosts = guild.create_role("Hosts", permissions=discord.Permissions(manage_events=True))
    host = guild.add_member(env.create_user("host"), roles=[hosts])
    if language != "en":
        client_languages[host.id] = client_languages[bob.id]
    everyone = [alice, bob, *(guild.add_member(env.create_user(f"player{i}")) for i in range(members - 2))]
    for member in everyone[2:]:  # alice's client stays English: her own answers are in English
        client_languages[member.id] = client_languages[bob.id]
    return guild, channel, host, everyone, mod


def at(env, seconds: float) -> str:
    """A date and time `seconds` from now, as a member types it (the server's zone: UTC here)."""
    return (env.now() + timedelta(seconds=seconds)).strftime("%Y-%m-%d %H:%M")


def events(env, guild) -> list[Any]:
    return list(env.backend.get_guild(guild.id).scheduled_events.values())


def threads(channel) -> list[Any]:
    return list(channel.threads)


def bot_messages(channel) -> list[discord.Message]:
    return [m for m in channel.history() if m.author.bot and m.type is discord.MessageType.default]


async def open_tables(env) -> int:
    return len(await env.bot.store.open_tables())


async def play_out(env) -> None:
    """Every open table played to its end by the timeouts and the computer (a round, then the next seated)."""
    for _ in range(2000):
        if not await open_tables(env):
            return
        await env.advance_time(LIVE_TURN)
    raise AssertionError("the tables never ended")


def says(text: str | None, language: str, message: str, plural: str | None = None, n: int = 1) -> bool:
    """Whether `text` (bold marks aside) has `message` as `language` says it, whatever its fields."""
    return shows((text or "").replace("**", ""), language, message, plural, n)
