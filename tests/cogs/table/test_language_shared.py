"""The shared commands in every language besides English: /help and refusals follow the member's client; /game status,
/leaderboard, /stats, /game history and /game verify are public, so they follow the server; a DM sent because of
another member's move follows its reader's remembered language; the commands describe themselves, and name their
options, in each language."""

from __future__ import annotations

import pytest

from bot.app.translator import CatalogTranslator
from bot.games.armadillo.engine import Roll
from bot.i18n import OPTION, SOURCE, catalog, language_of
from tests.cogs.games.armadillo.test_play import open_three_seat_table, roll, the_dm
from tests.cogs.games.armymen.test_play import play_out_with_buttons
from tests.cogs.helpers import (
    add_computer,
    components,
    discard,
    last_table_message,
    message_by_id,
    read,
    table_of,
    text_of,
    texts,
)
from tests.languages import FOREIGN, LOCALES, counted, lead, said, shows

TIME = ("`pace:` live (2 min), casual (1 h), async (24 h) or `minutes:`; `clock:bank` gives each player a time bank "
        "instead. Each seat has its own clock. Only a player who has not looked at the table lately is pinged when "
        "their turn comes; half-way a reminder comes too; when your time runs out the rules' default move is played. "
        "After 3 missed turns the computer plays your seat until you press {hand}, and the others may vote to "
        "replace you. `/me` sets your time zone, quiet hours, reminders, daily digest and away days.")
WELCOME = ("Play dice-and-card games right here. Open a table in a channel, friends press {join}, the host "
           "presses {start}. Everything else is buttons on the table message.")
BESIDE = "**{button}** (here: **{shown}**)"  # a button in the reader's words, and as this server's tables show it


@pytest.mark.parametrize("language", FOREIGN)
async def test_help_follows_each_members_client(world, client_languages, language):
    env, channel, alice, bob = world  # an English server
    client_languages[bob.id] = LOCALES[language]
    theirs = await bob.slash(channel, "help")
    english = await alice.slash(channel, "help")
    assert theirs.ephemeral and english.ephemeral
    help_theirs, help_en = text_of(theirs.response.message), text_of(english.response.message)
    # the buttons in the reader's words, and as this server's tables show them: they speak English
    join, start, hand = (said(language, BESIDE, button=said(language, label), shown=label)
                         for label in ("Join", "Start", "My hand"))
    assert said(language, WELCOME, join=join, start=start) in help_theirs
    assert said(language, TIME, hand=hand) in help_theirs
    assert said(language, "Join") != "Join" and f"**{said(language, 'Join')}** (" in help_theirs
    for heading in ("At a table", "Community", "Time", "Games"):
        assert said(language, heading) in help_theirs
    assert f"`/game hand` — {said(language, 'Your private view and your move buttons (only you see it)')}" \
        in help_theirs
    assert f"`/game status` — {said(language, 'Show the table again at the bottom of the channel')}" in help_theirs
    players = counted(language, "{n} player", "{n} players", 2)
    assert f"🪖 **Army Men Dice War** ({players}) — `/armymen new` · `/armymen rules`" in help_theirs
    assert "Play dice-and-card games right here." in help_en and "(2 players) — `/armymen new`" in help_en
    assert "Play dice-and-card games" not in help_theirs and "Everything else is buttons" not in help_theirs


async def test_refusals_of_the_shared_commands_in_the_members_language(foreign_server):
    env, guild, channel, alice, bob, mod, language = foreign_server
    nothing = await bob.slash(channel, "game history")
    assert nothing.response.content == said(language, "No table has been played in this channel yet.")
    nothing = await bob.slash(channel, "game verify")
    assert nothing.response.content == said(language, "No table has been played in this channel yet.")
    unknown = await bob.slash(channel, "game history", table=404)
    assert unknown.response.content == said(language, "There is no table {table} in this server.", table=404)

    lobby = (await alice.slash(channel, "armadillo new")).response.message
    await bob.click(lobby, label=said(language, "Join"))
    start = await bob.slash(channel, "game start")
    assert start.ephemeral and start.response.content == said(language, "Only the host can start the game.")
    kick = await bob.slash(channel, "game kick", member=alice)
    assert kick.response.content == said(language, "Only the host or a member with Manage Server can kick a player.")
    removebot = await alice.slash(channel, "game removebot")  # alice's client is English
    assert removebot.response.content == "There is no computer player to remove."
    await add_computer(alice, lobby)  # a computer's name is public: the server's language
    assert [s.name for s in table_of(env, channel).seats] == ["alice", "bob", said(language, "Computer {n}", n=1)]
    mine = await bob.slash(channel, "mygames")
    assert mine.ephemeral and mine.response.content == said(language, "No table is waiting on you. 🎉")
    still = await bob.slash(channel, "game history", table=table_of(env, channel).id)
    assert still.response.content == said(language, "Table {table} is still open: its history is written when the "
                                                    "game ends.", table=table_of(env, channel).id)


async def test_a_server_after_a_rated_game(foreign_server, dice):
    env, guild, channel, alice, bob, mod, language = foreign_server

    def say(message: str, **fields) -> str:
        return said(language, message, **fields)

    board = text_of((await bob.slash(channel, "leaderboard")).response.message)
    heading = say("🏆 Leaderboard · {what} · {when}", what=say("every game"), when=say("all-time"))
    assert board.startswith(f"\n{heading}\n{say('No rated games yet. A game counts once it finishes with at least two members playing (computer players and ended tables do not count).')}")  # noqa: E501
    lobby = (await alice.slash(channel, "armymen new", pace="live")).response.message
    await bob.click(lobby, label=say("Join"))
    dice.script(0)
    await alice.click(lobby, label=say("Start"))
    table_id = table_of(env, channel).id
    await play_out_with_buttons(env, channel, [alice, bob])

    board = text_of((await alice.slash(channel, "leaderboard", game="armymen")).response.message)
    assert lead(language, "🏆 Leaderboard · {what} · {when}") + "🪖 Army Men Dice War" in board
    assert shows(board, language, "{name} — {rating} · won {wins} of {games} ({rate}%)")
    assert shows(board, language, "**{rating}** (provisional)")
    assert lead(language, "Everyone starts at 1000; winning against others raises the rating, losing lowers it, and "
                          "beating strong players counts more.") in board
    assert lead(language, "Provisional: fewer than {n} rated games, so the rating is still settling.") in board

    stats = text_of((await alice.slash(channel, "stats", member=bob)).response.message)
    assert say("Recent games") in stats
    assert shows(stats, language, "{game} — place {placing} of {players}, score {score} · {when}")
    assert shows(stats, language, "{won} won of {played} ({rate}%)")
    assert shows(stats, language, "rating {rating} · {games} rated")

    before = last_table_message(channel).id
    await bob.slash(channel, "game status")  # the last closed table, again, at the bottom
    again = last_table_message(channel)
    assert again.id != before and lead(language, "**Game over** after {n} round", "**Game over** after {n} rounds",
                                       2) in read(again) and "bob — 45" in read(again)

    text = text_of((await bob.slash(channel, "game history")).response.message)
    assert say("📜 {game} · table {id} · history", game="Army Men Dice War", id=table_id) in text
    assert say("Story") in text and say("🍀 Luck (the lower the dice, the luckier)") in text
    assert shows(text, language, "{name}: {n} die, average {average} (a fair die: {fair}) — luckier than {share}% of "
                                 "fair rolls.", "{name}: {n} dice, average {average} (a fair die: {fair}) — luckier "
                                                "than {share}% of fair rolls.", 12)
    assert lead(language, "🔓 dice unsealed: seed {seed}") in text and ("Story" not in text or say("Story") == "Story")

    verified = (await alice.slash(channel, "game verify")).response.message.content
    assert verified.startswith(lead(language, "Table {table}: {verdict}\nAnyone can check the file from a copy of "
                                              "the bot's code with `{command}`.") + f"{table_id}")
    assert shows(verified, language, "✓ Verified: {game}, {moves} and {dice} exactly reproduced from the revealed "
                                     "seed (SHA-256 {hash}…) and the client seeds ({clients}).")


async def test_leaving_and_kicking_are_announced_in_the_servers_language(foreign_server):
    env, guild, channel, alice, bob, mod, language = foreign_server
    lobby = (await alice.slash(channel, "armymen new")).response.message
    await bob.click(lobby, label=said(language, "Join"))
    await alice.click(lobby, label=said(language, "Start"))
    left = await alice.slash(channel, "game leave")  # the host leaves: bob hosts from here
    assert left.response.content == (said(language, "{name} left the game; the computer plays their seat from here.",
                                          name="alice") + " " + said(language, "{name} hosts the table now.",
                                                                     name="bob"))
    asked = await bob.slash(channel, "game end")
    assert asked.response.content.startswith(said(language, "End this {game} game for everyone? It will not be "
                                                            "rated and cannot be resumed.", game="Army Men Dice War"))


@pytest.mark.parametrize("language", FOREIGN)
async def test_a_dm_caused_by_an_english_members_move_is_in_its_readers_language(world, client_languages, dice,
                                                                                 language):
    env, channel, alice, bob = world  # an English server
    client_languages[bob.id] = LOCALES[language]
    table = await open_three_seat_table(env, channel, alice, bob, dice)
    assert not components(the_dm(bob)), "bob waits for alice's roll"
    await roll(alice, message_by_id(channel, table.message_id), Roll(yellow=1, red=1), (5, 8), dice)
    await discard(bob, message_by_id(channel, table.message_id), 13)
    before = text_of(the_dm(bob))
    await alice.click(message_by_id(channel, table.message_id), label="Take a token")  # the reveal
    dm = the_dm(bob)  # rebuilt during alice's (English) click, for bob
    assert text_of(dm) != before and said(language, "Your hand ({n}): {hand}", n=9, hand="\0").split("\0")[0] \
        in text_of(dm), "his new hand"
    assert texts(dm)[0].startswith(lead(language, "Your private view for the table in {place}."))
    assert said(language, "[Your seat at {game} — open the table]({link})", game="Armadillo", link="\0") \
        .split("\0")[0] in text_of(dm)
    assert texts(the_dm(alice))[0].startswith("Your private view for the table in")


async def test_the_shared_commands_describe_themselves_and_name_their_options_in_every_language(world):
    env = world[0]
    translator = CatalogTranslator()
    shared = ("game", "leaderboard", "stats", "mygames", "help")
    missing, checked = [], 0
    for command in (c for c in env.bot.tree.get_commands() if c.name in shared):
        payload = await command.get_translated_payload(env.bot.tree, translator)
        assert not payload.get("name_localizations"), "command names stay English"
        subcommands = payload.get("options", [])
        for item in (payload, *subcommands, *(o for sub in subcommands for o in sub.get("options", []))):
            checked += 1
            described = {language_of(locale) for locale in item.get("description_localizations") or {}}
            missing += [f"{command.name} {item['name']} ({language})" for language in FOREIGN
                        if language not in described]
            for locale, name in (item.get("name_localizations") or {}).items():  # options only: a member's words
                assert item.get("type") not in (1, 2)
                assert name == catalog(language_of(locale)).pgettext(OPTION, item["name"])
    assert not missing, missing
    assert checked >= 20, checked  # /game, its 13 subcommands and their options, and the community commands
    game = next(c for c in env.bot.tree.get_commands() if c.name == "game")
    payload = await game.get_translated_payload(env.bot.tree, translator)
    for locale, text in payload["description_localizations"].items():
        assert text == said(language_of(locale), "Join, start and manage this channel's table")
    assert said(SOURCE, "Join, start and manage this channel's table") == payload["description"]
