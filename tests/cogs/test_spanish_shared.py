"""The shared commands in Spanish: /help and refusals follow the member's client; /game status,
/leaderboard, /stats, /game history and /game verify are public, so they follow the server; a DM sent
because of another member's move follows its reader's remembered language."""

from __future__ import annotations

from bot.app.translator import CatalogTranslator
from bot.games.armadillo.engine import Roll

from .helpers import add_computer, components, last_table_message, message_by_id, read, table_of, text_of, texts
from .test_armadillo_play import open_three_seat_table, roll, the_dm
from .test_armymen_play import play_out_with_buttons


async def test_help_follows_each_members_client(world, client_languages):
    env, channel, alice, bob = world  # an English server
    client_languages[bob.id] = "es-ES"
    spanish = await bob.slash(channel, "help")
    english = await alice.slash(channel, "help")
    assert spanish.ephemeral and english.ephemeral
    help_es, help_en = text_of(spanish.response.message), text_of(english.response.message)
    assert "Juega a juegos de dados y cartas aquí mismo." in help_es
    # the buttons in the reader's words, and as this server's tables show them: they speak English
    assert "tus amistades pulsan **Unirme** (aquí: **Join**) y el anfitrión pulsa **Empezar** (aquí: **Start**)" \
        in help_es
    assert "En una mesa" in help_es and "Comunidad" in help_es and "Tiempo" in help_es
    assert "`/game hand` — Tu vista privada y tus botones de jugada (solo la ves tú)" in help_es
    assert "`/game status` — Vuelve a mostrar la mesa al final del canal" in help_es
    assert "hasta que pulses **Mi mano** (aquí: **My hand**)" in help_es
    assert "🪖 **Army Men Dice War** (2 jugadores) — `/armymen new` · `/armymen rules`" in help_es
    assert "Play dice-and-card games right here." in help_en and "(2 players) — `/armymen new`" in help_en
    assert "Games" not in help_es and "press" not in help_es


async def test_refusals_of_the_shared_commands_in_spanish(spanish_server):
    env, guild, channel, alice, bob, mod = spanish_server
    nothing = await bob.slash(channel, "game history")
    assert nothing.response.content == "Todavía no se ha jugado ninguna mesa en este canal."
    nothing = await bob.slash(channel, "game verify")
    assert nothing.response.content == "Todavía no se ha jugado ninguna mesa en este canal."
    unknown = await bob.slash(channel, "game history", table=404)
    assert unknown.response.content == "No hay ninguna mesa 404 en este servidor."

    lobby = (await alice.slash(channel, "armadillo new")).response.message
    await bob.click(lobby, label="Unirme")
    start = await bob.slash(channel, "game start")
    assert start.ephemeral and start.response.content == "Solo el anfitrión puede empezar la partida."
    kick = await bob.slash(channel, "game kick", member=alice)
    assert kick.response.content == ("Solo el anfitrión o un miembro con Gestionar servidor puede expulsar "
                                     "a un jugador.")
    removebot = await alice.slash(channel, "game removebot")  # alice's client is English
    assert removebot.response.content == "There is no computer player to remove."
    await add_computer(alice, lobby)  # a computer's name is public: the server's language
    assert [s.name for s in table_of(env, channel).seats] == ["alice", "bob", "Ordenador 1"]
    mine = await bob.slash(channel, "mygames")
    assert mine.ephemeral and mine.response.content == "Ninguna mesa te está esperando. 🎉"
    still = await bob.slash(channel, "game history", table=table_of(env, channel).id)
    assert "sigue abierta: su historia se escribe cuando termine la partida." in still.response.content


async def test_a_spanish_server_after_a_rated_game(spanish_server, dice):
    env, guild, channel, alice, bob, mod = spanish_server
    assert text_of((await bob.slash(channel, "leaderboard")).response.message).startswith(
        "\n🏆 Clasificación · todos los juegos · histórico\nTodavía no hay partidas clasificadas.")
    lobby = (await alice.slash(channel, "armymen new", pace="live")).response.message
    await bob.click(lobby, label="Unirme")
    dice.script(0)
    await alice.click(lobby, label="Empezar")
    table_id = table_of(env, channel).id
    await play_out_with_buttons(env, channel, [alice, bob])

    board = text_of((await alice.slash(channel, "leaderboard", game="armymen")).response.message)
    assert "🏆 Clasificación · 🪖 Army Men Dice War" in board
    assert "ganó 1 de 1 (100 %)" in board and "(provisional)" in board
    assert "Todos empiezan con 1000" in board and "Provisional: menos de" in board

    stats = text_of((await alice.slash(channel, "stats", member=bob)).response.message)
    assert "Últimas partidas" in stats and "— puesto " in stats and "de 2, puntuación " in stats
    assert "de 1 (" in stats and "partidas clasificadas: 1" in stats

    before = last_table_message(channel).id
    await bob.slash(channel, "game status")  # the last closed table, again, at the bottom
    again = last_table_message(channel)
    assert again.id != before and "Partida terminada tras" in read(again) and "bob — 45" in read(again)

    history = await bob.slash(channel, "game history")
    text = text_of(history.response.message)
    assert f"📜 Army Men Dice War · mesa {table_id} · historia" in text
    assert "Historia" in text and "🍀 Suerte (cuanto más bajos los dados, más suerte)" in text
    assert "dados, media" in text and "más suerte que el" in text and "de las tiradas justas." in text
    assert "🔓 dados revelados: semilla" in text and "Story" not in text

    verified = (await alice.slash(channel, "game verify")).response.message.content
    assert verified.startswith(f"Mesa {table_id}: ✓ Verificada: Army Men Dice War, ")
    assert "jugadas y " in verified and "Cualquiera puede comprobar el archivo" in verified


async def test_leaving_and_kicking_are_announced_in_the_servers_language(spanish_server):
    env, guild, channel, alice, bob, mod = spanish_server
    lobby = (await alice.slash(channel, "armymen new")).response.message
    await bob.click(lobby, label="Unirme")
    await alice.click(lobby, label="Empezar")
    left = await alice.slash(channel, "game leave")  # the host leaves: bob hosts from here
    assert left.response.content == ("alice ha dejado la partida; a partir de ahora el ordenador juega por su "
                                     "asiento. Ahora bob lleva la mesa.")
    asked = await bob.slash(channel, "game end")
    assert asked.response.content.startswith("¿Cerrar esta partida de Army Men Dice War para todos?")


async def test_a_dm_caused_by_an_english_members_move_is_in_spanish(world, client_languages, dice):
    env, channel, alice, bob = world  # an English server
    client_languages[bob.id] = "es-ES"
    table = await open_three_seat_table(env, channel, alice, bob, dice)
    assert not components(the_dm(bob)), "bob waits for alice's roll"
    await roll(alice, message_by_id(channel, table.message_id), Roll(yellow=1, red=1), (5, 8), dice)
    await bob.click(message_by_id(channel, table.message_id), label="Discard 13 (free)")
    before = text_of(the_dm(bob))
    await alice.click(message_by_id(channel, table.message_id), label="Take a token")  # the reveal
    dm = the_dm(bob)  # rebuilt during alice's (English) click, for bob
    assert text_of(dm) != before and "Tu mano (9)" in text_of(dm), "his new hand"
    assert texts(dm)[0].startswith("Tu vista privada de la mesa en")
    assert "[Tu asiento en Armadillo — abrir la mesa](" in text_of(dm)
    assert texts(the_dm(alice))[0].startswith("Your private view for the table in")


async def test_the_shared_commands_describe_themselves_in_spanish(world):
    env = world[0]
    translator = CatalogTranslator()
    shared = ("game", "leaderboard", "stats", "mygames", "help")
    missing, checked = [], 0
    for command in (c for c in env.bot.tree.get_commands() if c.name in shared):
        payload = await command.get_translated_payload(env.bot.tree, translator)
        for item in (payload, *payload.get("options", []),
                     *(o for sub in payload.get("options", []) for o in sub.get("options", []))):
            checked += 1
            if "es-ES" not in (item.get("description_localizations") or {}):
                missing.append(f"{command.name} {item['name']}")
            assert "es-ES" not in (item.get("name_localizations") or {}), "names stay English"
    assert not missing, missing
    assert checked >= 20, checked  # /game, its 13 subcommands and their options, and the community commands
    game = next(c for c in env.bot.tree.get_commands() if c.name == "game")
    payload = await game.get_translated_payload(env.bot.tree, translator)
    assert payload["description_localizations"]["es-419"] == "Únete, empieza y gestiona la mesa de este canal"
