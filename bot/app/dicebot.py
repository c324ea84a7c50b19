"""The composition root, the one place where the layers meet: settings → database → the service (`bot/service`) →
the table edge over it → the cogs, each built with what it uses.

The games are the registries': their engines (the game layer's, `bot/games/registry.py`) go to the service, the
edge's parts of each (`cogs/games`) to the edge — renderers, drawers, each game's cog and controls. Nothing is
looked up on the bot afterwards: every cog and control was handed its services here. The one error handler is the
edge's (`cogs/table/errors.py`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.commands.community import Community
from cogs.commands.followers import Followers
from cogs.commands.game import TableCommands
from cogs.commands.gamenight import GameNight
from cogs.commands.me import Me
from cogs.commands.profile import ProfileCommand
from cogs.commands.seasons import SeasonCommands
from cogs.commands.settings import Settings
from cogs.commands.tournament import TournamentCommands
from cogs.games import GameParts, registered
from cogs.gatherings.door import GatheringDoor
from cogs.gatherings.notices import GatheringNotices
from cogs.gatherings.scheduled import ScheduledEvents
from cogs.table.clicks import EDGE_CONTROLS, Clicks
from cogs.table.edge import Edge
from cogs.table.errors import answer_error
from cogs.table.format import Links
from cogs.table.permissions import invite_url
from db import Store

from ..games.rng import Rng, table_rng
from ..i18n import SOURCE, language_of, use_language
from ..logs import about
from ..metrics import UNMEASURED, Unmeasured
from ..service import Tables, open_tables
from ..service.computers import warm
from ..service.guild_settings import GuildSettings
from ..service.member_languages import MemberLanguages
from ..service.seasons import Ended
from .command_sync import InvalidCommandTree, checked_commands
from .lifecycle import GRACE, Stopping
from .rest_trace import rest_trace
from .translator import CatalogTranslator

log = logging.getLogger(__name__)

# The bot never joins a voice channel: discord.py's start-up warnings about the voice libraries it lacks (PyNaCl,
# davey) would only worry an operator.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False


def utcnow() -> datetime:
    # Looked up at call time, so a simulated clock (SimCord) can stand in for the real one.
    return discord.utils.utcnow()


class DiceTree(app_commands.CommandTree["DiceBot"]):
    # The one error path, set when the cogs are built (`assemble`): after a test harness (SimCord) wrapped the
    # default handler to catch the bot's faults, which an answered refusal is not.
    on_error: Callable[[discord.Interaction, app_commands.AppCommandError], Coroutine[Any, Any, None]]

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        await self.client.hear(interaction)
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
        self.games = registered() if games is None else games  # the games it plays, by id
        self.metrics = metrics
        self.links = Links()  # the playground links tables to its own pages, not discord.com
        self.stopping = Stopping()  # the gate of every interaction, for a graceful stop (lifecycle.py)
        # Opened by `assemble` (start-up), in this order; None before and after.
        self.store: Store | None = None
        self.tables: Tables | None = None
        self.guild_settings: GuildSettings | None = None
        self.member_languages: MemberLanguages | None = None
        self.edge: Edge | None = None
        self._warming: asyncio.Task[None] | None = None  # the hard computers' tables, built at start-up

    async def assemble(self) -> None:
        """The database, the service over it, the table edge over the service, and the cogs — each cog and
        control handed what it uses — with the translator that localises the commands."""
        store = self.store = await Store.open(self.database_path)
        engines = {game_id: parts.engine for game_id, parts in self.games.items()}
        tables = self.tables = open_tables(store, engines, clock=utcnow, rng_factory=self._rng_factory,
                                           new_seed=self._new_seed, new_client_seed=self._new_client_seed,
                                           metrics=self.metrics)
        settings = self.guild_settings = GuildSettings(store, utcnow)
        self.member_languages = MemberLanguages(store, SOURCE)
        edge = self.edge = Edge.build(self, tables, settings, self.member_languages,
                                      {g: parts.renderer for g, parts in self.games.items()},
                                      {g: parts.drawer for g, parts in self.games.items()},
                                      links=self.links, metrics=self.metrics)
        shared, controller = edge.shared, edge.controller
        titles = {game_id: parts.engine.title for game_id, parts in self.games.items()}
        events = ScheduledEvents(lambda: self.http)
        door = GatheringDoor(tables.gatherings, events, shared, edge.publisher, settings, titles)
        tables.gatherings.listener = GatheringNotices(tables.gatherings, events, shared, edge.table_message,
                                                      door.signups)
        controls = (*EDGE_CONTROLS, door.button,
                    *(control for parts in self.games.values() for control in parts.controls))
        cogs: list[commands.Cog] = [
            Clicks(controls, controller, self.hear, edge.closing, edge.table_message, self.games),
            TableCommands(controller, tables.records, shared.languages, engines),
            Community(tables.standings, tables.seasons, tables.cache, shared.languages, shared.links, self.tree,
                      self.games),
            Settings(settings, tables.seasons, shared.languages, tables.defaults, engines),
            GameNight(door, tables.gatherings, settings, titles),
            TournamentCommands(door, tables.gatherings, titles),
            SeasonCommands(tables.seasons, tables.standings, self.games, shared.languages, shared.access,
                           shared.channel),
            Followers(tables.follows, shared),
            ProfileCommand(tables.profiles, {g: parts.engine.title for g, parts in self.games.items()},
                           shared.languages),
            Me(tables.preferences, tables.away, controller),
            *(parts.cog(parts, controller) for parts in self.games.values()),
        ]
        tree = self.tree
        assert isinstance(tree, DiceTree)
        tree.on_error = self.answer_command_error
        await tree.set_translator(CatalogTranslator())
        for cog in cogs:
            await self.add_cog(cog)

    async def setup_hook(self) -> None:
        await self.assemble()
        assert self.store is not None and self.tables is not None and self.edge is not None
        try:
            commands_checked = await checked_commands(self.tree, self.dev_guild_id)
        except InvalidCommandTree:  # nothing was started: the database is closed again
            await self.shutdown_storage()
            raise
        tables, edge = self.tables, self.edge
        closed = await tables.load()
        self.commands_synced = await commands_checked.sync(self, self.store, utcnow().timestamp(),
                                                           every_start=self.sync_every_start)
        for row in closed:
            await edge.timer_notices.announce_closed(row)
        tables.deadlines.listener = tables.outbox.listener = edge.timer_notices.on_table_event
        tables.seasons.listener = self.season_ended
        tables.digests.listener = edge.reminding.digest
        tables.timer.start()
        self._warming = asyncio.create_task(asyncio.to_thread(warm, tables.games))

    async def season_ended(self, ended: Ended) -> None:
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
        await self.stopping.drain(*([self.tables.timer.close()] if self.tables is not None else []), grace=grace)

    async def close(self) -> None:
        """Stop gracefully, then close the gateway, and the database last."""
        await self.stop()
        await super().close()
        await self.shutdown_storage()

    async def shutdown_storage(self) -> None:
        """Stop the timer and the edge's retries, and close the database (tests call this; `close` does it in
        production)."""
        if self._warming is not None:  # a thread can't be stopped: it ends within a second of CPU
            await self._warming
            self._warming = None
        if self.edge is not None:
            await self.edge.closing.stop_retrying()
        if self.tables is not None:
            await self.tables.timer.close()
            self.tables = None
        if self.store is not None:
            await self.store.close()
            self.store = None



    async def answer_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        await answer_error(interaction, getattr(error, "original", error), self.games)


class ShardedDiceBot(DiceBot, commands.AutoShardedBot):
    """The live bot: discord.py's sharding. Without SHARD_COUNT it picks the count and runs every shard in
    this process; with SHARD_COUNT and SHARD_IDS, several processes share the shards (and one PostgreSQL)."""

    async def setup_hook(self) -> None:
        await super().setup_hook()
        # Logged in, the application is known: the link asks for exactly what the bot uses. Only the live bot has
        # an application anyone can invite (the playground's is SimCord's).
        if self.application_id is not None:
            log.info("invite link: %s", invite_url(self.application_id))


async def commands_problem(dev_guild_id: int | None = None) -> str | None:
    """Why Discord would refuse the bot's slash commands, in one sentence, found offline (nothing connects; the
    service the cogs are handed works on a database in memory). `python -m bot` asks before it starts."""
    bot = DiceBot(":memory:")
    await bot.assemble()
    try:
        await checked_commands(bot.tree, dev_guild_id)
    except InvalidCommandTree as error:
        return str(error)
    finally:
        await bot.shutdown_storage()
    return None
