"""Who reads which language: a member's answers follow their client, public messages the server;
/settings language; the commands' descriptions translated for Discord."""

from __future__ import annotations

import discord
from discord import Locale, app_commands

from bot.app.translator import CatalogTranslator

from .helpers import components, labels, last_table_message, table_of, text_of, texts
from .test_armadillo_play import open_three_seat_table, the_dm


async def test_each_member_is_refused_in_their_own_language(world, client_languages):
    env, channel, alice, bob = world
    client_languages[bob.id] = "es-ES"
    english = await alice.slash(channel, "game join")
    spanish = await bob.slash(channel, "game join")
    assert english.ephemeral and spanish.ephemeral
    assert english.response.content.startswith("There is no open table in this channel.")
    assert spanish.response.content.startswith("No hay ninguna mesa abierta en este canal.")


async def test_a_language_without_a_catalog_falls_back_to_english(world, client_languages):
    env, channel, alice, bob = world
    client_languages[alice.id] = "pt-BR"
    refused = await alice.slash(channel, "game join")
    assert refused.response.content.startswith("There is no open table in this channel.")


async def test_settings_language_needs_manage_server_and_sets_the_public_language(spanish_server):
    env, guild, channel, alice, bob, mod = spanish_server
    assert await env.bot.edge.shared.languages.server(guild.id) == "es"  # the server's own Discord language

    refused = await bob.slash(channel, "settings language", language="en")
    assert refused.ephemeral and "Gestionar servidor" in refused.response.content
    assert await env.bot.edge.shared.languages.server(guild.id) == "es"

    done = await mod.slash(channel, "settings language", language="en")
    assert done.ephemeral and "now in English" in done.response.content
    assert await env.bot.edge.shared.languages.server(guild.id) == "en"

    await mod.slash(channel, "settings language", language="server")
    assert await env.bot.edge.shared.languages.server(guild.id) == "es"


async def test_the_setting_survives_a_restart(spanish_server, make_bot):
    env, guild, channel, alice, bob, mod = spanish_server
    await mod.slash(channel, "settings language", language="en")
    await env.restart_bot(make_bot())
    assert await env.bot.edge.shared.languages.server(guild.id) == "en"


async def test_command_descriptions_are_translated_and_names_stay_english(world):
    env = world[0]
    translator = CatalogTranslator()
    command = next(c for c in env.bot.tree.get_commands() if c.name == "settings")
    payload = await command.get_translated_payload(env.bot.tree, translator)
    assert payload["description_localizations"]["es-ES"] == "Los ajustes de este servidor para sus mesas"
    assert "name_localizations" not in payload or not payload["name_localizations"]
    language = next(o for o in payload["options"] if o["name"] == "language")
    assert language["description_localizations"]["es-419"].startswith("El idioma de los mensajes públicos")
    choice = next(c for c in language["options"][0]["choices"] if c["value"] == "server")
    assert choice["name_localizations"]["es-ES"] == "El idioma de Discord del servidor"
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_name, command)
    assert await translator.translate(app_commands.locale_str("settings"), Locale.spain_spanish, context) is None


async def test_a_public_table_follows_the_server_and_an_answer_the_member(spanish_server):
    env, guild, channel, alice, bob, mod = spanish_server
    lobby = (await alice.slash(channel, "armymen new")).response.message
    assert labels(lobby) == ["Unirme", "Salir", "Empezar"]  # the server speaks Spanish
    (menu,) = [c for c in components(lobby) if isinstance(c, discord.SelectMenu)]
    assert menu.placeholder == "🤖 Añadir un ordenador…"
    assert [(o.label, o.value) for o in menu.options] == [("Fácil", "easy"), ("Normal", "normal"), ("Difícil", "hard")]
    again = await alice.click(lobby, label="Unirme")  # alice's client speaks English
    assert again.ephemeral and again.response.content == "You are already seated at this table."
    await bob.click(lobby, label="Unirme")
    assert table_of(env, channel).seats[1].name == "bob"


async def test_dms_follow_each_members_language_after_a_restart_too(world, client_languages, dice, make_bot):
    env, channel, alice, bob = world
    client_languages[bob.id] = "es-ES"
    await open_three_seat_table(env, channel, alice, bob, dice)
    assert texts(the_dm(bob))[0].startswith("Tu vista privada de la mesa en")
    assert texts(the_dm(alice))[0].startswith("Your private view for the table in")
    assert "[Tu asiento en Armadillo — abrir la mesa](" in text_of(the_dm(bob))
    assert labels(last_table_message(channel))[-2:] == ["My hand", "Follow"]  # an English server

    await env.restart_bot(make_bot())
    assert await env.bot.member_languages.of(bob.id) == "es"
    assert await env.bot.member_languages.of(alice.id) == "en"
