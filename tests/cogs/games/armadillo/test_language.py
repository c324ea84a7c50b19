"""A whole Armadillo game in a server of each language besides English, with an English member, one who speaks the
server's language and a computer: the table speaks the server's language; each member's hand, answers and refusals
their own, and nothing either reads mixes languages."""

from __future__ import annotations

from bot.games.armadillo.engine import Discard, Roll
from bot.games.rng import SeededRng
from bot.i18n import SOURCE
from tests.cogs.games.armadillo.test_play import ALICE, BOB, COMPUTER, the_dm
from tests.cogs.helpers import add_computer, labels, last_table_message, message_by_id, read, table_of, text_of
from tests.languages import language_problems, lead, said


async def typed_move(member, channel, table, seat):
    """The move the computer would make for this seat, typed as a slash command by its member."""
    action = table.game.computer_action(table.state, seat, SeededRng("typed", table.seq))
    if isinstance(action, Roll):
        return await member.slash(channel, "armadillo roll", blue=action.blue, yellow=action.yellow, red=action.red)
    if isinstance(action, Discard):
        return await member.slash(channel, "armadillo respond", card=action.card)
    return await member.slash(channel, "armadillo respond")


async def test_a_whole_game_reads_in_the_servers_language_beside_an_english_member(foreign_server, dice):
    env, guild, channel, alice, bob, mod, language = foreign_server  # alice's client is English, bob's the server's

    def say(message: str, **fields) -> str:
        return said(language, message, **fields).replace("**", "")  # `read` shows no bold marks

    lobby = (await alice.slash(channel, "armadillo new")).response.message
    await bob.click(lobby, label=say("Join"))
    await add_computer(alice, lobby)
    dice.script(0)
    dice.decks.append(ALICE + BOB + COMPUTER)
    await alice.click(lobby, label=say("Start"))

    table = message_by_id(channel, table_of(env, channel).message_id)
    assert say("**Round {round} of {rounds}** · roll {roll} · shed your cards: each card left is a point, fewest "
               "points wins", round=1, rounds=3, roll=1) in read(table)
    assert say("🎲 {name} picks dice and rolls (🟦 1–3 · 🟨 4–6 · 🟥 7–9; up to two of each).", name="alice") \
        in read(table)
    assert said(language, "Computer {n}", n=1) in text_of(table)
    private = text_of(the_dm(bob))
    assert said(language, "**Round {round} of {rounds}** · you have {tokens} (max {max})", round=1, rounds=3,
                tokens="🪙 2", max=5) in private
    assert lead(language, "Your hand ({n}): {hand}") in private
    assert "**Round 1 of 3** · you have 🪙 2 (max 5)\nYour hand (10):" in text_of(the_dm(alice))

    refused = await bob.slash(channel, "armadillo roll", blue=1)
    assert refused.ephemeral and refused.response.content == said(language, "It's {name}'s turn to roll.",
                                                                  name="**alice**")
    refused = await alice.slash(channel, "armadillo respond", card=3)
    assert refused.ephemeral and refused.response.content == "Pick your dice and roll first."

    members = {alice.id: alice, bob.id: bob}
    for _move in range(400):
        live = table_of(env, channel)
        if live is None:
            break
        seat = min(live.to_act)
        result = await typed_move(members[live.seats[seat].user_id], channel, live, seat)
        assert result.ephemeral and result.response.content.startswith("✅"), result.response.content
        reader = language if live.seats[seat].user_id == bob.id else SOURCE
        assert said(reader, "[Open the table]({link})", link="").removesuffix("()") in result.response.content
    else:
        raise AssertionError("the game did not end")
    final = read(last_table_message(channel))
    assert say("Round {n} of {total}", n=3, total=3) in final, final
    assert lead(language, "Game over: {name} wins.") in final or lead(language, "Game over: {names} share the win.") \
        in final
    assert "Round" not in final and "wins" not in final
    assert labels(last_table_message(channel)) == [say("Rematch"), say("No rematch")]  # no move: only the rematch
    assert said(language, "The game is over: see the table message.") in text_of(the_dm(bob))
    assert "The game is over" in text_of(the_dm(alice))
    spoken = {alice.id: SOURCE, bob.id: language}
    assert language_problems(env, lambda guild_id: language, lambda user_id: spoken.get(user_id, language)) == []
