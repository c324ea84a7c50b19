"""Who reads which language: a member's answers follow their client, public messages the server; /settings language
offers every language; the commands' descriptions, options and choices are translated for Discord. Each test runs in
every language the bot speaks (tests/languages.py), so a language added to the bot is tested here by itself."""

from __future__ import annotations

import discord
import pytest
from discord import Locale, app_commands

from bot.app.translator import CatalogTranslator
from bot.i18n import LANGUAGES, OPTION, SOURCE, catalog, language_of
from tests.cogs.games.armadillo.test_play import open_three_seat_table, the_dm
from tests.cogs.helpers import components, labels, last_table_message, table_of, text_of, texts
from tests.languages import FOREIGN, LOCALES, said


@pytest.mark.parametrize("language", FOREIGN)
async def test_each_member_is_refused_in_their_own_language(world, client_languages, language):
    env, channel, alice, bob = world
    client_languages[bob.id] = LOCALES[language]
    english = await alice.slash(channel, "game join")
    theirs = await bob.slash(channel, "game join")
    assert english.ephemeral and theirs.ephemeral
    assert english.response.content.startswith("There is no open table in this channel.")
    assert theirs.response.content.startswith(said(language, "There is no open table in this channel."))
    assert theirs.response.content != english.response.content


async def test_a_language_without_a_catalog_falls_back_to_english(world, client_languages):
    env, channel, alice, bob = world
    client_languages[alice.id] = "ja"
    refused = await alice.slash(channel, "game join")
    assert refused.response.content.startswith("There is no open table in this channel.")


async def test_settings_language_offers_every_language_needs_manage_server_and_sets_the_public_language(
        foreign_server):
    env, guild, channel, alice, bob, mod, language = foreign_server
    assert await env.bot.edge.shared.languages.server(guild.id) == language  # the server's own Discord language
    settings = next(c for c in env.bot.tree.get_commands() if c.name == "settings")
    offered = [choice.value for choice in settings.get_command("language").parameters[0].choices]
    assert offered == ["server", *LANGUAGES]

    refused = await bob.slash(channel, "settings language", language="en")
    assert refused.ephemeral and said(language, "Only members with Manage Server can change this server's settings.") \
        == refused.response.content
    assert await env.bot.edge.shared.languages.server(guild.id) == language

    for chosen in LANGUAGES:
        done = await mod.slash(channel, "settings language", language=chosen)
        assert done.ephemeral and f" {LANGUAGES[chosen]}. " in done.response.content  # said in mod's (English)
        assert await env.bot.edge.shared.languages.server(guild.id) == chosen

    await mod.slash(channel, "settings language", language="server")
    assert await env.bot.edge.shared.languages.server(guild.id) == language


async def test_the_setting_survives_a_restart(foreign_server, make_bot):
    env, guild, channel, alice, bob, mod, language = foreign_server
    await mod.slash(channel, "settings language", language="en")
    await env.restart_bot(make_bot())
    assert await env.bot.edge.shared.languages.server(guild.id) == "en"


async def test_command_descriptions_options_and_choices_are_translated_and_command_names_stay_english(world):
    env = world[0]
    translator = CatalogTranslator()
    command = next(c for c in env.bot.tree.get_commands() if c.name == "settings")
    payload = await command.get_translated_payload(env.bot.tree, translator)
    assert not payload.get("name_localizations"), "a command's name stays English"
    language = next(o for o in payload["options"] if o["name"] == "language")
    assert not language.get("name_localizations"), "a subcommand's name stays English"
    option = language["options"][0]
    choice = next(c for c in option["choices"] if c["value"] == "server")
    for locale in (Locale(value) for value in LOCALES.values() if language_of(value) != SOURCE):
        spoken = language_of(locale)
        described = said(spoken, "This server's settings for its tables")
        assert payload["description_localizations"][locale.value] == described
        assert language["description_localizations"][locale.value] == \
            said(spoken, "The language of this server's public table messages")
        assert option["name_localizations"][locale.value] == catalog(spoken).pgettext(OPTION, "language")
        assert choice["name_localizations"][locale.value] == said(spoken, "The server's Discord language")
        context = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_name, command)
        assert await translator.translate(app_commands.locale_str("settings"), locale, context) is None
    assert option["name_localizations"]["de"] == "sprache" and option["name_localizations"]["pt-BR"] == "idioma"


async def test_a_public_table_follows_the_server_and_an_answer_the_member(foreign_server):
    env, guild, channel, alice, bob, mod, language = foreign_server
    lobby = (await alice.slash(channel, "armymen new")).response.message
    assert labels(lobby) == [said(language, word) for word in ("Join", "Leave", "Start")]  # the server's language
    (menu,) = [c for c in components(lobby) if isinstance(c, discord.SelectMenu)]
    assert menu.placeholder == said(language, "🤖 Add a computer…")
    levels = {"easy": "easy", "normal": "normal", "hard": "hard"}
    assert [(o.label, o.value) for o in menu.options] == [(said(language, name).capitalize(), value)
                                                         for value, name in levels.items()]
    again = await alice.click(lobby, label=said(language, "Join"))  # alice's client speaks English
    assert again.ephemeral and again.response.content == "You are already seated at this table."
    await bob.click(lobby, label=said(language, "Join"))
    assert table_of(env, channel).seats[1].name == "bob"


@pytest.mark.parametrize("language", FOREIGN)
async def test_dms_follow_each_members_language_after_a_restart_too(world, client_languages, dice, make_bot,
                                                                    language):
    env, channel, alice, bob = world
    client_languages[bob.id] = LOCALES[language]
    await open_three_seat_table(env, channel, alice, bob, dice)
    assert texts(the_dm(bob))[0].startswith(said(language, "Your private view for the table in {place}.",
                                                 place="\0").split("\0")[0])
    assert texts(the_dm(alice))[0].startswith("Your private view for the table in")
    assert said(language, "[Your seat at {game} — open the table]({link})", game="Armadillo", link="\0") \
        .split("\0")[0] in text_of(the_dm(bob))
    assert labels(last_table_message(channel))[-2:] == ["My hand", "Follow"]  # an English server

    await env.restart_bot(make_bot())
    assert await env.bot.member_languages.of(bob.id) == language
    assert await env.bot.member_languages.of(alice.id) == "en"
