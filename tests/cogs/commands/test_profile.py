"""/profile: a member with no finished game gets a private answer saying so; after games, one public picture (the
tables' Pillow kit) with its text twin — the message and the picture's alt text — in the server's language: rating
per game with its history, wins and placings, streak, favourite game, and a medal from a past season."""

from __future__ import annotations

import io

import discord
import pytest
from PIL import Image

from bot.pictures.canvas import WIDTH
from tests.cogs.helpers import table_of

LIVE_TURN = 121


async def rated_game(env, channel, host, other, join: str = "Join", start: str = "Start") -> None:
    lobby = (await host.slash(channel, "armymen new", pace="live")).response.message
    await other.click(lobby, label=join)
    await host.click(lobby, label=start)
    while table_of(env, channel) is not None:
        await env.advance_time(LIVE_TURN)


@pytest.fixture
def moderated(world):
    env, channel, alice, bob = world
    mods = channel.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    return env, channel, alice, bob, channel.guild.add_member(env.create_user("mod"), roles=[mods])


async def test_a_profile_without_games_and_with_them(moderated):
    env, channel, alice, bob, mod = moderated
    empty = await alice.slash(channel, "profile", member=bob)
    assert empty.ephemeral and "bob has not finished a game in this server yet" in empty.response.content

    await mod.slash(channel, "season start", name="Spring")
    for _ in range(2):
        await rated_game(env, channel, alice, bob)
    await mod.slash(channel, "season end")
    before = len(env.http_requests)
    shown = await alice.slash(channel, "profile", member=bob)
    assert len(env.http_requests) - before == 1, "one call: the answer with its picture"
    assert not shown.ephemeral
    text = shown.response.content
    assert "**bob** · favourite game: Army Men Dice War" in text and "Streak:" in text
    assert "Army Men Dice War**: rating" in text and "won of 2" in text
    assert "Medals: " in text and "Spring (Army Men Dice War)" in text
    (picture,) = shown.response.attachments
    assert picture.filename == "profile.png" and picture.description == text
    drawn = Image.open(io.BytesIO(await picture.read()))
    assert drawn.width == WIDTH and drawn.height > 200


async def test_a_spanish_server_reads_a_profile_in_spanish(spanish_server):
    env, guild, channel, alice, bob, mod = spanish_server
    await rated_game(env, channel, alice, bob, "Unirme", "Empezar")
    shown = await alice.slash(channel, "profile")
    assert "juego favorito: Army Men Dice War" in shown.response.content and "Racha:" in shown.response.content
    empty = await bob.slash(channel, "profile", member=mod)  # bob's client speaks Spanish: so does his answer
    assert empty.ephemeral and "aún no ha terminado ninguna partida" in empty.response.content
