"""The small things a newcomer reads, in an English and in a Spanish server where sam's Discord
speaks English and sofia's Spanish: points in the singular, an answer told to its own player, a /help written from
the command tree, refusals naming the real commands and the open table's game, a lobby for everyone, a
confirmation that goes once answered, a finished DARDZ table's DM, what of a points pile is private, a plain-text
story file, and a replay that jumps."""

from __future__ import annotations

import pytest
from discord import app_commands

from tests.cogs.games.armymen.test_play import play_out_with_buttons
from tests.cogs.helpers import components, labels, message_by_id, table_of, text_of
from tests.cogs.table.test_newcomer import SERVERS, server

HAND = {"en": "My hand", "es": "Mi mano"}


async def seated(env, channel, host, other, game: str, **options):
    """`host` opens a live `game` table, `other` joins by command: the lobby message."""
    lobby = (await host.slash(channel, f"{game} new", pace="live", **options)).response.message
    await other.slash(channel, "game join")
    return lobby


@pytest.mark.parametrize("language", SERVERS)
async def test_one_point_is_singular_and_a_pile_says_what_only_its_owner_sees(simcord_env, client_languages, dice,
                                                                             language):
    channel, sam, sofia = server(simcord_env, language, client_languages)
    await seated(simcord_env, channel, sam, sofia, "dardz", target=50)
    dice.script(6, 6, 1, 1)  # DZ-R12: sam 6+6, sofia 1+1: sam rolls first
    dice.decks.append(["4", "9", "8", "2", "3", "5"])  # sam holds a 4 (one point), sofia a 2, 3 and 5
    await sam.slash(channel, "game start")
    dice.script(4)
    await sam.slash(channel, "dardz roll")  # roll 1 is one die: its number is picked at once, sam's 4 to his pile
    table = table_of(simcord_env, channel)
    assert list(table.state.piles[0]) == ["4"], table.state.piles
    public = message_by_id(channel, table.message_id)
    assert "Your points pile" not in text_of(public) and "Tu montón" not in text_of(public)
    hand = text_of((await sam.click(public, label=HAND[language])).response.message)
    assert "📥 Your points pile: **1** card · **+1** point\n" in hand and "pts" not in hand, hand
    assert "Only you see which cards are in it; the table's log counts how many each player puts in." in hand
    assert "only you see this" not in hand
    client_languages[sam.id] = "es-ES"  # the same view, read in Spanish
    hand = text_of((await sam.click(public, label=HAND[language])).response.message)
    assert "📥 Tu montón de puntos: **1** carta · **+1** punto\n" in hand, hand
    assert "Solo tú ves qué cartas hay en él; el registro de la mesa cuenta cuántas mete cada jugador." in hand
    assert "solo lo ves tú" not in hand


@pytest.mark.parametrize("language", SERVERS)
async def test_an_answer_is_told_to_its_own_player_as_theirs(simcord_env, client_languages, dice, language):
    channel, sam, sofia = server(simcord_env, language, client_languages)
    await seated(simcord_env, channel, sam, sofia, "armadillo")
    dice.script(0)  # ARM-R11: sam rolls first
    await sam.slash(channel, "game start")
    dice.script(5, 8)
    await sam.slash(channel, "armadillo roll", yellow=1, red=1)
    for member, expected in ((sofia, "✅ Tu respuesta: tomar una ficha."), (sam, "✅ Your answer: take a token.")):
        answered = await member.slash(channel, "armadillo respond")
        assert answered.ephemeral and answered.response.content.startswith(expected), answered.response.content
        assert "answered: you" not in answered.response.content and "tú vas a" not in answered.response.content


@pytest.mark.parametrize("language", SERVERS)
async def test_help_is_written_from_the_command_tree_with_the_tables_buttons(simcord_env, client_languages,
                                                                             language):
    channel, sam, sofia = server(simcord_env, language, client_languages)
    tree = simcord_env.bot.tree.get_commands()
    every = [f"/{c.name} {sub.name}" for c in tree if isinstance(c, app_commands.Group) for sub in c.commands]
    every += [f"/{c.name}" for c in tree if not isinstance(c, app_commands.Group)]
    assert {"/game history", "/game replay", "/game verify", "/settings language", "/settings pictures"} <= set(every)
    words = {"en": ("Join", "Start", "My hand"), "es": ("Unirme", "Empezar", "Mi mano")}
    for member, reads in ((sam, "en"), (sofia, "es")):
        shown = await member.slash(channel, "help")
        assert shown.ephemeral
        text = text_of(shown.response.message)
        for command in every:
            assert f"`{command}`" in text, command
        # each button in the reader's words; where this server's tables speak another language, as they show it too
        here = {"en": "here", "es": "aquí"}[reads]
        join, start, hand = (f"**{mine}**" if reads == language else f"**{mine}** ({here}: **{theirs}**)"
                             for mine, theirs in zip(words[reads], words[language], strict=True))
        assert f"press {join}, the host presses {start}." in text if member is sam else \
            f"pulsan {join} y el anfitrión pulsa {start}." in text, text
        assert (f"until you press {hand}, and the others may vote" if member is sam else
                f"hasta que pulses {hand}, y los demás pueden votar") in text, text
    assert "`/game history` — A finished game's story" in text_of((await sam.slash(channel, "help")).response.message)
    spanish = text_of((await sofia.slash(channel, "help")).response.message)
    assert "`/game replay` — Recorre una partida terminada" in spanish and "`/settings pictures` — Mostrar" in spanish


@pytest.mark.parametrize("language", SERVERS)
async def test_refusals_name_the_command_to_type_and_the_open_tables_game(simcord_env, client_languages, language):
    channel, sam, sofia = server(simcord_env, language, client_languages)
    for member, expected in (
            (sam, "There is no open table in this channel. Start one with `/doodle new`."),
            (sofia, "No hay ninguna mesa abierta en este canal. Abre una con `/doodle new`.")):
        refused = await member.slash(channel, "doodle roll")
        assert refused.ephemeral and refused.response.content == expected, refused.response.content
    refused = await sam.slash(channel, "game start")  # not a game's command: every game's
    games = sorted(simcord_env.bot.games)
    assert refused.response.content == "There is no open table in this channel. Start one with " + " · ".join(
        f"`/{g} new`" for g in games) + ".", refused.response.content
    assert "<game>" not in refused.response.content
    await sam.slash(channel, "armymen new")
    for member, expected in (
            (sam, "A table of Army Men Dice War is already open in this channel. Join it, or open yours in another "
                  "channel or a thread."),
            (sofia, "Ya hay una mesa de Army Men Dice War abierta en este canal. Únete a ella, o abre la tuya en otro "
                    "canal o en un hilo.")):
        refused = await member.slash(channel, "doodle new")
        assert refused.ephemeral and refused.response.content == expected, refused.response.content
    assert table_of(simcord_env, channel).game.id == "armymen"


@pytest.mark.parametrize("language", SERVERS)
async def test_the_lobby_speaks_to_everyone_not_only_to_its_host(simcord_env, client_languages, language):
    channel, sam, sofia = server(simcord_env, language, client_languages)
    lobby = (await sam.slash(channel, "doodle new")).response.message
    text = text_of(lobby)
    expected = {"en": "Players take a seat with **Join**; the host 👑 starts the game with **Start** (or first seats "
                      "a computer opponent: easy, normal or hard, in **🤖 Add a computer…**).",
                "es": "Quien quiera jugar toma asiento con **Unirme**; el anfitrión 👑 empieza la partida con "
                      "**Empezar** (o antes sienta a un rival del ordenador: fácil, normal o difícil, en **🤖 Añadir "
                      "un ordenador…**)."}[language]
    assert expected in text and "Press" not in text and "Pulsa" not in text, text


@pytest.mark.parametrize("language", SERVERS)
async def test_the_end_confirmation_loses_its_buttons_once_answered(simcord_env, client_languages, language):
    channel, sam, sofia = server(simcord_env, language, client_languages)
    await seated(simcord_env, channel, sam, sofia, "armymen")
    await sam.slash(channel, "game start")
    table = table_of(simcord_env, channel)
    client_languages[sam.id] = {"en": "en-US", "es": "es-ES"}[language]
    asked = await sam.slash(channel, "game end")
    keep, end = {"en": ("Keep playing", "End the table"), "es": ("Seguir jugando", "Cerrar la mesa")}[language]
    assert asked.ephemeral and labels(asked.response.message) == [end, keep], labels(asked.response.message)
    kept = await sam.click(asked.response.message, label=keep)
    assert kept.response.message.components == [] and table_of(simcord_env, channel).seq == table.seq

    asked = await sam.slash(channel, "game end")
    ended = await sam.click(asked.response.message, label=end)
    assert ended.response.message.components == [], "the question is answered: no button is left to press"
    assert table_of(simcord_env, channel) is None
    (announced,) = ended.followups
    assert not announced.ephemeral and announced.content == ended.response.message.content
    assert announced.content in [m.content for m in channel.history()], "the channel reads who ended it"


@pytest.mark.parametrize("language", SERVERS)
async def test_the_story_file_is_plain_text(simcord_env, client_languages, language):
    channel, sam, sofia = server(simcord_env, language, client_languages)
    await a_finished_army_men_game(simcord_env, channel, sam, sofia)
    history = await sofia.slash(channel, "game history")
    story = next(a for a in history.response.message.attachments if a.filename.endswith("-story.txt"))
    text = (await story.read()).decode()
    assert "sam" in text and "sofia" in text, text
    for mark in ("**", "__", "~~", "`", "\\"):
        assert mark not in text, (mark, text)
    assert {"en": "Round 2", "es": "Ronda 2"}[language] in text


@pytest.mark.parametrize("language", SERVERS)
async def test_a_replay_goes_to_the_first_and_last_move_and_jumps_by_round(simcord_env, client_languages, language):
    channel, sam, sofia = server(simcord_env, language, client_languages)
    table_id = await a_finished_army_men_game(simcord_env, channel, sam, sofia)
    words = {"en": ("The set-up · move 0 of", "Move {n} of {total}", "round {n} ⏩", "⏪ round {n}"),
             "es": ("La preparación · jugada 0 de", "Jugada {n} de {total}", "ronda {n} ⏩", "⏪ ronda {n}")}
    setup, where, on, back = words[language]
    replay = (await sofia.slash(channel, "game replay")).response.message
    assert setup in text_of(replay), text_of(replay)
    total = int(text_of(replay).split(setup)[1].split("*")[0])
    assert labels(replay) == ["⏮", "◀", "▶", "⏭", on.format(n=2)], labels(replay)
    assert [c.disabled for c in components(replay)][:4] == [True, True, False, False]

    jumped = (await sofia.click(replay, label=on.format(n=2))).response.message
    step = table_of_step(text_of(jumped), where, total)
    assert 0 < step < total and back.format(n=1) in labels(jumped) and on.format(n=3) in labels(jumped)
    assert {"en": "Round 2", "es": "Ronda 2"}[language] in text_of(jumped), text_of(jumped)
    again = (await sofia.click(jumped, label=on.format(n=3))).response.message
    assert table_of_step(text_of(again), where, total) > step
    back_again = (await sofia.click(again, label=back.format(n=2))).response.message
    assert table_of_step(text_of(back_again), where, total) == step, "back to where round 2 began"

    last = (await sam.click(back_again, label="⏭")).response.message
    assert where.format(n=total, total=total) in text_of(last)
    assert [c.disabled for c in components(last)][:4] == [False, False, True, True]
    first = (await sam.click(last, label="⏮")).response.message
    assert setup in text_of(first) and {"en": f"table {table_id}", "es": f"mesa {table_id}"}[language] in text_of(first)


async def a_finished_army_men_game(env, channel, sam, sofia) -> int:
    """sam and sofia play a live Army Men game (several rounds) to its end with the table's buttons: its id."""
    await seated(env, channel, sam, sofia, "armymen")
    await sam.slash(channel, "game start")
    table_id = table_of(env, channel).id
    await play_out_with_buttons(env, channel, [sam, sofia])
    return table_id


def table_of_step(text: str, where: str, total: int) -> int:
    """The move a replay message shows ("Move 7 of 40")."""
    return next(n for n in range(1, total + 1) if where.format(n=n, total=total) in text)
