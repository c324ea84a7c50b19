"""A whole Doodle Dice game in a Spanish server, with an English and a Spanish member and a computer: the
table (everything is public, DD-R11) speaks the server's language; each member's answers their own."""

from __future__ import annotations

from bot.games.doodle import Claim, Draw, Free, Reroll, Steal, Stop
from bot.games.rng import SeededRng

from .helpers import add_computer, components, labels, last_table_message, message_by_id, read, table_of, text_of


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


async def test_a_whole_game_reads_in_spanish_beside_an_english_member(spanish_server, dice):
    env, guild, channel, alice, bob, mod = spanish_server  # alice's client is English, bob's Spanish
    lobby = (await alice.slash(channel, "doodle new", pace="live")).response.message
    await bob.click(lobby, label="Unirme")
    await add_computer(alice, lobby)
    dice.decks.extend([[], ["O02"]])  # the Gallery is O01 R01 Y01 G01 B01 P01; alice draws the Moon Face
    await alice.click(lobby, label="Empezar")
    table = message_by_id(channel, table_of(env, channel).message_id)
    text = read(table)
    assert "Galería · mazo: 59 cartas" in text and "🟧 Sonrisa" in text
    assert ("▶️ El turno de alice no ha empezado: anuncia qué carta quitas (opcional) y luego Robar y tirar."
            in text)
    assert "Robar y tirar" in labels(table)

    refused = await bob.slash(channel, "doodle stop")
    assert refused.ephemeral and refused.response.content == "No es tu turno: la mesa espera a alice."
    refused = await alice.slash(channel, "doodle reroll", dice="9")
    assert refused.ephemeral and refused.response.content.startswith("Name the dice to re-roll by number")

    dice.script(1, 1, 2, 3, 4, 5)  # arch arch dash dot face slant
    drawn = await alice.click(table, label="Robar y tirar")
    assert not drawn.ephemeral
    text = read(message_by_id(channel, table_of(env, channel).message_id))
    assert "alice roba 🟧 Cara de luna para la Galería." in text
    assert "🎲 alice sacó:" in text and "quedan 2 tiradas" in text
    assert "✅ Los dados coinciden con: 🟧 Sonrisa, 🟧 Cara de luna" in text

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
    final = last_table_message(channel)
    assert "¡Gana" in text_of(final) or "¡Ganan" in text_of(final) or "¡Empate!" in text_of(final), text_of(final)
    assert "Gallery" not in text_of(final) and "wins" not in text_of(final)
    assert not [c for c in components(final) if (c.custom_id or "").startswith(("a:", "s:", "db:"))]
