"""A whole Army Men Dice War game in a Spanish server, with an English and a Spanish member: the table
speaks the server's language, each member's answers and refusals their own."""

from __future__ import annotations

from .helpers import labels, last_table_message, message_by_id, read, table_of
from .test_armymen_play import play_out_with_buttons


async def test_a_whole_game_reads_in_spanish_beside_an_english_member(spanish_server, dice):
    env, guild, channel, alice, bob, mod = spanish_server  # alice's client is English, bob's Spanish
    lobby = (await alice.slash(channel, "armymen new", pace="live")).response.message
    await bob.click(lobby, label="Unirme")
    dice.script(0)  # alice starts
    await alice.click(lobby, label="Empezar")
    table = message_by_id(channel, table_of(env, channel).message_id)
    assert "Ronda 1 · gana el total más bajo · un soldado (1) vale 0" in read(table)
    assert "🎲 alice tira 5 dados a continuación." in read(table)
    assert "Tirar los dados" in labels(table)

    refused = await bob.slash(channel, "armymen roll")
    assert refused.ephemeral and refused.response.content == "No es tu turno: la mesa espera a alice."
    refused = await alice.slash(channel, "armymen set-aside", dice="1")
    assert refused.ephemeral and refused.response.content == "Roll your dice first."

    dice.script(1, 3, 4, 5, 6)
    rolled = await alice.slash(channel, "armymen roll")  # a typed move: the answer is the member's news
    assert rolled.ephemeral and rolled.response.content.startswith(
        "✅ Round 1: both ante a die; **alice** starts. **alice** rolled 🪖0 ⚂3 ⚃4 ⚄5 ⚅6.")
    table = message_by_id(channel, table_of(env, channel).message_id)
    assert "🎲 alice sacó: 🪖0 ⚂3 ⚃4 ⚄5 ⚅6" in read(table)
    assert "Aparta 1 o 2 de estos dados; el resto se vuelve a tirar." in read(table)
    assert "Apartar 🪖 (0 pts)" in labels(table)
    refused = await bob.slash(channel, "armymen set-aside", dice="1")
    assert refused.response.content == "No es tu turno: la mesa espera a alice."

    await play_out_with_buttons(env, channel, [alice, bob])
    final = read(last_table_message(channel))
    assert "Partida terminada tras" in final and "Fin de la partida:" in final, final
    assert "Game over" not in final and "rolled" not in final
