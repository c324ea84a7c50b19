"""A whole Armadillo game in a Spanish server, with an English and a Spanish member and a computer: the
table speaks the server's language; each member's hand, answers and refusals their own."""

from __future__ import annotations

import pytest

from bot.games.armadillo.engine import Discard, Roll
from bot.games.rng import SeededRng
from bot.i18n import speaking
from cogs.games.armadillo.render import RENDERER

from .helpers import add_computer, labels, last_table_message, message_by_id, read, table_of, text_of
from .test_armadillo_play import ALICE, BOB, COMPUTER, the_dm


async def typed_move(member, channel, table, seat):
    """The move the computer would make for this seat, typed as a slash command by its member."""
    action = table.game.computer_action(table.state, seat, SeededRng("typed", table.seq))
    if isinstance(action, Roll):
        return await member.slash(channel, "armadillo roll", blue=action.blue, yellow=action.yellow, red=action.red)
    if isinstance(action, Discard):
        return await member.slash(channel, "armadillo respond", card=action.card)
    return await member.slash(channel, "armadillo respond")


async def test_a_whole_game_reads_in_spanish_beside_an_english_member(spanish_server, dice):
    env, guild, channel, alice, bob, mod = spanish_server  # alice's client is English, bob's Spanish
    lobby = (await alice.slash(channel, "armadillo new")).response.message
    await bob.click(lobby, label="Unirme")
    await add_computer(alice, lobby)
    dice.script(0)
    dice.decks.append(ALICE + BOB + COMPUTER)
    await alice.click(lobby, label="Empezar")

    table = message_by_id(channel, table_of(env, channel).message_id)
    assert "Ronda 1 de 3 · tirada 1 · deshazte de tus cartas" in read(table)
    assert "🎲 alice elige dados y tira" in read(table)
    assert "Ordenador 1" in text_of(table)
    assert "**Ronda 1 de 3** · tienes 🪙 2 (máx. 5)\nTu mano (10):" in text_of(the_dm(bob))
    assert "**Round 1 of 3** · you have 🪙 2 (max 5)\nYour hand (10):" in text_of(the_dm(alice))

    refused = await bob.slash(channel, "armadillo roll", blue=1)
    assert refused.ephemeral and refused.response.content == "Le toca tirar a **alice**."
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
        if live.seats[seat].user_id == bob.id:
            assert "[Abrir la mesa]" in result.response.content
        else:
            assert "[Open the table]" in result.response.content
    else:
        raise AssertionError("the game did not end")
    final = read(last_table_message(channel))
    assert "Ronda 3 de 3" in final and "Fin de la partida:" in final and ("¡Gana" in final or "¡Ganan" in final)
    assert "Round" not in final and "wins" not in final
    assert labels(last_table_message(channel)) == ["Revancha", "Sin revancha"]  # no move: only the rematch
    assert "La partida ha terminado" in text_of(the_dm(bob))
    assert "The game is over" in text_of(the_dm(alice))


@pytest.mark.parametrize(("language", "said"), [("en", ["1 blue, 2 yellow · average", "2 blue, 1 red · average"]),
                                                ("es", ["1 azul, 2 amarillos · media", "2 azules, 1 rojo · media"])])
def test_the_dice_menus_colours_agree_with_their_number(language, said):
    """The roller's dice menus describe each roll by its dice ("2 azules", never "2 azul")."""
    with speaking(language):
        described = [RENDERER.roll_description(Roll(1, 2, 0)), RENDERER.roll_description(Roll(2, 0, 1))]
    assert all(text.startswith(start) for text, start in zip(described, said, strict=True)), described
