"""SimCord fixtures (tests/conftest.py loads them for every test): the real bot, on a SQLite file in tmp_path, inside a
simulated Discord."""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any

import discord
import pytest
import simcord.interactions

from bot.app import DiceBot
from bot.games.rng import Rng, table_rng

from .languages import FOREIGN, LOCALES


class Dice:
    """The bot's dice: scripted numbers first (`dice.script(...)`), then the bot's own."""

    def __init__(self) -> None:
        self.queue: list[int] = []
        self.decks: list[list[Any]] = []

    def script(self, *rolls: int) -> None:
        self.queue.extend(rolls)

    def factory(self, seed: str, client_seeds, stream: int | str) -> _ScriptFirst:
        return _ScriptFirst(self, table_rng(seed, client_seeds, stream))


class _ScriptFirst:
    def __init__(self, dice: Dice, fallback: Rng) -> None:
        self._dice, self._fallback = dice, fallback

    def randint(self, a: int, b: int) -> int:
        if self._dice.queue:
            value = self._dice.queue.pop(0)
            assert a <= value <= b, f"scripted {value} outside {a}..{b}"
            return value
        return self._fallback.randint(a, b)

    def shuffle(self, items: MutableSequence[Any]) -> None:
        if self._dice.decks:
            top = self._dice.decks.pop(0)
            rest = list(items)
            for card in top:
                rest.remove(card)
            items[:] = top + rest
        else:
            self._fallback.shuffle(items)


@pytest.fixture
def dice() -> Dice:
    return Dice()


@pytest.fixture
async def make_bot(tmp_path, dice):
    """Build bots on one database file (a second one stands for the bot after a restart)."""
    bots: list[DiceBot] = []

    def make(cls: type[DiceBot] = DiceBot, **options: Any) -> DiceBot:
        bot = cls(tmp_path / "bot.sqlite3", rng_factory=dice.factory, new_seed=lambda: "seed",
                  new_client_seed=lambda: "a", **options)  # "a": every seat's client seed
        bots.append(bot)
        return bot

    yield make
    for bot in bots:
        await bot.shutdown_storage()


@pytest.fixture
def simcord_bot(make_bot) -> DiceBot:
    return make_bot()


@pytest.fixture
def world(simcord_env):
    """A server with a table channel and two members, alice and bob: (env, channel, alice, bob)."""
    guild = simcord_env.create_guild(name="Game Night")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    return simcord_env, channel, alice, bob


@pytest.fixture
def client_languages(monkeypatch) -> dict[int, str]:
    """Members' Discord client languages: `client_languages[member.id] = "es-ES"`. SimCord sends every
    interaction as en-US; this sets each member's `locale`, and the server's `guild_locale` from the
    server's preferred locale (`env.create_guild(preferred_locale="es-ES")`), as Discord does."""
    chosen: dict[int, str] = {}
    build = simcord.interactions.base_payload

    def with_locales(backend, *, user_id, guild_id, **rest):
        record, payload = build(backend, user_id=user_id, guild_id=guild_id, **rest)
        payload["locale"] = chosen.get(user_id, "en-US")
        if guild_id is not None:
            payload["guild_locale"] = backend.get_guild(guild_id).preferred_locale
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", with_locales)
    return chosen


def server_in(env, client_languages, language: str, name: str = "Game Night"):
    """A server whose Discord language is `language`, with a moderator (Manage Server): (env, guild, channel, alice,
    bob, mod); alice's client is English, bob's speaks the server's language."""
    guild = env.create_guild(name=name, preferred_locale=LOCALES[language])
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    client_languages[bob.id] = LOCALES[language]
    return env, guild, channel, alice, bob, mod


@pytest.fixture
def spanish_server(simcord_env, client_languages):
    """Noche de juegos, a server whose Discord language is Spanish: (env, guild, channel, alice, bob, mod); alice's
    client is English, bob's Spanish."""
    env, guild, channel, alice, bob, mod = server_in(simcord_env, client_languages, "es", "Noche de juegos")
    return env, guild, channel, alice, bob, mod


@pytest.fixture(params=FOREIGN)
def foreign_server(request, simcord_env, client_languages):
    """A server in each language besides English, in turn: (env, guild, channel, alice, bob, mod, language); alice's
    client is English, bob's speaks the server's language."""
    return (*server_in(simcord_env, client_languages, request.param), request.param)
