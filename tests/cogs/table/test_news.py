"""'What just happened' on the table message: the engine's events of the table's last update, in words —
the same before and after a restart (they are recomputed by replaying the log, never remembered)."""

from __future__ import annotations

import hashlib

import pytest

from bot.games.registry import engines
from tests.cogs.helpers import add_computer, end_game, footer_of, message_by_id, table_of, tables, text_of, texts

GAMES = engines()


COMMANDS = {game_id: f"{game_id} new" for game_id in GAMES}


def news_of(message) -> list[str]:
    """The lines of the news under the table's picture: the latest of what happened, under the deadline."""
    first, *_ = texts(message)
    assert first.startswith("⏳ "), first
    return first.split("\n")[1:]


@pytest.mark.parametrize("game_id", list(COMMANDS))
async def test_the_news_is_the_same_after_a_restart(world, make_bot, game_id):
    env, channel, alice, _ = world
    lobby = (await alice.slash(channel, COMMANDS[game_id], pace="live")).response.message
    await add_computer(alice, lobby)
    await alice.click(lobby, label="Start")
    started = table_of(env, channel).seq
    await env.advance_time(121)  # alice's timeout default, then the computer plays until alice decides
    table = table_of(env, channel)
    assert table.seq > started and table.news, "the last update did something"
    before = news_of(message_by_id(channel, table.message_id))
    assert before and all(before)

    await env.restart_bot(make_bot())
    again = await tables(env).cache.get_by_id(table.id)  # rebuilt from the database: the log replayed
    assert again.news == table.news, "replaying the log recomputes the very same events"
    shown = (await alice.slash(channel, "game status")).response.message
    shown = message_by_id(channel, table_of(env, channel).message_id) if shown is None else shown
    assert news_of(shown) == before
    assert "{s" not in text_of(shown)


async def test_armadillo_hands_stay_out_of_the_channel_but_reach_their_owner(world, dice):
    env, channel, alice, bob = world
    lobby = (await alice.slash(channel, "armadillo new")).response.message
    await bob.click(lobby, label="Join")
    dice.script(0)  # alice rolls first
    dice.decks.append(list(range(1, 21)))  # alice 1..10, bob 11..20
    await alice.click(lobby, label="Start")
    table = table_of(env, channel)
    (dealt,) = [e for e in table.news if e.kind == "round_started"]
    assert "hand" not in dealt.public() and dealt.seen_by(0)["hand"] == list(range(1, 11))
    renderer = env.bot.games["armadillo"].renderer
    assert renderer.news_lines(table, 1)[0].endswith("Your hand: `11 · 12 · 13 · 14 · 15 · 16 · 17 · 18 · 19 · 20`")
    public = "\n".join(news_of(message_by_id(channel, table.message_id)))
    assert "rolls first" in public and "Your hand" not in public and "11 · 12" not in public


def test_every_game_has_words_for_its_events():
    from cogs.games import registered

    assert {game_id for game_id, parts in registered().items() if parts.renderer} == set(GAMES)


async def test_the_dice_are_sealed_while_the_game_runs_and_the_seed_is_shown_at_the_end(world):
    env, channel, alice, _ = world
    lobby = (await alice.slash(channel, "armymen new")).response.message
    await add_computer(alice, lobby)
    await alice.click(lobby, label="Start")
    sealed = hashlib.sha256(b"seed").hexdigest()[:12]  # the test bot's seed is "seed"
    running = message_by_id(channel, table_of(env, channel).message_id)
    assert footer_of(running) == f"🔒 sealed dice {sealed}", \
        "one short line: the dice's fingerprint — no move number, no hash's name, no client seeds"
    message_id = running.id
    await end_game(alice, channel)
    ended = message_by_id(channel, message_id)
    assert footer_of(ended) == "🔓 dice unsealed: seed seed"


async def test_the_luck_report_at_the_end_for_scripted_dice(world, dice):
    env, channel, alice, bob = world
    lobby = (await alice.slash(channel, "armymen new")).response.message
    await bob.click(lobby, label="Join")
    dice.script(0)  # AMD-R6: alice starts
    await alice.click(lobby, label="Start")
    table = table_of(env, channel)
    dice.script(6, 6, 6, 6, 6)  # alice rolls her 5 dice (one is her ante): all sixes
    await alice.click(message_by_id(channel, table.message_id), label="Roll the dice")
    await end_game(alice, channel)
    text = text_of(message_by_id(channel, table.message_id))
    assert "🍀 Luck (the lower the dice, the luckier)" in text, "Army Men's lowest total wins"
    assert "alice: 5 dice, average 6.00 (a fair die: 3.50) — luckier than 0% of fair rolls." in text
    assert "bob: no dice rolled." in text
