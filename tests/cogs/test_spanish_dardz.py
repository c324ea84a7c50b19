"""A whole DARDZ game in a Spanish server, with an English and a Spanish member and a computer: the table
speaks the server's language; each member's points pile, answers and refusals their own."""

from __future__ import annotations

import discord

from .helpers import add_computer, components, last_table_message, message_by_id, read, table_of, text_of


def choose(message) -> str:
    """A sensible player: a pick that scores their own cards, else nothing, else the first move."""
    moves = [c for c in components(message) if (c.custom_id or "").startswith("a:")]
    mine = [c for c in moves if c.style == discord.ButtonStyle.success]
    nothing = [c for c in moves if c.label.startswith("No elegir nada")]
    return (mine or nothing or moves)[0].custom_id


async def test_a_whole_game_reads_in_spanish_beside_an_english_member(spanish_server, dice):
    env, guild, channel, alice, bob, mod = spanish_server  # alice's client is English, bob's Spanish
    lobby = (await alice.slash(channel, "dardz new", pace="live", target=50)).response.message
    assert "target 50" in text_of(lobby)
    await bob.click(lobby, label="Unirme")
    await add_computer(alice, lobby)
    dice.script(6, 6, 1, 1, 2, 2)  # DZ-R12: alice 6+6 rolls first
    await alice.click(lobby, label="Empezar")
    message = message_by_id(channel, table_of(env, channel).message_id)
    start = read(message)
    assert "gana quien llegue a 50" in start and "Ordenador 1" in start
    hand = (await bob.click(message, label="Mi mano")).response.message  # bob reads Spanish: the whole news
    assert "Quién tira primero:" in read(hand)
    assert "🎲 alice tira ahora: Tirada 1 · un dado, elegido automáticamente." in start

    refused = await bob.slash(channel, "dardz roll")
    assert refused.ephemeral and refused.response.content == "No es tu turno: la mesa espera a alice."
    refused = await alice.slash(channel, "dardz pick", number=3)
    assert refused.ephemeral and refused.response.content == "Roll the dice first."

    members = {alice.id: alice, bob.id: bob}
    for _move in range(1500):
        table = table_of(env, channel)
        if table is None:
            break
        public = message_by_id(channel, table.message_id)
        assert "Tu montón de puntos" not in text_of(public) and "Your points pile" not in text_of(public)
        member = members[table.seats[min(table.to_act)].user_id]
        result = await member.click(public, custom_id=choose(public))
        assert not result.ephemeral, result.response.content
    else:
        raise AssertionError("the game did not end")
    final = text_of(last_table_message(channel))
    assert "gana la partida con" in final and "¡Gana" in final, final
    assert "Round" not in final and "wins" not in final
    bob_dm, alice_dm = (m.user.dm_channel.history()[-1] for m in (bob, alice))
    assert "📥 Tu montón de puntos:" in text_of(bob_dm)  # the pile only, and that the game is over
    assert "La partida ha terminado: el mensaje de la mesa muestra cómo acabó." in text_of(bob_dm)
    assert "📥 Your points pile:" in text_of(alice_dm)
    assert "The game is over: the table message shows how it ended." in text_of(alice_dm)
    assert "pinged" not in text_of(alice_dm) and "avis" not in text_of(bob_dm), "no turn is coming"
