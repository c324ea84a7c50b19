"""Issue 23: a real server's permissions. Channel overwrites deny the bot's role one permission at a time:
opening a table is refused, naming what is missing, before anything is written.

SimCord computes `app_permissions` and the bot's permissions from the channel's overwrites, and refuses a send
without Send Messages (50013) and any call in a channel the bot cannot see (50001). It does not check what a
message carries: `discord_rules` below makes this module's SimCord refuse, as Discord does, a file without
Attach Files and an embed without Embed Links — neither counting without sending (Discord's implicit
permissions) — on the routes that post and edit channel messages.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

import discord
import pytest
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType
from simcord.http import router

from cogs._permissions import INVITE, NEEDED, invite_url

from .helpers import table_of

README = Path(__file__).resolve().parents[2] / "README.md"
CHANNEL_MESSAGES = {("POST", "channels/{channel_id}/messages"),
                    ("PATCH", "channels/{channel_id}/messages/{message_id}")}


@pytest.fixture(autouse=True)
def discord_rules(monkeypatch):
    def checked(handler):
        def route(ctx):
            channel = ctx.backend.get_channel(ctx.int_arg("channel_id"))
            body = ctx.body()
            carried = (["attach_files"] if ctx.files else []) + (["embed_links"] if body.get("embeds") else [])
            if channel.guild_id is not None and carried:
                sending = "send_messages_in_threads" if channel.is_thread else "send_messages"
                ctx.require_channel_permissions(channel.id, sending, *carried)
            return handler(ctx)
        return route

    routes = {method: [(template, checked(handler) if (method, "/".join(template)) in CHANNEL_MESSAGES else handler)
                       for template, handler in entries] for method, entries in router._ROUTES.items()}
    monkeypatch.setattr(router, "_ROUTES", routes)


@pytest.fixture
def server(simcord_env, client_languages):
    """Game Night: alice (English), bob (Spanish client) and a moderator: (env, guild, channel, alice, bob, mod)."""
    env = simcord_env
    guild = env.create_guild(name="Game Night")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    client_languages[bob.id] = "es-ES"
    return env, guild, channel, alice, bob, mod


async def deny(env, channel, *flags: str, heard: bool = True) -> None:
    """An admin denies the bot's role `flags` in `channel` (a permission overwrite, as the channel's settings
    make). `heard=False`: the bot's cache never hears of it (an update it missed), so only a 403 tells it."""
    backend = env.backend
    guild = backend.get_guild(backend.get_channel(channel.id).guild_id)
    role = next(r for r in map(guild.roles.get, guild.members[backend.bot_user.id].role_ids) if r.managed)
    overwrite = Overwrite(role.id, OverwriteType.ROLE, deny=discord.Permissions(**dict.fromkeys(flags, True)).value)
    if heard:
        backend.set_overwrite(channel.id, overwrite)
    else:
        backend.get_channel(channel.id).overwrites.append(overwrite)
    await env.settle()


def above_warning(caplog) -> list[str]:
    return [f"{r.levelname} {r.getMessage()}" for r in caplog.records if r.levelno > logging.WARNING]


# --- the invite -------------------------------------------------------------------------------------
def test_the_readme_invite_asks_for_exactly_the_permissions_the_code_lists():
    readme = README.read_text(encoding="utf-8")
    link = re.search(r"https://discord\.com/oauth2/authorize\?\S*permissions=(\d+)", readme)
    assert link and int(link[1]) == INVITE.value, "the README's invite link is generated from cogs/_permissions.py"
    assert f"permissions={INVITE.value}" in invite_url(1)
    table = readme.split("| permission | why the bot needs it |")[1].split("\n\n")[0]
    listed = re.findall(r"^\s*\| \*([^*]+)\* \|", table, re.M)
    assert len(listed) == len(NEEDED) and all(name.startswith(p.name) for name, p in zip(listed, NEEDED, strict=True))


# --- opening: refused before anything is written -------------------------------------------------------
@pytest.mark.parametrize(("flags", "thread", "named"), [
    (("view_channel",), False, ["View Channel"]),
    (("send_messages",), False, ["Send Messages"]),
    (("embed_links",), False, ["Embed Links"]),
    (("attach_files",), False, ["Attach Files"]),
    (("read_message_history",), False, ["Read Message History"]),
    (("attach_files", "embed_links"), False, ["Embed Links", "Attach Files"]),
    (("send_messages_in_threads",), True, ["Send Messages in Threads"]),
    (("create_public_threads",), True, ["Create Public Threads"]),
    (("attach_files",), True, ["Attach Files"]),
])
async def test_opening_is_refused_naming_what_is_missing(server, caplog, flags, thread, named):
    env, guild, channel, alice, _, _ = server
    await deny(env, channel, *flags)
    refused = await alice.slash(channel, "armymen new", thread=thread)
    said = refused.response.content
    assert refused.ephemeral and said.startswith("I can't run a table here: I need "), said
    assert " and ".join(f"*{name}*" for name in named) in said
    assert ("/settings pictures off" in said) == ("Attach Files" in named)
    assert await env.bot.sessions.store.last_session_in(channel.id) is None, "nothing was written"
    assert not env.bot.get_guild(guild.id).threads, "no thread was made"
    assert not above_warning(caplog)


async def test_a_thread_table_needs_the_thread_permissions_and_a_channel_table_does_not(server):
    env, _, channel, alice, _, _ = server
    await deny(env, channel, "send_messages_in_threads", "create_public_threads")
    refused = await alice.slash(channel, "doodle new", thread=True)
    assert "*Create Public Threads* and *Send Messages in Threads*" in refused.response.content
    opened = await alice.slash(channel, "doodle new")
    assert not opened.ephemeral and table_of(env, channel) is not None


async def test_the_refusal_speaks_the_members_language(server):
    env, _, channel, _, bob, _ = server
    await deny(env, channel, "attach_files", "embed_links")
    refused = await bob.slash(channel, "dardz new")
    assert refused.response.content == (
        "No puedo llevar una mesa aquí: necesito *Insertar enlaces* y *Adjuntar archivos* en este canal. "
        "Pídeselo a un moderador, o usa `/settings pictures off`.")


async def test_without_pictures_a_table_needs_no_attach_files(server, dice):
    env, _, channel, alice, bob, mod = server
    await deny(env, channel, "attach_files")
    assert (await alice.slash(channel, "armymen new")).ephemeral
    await mod.slash(channel, "settings pictures", pictures="off")
    lobby = (await alice.slash(channel, "armymen new")).response.message
    await bob.click(lobby, label="Join")
    dice.script(0)
    started = await alice.click(lobby, label="Start")
    assert not started.ephemeral and started.response.message.embeds
    assert not started.response.message.attachments
