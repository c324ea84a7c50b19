"""Registering the slash commands with Discord without making start-up depend on it: Discord failing or refusing a
sync must not keep the bot from serving with the commands it already has.

Start-up checks the commands as they would be synced — every language's translations included — against
Discord's limits (bot/command_limits.py), and refuses to start on a broken tree with one sentence naming the
command and the field. Only the process running shard 0 syncs, and only when what it would send differs from
what it last synced there (a SHA-256 of the payload, kept in the database): a restart or another process
sends nothing. A sync Discord refuses (400, a 5xx, a long 429) is logged in one line and the bot goes on
serving with the commands Discord already has; the next start tries again.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from .command_limits import tree_problems

if TYPE_CHECKING:
    from db import Store

log = logging.getLogger(__name__)

SYNC_SECONDS = 60  # discord.py waits out a 429 by itself: start-up does not wait longer than this for it


class InvalidCommandTree(Exception):
    """The commands break one of Discord's limits; the message is one sentence naming the command and field."""


async def synced_payload(tree: app_commands.CommandTree, guild: discord.abc.Snowflake | None) -> list[dict]:
    """What `tree.sync(guild=guild)` sends Discord, translations included (discord.py builds it the same way)."""
    translator = tree.translator
    commands = tree.get_commands(guild=guild)
    if translator is None:
        return [command.to_dict(tree) for command in commands]
    return [await command.get_translated_payload(tree, translator) for command in commands]


def payload_digest(payload: list[dict[str, Any]]) -> str:
    canonical = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def runs_shard_zero(bot: discord.Client) -> bool:
    shard_ids = getattr(bot, "shard_ids", None)  # an AutoShardedClient's shards; None: all of them
    if shard_ids is not None:
        return 0 in shard_ids
    return not bot.shard_id


def refusal(error: discord.HTTPException | TimeoutError) -> str:
    """Discord's answer in one line (a 50035 lists each field it refused on a line of its own)."""
    if isinstance(error, TimeoutError):
        return f"no answer within {SYNC_SECONDS} s"
    return f"HTTP {error.status}, error code {error.code}: " + " ".join(error.text.split()).rstrip(".")


@dataclass(frozen=True)
class CheckedCommands:
    """The commands as they would be synced to one scope, within Discord's limits."""

    payload: list[dict[str, Any]]
    guild_id: int | None  # None: global commands

    async def sync(self, bot: commands.Bot, store: Store, now: float, *, every_start: bool = False) -> str:
        """Sync if it is this process's job and the commands changed since the last sync (`every_start`: whatever
        the database remembers, for a Discord that starts empty). Returns what happened: "synced",
        "unchanged", "not shard 0" or "failed"."""
        if not runs_shard_zero(bot):
            return "not shard 0"
        scope = f"application {bot.application_id} " + (f"server {self.guild_id}" if self.guild_id else "global")
        digest = payload_digest(self.payload)
        if not every_start and await store.synced_commands(scope) == digest:
            log.info("Slash commands unchanged since they were last synced (%s).", scope)
            return "unchanged"
        try:
            async with asyncio.timeout(SYNC_SECONDS):
                await bot.tree.sync(guild=discord.Object(self.guild_id) if self.guild_id else None)
        except (discord.HTTPException, TimeoutError) as error:
            log.warning("Slash commands not synced (%s): %s. The bot goes on with the commands Discord already "
                        "has; the next start tries again.", scope, refusal(error))
            return "failed"
        async with store.transaction():
            await store.save_synced_commands(scope, digest, now)
        log.info("Slash commands synced (%s, %d commands).", scope, len(self.payload))
        return "synced"


async def checked_commands(tree: app_commands.CommandTree, guild_id: int | None = None) -> CheckedCommands:
    """The tree's commands for the scope (a server's: the global ones copied there), checked against Discord's
    limits in every language; InvalidCommandTree names the first problem."""
    guild = discord.Object(guild_id) if guild_id else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    payload = await synced_payload(tree, guild)
    problems = tree_problems(payload)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise InvalidCommandTree(f"Discord would refuse the slash commands: {problems[0].rstrip('.')}{more}.")
    return CheckedCommands(payload, guild_id)
