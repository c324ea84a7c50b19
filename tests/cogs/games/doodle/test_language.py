"""A whole Doodle Dice game in a server of each language besides English, with an English member, one who speaks
the server's language and a computer: the table (everything is public, DD-R11) speaks the server's language; each
member's answers their own, and nothing either reads mixes languages."""

from __future__ import annotations

from bot.games.doodle import Claim, Draw, Free, Reroll, Steal, Stop
from bot.games.rng import SeededRng
from bot.i18n import SOURCE
from tests.cogs.helpers import (
    add_computer,
    components,
    labels,
    last_table_message,
    message_by_id,
    read,
    table_of,
    text_of,
)
from tests.languages import NOT_YOUR_TURN, counted, language_problems, said, shows


async def typed_move(member, channel, table, seat):
    """The move the computer would make for this seat, typed by its member as a slash command."""
    action = table.game.computer_action(table.state, seat, SeededRng("typed", table.seq))
    if isinstance(action, Draw):
        return await member.slash(channel, "doodle draw")
    if isinstance(action, Reroll):
        return await member.slash(channel, "doodle reroll", dice=" ".join(str(d + 1) for d in action.dice))
    if isinstance(action, Claim):
        return await member.slash(channel, "doodle claim", card=action.card)
    if isinstance(action, Free):
        return await member.slash(channel, "doodle freeroll")
    if isinstance(action, Steal):
        return await member.slash(channel, "doodle steal", card=action.card)
    assert isinstance(action, Stop), action
    return await member.slash(channel, "doodle stop")


async def test_a_whole_game_reads_in_the_servers_language_beside_an_english_member(foreign_server, dice):
    env, guild, channel, alice, bob, mod, language = foreign_server  # alice's client is English, bob's the server's

    def say(message: str, **fields) -> str:
        return said(language, message, **fields).replace("**", "")  # `read` shows no bold marks

    smiley, moon = f"🟧 {say('Smiley')}", f"🟧 {say('Moon Face')}"
    lobby = (await alice.slash(channel, "doodle new", pace="live")).response.message
    await bob.click(lobby, label=say("Join"))
    await add_computer(alice, lobby)
    dice.decks.extend([[], ["O02"]])  # the Gallery is O01 R01 Y01 G01 B01 P01; alice draws the Moon Face
    await alice.click(lobby, label=say("Start"))
    table = message_by_id(channel, table_of(env, channel).message_id)
    text = read(table)
    assert counted(language, "**Gallery** · deck: {n} card", "**Gallery** · deck: {n} cards", 59).replace("**", "") \
        in text and smiley in text
    assert say("▶️ {name}'s turn has not begun: declare a steal (optional), then **Draw & roll**.", name="alice") \
        in text
    assert say("Draw & roll") in labels(table)

    refused = await bob.slash(channel, "doodle stop")
    assert refused.ephemeral
    assert refused.response.content == said(language, NOT_YOUR_TURN, who="alice")
    refused = await alice.slash(channel, "doodle reroll", dice="9")
    assert refused.ephemeral and refused.response.content.startswith("Name the dice to re-roll by number")

    dice.script(1, 1, 2, 3, 4, 5)  # arch arch dash dot face slant
    drawn = await alice.click(table, label=say("Draw & roll"))
    assert not drawn.ephemeral
    text = read(message_by_id(channel, table_of(env, channel).message_id))
    assert say("{name} draws {card} into the Gallery.", name="alice", card=moon) in text
    assert shows(text, language, "🎲 {name} rolled: **{dice}**")
    assert counted(language, "{n} re-roll left", "{n} re-rolls left", 2) in text
    assert say("✅ The dice match: {cards}", cards=f"{smiley}, {moon}") in text

    members = {alice.id: alice, bob.id: bob}
    for _move in range(800):
        live = table_of(env, channel)
        if live is None:
            break
        (seat,) = live.to_act
        result = await typed_move(members[live.seats[seat].user_id], channel, live, seat)
        assert result.ephemeral and result.response.content.startswith("✅"), result.response.content
    else:
        raise AssertionError("the game did not end")
    final = text_of(last_table_message(channel))
    assert any(shows(final, language, ending) for ending in ("🏆 {name} wins!", "🏆 {names} and {last} win!",
                                                             "🤝 A draw!")), final
    assert "Gallery" not in final and "wins" not in final
    assert not [c for c in components(last_table_message(channel))
                if (c.custom_id or "").startswith(("a:", "s:", "db:"))]
    spoken = {alice.id: SOURCE, bob.id: language}
    assert language_problems(env, lambda guild_id: language, lambda user_id: spoken.get(user_id, language)) == []
