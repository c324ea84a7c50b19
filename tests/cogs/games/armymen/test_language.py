"""A whole Army Men Dice War game in a server of each language besides English, with an English member and one
who speaks the server's language: the table speaks the server's language, each member's answers and refusals their
own, and nothing either reads mixes languages."""

from __future__ import annotations

from bot.i18n import SOURCE
from tests.cogs.games.armymen.test_play import play_out_with_buttons
from tests.cogs.helpers import labels, last_table_message, message_by_id, options, placeholders, read, table_of
from tests.languages import NOT_YOUR_TURN, counted, language_problems, lead, said


async def test_a_whole_game_reads_in_the_servers_language_beside_an_english_member(foreign_server, dice):
    env, guild, channel, alice, bob, mod, language = foreign_server  # alice's client is English, bob's the server's

    def say(message: str, **fields) -> str:
        return said(language, message, **fields).replace("**", "")  # `read` shows no bold marks

    lobby = (await alice.slash(channel, "armymen new", pace="live")).response.message
    await bob.click(lobby, label=say("Join"))
    dice.script(0)  # alice starts
    await alice.click(lobby, label=say("Start"))
    table = message_by_id(channel, table_of(env, channel).message_id)
    heading = say("**Round {round}**", round=1)
    assert say("{heading} · lowest total wins · a soldier (1) scores 0", heading=heading) in read(table)
    assert say("🎲 {name} rolls {dice} next.", name="alice", dice=said(language, "{n} dice", n=5)) in read(table) or \
        lead(language, "🎲 {name} rolls {dice} next.") in read(table)
    assert say("Roll the dice") in labels(table)

    refused = await bob.slash(channel, "armymen roll")
    assert refused.ephemeral
    assert refused.response.content == said(language, NOT_YOUR_TURN, who="alice")
    refused = await alice.slash(channel, "armymen set-aside", dice="1")
    assert refused.ephemeral and refused.response.content == said(SOURCE, "Roll your dice first.")

    dice.script(1, 3, 4, 5, 6)
    rolled = await alice.slash(channel, "armymen roll")  # a typed move: the answer is the member's news, in English
    assert rolled.ephemeral and rolled.response.content.startswith(
        "✅ Round 1: both ante a die; **alice** starts. **alice** rolled 🪖0 ⚂3 ⚃4 ⚄5 ⚅6.")
    table = message_by_id(channel, table_of(env, channel).message_id)
    assert say("🎲 {name} rolled: {dice}", name="alice", dice="🪖0 ⚂3 ⚃4 ⚄5 ⚅6") in read(table)
    assert say("Set aside **1 or 2** of these dice; the rest are rolled again.") in read(table)
    set_aside = counted(language, "Set aside {faces} ({n} pt)", "Set aside {faces} ({n} pts)", 0, faces="🪖")
    assert set_aside in options(table)
    assert said(language, "Set aside 1 or 2 dice…") in placeholders(table), "the keeps: one menu, one row"
    refused = await bob.slash(channel, "armymen set-aside", dice="1")
    assert refused.response.content == said(language, NOT_YOUR_TURN, who="alice")

    await play_out_with_buttons(env, channel, [alice, bob])
    final = read(last_table_message(channel))
    over = lead(language, "**Game over** after {n} round"), lead(language, "Game over: {a} to {b}, a draw.")
    assert all(words in final for words in over), final
    assert "Game over" not in final and "rolled" not in final
    spoken = {alice.id: SOURCE, bob.id: language}
    assert language_problems(env, lambda guild_id: language, lambda user_id: spoken.get(user_id, language)) == []
