"""What a newcomer reads (issue 26), in English and in Spanish: a table's footer is one short line; ruling ids
only in `/<game> rules`."""

from __future__ import annotations

import hashlib

import pytest

from .helpers import message_by_id, table_of, text_of

SEALED = hashlib.sha256(b"seed").hexdigest()[:12]  # the test bot's secret seed is "seed"
SERVERS = {"en": ("Game Night", "en-US", "Join", "Start", "Add computer"),
           "es": ("Noche de juegos", "es-ES", "Unirme", "Empezar", "Añadir ordenador")}


def server(env, language: str):
    name, locale, *_ = SERVERS[language]
    guild = env.create_guild(name=name, preferred_locale=locale)
    channel = guild.create_text_channel("games")
    return channel, guild.add_member(env.create_user("sam")), guild.add_member(env.create_user("sofia"))


@pytest.mark.parametrize("language", SERVERS)
async def test_the_table_footer_is_one_short_line(simcord_env, client_languages, language):
    channel, sam, _ = server(simcord_env, language)
    *_, start, add = SERVERS[language]
    lobby = (await sam.slash(channel, "armymen new", pace="live")).response.message
    await sam.click(lobby, label=add)
    await sam.click(lobby, label=start)
    footer = message_by_id(channel, table_of(simcord_env, channel).message_id).embeds[0].footer.text
    expected = {"en": f"live · 2-minute turns · 🔒 sealed dice {SEALED}",
                "es": f"live · turnos de 2 minutos · 🔒 dados sellados {SEALED}"}[language]
    assert footer == expected, footer


@pytest.mark.parametrize("language", SERVERS)
async def test_ruling_ids_are_in_the_rules_not_in_dardz_public_log(simcord_env, client_languages, dice, language):
    channel, sam, sofia = server(simcord_env, language)
    _, _, join, start, _ = SERVERS[language]
    lobby = (await sam.slash(channel, "dardz new", pace="live", target=50)).response.message
    await sofia.click(lobby, label=join)
    dice.script(3, 3, 3, 3, 6, 1)  # everyone rolls 6: a tie, rolled off with one die each (DZ-R12)
    await sam.click(lobby, label=start)
    shown = text_of(message_by_id(channel, table_of(simcord_env, channel).message_id))
    first = {"en": "Who rolls first:", "es": "Quién tira primero:"}[language]
    assert first in shown and "DZ-R" not in shown and "(R12)" not in shown, shown
    rules = await sofia.slash(channel, "dardz rules")
    read = "\n".join(text_of(m) for m in (rules.response.message, *rules.followups))
    assert "DZ-R9" in read and "**R12**" in read, "the ids stay where the rulings are read"
