"""Members of every language at one table: a server speaks one language, each member's Discord another, and every
message each one reads — the lobby and the table, refusals, pings and timeouts, DMs and My hand, the result, the
history, the replay, /help, /me, /mygames, /stats, /leaderboard, the followers' DMs — is in that reader's language
only (`tests/languages.py` reads every REST call the bot made, so a message kind added later is read too). Each
language is a server's language once, each game is played; a language added to the bot joins the run by itself."""

from __future__ import annotations

import pytest

from bot.i18n import SOURCE, language_of, languages
from cogs.games import live
from tests.cogs.helpers import components, message_by_id, table_of
from tests.languages import FOREIGN, LOCALES, language_problems

NAMES = ("Ana", "Bruno", "Chiara", "Dev", "Emeka", "Fen", "Greta", "Hiro")
GAMES = list(live())  # the bot's own games (the tests' toy game has no catalog)
RUNS = [(language, GAMES[i % len(GAMES)]) for i, language in enumerate(languages()) if language in LOCALES]
LIVE_TURN = 121  # seconds: past a live table's deadline


@pytest.mark.parametrize(("server", "game"), RUNS, ids=[f"{server}-{game}" for server, game in RUNS])
async def test_each_member_reads_only_their_own_language(simcord_env, client_languages, server, game):
    env = simcord_env
    guild = env.create_guild(name="Game Night", preferred_locale=LOCALES[server])
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(name.lower(), global_name=name)) for name in NAMES[:len(LOCALES)]]
    spoken = dict(zip((m.id for m in members), LOCALES.values(), strict=True))
    client_languages.update(spoken)  # one member for each language, the host's the server's
    host = members[list(LOCALES).index(server)]
    others = [m for m in members if m is not host]
    seats = live()[game].engine.max_players

    for member in members:
        await member.slash(channel, "help")
        await member.slash(channel, "me show")
    lobby = (await host.slash(channel, f"{game} new", pace="live")).response.message
    table_id = table_of(env, channel).id
    for member in others:  # those past the table's seats are refused: the table is full
        if len(table_of(env, channel).seats) < seats:
            await member.click(message_by_id(channel, lobby.id), custom_id=f"l:{table_id}:join")
        else:
            await member.slash(channel, "game join")
    await host.click(message_by_id(channel, lobby.id), custom_id=f"l:{table_id}:start")
    table = table_of(env, channel)
    watching = [m for m in others if table.seat_of(m.id) is None]
    for member in watching:  # the result comes to a follower by DM
        await member.click(message_by_id(channel, table.message_id), custom_id=f"f:{table_id}")
    for member in members:
        await member.slash(channel, "mygames")
        await member.slash(channel, "game hand")
    waiting = [m for m in members if table.seat_of(m.id) is not None and table.seat_of(m.id) not in table.to_act]
    moves = [c for c in components(message_by_id(channel, table.message_id)) if (c.custom_id or "")[:2] == "a:"]
    if waiting and moves:  # "It's not your turn", in the presser's language
        await waiting[0].click(message_by_id(channel, table.message_id), custom_id=moves[0].custom_id)
    while table_of(env, channel) is not None:  # timeouts, reminders, autopilot, then the computer finishes
        await env.advance_time(LIVE_TURN)

    for member in members:
        await member.slash(channel, "game history")
        await member.slash(channel, "stats", member=host)
    await host.slash(channel, "game verify")
    await host.slash(channel, "leaderboard")
    replay = (await others[0].slash(channel, "game replay")).response.message
    await others[0].click(replay, label="▶")

    casual = guild.create_text_channel("casual")  # a casual table's half-time reminder, by ping and by DM
    reminded = others[0]
    await reminded.slash(casual, "me reminders", where="both")
    lobby = (await reminded.slash(casual, f"{game} new")).response.message
    await host.click(lobby, custom_id=f"l:{table_of(env, casual).id}:join")
    await reminded.click(message_by_id(casual, lobby.id), custom_id=f"l:{table_of(env, casual).id}:start")
    await env.advance_time(31 * 60)

    problems = language_problems(env, lambda guild_id: server, lambda user_id: language_of(spoken.get(user_id)))
    assert problems == [], "\n".join(problems[:20])


async def test_the_check_finds_a_table_shown_in_another_language_than_its_servers(simcord_env, client_languages,
                                                                                  monkeypatch):
    """The check is not blind: a server's table built in English by mistake is found, word for word."""
    import cogs.table.language

    env = simcord_env
    server = FOREIGN[-1]
    guild = env.create_guild(name="Game Night", preferred_locale=LOCALES[server])
    channel = guild.create_text_channel("games")
    host = guild.add_member(env.create_user("ana", global_name="Ana"))
    client_languages[host.id] = LOCALES[server]

    async def english(languages, guild_id):
        return SOURCE

    monkeypatch.setattr(cogs.table.language.Languages, "server", english)
    await host.slash(channel, "armymen new")
    problems = language_problems(env, lambda guild_id: server, lambda user_id: server)
    assert problems and all("(en)" in problem for problem in problems), problems
