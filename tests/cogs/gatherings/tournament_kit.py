"""What the tournament scenarios share: a server with a moderator (Manage Server) and members, a tournament planned
and signed up for through the sign-up message, reading its tables, threads and messages as members see them, and
playing a round's tables by the members' own clicks."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import discord

from tests.cogs.helpers import make_move, message_by_id, moves, tables
from tests.languages import said, shows
from tests.simcord_fixtures import server_in

DAY, HOUR = 86_400, 3_600
NAMES = ("carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy", "mallory", "niaj", "olivia", "peggy")


def tournament_server(env, client_languages, language: str, members: int):
    """(guild, channel, mod, members): a moderator (Manage Server) and `members` members, alice and bob first (bob's
    client speaks the server's language, as do every other second member's)."""
    _, guild, channel, alice, bob, mod = server_in(env, client_languages, language)
    everyone = [alice, bob, *(guild.add_member(env.create_user(name)) for name in NAMES[:members - 2])]
    for member in everyone[3::2]:
        client_languages[member.id] = client_languages[bob.id]
    client_languages[mod.id] = client_languages[bob.id]
    return guild, channel, mod, everyone


def at(env, seconds: float) -> str:
    """A date and time `seconds` from now, as a member types it (the server's zone: UTC here)."""
    return (env.now() + timedelta(seconds=seconds)).strftime("%Y-%m-%d %H:%M")


def label(language: str, text: str) -> str:
    return said(language, text)


async def signed_up(env, channel, mod, members, language: str, **options: Any) -> tuple[discord.Message, Any]:
    """The moderator plans a tournament and every member presses Join: (the sign-up message, the gathering)."""
    answer = await mod.slash(channel, "tournament new", **options)
    assert not answer.ephemeral, answer.response.content
    message = answer.response.message
    for member in members:
        joined = await member.click(message, label=label(language, "Join"))
        assert joined.ephemeral, joined.response.content
    gathering = await gatherings(env).open_in(channel.id)
    assert len(gathering.members) == len(members)
    return message_by_id(channel, message.id), gathering


def gatherings(env) -> Any:
    return tables(env).gatherings


async def open_table(env, table_id: int):
    """The table as the service has it now (rebuilt if this process has not touched it), None once it ended."""
    return await tables(env).cache.get_by_id(table_id)  # None once it closed


def thread_of(channel, thread_id: int):
    return next(t for t in channel.threads if t.id == thread_id)


async def round_tables(env, gathering_id: int, round_: int) -> tuple[Any, ...]:
    return await gatherings(env).tables(gathering_id, round_)


async def play(env, channel, members, table_id: int, *, absent: frozenset[int] = frozenset()):
    """The members at the table play the first move offered until it ends or an `absent`
    member is to act: the table then (None once it ended)."""
    by_id = {m.id: m for m in members}
    while (table := await open_table(env, table_id)) is not None:
        to_act = [table.seats[s].user_id for s in sorted(table.to_act)]
        present = [u for u in to_act if u not in absent and u in by_id]
        if not present:
            return table
        thread = thread_of(channel, table.channel_id)
        message = message_by_id(thread, table.message_id)
        result = await make_move(by_id[present[0]], message, moves(message)[0])
        assert not result.ephemeral, result.response.content
    return None


async def play_round(env, channel, members, gathering_id: int, round_: int) -> None:
    for planned in await round_tables(env, gathering_id, round_):
        assert await play(env, channel, members, planned.table_id) is None


def bot_posts(channel) -> list[discord.Message]:
    return [m for m in channel.history() if m.author.bot and m.type is discord.MessageType.default]


def says(text: str | None, language: str, message: str, plural: str | None = None, n: int = 1) -> bool:
    """Whether `text` (bold marks aside) has `message` as `language` says it, whatever its fields."""
    return shows((text or "").replace("**", ""), language, message, plural, n)


def cup_world(env):
    """The many-processes test's world, built alike in every process (the same ids): a server, its channel, a
    moderator and four members — (guild, channel, mod, members)."""
    guild = env.create_guild(name="Cup")
    channel = guild.create_text_channel("cup")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    return guild, channel, mod, [guild.add_member(env.create_user(name)) for name in NAMES[:4]]
