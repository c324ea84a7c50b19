"""A game night whose members read five languages: a German server, members whose Discord speaks English,
Spanish, Brazilian Portuguese, French and German. Each member's own answers (Join, I'm here, the standings they
ask for) come in their language; what the channel, the threads and the calendar show is the server's; nothing any
of them reads mixes two languages."""

from __future__ import annotations

from bot.i18n import language_of
from tests.languages import LOCALES, language_problems, said

from .night_kit import CHECK_IN, HOUR, at, bot_messages, events, night_server, open_tables, play_out, says

SERVER = "de"


async def test_a_night_read_in_five_languages_mixes_none(simcord_env, client_languages):
    env = simcord_env
    guild, channel, host, members, _mod = night_server(env, client_languages, SERVER, members=5)
    speaking = {member.id: language for member, language in zip(members, LOCALES, strict=False)}
    for member_id, language in speaking.items():
        client_languages[member_id] = LOCALES[language]
    assert sorted(speaking.values()) == sorted(LOCALES), "every language the bot speaks has a member"

    announcement = (await host.slash(channel, "gamenight plan", game="armymen", when=at(env, HOUR), rounds=2)
                    ).response.message
    (event,) = events(env, guild)
    assert event.name == said(SERVER, "{game} night", game="Army Men Dice War"), "the calendar: the server's"
    for member in members:
        language = speaking[member.id]
        joined = await member.click(announcement, label=said(SERVER, "Join the night"))
        assert says(joined.response.content, language,
                    "🙋 You're in {title}. The check-in opens {when}: press **I'm here** then."), (language, joined)

    await env.advance_time(HOUR)
    check_in = bot_messages(channel)[-1]
    for member in members:
        here = await member.click(check_in, label=said(SERVER, "I'm here"))
        assert here.ephemeral
    await env.advance_time(CHECK_IN)
    assert channel.threads, "round 1 seated, each table in its thread"
    for member in members:
        asked = await member.click(announcement, label=said(SERVER, "Standings"))
        assert asked.ephemeral and asked.response.message.attachments

    await play_out(env)
    assert not await open_tables(env)
    assert says(bot_messages(channel)[-1].content, SERVER, "🏆 **{title}** — podium")
    assert not language_problems(env, lambda guild: SERVER,
                                 lambda user: language_of(client_languages.get(user, "en-US")))
