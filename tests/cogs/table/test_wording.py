"""What players read: the lobby, whose turn it is, refusals without ruling ids, Army Men's end screen."""

from __future__ import annotations

import re

import discord

from tests.cogs.games.armymen.test_play import open_two_player_table, play_out_with_buttons
from tests.cogs.games.doodle.test_play import open_table as open_doodle
from tests.cogs.helpers import components, last_table_message, message_by_id, options, table_of, text_of, texts


async def test_a_full_lobby_disables_join_and_says_so(world):
    env, channel, alice, bob = world
    lobby = (await alice.slash(channel, "armymen new")).response.message
    text = text_of(lobby)
    assert "**Lobby** · 1 of 2 players seated ·" in text and "2–2" not in text and "campaign off" not in text
    await bob.click(lobby, label="Join")
    lobby = message_by_id(channel, lobby.id)
    assert "**Lobby** · 2 of 2 players seated ·" in text_of(lobby)
    buttons = {c.label: c.disabled for c in components(lobby) if isinstance(c, discord.Button)}
    assert buttons == {"Join": True, "Leave": False, "Start": False}
    (menu,) = [c for c in components(lobby) if isinstance(c, discord.SelectMenu)]
    assert menu.placeholder == "🤖 Add a computer…" and menu.disabled, "no computer joins a full table"
    assert "The table is full: the host 👑 starts the game with **Start**." in text_of(lobby)


async def test_a_spanish_lobby_counts_who_is_seated_and_says_what_each_seed_is(spanish_server):
    env, guild, channel, alice, bob, mod = spanish_server
    lobby = (await alice.slash(channel, "dardz new")).response.message
    text = text_of(message_by_id(channel, lobby.id))
    assert "**Sala de espera** · sentados: 1 de 2–8 jugadores ·" in text, text
    assert "1. **alice** 👑 · 🎲 semilla `a`" in text
    assert "🎲 la semilla de cada jugador se mezcla en ellos: elige la tuya con /game join semilla:" in text
    await bob.click(lobby, label="Unirme")
    assert "**Sala de espera** · sentados: 2 de 2–8 jugadores ·" in text_of(message_by_id(channel, lobby.id))


async def test_a_switched_on_option_reads_as_what_it_does(world):
    env, channel, alice, bob = world
    lobby = (await alice.slash(channel, "armymen new", campaign=True)).response.message
    text = text_of(lobby)
    assert "Play a campaign of three games; the lowest sum wins." in text and "AMD-R" not in text


async def test_refusals_name_whose_turn_it_is_and_cite_no_ruling(world, dice):
    env, channel, alice, bob = world
    await open_two_player_table(env, channel, alice, bob, dice)
    refused = await bob.slash(channel, "armymen roll")
    assert refused.ephemeral
    assert refused.response.content == "It's not your turn: the table is waiting for alice."
    dice.script(2, 3, 4, 5, 6)
    await alice.slash(channel, "armymen roll")
    refused = await alice.slash(channel, "armymen set-aside", dice="2 3 4")
    assert refused.response.content == "Set aside 1 or 2 of the dice you just rolled."


async def test_a_ping_while_dice_wait_to_be_set_aside_says_so(world, dice):
    env, channel, alice, bob = world
    await open_two_player_table(env, channel, alice, bob, dice)
    prompt = env.bot.edge.shared.renderer(table_of(env, channel)).turn_prompt
    assert prompt(table_of(env, channel), frozenset({0})) == "it's your turn to roll"
    await alice.slash(channel, "armymen roll")
    assert prompt(table_of(env, channel), frozenset({0})) == "it's your turn to set aside 1 or 2 dice"
    moves = options(last_table_message(channel))
    assert moves and all(label.startswith("Set aside ") for label in moves), "the rules' and the log's word"


async def test_armymen_end_screen_names_the_last_round_played(world, dice):
    env, channel, alice, bob = world
    await open_two_player_table(env, channel, alice, bob, dice)
    await play_out_with_buttons(env, channel, [alice, bob])
    final = text_of(last_table_message(channel))
    played = int(re.search(r"(?:\*\*)?Game over(?:\*\*)? after (\d+) rounds", final)[1])  # the description
    assert f"Round {played + 1}" not in final, final
    assert "Game over: " in final and "Game 1 over" not in final, "no campaign, no game number"
    assert not re.search(r"\b1 dice\b", final)


async def test_a_typed_move_says_what_happened(world, dice):
    env, channel, alice, bob = world
    await open_two_player_table(env, channel, alice, bob, dice)
    dice.script(2, 3, 4, 5, 6)
    rolled = await alice.slash(channel, "armymen roll")
    assert rolled.ephemeral
    first, link = rolled.response.content.split("\n")
    # The first move's news opens with the round's set-up, then the roll.
    assert re.fullmatch(r"✅ .*\*\*alice\*\* rolled [⚀-⚅2-6 ]+\.", first) and link.startswith("[Open the table]")
    dice.script(1, 1, 1)
    kept = await alice.slash(channel, "armymen set-aside", dice="2 3")
    assert kept.response.content.startswith("✅ **alice** set aside ⚁2 ⚂3. **alice** rolled 🪖0 🪖0 🪖0.\n")


async def test_a_buried_table_comes_back_with_the_next_ping(world, dice):
    env, channel, alice, bob = world
    table = await open_two_player_table(env, channel, alice, bob, dice)
    for line in ("gg", "who's next?", "brb", "ok"):
        await bob.send(channel, line)
    await alice.slash(channel, "armymen roll")
    assert table_of(env, channel).message_id == table.message_id, "within a turn the table is edited in place"
    await env.advance_time(16 * 60)  # bob, away from the table longer than a casual table's 15 minutes, is called
    while table_of(env, channel).to_act == {0}:
        rolled = table_of(env, channel).view(None)["rolled"]
        await alice.slash(channel, "armymen set-aside", dice=str(rolled[0]))
    moved = table_of(env, channel)
    assert moved.to_act == {1} and moved.message_id != table.message_id
    assert text_of(message_by_id(channel, table.message_id)).strip() == "This table moved further down ⤵"
    assert not components(message_by_id(channel, table.message_id)), "the old message keeps no buttons"
    new = message_by_id(channel, moved.message_id)
    assert texts(new)[0] == f"<@{bob.id}>, it's your turn to roll", "the ping heads the table: one message"
    assert components(new) and [m.id for m in channel.history()][-1] == moved.message_id
    assert not [m for m in channel.history() if m.id > moved.message_id], "no separate ping"
    await bob.slash(channel, "armymen roll")
    stale = text_of(message_by_id(channel, moved.message_id))
    assert f"<@{bob.id}>" not in stale, "the stale ping goes with the next edit"


async def test_a_table_with_little_below_is_edited_in_place(world, dice):
    env, channel, alice, bob = world
    table = await open_two_player_table(env, channel, alice, bob, dice)
    await bob.send(channel, "gg")
    await alice.click(message_by_id(channel, table.message_id), label="Roll the dice")
    assert table_of(env, channel).message_id == table.message_id


async def test_a_typo_and_a_valid_entry_get_the_same_answer_off_turn(world, dice):
    env, channel, alice, bob = world
    await open_doodle(env, channel, alice, bob, dice, ordered=True, computer=False)
    typo = await bob.slash(channel, "doodle reroll", dice="99")
    valid = await bob.slash(channel, "doodle reroll", dice="4")
    assert typo.response.content == valid.response.content == "It's not your turn: the table is waiting for alice."


async def test_game_status_moves_the_table_down_and_starts_counting_again(world, dice):
    env, channel, alice, bob = world
    table = await open_two_player_table(env, channel, alice, bob, dice)
    for line in ("a", "b", "c", "d"):
        await bob.send(channel, line)
    await alice.slash(channel, "game status")
    shown = table_of(env, channel).message_id
    assert shown != table.message_id
    await alice.click(message_by_id(channel, shown), label="Roll the dice")
    while table_of(env, channel).to_act == {0}:
        rolled = table_of(env, channel).view(None)["rolled"]
        await alice.slash(channel, "armymen set-aside", dice=str(rolled[0]))
    assert table_of(env, channel).message_id == shown, "edited in place: only the ping sits below it"
