"""A server's house rules, as its admins set them and its members meet them: `/settings defaults` for a game (its
pace, clock, away days and own options as name:value pairs), refused by name when a value is not the game's,
`/settings show` listing every setting, and a game night planned without a pace starting from the server's."""

from __future__ import annotations

from datetime import timedelta

import discord

from tests.languages import said
from tests.simcord_fixtures import server_in


async def test_house_rules_are_set_shown_and_taken_by_a_night(simcord_env, client_languages):
    env, guild, channel, alice, bob, mod = server_in(simcord_env, client_languages, "en")
    refused = await alice.slash(channel, "settings defaults", game="dardz", pace="async")
    assert refused.ephemeral and "Manage Server" in refused.response.content

    unknown = await mod.slash(channel, "settings defaults", game="dardz", options="colour:red")
    assert unknown.ephemeral and unknown.response.content == \
        "DARDZ has no option colour: its options are teams, target."
    wrong = await mod.slash(channel, "settings defaults", game="dardz", options="target:lots")
    assert wrong.response.content == said("en", "Option {name} takes a value like {example}.", name="target",
                                          example=150)
    assert await env.bot.tables.defaults.listed(guild.id) == [], "a refusal writes nothing"

    chosen = await mod.slash(channel, "settings defaults", game="dardz", pace="async", clock="bank",
                             options="target:100 teams:on")
    assert chosen.ephemeral and chosen.response.content.startswith("New DARDZ tables and nights here now start from:")
    assert "async" in chosen.response.content and "target 100" in chosen.response.content
    again = await mod.slash(channel, "settings defaults", game="dardz", options="teams:default")
    assert "teams" not in again.response.content and "target 100" in again.response.content, \
        "name:default gives the option back to the game; the rest stays"

    shown = await mod.slash(channel, "settings show")
    text = shown.response.content
    assert shown.ephemeral and "Time zone: UTC" in text and "**DARDZ**:" in text and "time bank" in text

    other = guild.create_text_channel("tables")
    await alice.slash(other, "dardz new")  # nothing chosen: the house rules
    table = await env.bot.tables.cache.get(other.id)
    assert (table.pace_seconds, table.clock, table.options["target"]) == (86400, "bank", 100)
    await bob.slash(other, "game join")
    third = guild.create_text_channel("own")
    await bob.slash(third, "dardz new", pace="live", target=200)  # a table's own choices win
    own = await env.bot.tables.cache.get(third.id)
    assert (own.pace_seconds, own.clock, own.options["target"]) == (120, "bank", 200)

    hosting = guild.create_role("Hosts", permissions=discord.Permissions(manage_events=True))
    host = guild.add_member(env.create_user("host"), roles=[hosting])
    when = (env.now() + timedelta(hours=2)).strftime("%Y-%m-%d %H:%M")
    await host.slash(channel, "gamenight plan", game="dardz", when=when)
    night = await env.bot.tables.gatherings.open_in(channel.id)
    assert (night.pace_seconds, night.clock, night.options["target"]) == (86400, "bank", 100), \
        "a night planned without a pace starts from the server's house rules"
