"""SHARD_COUNT / SHARD_IDS: how the live bot splits Discord's shards between processes."""

from __future__ import annotations

import pytest
from discord.ext import commands

from bot.app import ShardedDiceBot
from bot.config import Settings

SETTINGS = ("DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "SHARD_COUNT", "SHARD_IDS")


@pytest.fixture
def env(monkeypatch):
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_by_default_discord_py_shards_automatically_in_one_process(env):
    settings = Settings.from_env(env_file=None)
    assert (settings.shard_count, settings.shard_ids, settings.shard_problem()) == (None, None, None)
    bot = ShardedDiceBot(settings.database, shard_count=settings.shard_count, shard_ids=settings.shard_ids)
    assert isinstance(bot, commands.AutoShardedBot) and bot.shard_count is None and bot.shard_ids is None


def test_two_processes_each_run_their_shards(env):
    env.setenv("SHARD_COUNT", "4")
    env.setenv("SHARD_IDS", "1, 3")
    env.setenv("DATABASE_URL", "postgresql://bot@db.example/dicetable")
    settings = Settings.from_env(env_file=None)
    assert (settings.shard_count, settings.shard_ids, settings.shard_problem()) == (4, (1, 3), None)
    assert settings.database == "postgresql://bot@db.example/dicetable"
    bot = ShardedDiceBot(settings.database, shard_count=settings.shard_count, shard_ids=list(settings.shard_ids))
    assert (bot.shard_count, bot.shard_ids) == (4, [1, 3])


@pytest.mark.parametrize(
    ("count", "ids", "says"),
    [("", "0", "SHARD_IDS needs SHARD_COUNT"), ("two", "", "SHARD_COUNT must be"), ("2", "0,2", "SHARD_IDS must be")],
)
def test_shard_settings_that_do_not_fit_are_one_sentence(env, count, ids, says):
    env.setenv("SHARD_COUNT", count)
    env.setenv("SHARD_IDS", ids)
    assert Settings.from_env(env_file=None).shard_problem().startswith(says)
