"""Start-up does not depend on one REST call. The commands are synced only when they changed since
the last sync (a digest in the database) and only by the process running shard 0; a sync Discord refuses is
one line in the log, and the bot goes on serving with the commands Discord already has."""

from __future__ import annotations

import asyncio
import logging

import discord
import pytest
import simcord
from discord import app_commands
from simcord.http.client import FakeHTTPClient

import bot.app.command_sync
from bot.app import DiceBot, ShardedDiceBot
from tests.cogs.helpers import message_by_id, text_of

SYNC = "/applications/*/commands"


def syncs(env) -> list:
    return [r for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]


class BotWithPing(DiceBot):
    """The bot of a newer release: one command more."""

    async def assemble(self) -> None:
        await super().assemble()

        @app_commands.command(name="ping", description="Answer pong")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pong", ephemeral=True)

        self.tree.add_command(ping)


async def test_a_restart_with_the_same_commands_sends_discord_nothing(world, make_bot):
    env, channel, alice, bob = world
    assert env.bot.commands_synced == "synced" and len(syncs(env)) == 1
    await env.restart_bot(make_bot())
    assert env.bot.commands_synced == "unchanged" and len(syncs(env)) == 1
    answer = await alice.slash(channel, "game status")
    assert answer.ephemeral and answer.response.content  # the commands Discord has still work


async def test_changed_commands_are_synced_at_the_next_start(world, make_bot):
    env, channel, alice, bob = world
    await env.restart_bot(make_bot(BotWithPing))
    assert env.bot.commands_synced == "synced" and len(syncs(env)) == 2
    assert (await alice.slash(channel, "ping")).response.content == "pong"
    await env.restart_bot(make_bot(BotWithPing))
    assert env.bot.commands_synced == "unchanged" and len(syncs(env)) == 2


@pytest.mark.parametrize(("status", "code", "message"), [
    (400, 50035, "Invalid Form Body\nIn 0.options.4.description_localizations.es-ES: Must be 100 or fewer in length."),
    (500, 0, "Internal Server Error"),
    (503, 0, "Service Unavailable"),
    (429, 0, "You are being rate limited."),
])
async def test_a_refused_sync_is_one_line_and_the_bot_goes_on_serving(world, make_bot, caplog, status, code,
                                                                      message):
    env, channel, alice, bob = world
    env.inject_error("PUT", SYNC, status=status, code=code, message=message)
    with caplog.at_level(logging.INFO, logger="bot.app.command_sync"):
        await env.restart_bot(make_bot(BotWithPing))
    assert env.bot.commands_synced == "failed"
    (line,) = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert line.startswith("Slash commands not synced (application ") and f"HTTP {status}, error code {code}: " \
        f"{' '.join(message.split()).rstrip('.')}. The bot goes on" in line, line
    assert "\n" not in line and line.endswith("the next start tries again."), line
    lobby = (await alice.slash(channel, "armymen new")).response.message  # the registered commands work
    await bob.click(lobby, label="Join")
    assert "bob" in text_of(message_by_id(channel, lobby.id))
    await env.restart_bot(make_bot(BotWithPing))  # nothing was remembered: the next start tries again
    assert env.bot.commands_synced == "synced"
    assert (await alice.slash(channel, "ping")).response.content == "pong"


@pytest.mark.parametrize(("shard_ids", "synced"), [([1], "not shard 0"), ([0], "synced"), (None, "synced")])
async def test_only_the_process_running_shard_0_syncs(tmp_path, shard_ids, synced):
    bot = ShardedDiceBot(tmp_path / "bot.sqlite3", shard_count=2, shard_ids=shard_ids)
    env = simcord.Env(bot)
    await env.start()
    try:
        assert bot.commands_synced == synced
        assert len(syncs(env)) == (synced == "synced")
    finally:
        await env.shutdown()
        await bot.shutdown_storage()


async def test_a_sync_discord_does_not_answer_in_time_is_one_line_too(world, make_bot, caplog, monkeypatch):
    env, channel, alice, bob = world
    monkeypatch.setattr(bot.app.command_sync, "SYNC_SECONDS", 0.05)
    newer = make_bot(BotWithPing)

    async def no_answer(*args, **kwargs):  # Discord keeps the request (a long 429 wait, a hung connection)
        await asyncio.Event().wait()

    monkeypatch.setattr(FakeHTTPClient, "bulk_upsert_global_commands", no_answer)
    with caplog.at_level(logging.WARNING, logger="bot.app.command_sync"):
        await env.restart_bot(newer)
    assert env.bot.commands_synced == "failed"
    (line,) = [r.getMessage() for r in caplog.records]
    assert ": no answer within 0.05 s. The bot goes on" in line, line
    assert (await alice.slash(channel, "game status")).ephemeral


async def test_a_development_server_is_a_scope_of_its_own(world, make_bot):
    env, channel, alice, bob = world
    guild_id = channel.guild.id
    await env.restart_bot(make_bot(dev_guild_id=guild_id))
    assert env.bot.commands_synced == "synced"
    assert syncs(env)[-1].path.endswith(f"/guilds/{guild_id}/commands")
    await env.restart_bot(make_bot(dev_guild_id=guild_id))
    assert env.bot.commands_synced == "unchanged" and len(syncs(env)) == 2
