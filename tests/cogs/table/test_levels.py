"""Computer levels at the table, played as members would: the host seats computers by level with the
lobby's menu or `/game addbot level:`, everyone reads each computer's level on the table — after a restart too, in
English and in Spanish —, a game against a hard computer is replayed and verified move by move, and bad input
(an unknown level, any level on a full table) gets a private answer saying why, and changes nothing."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import discord

from bot.__main__ import main
from bot.games.registry import engines
from bot.service.fairness import verify
from tests.cogs.games.armymen.test_play import play_out_with_buttons
from tests.cogs.helpers import (
    add_computer,
    components,
    last_table_message,
    message_by_id,
    read,
    table_of,
    tables,
    text_of,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))

from chaos_kit import send_again  # noqa: E402

GAMES = engines()
LEVELS_REFUSED = "A computer plays at one of three levels: easy, normal or hard."


def computer_menu(message: discord.Message) -> discord.SelectMenu:
    (menu,) = [c for c in components(message) if isinstance(c, discord.SelectMenu)]
    return menu


async def seats(env, table_id: int) -> list[tuple[str, bool, str]]:
    """What the database holds: (name, is_computer, level) per seat."""
    return [(s.name, s.is_computer, s.level) for s in await tables(env).store.seats(table_id)]


async def test_the_host_seats_computers_by_level_and_everyone_reads_it_after_a_restart(world, make_bot):
    env, channel, alice, bob = world
    lobby = (await alice.slash(channel, "armadillo new")).response.message
    menu = computer_menu(lobby)
    assert menu.placeholder == "🤖 Add a computer…" and not menu.disabled
    assert [(o.label, o.value, o.description) for o in menu.options] == [
        ("Easy", "easy", "A beginner: at times a weaker move"),
        ("Normal", "normal", "The rules' own computer player"),
        ("Hard", "hard", "Plans ahead to win")]

    calls = len(env.http_requests)
    picked = await add_computer(alice, lobby, "hard")
    assert not picked.ephemeral
    assert [r.method for r in env.http_requests[calls:]] == ["POST"], "one REST call: the answer edits the lobby"
    assert "2. 🤖 **Computer 1** · hard" in text_of(message_by_id(channel, lobby.id))
    again = computer_menu(message_by_id(channel, lobby.id))
    assert again.id != menu.id, "the edited lobby's menu is a new component: a client keeps no pick of the last"
    typed = await alice.slash(channel, "game addbot", level="easy")
    assert typed.response.content.startswith("✅ ")
    assert computer_menu(message_by_id(channel, lobby.id)).id not in (menu.id, again.id), "each change, a new one"
    await alice.slash(channel, "game addbot")  # normal, the default
    table_id = table_of(env, channel).id
    assert await seats(env, table_id) == [("alice", False, "normal"), ("Computer 1", True, "hard"),
                                          ("Computer 2", True, "easy"), ("Computer 3", True, "normal")]
    refused = await bob.select(message_by_id(channel, lobby.id), ["hard"])
    assert refused.ephemeral and refused.response.content == "Only the host can add computer players."

    await env.restart_bot(make_bot())
    await alice.click(message_by_id(channel, lobby.id), label="Start")
    shown = read(last_table_message(channel))  # the seats are in its picture, and in the picture's description
    for line in ("Computer 1 · hard", "Computer 2 · easy", "Computer 3 · normal"):
        assert line in shown, line
    assert "alice · normal" not in shown, "a member's seat shows no level"
    assert [s.level for s in table_of(env, channel).seats] == ["normal", "hard", "easy", "normal"]


async def test_levels_read_in_spanish_where_the_server_speaks_it(spanish_server, make_bot):
    env, guild, channel, alice, bob, mod = spanish_server
    lobby = (await alice.slash(channel, "armadillo new")).response.message  # alice's client: English
    menu = computer_menu(lobby)
    assert menu.placeholder == "🤖 Añadir un ordenador…"  # the table is public: the server's language
    assert [(o.label, o.description) for o in menu.options] == [
        ("Fácil", "Principiante: a veces juega peor"), ("Normal", "El jugador del ordenador de las reglas"),
        ("Difícil", "Planea para ganar")]
    await add_computer(alice, lobby, "hard")
    await alice.slash(channel, "game addbot", level="easy")
    assert "🤖 **Ordenador 1** · difícil" in text_of(message_by_id(channel, lobby.id))
    refused = await bob.slash(channel, "game addbot", level="hard")  # bob's client: Spanish
    assert refused.ephemeral and refused.response.content == "Solo el anfitrión puede añadir jugadores del ordenador."
    refused = await send_again(bob, message_by_id(channel, lobby.id), f"lc:{table_of(env, channel).id}", "experto")
    assert refused.ephemeral
    assert refused.response.content == "Un ordenador juega a uno de tres niveles: fácil, normal o difícil."

    await env.restart_bot(make_bot())
    await alice.click(message_by_id(channel, lobby.id), label="Empezar")
    shown = read(last_table_message(channel))
    assert "Ordenador 1 · difícil" in shown and "Ordenador 2 · fácil" in shown


async def test_an_unknown_level_or_a_full_table_gets_a_private_answer_and_changes_nothing(world):
    env, channel, alice, bob = world
    lobby = (await alice.slash(channel, "armymen new")).response.message
    table_id = table_of(env, channel).id
    before = await seats(env, table_id)
    for level in ("expert", "HARD", ""):
        # A modified client's menu value (Discord itself holds /game addbot's level to its three choices).
        refused = await send_again(alice, lobby, f"lc:{table_id}", level)
        assert refused.ephemeral and refused.response.content == LEVELS_REFUSED, level
    assert await seats(env, table_id) == before

    await bob.click(lobby, label="Join")  # Army Men seats two: the table is full
    full = message_by_id(channel, lobby.id)
    assert computer_menu(full).disabled
    refused = await alice.slash(channel, "game addbot", level="hard")
    assert refused.ephemeral and refused.response.content == "This table is full (2 players)."
    refused = await send_again(alice, full, f"lc:{table_id}", "easy")
    assert refused.ephemeral and refused.response.content == "This table is full (2 players)."
    assert await seats(env, table_id) == [("alice", False, "normal"), ("bob", False, "normal")]


async def test_a_game_against_a_hard_computer_is_replayed_and_verified(world, tmp_path):
    env, channel, alice, bob = world
    lobby = (await alice.slash(channel, "armymen new", pace="live")).response.message
    await add_computer(alice, lobby, "hard")
    await alice.click(lobby, label="Start")
    table_id = table_of(env, channel).id
    await play_out_with_buttons(env, channel, [alice])  # the hard computer answers every move

    verified = await bob.slash(channel, "game verify")
    line = verified.response.message.content
    assert line.startswith(f"Table {table_id}: ✓ Verified: Army Men Dice War")
    record = json.loads(await verified.response.message.attachments[0].read())
    computed = sum(m["by"] == "computer" for m in record["moves"])
    assert computed > 5 and f"{computed} computer moves recomputed: each the one its level makes." in line
    assert record["levels"] == [None, "hard"] and record["seats"] == ["alice", "🤖 Computer 1"]
    good, claimed_normal = tmp_path / "good.json", tmp_path / "normal.json"
    good.write_text(json.dumps(record), encoding="utf-8")
    claimed_normal.write_text(json.dumps(dict(record, levels=[None, "normal"])), encoding="utf-8")
    assert main(["verify", str(good)]) == 0
    assert main(["verify", str(claimed_normal)]) == 1, "the hard computer's moves are not the normal one's"
    assert not verify(dict(record, levels=[None, "normal"]), GAMES).ok

    history = await bob.slash(channel, "game history")
    assert "🤖 **Computer 1** · hard — " in history.response.message.embeds[0].description
    replay = await bob.slash(channel, "game replay")
    step = replay.response.message
    assert "🤖 **Computer 1** · hard" in text_of(step)
    stepped = await bob.click(step, label="▶")
    assert "Move 1 of" in text_of(stepped.response.message) or "Move 1 of" in text_of(
        message_by_id(channel, step.id))


async def test_an_add_computer_button_posted_before_levels_still_seats_a_normal_computer(world):
    """Lobbies posted by the previous release show an Add computer button (`l:<table>:addbot`): a click on it
    after the upgrade seats a computer, at normal, as it did."""
    env, channel, alice, bob = world
    lobby = (await alice.slash(channel, "armadillo new")).response.message
    table_id = table_of(env, channel).id
    clicked = await send_again(alice, lobby, f"l:{table_id}:addbot")
    assert not clicked.ephemeral
    assert await seats(env, table_id) == [("alice", False, "normal"), ("Computer 1", True, "normal")]
    assert "🤖 **Computer 1** · normal" in text_of(message_by_id(channel, lobby.id))


async def test_a_hard_computers_level_reads_in_spanish_in_the_history_and_the_replay(spanish_server, make_bot):
    env, guild, channel, alice, bob, mod = spanish_server
    lobby = (await alice.slash(channel, "armymen new", pace="live")).response.message
    await add_computer(alice, lobby, "hard")
    await env.restart_bot(make_bot())
    await alice.click(message_by_id(channel, lobby.id), label="Empezar")
    await play_out_with_buttons(env, channel, [alice])

    history = await bob.slash(channel, "game history")  # bob's client: Spanish
    assert "🤖 **Ordenador 1** · difícil — " in history.response.message.embeds[0].description
    replay = await bob.slash(channel, "game replay")
    assert "🤖 **Ordenador 1** · difícil" in text_of(replay.response.message)
    verified = await bob.slash(channel, "game verify")
    assert "✓" in verified.response.message.content
