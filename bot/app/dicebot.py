"""The composition root: settings → database → the service (`bot/service`) → the table edge and the cogs.

The games are the registry's (`cogs/games`): their engines go to the service, their renderers and drawers to the
edge, their packages are the extensions loaded beside the shared commands. The one error handler is the edge's
(`cogs/table/errors.py`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.games import GameParts, engines, registered
from cogs.table.edge import Edge
from cogs.table.errors import answer_error
from cogs.table.permissions import invite_url
from db import Store

from ..games.rng import Rng, table_rng
from ..i18n import SOURCE, language_of, use_language
from ..logs import about
from ..metrics import UNMEASURED, Unmeasured
from ..service import Tables, open_tables
from ..service.guild_settings import GuildSettings
from ..service.member_languages import MemberLanguages
from .command_sync import InvalidCommandTree, checked_commands
from .lifecycle import GRACE, Stopping
from .rest_trace import rest_trace
from .translator import CatalogTranslator

log = logging.getLogger(__name__)

# The bot never joins a voice channel: discord.py's start-up warnings about the voice libraries it lacks (PyNaCl,
# davey) would only worry an operator.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False

COMMANDS = ("cogs.commands.game", "cogs.commands.community", "cogs.commands.settings",  # beside the games'
            "cogs.commands.seasons", "cogs.commands.followers", "cogs.commands.profile", "cogs.commands.me")


def utcnow() -> datetime:
    # Looked up at call time, so a simulated clock (SimCord) can stand in for the real one.
    return discord.utils.utcnow()


class DiceTree(app_commands.CommandTree):
    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        await self.client.hear(interaction)  # type: ignore[attr-defined]
        return True


class DiceBot(commands.Bot):
    def __init__(self, database_path: str | Path, *, dev_guild_id: int | None = None,
                 rng_factory: Callable[[str, Sequence[str] | None, int | str], Rng] = table_rng,
                 new_seed: Callable[[], str] | None = None, new_client_seed: Callable[[], str] | None = None,
                 sync_every_start: bool = False, games: Mapping[str, GameParts] | None = None,
                 metrics: Unmeasured = UNMEASURED, **client_options: Any) -> None:
        if metrics.on:  # every REST call counted where discord.py's HTTP client makes it
            client_options.setdefault("http_trace", rest_trace(metrics))
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),  # no privileged intents: slash commands and components only
            allowed_mentions=discord.AllowedMentions.none(),
            help_command=None,
            tree_cls=DiceTree,
            **client_options,
        )
        self.database_path = database_path
        self.dev_guild_id = dev_guild_id
        self.sync_every_start = sync_every_start  # a Discord that starts empty (the playground's) needs every sync
        self.commands_synced: str | None = None  # what the start-up sync did (bot/command_sync.py)
        self._rng_factory = rng_factory
        self._new_seed = new_seed
        self._new_client_seed = new_client_seed
        self.store: Store | None = None
        self.tables: Tables | None = None
        self._warming: asyncio.Task[None] | None = None  # the hard computers' tables, built at start-up
        self.guild_settings: GuildSettings | None = None
        self.member_languages: MemberLanguages | None = None
        self.link_base: str | None = None  # the playground links tables to its own pages, not discord.com
        self.games = registered() if games is None else games  # the games it plays, by id
        self.metrics = metrics
        self.stopping = Stopping()  # the gate of every interaction, for a graceful stop (lifecycle.py)
        self.edge = Edge.build(self, {g: parts.renderer for g, parts in self.games.items()},
                               {g: parts.drawer for g, parts in self.games.items()}, metrics)

    async def load_commands(self) -> None:
        """The cogs, their commands and controls, with the translator that localises the commands."""
        self.tree.on_error = self.on_app_command_error
        await self.tree.set_translator(CatalogTranslator())
        for extension in (*COMMANDS, *(parts.extension for parts in self.games.values())):
            await self.load_extension(extension)

    async def setup_hook(self) -> None:
        await self.load_commands()
        commands_checked = await checked_commands(self.tree, self.dev_guild_id)  # before anything is opened
        self.store = await Store.open(self.database_path)
        extra = {"new_seed": self._new_seed} if self._new_seed else {}
        if self._new_client_seed:
            extra["new_client_seed"] = self._new_client_seed
        self.tables = open_tables(self.store, engines(self.games), clock=utcnow, rng_factory=self._rng_factory,
                                  metrics=self.metrics, **extra)
        self.guild_settings = GuildSettings(self.store, utcnow)
        self.member_languages = MemberLanguages(self.store, SOURCE)
        closed = await self.tables.load()
        self.commands_synced = await commands_checked.sync(self, self.store, utcnow().timestamp(),
                                                           every_start=self.sync_every_start)
        notices = self.edge.timer_notices
        for row in closed:
            await notices.announce_closed(row)
        self.tables.listener = notices.on_table_event
        self.tables.season_listener = self.season_ended
        self.tables.digest_listener = self.edge.reminding.digest
        self.tables.start_timer()
        self._warming = asyncio.create_task(self.tables.warm_computers())

    async def season_ended(self, ended: Any) -> None:
        """The timer ended a season (a monthly rollover): the seasons cog posts its podium (`on_season_ended`)."""
        self.dispatch("season_ended", ended)

    async def hear(self, interaction: discord.Interaction) -> None:
        """Every interaction's entry point (commands and table controls): the member's answers are in their
        client language, and it is remembered for the DMs they get without clicking. Once a stop began, it is
        refused (the member is told to try again in a moment); until then a stop waits for its handling to end."""
        about(guild=interaction.guild_id, channel=interaction.channel_id, member=interaction.user.id)
        self.stopping.admit()
        language = language_of(interaction.locale)
        use_language(language)
        if self.member_languages is not None:
            await self.member_languages.heard(interaction.user.id, language)

    async def stop(self, grace: float = GRACE) -> None:
        """A graceful stop's first part: no new interaction; those being handled and the timer's round finish
        (at most `grace` seconds), and the timer stops. Closing the gateway and the database follows (`close`)."""
        if self.stopping.begun:
            return
        await self.stopping.drain(*([self.tables.close()] if self.tables is not None else []), grace=grace)

    async def close(self) -> None:
        """Stop gracefully, then close the gateway, and the database last."""
        await self.stop()
        await super().close()
        await self.shutdown_storage()

    async def shutdown_storage(self) -> None:
        """Stop the timer and close the database (tests call this; `close` does it in production)."""
        if self._warming is not None:  # a thread can't be stopped: it ends within a second of CPU
            await self._warming
            self._warming = None
        if self.tables is not None:
            await self.tables.close()
            self.tables = None
        if self.store is not None:
            await self.store.close()
            self.store = None

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        await answer_error(interaction, original)


class ShardedDiceBot(DiceBot, commands.AutoShardedBot):
    """The live bot: discord.py's sharding. Without SHARD_COUNT it picks the count and runs every shard in
    this process; with SHARD_COUNT and SHARD_IDS, several processes share the shards (and one PostgreSQL)."""

    async def setup_hook(self) -> None:
        await super().setup_hook()
        # Logged in, the application is known: the link asks for exactly what the bot uses. Only the live bot has
        # an application anyone can invite (the playground's is SimCord's).
        log.info("invite link: %s", invite_url(self.application_id))


async def commands_problem(dev_guild_id: int | None = None) -> str | None:
    """Why Discord would refuse the bot's slash commands, in one sentence, found offline (nothing connects);
    None when they are within its limits. `python -m bot` asks before it starts."""
    bot = DiceBot(":memory:")
    await bot.load_commands()
    try:
        await checked_commands(bot.tree, dev_guild_id)
    except InvalidCommandTree as error:
        return str(error)
    return None
