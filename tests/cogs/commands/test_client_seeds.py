"""Provably fair dice with client seeds: `/game join seed:`, the seeds shown to all, the dice mixed from the
secret seed and every seat's client seed, and `/game verify` (and `python -m bot verify`) checking them."""

from __future__ import annotations

import json
import sqlite3

from bot.__main__ import main
from bot.games.registry import engines
from bot.service.fairness import verify
from tests.cogs.helpers import end_game, message_by_id, table_of, text_of

GAMES = engines()




async def dardz_started(alice, bob, channel, bob_seed: str | None):
    lobby = (await alice.slash(channel, "dardz new")).response.message
    joined = await (bob.slash(channel, "game join", seed=bob_seed) if bob_seed else bob.click(lobby, label="Join"))
    assert "Done" in joined.response.content if bob_seed else not joined.ephemeral
    await alice.click(lobby, label="Start")
    return lobby


async def test_a_client_seed_changes_the_dice_and_the_same_seeds_give_the_same_dice(world):
    env, channel, alice, bob = world
    rooms = [channel.guild.create_text_channel(f"dardz-{i}") for i in range(3)]
    states = []
    for room, seed in zip(rooms, ("lucky-7", "lucky-8", "lucky-7"), strict=True):
        await dardz_started(alice, bob, room, seed)
        table = table_of(env, room)
        assert table.client_seeds == ("a", seed)
        states.append(table.state)
        await end_game(alice, room)
    assert states[0] != states[1], "bob's client seed changed the deck"
    assert states[0] == states[2], "the same secret seed and client seeds give the same deck"


async def test_the_lobby_and_the_table_show_every_client_seed(world):
    env, channel, alice, bob = world
    lobby = (await alice.slash(channel, "armymen new")).response.message
    shown = text_of(message_by_id(channel, lobby.id))
    assert "1. **alice** 👑 · 🎲 seed `a`" in shown, "the host's seed was drawn when the table opened"
    assert "🔒 sealed dice" in shown and "🎲 each player's seed is mixed into them: choose yours with /game join " \
        "seed:" in shown, "the commitment comes before the seeds, and says what they are"
    await bob.slash(channel, "game join", seed="Bob.the_3rd")
    changed = await alice.slash(channel, "game join", seed="mañana")  # seated: her seed changes
    assert "Done" in changed.response.content
    shown = text_of(message_by_id(channel, lobby.id))
    assert "1. **alice** 👑 · 🎲 seed `mañana`" in shown and "2. **bob** · 🎲 seed `Bob.the_3rd`" in shown
    await alice.click(message_by_id(channel, lobby.id), label="Start")
    table = table_of(env, channel)
    running = text_of(message_by_id(channel, table.message_id))
    assert "mañana" not in running and "🔒 sealed dice" in running, "the seeds were shown in the lobby: the table " \
        "keeps one short line (they are in /game verify)"


async def test_a_bad_client_seed_is_refused_and_changes_nothing(world):
    env, channel, alice, bob = world
    await alice.slash(channel, "armymen new")
    for seed in ("a:b", "x" * 33, "two words", "   "):
        refused = await bob.slash(channel, "game join", seed=seed)
        assert refused.ephemeral and "A client seed is 1 to 32 letters, digits" in refused.response.content, seed
    assert [s.user_id for s in table_of(env, channel).seats] == [alice.id]
    started = await alice.slash(channel, "game start")  # one player is not enough for Army Men: refused
    assert started.ephemeral
    await bob.slash(channel, "game join")
    table = table_of(env, channel)
    assert table.client_seeds == ("a", "a")


async def test_verify_accepts_a_game_with_client_seeds_and_rejects_a_wrong_one(world, tmp_path):
    env, channel, alice, bob = world
    await dardz_started(alice, bob, channel, "bobs-own")
    await end_game(alice, channel)
    result = await bob.slash(channel, "game verify")
    line = result.response.message.content
    assert "✓ Verified: DARDZ" in line and "and the client seeds (alice a, bob bobs-own)" in line
    record = json.loads(await result.response.message.attachments[0].read())
    assert record["derivation"] == "fair-1" and record["client_seeds"] == ["a", "bobs-own"]
    assert verify(record, GAMES).ok
    wrong = dict(record, client_seeds=["a", "bobs-own!"])
    assert not verify(wrong, GAMES).ok and verify(wrong, GAMES).line.startswith("✗ Not verified")
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(record), encoding="utf-8")
    bad.write_text(json.dumps(wrong), encoding="utf-8")
    assert main(["verify", str(good)]) == 0 and main(["verify", str(bad)]) == 1


async def test_a_table_from_before_client_seeds_keeps_the_old_dice_and_verifies(world, tmp_path, make_bot):
    env, channel, alice, bob = world
    lobby = (await alice.slash(channel, "armymen new", pace="live")).response.message
    await bob.click(lobby, label="Join")
    table_id = table_of(env, channel).id
    with sqlite3.connect(tmp_path / "bot.sqlite3") as db:  # as a table opened before migration 0006 was
        db.execute("UPDATE sessions SET derivation = NULL WHERE id = ?", (table_id,))
        db.execute("UPDATE seats SET client_seed = NULL WHERE session_id = ?", (table_id,))
    await env.restart_bot(make_bot())
    await alice.click(message_by_id(channel, lobby.id), label="Start")
    table = table_of(env, channel)
    assert table.client_seeds is None and "client seeds" not in text_of(message_by_id(channel, table.message_id))
    await env.advance_time(121)  # a timeout move
    await end_game(alice, channel)
    result = await bob.slash(channel, "game verify")
    assert "✓ Verified: Army Men Dice War" in result.response.message.content
    assert "client seeds" not in result.response.message.content
    record = json.loads(await result.response.message.attachments[0].read())
    assert record["derivation"] == "seeded" and record["client_seeds"] is None and verify(record, GAMES).ok
