"""One message, readable by everyone. The table message, the DMs and My hand are Components V2 — a
Container in the game's colour with the picture first (a Media Gallery), then the text, then the controls — and the
picture's description says in the reader's language what a sighted player sees: whose turn, the dice, each seat's
public state (a computer's with its level, as the text lists it). Within Discord's limits (tests/discord_limits.py
checks every call) at eight DARDZ seats with 32-character names, in every language, with pictures and text only. A
table posted in the old embed form before the change keeps working: its next change turns it into the new form."""

from __future__ import annotations

import discord
import pytest

from bot.games.armadillo.engine import Roll
from bot.i18n import language_of
from cogs.table.controls import ActionButton, HandButton
from tests.cogs.games.armadillo.test_play import ALICE, BOB, COMPUTER, roll, the_dm
from tests.cogs.helpers import (
    add_computer,
    alt_texts,
    components,
    has_card,
    message_by_id,
    table_of,
    text_of,
    texts,
    walk,
)
from tests.discord_limits import ALT_TEXT_CHARS, V2_COMPONENTS, V2_TEXT_CHARS
from tests.languages import LOCALES, counted, said

NAMES = [f"{first} {'Oyelaran-Fernández'[:31 - len(first)]}".ljust(32, "x")[:32]
         for first in ("Ana", "Bruno", "Chiara", "Dev", "Emeka", "Fen", "Greta", "Hiro")]


def within_v2_limits(message: discord.Message) -> None:
    assert message.flags.components_v2 and not message.content and not message.embeds
    assert len(walk(message.components)) <= V2_COMPONENTS
    assert sum(map(len, texts(message))) <= V2_TEXT_CHARS
    assert all(len(alt) <= ALT_TEXT_CHARS for alt in alt_texts(message))


@pytest.mark.parametrize("pictures", ["on", "off"])
@pytest.mark.parametrize("locale", LOCALES.values())
async def test_eight_dardz_seats_with_32_character_names_fit_components_v2(simcord_env, client_languages, locale,
                                                                          pictures):
    env = simcord_env
    guild = env.create_guild(name="Game Night", preferred_locale=locale)
    channel = guild.create_text_channel("dardz")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    members = [guild.add_member(env.create_user(f"m{i}", global_name=name), roles=[mods])
               for i, name in enumerate(NAMES)]
    for member in members:
        client_languages[member.id] = locale
    assert all(len(name) == 32 for name in NAMES)
    await members[0].slash(channel, "settings pictures", pictures=pictures)
    lobby = (await members[0].slash(channel, "dardz new", pace="live")).response.message
    for member in members[1:]:
        await member.click(lobby, custom_id=f"l:{table_of(env, channel).id}:join")
    await members[0].click(lobby, custom_id=f"l:{table_of(env, channel).id}:start")
    for _ in range(12):  # a few moves: rolls, picks, whatever the first button is
        table = table_of(env, channel)
        message = message_by_id(channel, table.message_id)
        within_v2_limits(message)
        assert has_card(message) and bool(alt_texts(message)) == (pictures == "on")
        if pictures == "on":
            (described,) = alt_texts(message)
            assert all(name in described for name in NAMES), "every seat, named in full, in the picture's words"
        else:
            assert all(name in text_of(message) for name in NAMES)
        member = next(m for m in members if m.id == table.seats[min(table.to_act)].user_id)
        moves = [c for c in components(message) if (c.custom_id or "").startswith("a:")]
        hand = await member.click(message, label=said(language_of(locale), "My hand"))
        within_v2_limits(hand.response.message)
        await member.click(message, custom_id=moves[0].custom_id)
    for member in members:  # their DMs (the points piles) too
        for dm in member.user.dm_channel.history():
            within_v2_limits(dm)


def described_words(language: str) -> tuple[str, ...]:
    """What the picture of test_armadillo_play's table after alice's 🟨5 🟥8 says, in `language`."""
    cards = counted(language, "{n} card", "{n} cards", 10)
    return (said(language, "{emoji} {game} · table {id}", emoji="🎲", game="Armadillo", id="\0").split("\0")[0],
            said(language, "Waiting for {names}.", names="alice, bob"),
            said(language, "**Round {round} of {rounds}** · roll {roll} · shed your cards: each card left is a point, "
                           "fewest points wins", round=1, rounds=3, roll=1).replace("**", ""),
            said(language, "🎲 {name} rolled {roll}", name="alice", roll="🟨5 🟥8 = 13").removeprefix("🎲 "),
            f"bob — {cards} · 🪙 2 · {said(language, '⏳ answering')}",
            f"{said(language, 'Computer {n}', n=1)} · {said(language, 'hard')} — {cards} · 🪙 2 · "
            f"{said(language, '✅ answered')}")


@pytest.mark.parametrize("locale", LOCALES.values())
async def test_the_picture_is_described_in_words_in_the_readers_language(simcord_env, client_languages, dice,
                                                                         locale):
    """A screen reader hears what a sighted player sees: the table, whose turn, the dice, every seat — in the
    server's language on the table, in each member's own in their DM."""
    env = simcord_env
    guild = env.create_guild(name="Game Night", preferred_locale=locale)
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    client_languages[bob.id] = locale
    lobby = (await alice.slash(channel, "armadillo new")).response.message
    table_id = table_of(env, channel).id
    await bob.click(lobby, custom_id=f"l:{table_id}:join")
    await add_computer(alice, lobby, "hard")  # its level in words too, as the text lists it
    dice.script(0)  # alice rolls first; the hands as in test_armadillo_play
    dice.decks.append(ALICE + BOB + COMPUTER)
    await alice.click(lobby, custom_id=f"l:{table_id}:start")
    table = table_of(env, channel)
    await roll(alice, message_by_id(channel, table.message_id), Roll(yellow=1, red=1), (5, 8), dice)
    message = message_by_id(channel, table_of(env, channel).message_id)
    (described,) = alt_texts(message)
    for words in described_words(language_of(locale)):
        assert words in described, (words, described)
    assert "**" not in described and "\\" not in described, "words, not markdown"
    hands = the_dm(bob)
    (private,) = alt_texts(hands)
    assert said(language_of(locale), "Your hand") in private and "1 · 3 · 5" in private
    assert private not in described and "1 · 3 · 5" not in described, "a hand only in its owner's DM"


async def test_a_table_posted_in_the_old_embed_form_turns_into_the_new_form_at_its_next_change(world, dice):
    """A table message from before Components V2 — an embed, legacy button rows — recorded in the database: its
    buttons still play, and the click's answer edits it into the new form (content and embeds emptied)."""
    env, channel, alice, bob = world
    lobby = (await alice.slash(channel, "armymen new")).response.message
    await bob.click(lobby, label="Join")
    dice.script(0)  # alice starts
    await alice.click(lobby, label="Start")
    table = table_of(env, channel)
    old_form = discord.ui.View(timeout=None)
    old_form.add_item(ActionButton(table.id, table.seq, '["Roll"]', label="Roll the dice"))
    old_form.add_item(HandButton(table.id))
    sent = env.bot.get_partial_messageable(channel.id)
    old = await sent.send(embed=discord.Embed(title=f"🪖 Army Men Dice War · table {table.id}",
                                              description="The table as the last release drew it."), view=old_form)
    await env.bot.tables.turns.set_message(table.id, old.id)  # the database points at the old-form message
    old = message_by_id(channel, old.id)
    assert old.embeds and not old.flags.components_v2

    dice.script(5, 1, 2, 6, 3, 4)
    result = await alice.click(old, label="Roll the dice")
    assert not result.ephemeral and table_of(env, channel).seq == table.seq + 1
    turned = message_by_id(channel, old.id)
    assert turned.flags.components_v2 and not turned.embeds and not turned.content and has_card(turned)
    assert "alice rolled" in text_of(turned) and alt_texts(turned), "the new form, with its picture"
    within_v2_limits(turned)
