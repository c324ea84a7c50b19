"""A whole DARDZ game in a server of each language besides English, with an English member, one who speaks the
server's language and a computer: the table speaks the server's language; each member's points pile, answers and
refusals their own, and nothing either reads mixes languages."""

from __future__ import annotations

import discord

from bot.i18n import SOURCE
from tests.cogs.helpers import add_computer, components, last_table_message, message_by_id, read, table_of, text_of
from tests.languages import NOT_YOUR_TURN, language_problems, lead, option, said, shows


def choose(message, language: str) -> str:
    """A sensible player: a pick that scores their own cards, else nothing, else the first move."""
    moves = [c for c in components(message) if (c.custom_id or "").startswith("a:")]
    mine = [c for c in moves if c.style == discord.ButtonStyle.success]
    nothing = [c for c in moves if c.label.startswith(said(language, "Pick nothing"))]
    return (mine or nothing or moves)[0].custom_id


async def test_a_whole_game_reads_in_the_servers_language_beside_an_english_member(foreign_server, dice):
    env, guild, channel, alice, bob, mod, language = foreign_server  # alice's client is English, bob's the server's
    lobby = (await alice.slash(channel, "dardz new", pace="live", target=50)).response.message
    assert f"{option(language, 'target')} 50" in text_of(lobby)  # the option as this server's members type it
    await bob.click(lobby, label=said(language, "Join"))
    await add_computer(alice, lobby)
    dice.script(6, 6, 1, 1, 2, 2)  # DZ-R12: alice 6+6 rolls first
    await alice.click(lobby, label=said(language, "Start"))
    message = message_by_id(channel, table_of(env, channel).message_id)
    start = read(message)
    hand = (await bob.click(message, label=said(language, "My hand"))).response.message  # bob reads it all there
    assert lead(language, "Who rolls first: {sums}{tie} → {name}.") in read(hand)
    assert said(language, "**Round {round}** · first to **{target}** · draw pile {deck} cards", round=1, target=50,
                deck="\0").replace("**", "").split("\0")[0] in start
    assert said(language, "Computer {n}", n=1) in start
    assert said(language, "🎲 {name} rolls next: {roll}.", name="alice",
                roll=said(language, "Roll 1 · one die, picked automatically")) in start

    refused = await bob.slash(channel, "dardz roll")
    assert refused.ephemeral
    assert refused.response.content == said(language, NOT_YOUR_TURN, who="alice")
    refused = await alice.slash(channel, "dardz pick", number=3)
    assert refused.ephemeral and refused.response.content == "Roll the dice first."

    members = {alice.id: alice, bob.id: bob}
    pile = ("📥 Your points pile: **{n}** card · {points}", "📥 Your points pile: **{n}** cards · {points}", 2)
    for _move in range(1500):
        table = table_of(env, channel)
        if table is None:
            break
        public = message_by_id(channel, table.message_id)
        assert not shows(text_of(public), language, *pile) and not shows(text_of(public), SOURCE, *pile)
        member = members[table.seats[min(table.to_act)].user_id]
        result = await member.click(public, custom_id=choose(public, language))
        assert not result.ephemeral, result.response.content
    else:
        raise AssertionError("the game did not end")
    final = text_of(last_table_message(channel))
    assert shows(final, language, "{names} wins the game with {score}!") or \
        shows(final, language, "{names} win the game with {score}!"), final
    assert "Round" not in final and "wins" not in final
    bob_dm, alice_dm = (m.user.dm_channel.history()[-1] for m in (bob, alice))
    assert lead(language, *pile) in text_of(bob_dm)  # the pile only, and that the game is over
    assert said(language, "The game is over: the table message shows how it ended.") in text_of(bob_dm)
    assert "📥 Your points pile:" in text_of(alice_dm)
    assert "The game is over: the table message shows how it ended." in text_of(alice_dm)
    coming = ("Brought up to date when a turn ends; **My hand** shows it at any moment. Hands, scores and your moves "
              "are on the table message, where your turn is shown; if you are away when it comes, you are pinged.")
    assert coming not in text_of(alice_dm) and said(language, coming) not in text_of(bob_dm), "no turn is coming"
    spoken = {alice.id: SOURCE, bob.id: language}
    assert language_problems(env, lambda guild_id: language, lambda user_id: spoken.get(user_id, language)) == []
