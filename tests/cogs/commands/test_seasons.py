"""Seasons as a server's members live them: a moderator sets the server's time zone and chooses monthly seasons;
a rated game counts in January's; on the fake clock the month rolls over by itself and January's podium is posted
as a picture with its words; /leaderboard shows the running season by default (with the fair-play footer), and
every past season and all-time by autocomplete; /season end posts the podium where it was typed. Bad input gets a
private answer and changes nothing. In English and in Spanish."""

from __future__ import annotations

import discord
import pytest

from tests.cogs.helpers import table_of, text_of

LIVE_TURN = 121
DAY = 86_400


@pytest.fixture
def moderated(world):
    """world, with mod, a member allowed to Manage Server: (env, channel, alice, bob, mod)."""
    env, channel, alice, bob = world
    mods = channel.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    return env, channel, alice, bob, channel.guild.add_member(env.create_user("mod"), roles=[mods])


async def rated_game(env, channel, host, other, join: str = "Join", start: str = "Start") -> None:
    """Two members play Army Men to its end (timeouts, then the computer on autopilot): a rated game."""
    lobby = (await host.slash(channel, "armymen new", pace="live")).response.message
    await other.click(lobby, label=join)
    await host.click(lobby, label=start)
    while table_of(env, channel) is not None:
        await env.advance_time(LIVE_TURN)


async def test_two_monthly_seasons_with_a_rollover_in_between(moderated):
    env, channel, alice, bob, mod = moderated
    zone = await mod.slash(channel, "settings timezone", zone="europe/madrid")
    assert zone.ephemeral and "Europe/Madrid" in zone.response.content
    assert [c["value"] for c in await mod.autocomplete(channel, "settings timezone", "zone", "madr")] == \
        ["Europe/Madrid"]
    started = await mod.slash(channel, "season monthly")
    assert not started.ephemeral and "season **2026-01** starts now" in started.response.content

    await rated_game(env, channel, alice, bob)
    board = (await alice.slash(channel, "leaderboard", game="armymen")).response.message
    assert "season 2026-01" in board.embeds[0].title
    assert "only the first 3 rated games a day between the same two members" in board.embeds[0].footer.text
    assert "alice" in text_of(board) and "bob" in text_of(board)

    await env.advance_time(31 * DAY)  # past midnight of 1 February in Madrid: the timer rolls January over
    posted = channel.history()[-1]
    assert "Season **2026-01** is over" in posted.content and "Army Men Dice War" in posted.content
    (picture,) = posted.attachments
    assert picture.filename == "podium.png" and picture.description == posted.content  # the words, for readers

    choices = await alice.autocomplete(channel, "leaderboard", "season", "")
    assert [c["value"] for c in choices] == ["all-time", "2026-02", "2026-01"]
    assert choices[1]["name"] == "2026-02 (running)"
    running = (await alice.slash(channel, "leaderboard", game="armymen")).response.message
    assert "season 2026-02" in running.embeds[0].title and "No rated games yet" in text_of(running)
    january = (await alice.slash(channel, "leaderboard", game="armymen", season="2026-01")).response.message
    assert "season 2026-01" in january.embeds[0].title and "alice" in text_of(january)
    ever = (await alice.slash(channel, "leaderboard", season="all-time")).response.message
    assert "all-time" in ever.embeds[0].title and "Fair play" not in (ever.embeds[0].footer.text or "")

    await rated_game(env, channel, bob, alice)
    ended = await mod.slash(channel, "season end")
    assert not ended.ephemeral and "Season **2026-02** is over" in ended.response.content
    assert ended.response.attachments[0].filename == "podium.png"
    assert "No season is running" in (await mod.slash(channel, "season end")).response.content


async def test_bad_season_input_is_refused_privately_and_changes_nothing(moderated):
    env, channel, alice, bob, mod = moderated
    await mod.slash(channel, "season start", name="Spring")
    for member, options, said in [
        (alice, {"name": "Summer"}, "Only members with Manage Server"),
        (mod, {"name": "Summer"}, "Season Spring is running"),
    ]:
        refused = await member.slash(channel, "season start", **options)
        assert refused.ephemeral and said in refused.response.content
    await mod.slash(channel, "season end")
    again = await mod.slash(channel, "season start", name="spring")
    assert again.ephemeral and "already had a season named spring" in again.response.content
    unknown = await alice.slash(channel, "leaderboard", season="Winter")
    assert unknown.ephemeral and "no season named Winter" in unknown.response.content
    zone = await mod.slash(channel, "settings timezone", zone="Mars/Olympus")
    assert zone.ephemeral and "not a time zone I know" in zone.response.content
    assert [c["value"] for c in await alice.autocomplete(channel, "leaderboard", "season", "")] == \
        ["all-time", "Spring"]


async def test_a_spanish_server_reads_its_season_in_spanish(spanish_server):
    env, guild, channel, alice, bob, mod = spanish_server
    started = await mod.slash(channel, "season start", name="Primavera")
    assert "La temporada **Primavera** empieza ahora" in started.response.content
    await rated_game(env, channel, alice, bob, "Unirme", "Empezar")
    board = (await bob.slash(channel, "leaderboard")).response.message
    assert "temporada Primavera" in board.embeds[0].title and "Juego limpio" in board.embeds[0].footer.text
    ended = await mod.slash(channel, "season end")
    assert "La temporada **Primavera** ha terminado" in ended.response.content


async def test_a_season_ended_elsewhere_posts_its_podium_in_its_chosen_channel(moderated):
    env, channel, alice, bob, mod = moderated
    podiums = channel.guild.create_text_channel("podiums")
    await mod.slash(channel, "season start", name="Spring", channel=podiums)
    await rated_game(env, channel, alice, bob)
    ended = await mod.slash(channel, "season end")
    assert ended.ephemeral and f"its podium is in <#{podiums.id}>" in ended.response.content
    (posted,) = podiums.history()
    assert "Season **Spring** is over" in posted.content and posted.attachments[0].filename == "podium.png"
