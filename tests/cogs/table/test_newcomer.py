"""What a newcomer reads, in an English and in a Spanish server, where sam's Discord speaks English and
sofia's Spanish: a table's footer is one short line; ruling ids only in `/<game> rules`; luck in each game's own
terms, or not at all."""

from __future__ import annotations

import hashlib

import pytest

from tests.cogs.helpers import add_computer, end_game, footer_of, message_by_id, read, table_of, text_of

SEALED = hashlib.sha256(b"seed").hexdigest()[:12]  # the test bot's secret seed is "seed"
SERVERS = {"en": ("Game Night", "en-US", "Join", "Start"), "es": ("Noche de juegos", "es-ES", "Unirme", "Empezar")}


def server(env, language: str, client_languages: dict[int, str]):
    name, locale, *_ = SERVERS[language]
    guild = env.create_guild(name=name, preferred_locale=locale)
    channel = guild.create_text_channel("games")
    sam, sofia = guild.add_member(env.create_user("sam")), guild.add_member(env.create_user("sofia"))
    client_languages[sofia.id] = "es-ES"
    return channel, sam, sofia


@pytest.mark.parametrize("language", SERVERS)
async def test_the_table_footer_is_one_short_line(simcord_env, client_languages, language):
    channel, sam, _ = server(simcord_env, language, client_languages)
    *_, start = SERVERS[language]
    lobby = (await sam.slash(channel, "armymen new", pace="live")).response.message
    await add_computer(sam, lobby)
    await sam.click(lobby, label=start)
    footer = footer_of(message_by_id(channel, table_of(simcord_env, channel).message_id))
    expected = {"en": f"🔒 sealed dice {SEALED}",  # under the picture: its deadline's line says when
                "es": f"🔒 dados sellados {SEALED}"}[language]
    assert footer == expected, footer


@pytest.mark.parametrize("language", SERVERS)
async def test_ruling_ids_are_in_the_rules_not_in_dardz_public_log(simcord_env, client_languages, dice, language):
    channel, sam, sofia = server(simcord_env, language, client_languages)
    _, _, join, start = SERVERS[language]
    lobby = (await sam.slash(channel, "dardz new", pace="live", target=50)).response.message
    await sofia.click(lobby, label=join)
    dice.script(3, 3, 3, 3, 6, 1)  # everyone rolls 6: a tie, rolled off with one die each (DZ-R12)
    await sam.click(lobby, label=start)
    table = table_of(simcord_env, channel)
    message = message_by_id(channel, table.message_id)
    reader = sofia if language == "es" else sam  # the server's language: My hand tells the whole news
    hand = (await reader.click(message, custom_id=f"h:{table.id}")).response.message
    shown = text_of(message) + text_of(hand)
    first = {"en": "Who rolls first:", "es": "Quién tira primero:"}[language]
    assert first in shown and "DZ-R" not in shown and "(R12)" not in shown, shown
    rules = await sofia.slash(channel, "dardz rules")
    read = "\n".join(text_of(m) for m in (rules.response.message, *rules.followups))
    assert "DZ-R9" in read and "**R12**" in read, "the ids stay where the rulings are read"


@pytest.mark.parametrize("language", SERVERS)
async def test_luck_is_reported_in_the_games_own_terms_or_not_at_all(simcord_env, client_languages, dice, language):
    channel, sam, sofia = server(simcord_env, language, client_languages)
    _, _, join, start = SERVERS[language]
    lobby = (await sam.slash(channel, "armymen new")).response.message
    await sofia.click(lobby, label=join)
    dice.script(0)  # sam starts
    await sam.click(lobby, label=start)
    dice.script(6, 6, 6, 6, 6)  # sam's five dice: all sixes, the worst an Army Men roll can be
    await sam.slash(channel, "armymen roll")
    table_id = table_of(simcord_env, channel).id
    await end_game(sam, channel)
    shown = text_of(message_by_id(channel, (await simcord_env.bot.tables.records.closed_table(table_id)).message_id))
    lines = {"en": ("🍀 Luck (the lower the dice, the luckier)",
                    "sam: 5 dice, average 6.00 (a fair die: 3.50) — luckier than 0% of fair rolls."),
             "es": ("🍀 Suerte (cuanto más bajos los dados, más suerte)",
                    "sam: 5 dados, media 6,00 (un dado justo: 3,50): más suerte que el 0 % de las tiradas justas.")}
    for line in lines[language]:
        assert line in shown, shown

    doodle = channel.guild.create_text_channel("doodle")
    lobby = (await sam.slash(doodle, "doodle new")).response.message
    await sofia.click(lobby, label=join)
    await sam.click(lobby, label=start)
    await sam.slash(doodle, "doodle roll")
    table_id = table_of(simcord_env, doodle).id
    await end_game(sam, doodle)
    shown = text_of(message_by_id(doodle, (await simcord_env.bot.tables.records.closed_table(table_id)).message_id))
    assert "🍀" not in shown and "average" not in shown and "media" not in shown, \
        "Doodle Dice's dice show figures, none luckier than another: no luck report"


async def test_a_computer_is_named_in_the_readers_language(simcord_env, client_languages, dice):
    channel, sam, sofia = server(simcord_env, "en", client_languages)  # an English server; sofia reads Spanish
    lobby = (await sofia.slash(channel, "armymen new")).response.message
    await add_computer(sofia, lobby)
    dice.script(0)  # sofia starts
    await sofia.click(lobby, label="Start")
    assert "Computer 1" in read(message_by_id(channel, table_of(simcord_env, channel).message_id))  # its picture
    answer = await sofia.slash(channel, "armymen roll")
    while rolled := table_of(simcord_env, channel).view(None)["rolled"]:  # she sets dice aside: her turn ends
        answer = await sofia.slash(channel, "armymen set-aside", dice=str(rolled[0]))
    said = answer.response.content
    assert "🤖 **Ordenador 1**" in said and "Computer" not in said, "the computer's turn, told to her in Spanish"


async def test_spanish_words_a_newcomer_stumbled_on(simcord_env, client_languages):
    channel, sam, sofia = server(simcord_env, "es", client_languages)
    lobby = (await sofia.slash(channel, "doodle new")).response.message
    again = await sofia.click(lobby, label="Unirme")
    assert again.ephemeral and again.response.content == "Ya tienes sitio en esta mesa.", "the same for everyone"
    await sam.click(lobby, label="Unirme")
    await sofia.click(lobby, label="Empezar")
    message = message_by_id(channel, table_of(simcord_env, channel).message_id)
    shown = text_of(message)
    assert "anuncia qué carta quitas (opcional) y luego Robar y tirar" in read(message)
    assert "robo" not in shown, "quitar a card from a rival, robar one from the deck: two verbs"
    board = await sofia.slash(channel, "leaderboard")
    assert "las mesas cerradas antes de acabar la partida" in text_of(board.response.message), \
        "ended tables do not count; finished ones, also closed, do"
