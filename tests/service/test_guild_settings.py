"""A server's settings: defaults, saved on both backends, read back after a restart, shared between
processes (a cached value is trusted only for a while when another process may write)."""

from __future__ import annotations

from datetime import timedelta

from bot.service.guild_settings import GuildSettings, ServerSettings
from db import Store


async def test_defaults_then_saved_and_read_back_after_a_restart(svc):
    await svc.started(100, 1, 2)
    settings = GuildSettings(svc.store, lambda: svc.now)
    assert await settings.of(svc.GUILD) == ServerSettings(language=None, pictures=True)
    assert await settings.of(None) == ServerSettings()

    assert await settings.change(svc.GUILD, language="es") == ServerSettings(language="es", pictures=True)
    assert await settings.change(svc.GUILD, pictures=False) == ServerSettings(language="es", pictures=False)

    store = await Store.open(svc.path)
    try:
        assert await GuildSettings(store, lambda: svc.now).of(svc.GUILD) == ServerSettings("es", False)
        assert await GuildSettings(store, lambda: svc.now).of(svc.GUILD + 1) == ServerSettings()
    finally:
        await store.close()


async def test_another_process_change_is_seen_once_the_cache_lapses(svc):
    await svc.started(100, 1, 2)
    mine = GuildSettings(svc.store, lambda: svc.now, ttl=30)
    assert (await mine.of(svc.GUILD)).language is None
    other_store = await Store.open(svc.path)
    try:
        await GuildSettings(other_store, lambda: svc.now).change(svc.GUILD, language="es")
    finally:
        await other_store.close()
    svc.now += timedelta(seconds=31)
    expected = None if svc.store.single_process else "es"  # SQLite: one writing process, its cache is current
    assert (await mine.of(svc.GUILD)).language == expected
