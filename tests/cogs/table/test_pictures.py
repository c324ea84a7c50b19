"""The table as a picture in Discord: the table message shows it (a Components V2 Media Gallery, uploaded with the
same send or edit, its description the picture in words) above the text, a seat's DM shows its private picture,
and /settings pictures off makes a server's tables text only."""

from __future__ import annotations

import io

import discord
import pytest
from PIL import Image

from bot.i18n import speaking
from bot.pictures import FILENAME
from bot.pictures import render as draw_with
from bot.pictures.canvas import WIDTH
from tests.cogs.games.armadillo.test_play import open_three_seat_table, the_dm
from tests.cogs.games.armymen.test_play import member_for, open_two_player_table
from tests.cogs.helpers import alt_texts, make_move, message_by_id, move_ids, moves, table_of, text_of


def render(env, table) -> bytes:
    """The table's picture by its game's drawer, as the bot draws it."""
    return draw_with(env.bot.games[table.game.id].drawer, table)


def picture_of(message: discord.Message) -> discord.Attachment | None:
    found = [a for a in message.attachments if a.filename == FILENAME]
    assert len(found) <= 1
    return found[0] if found else None


async def size_of(attachment: discord.Attachment) -> tuple[int, int]:
    return Image.open(io.BytesIO(await attachment.read())).size


@pytest.fixture
def moderated(world):
    """world, with mod, a member allowed to Manage Server: (env, channel, alice, bob, mod)."""
    env, channel, alice, bob = world
    guild = channel.guild
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    return env, channel, alice, bob, mod


async def test_the_table_message_shows_its_picture_and_keeps_its_text(world, dice):
    env, channel, alice, bob = world
    table = await open_two_player_table(env, channel, alice, bob, dice)
    message = message_by_id(channel, table.message_id)
    picture = picture_of(message)
    assert picture is not None and (await size_of(picture))[0] == WIDTH
    (described,) = alt_texts(message)  # the picture in words, for a screen reader
    assert "Army Men Dice War · table" in described and "alice — 6 dice · total 0" in described
    assert "Players" not in text_of(message) and "⏳ Due" in text_of(message)  # the text: what it doesn't show

    dice.script(5, 1, 2, 6, 3, 4)
    await member_for(table, [alice, bob], 0).click(message, custom_id=move_ids(message)[0])
    after = message_by_id(channel, table.message_id)
    assert await picture_of(after).read() != await picture.read()  # the roll is in the new picture
    assert len(after.attachments) == 1  # replaced, not added


async def test_a_picture_is_drawn_once_per_change_and_reused_when_the_table_is_shown_again(world, dice):
    env, channel, alice, bob = world
    await open_two_player_table(env, channel, alice, bob, dice)
    drawn = env.bot.edge.shared.pictures.drawn
    before = drawn.renders
    status = await alice.slash(channel, "game status")  # the same table posted again: the same picture
    assert picture_of(status.response.message) is not None and drawn.renders == before
    dice.script(5, 1, 2, 6, 3, 4)
    message = message_by_id(channel, table_of(env, channel).message_id)
    await alice.click(message, custom_id=move_ids(message)[0])
    assert drawn.renders == before + 1


async def test_a_lobby_has_no_picture(world):
    env, channel, alice, bob = world
    lobby = (await alice.slash(channel, "armymen new")).response.message
    assert not lobby.attachments and not alt_texts(lobby) and "Lobby" in text_of(lobby)


async def test_a_dm_and_my_hand_show_the_seats_private_picture(world, dice):
    env, channel, alice, bob = world
    table = await open_three_seat_table(env, channel, alice, bob, dice)
    alices, bobs = picture_of(the_dm(alice)), picture_of(the_dm(bob))
    assert alices is not None and (await size_of(alices))[0] == WIDTH
    assert "Your hand" in alt_texts(the_dm(alice))[0]
    assert await alices.read() != await bobs.read()  # each DM shows its own hand

    hand = await bob.click(message_by_id(channel, table.message_id), label="My hand")
    assert hand.ephemeral
    assert await picture_of(hand.response.message).read() == await bobs.read()


async def test_a_deleted_table_message_or_dm_is_posted_again_with_its_picture(world, dice):
    """An edit that finds its message gone posts the message anew: with the picture its gallery shows, uploaded
    again in full (a file's reader is used up by the edit's request, which Discord answered 404)."""
    env, channel, alice, bob = world
    table = await open_three_seat_table(env, channel, alice, bob, dice)
    gone = message_by_id(channel, table.message_id)
    env.backend.delete_message(channel.id, gone.id)  # a moderator tidies the channel
    env.backend.delete_message(alice.user.dm_channel.id, the_dm(alice).id)  # her DM is gone too
    await env.settle()
    dice.script(3)
    moved = await alice.slash(channel, "armadillo roll", blue=1)
    assert moved.ephemeral and "✅" in moved.response.content
    again = message_by_id(channel, table_of(env, channel).message_id)
    assert again.id != gone.id and alt_texts(again)
    assert await picture_of(again).read() == render(env, table_of(env, channel))
    for member in (alice, bob):  # everyone answers (a token each): the next turn brings the DMs up to date
        await member.slash(channel, "armadillo respond")
    dm = the_dm(alice)
    assert alt_texts(dm) and (await size_of(picture_of(dm)))[0] == WIDTH


async def test_settings_pictures_off_makes_the_servers_tables_text_only(moderated, dice):
    env, channel, alice, bob, mod = moderated
    refused = await bob.slash(channel, "settings pictures", pictures="off")
    assert refused.ephemeral and "Manage Server" in refused.response.content
    table = await open_two_player_table(env, channel, alice, bob, dice)
    assert picture_of(message_by_id(channel, table.message_id)) is not None

    done = await mod.slash(channel, "settings pictures", pictures="off")
    assert done.ephemeral and "text only" in done.response.content
    message = message_by_id(channel, table.message_id)
    dice.script(5, 1, 2, 6, 3, 4)
    await member_for(table, [alice, bob], 0).click(message, custom_id=move_ids(message)[0])
    message = message_by_id(channel, table.message_id)
    assert picture_of(message) is None and not alt_texts(message)
    assert "rolled" in text_of(message) and "**Players**" in text_of(message), "text only: the board in words"

    await mod.slash(channel, "settings pictures", pictures="on")
    table = table_of(env, channel)
    await make_move(member_for(table, [alice, bob], 0), message, moves(message)[0])
    assert picture_of(message_by_id(channel, table.message_id)) is not None


async def test_the_picture_speaks_the_servers_language(spanish_server, dice):
    env, guild, channel, alice, bob, mod = spanish_server
    await alice.slash(channel, "armymen new")
    await bob.slash(channel, "game join")
    dice.script(0)
    await alice.slash(channel, "game start")
    table = table_of(env, channel)
    shown = await picture_of(message_by_id(channel, table.message_id)).read()
    with speaking("es"):
        assert shown == render(env, table_of(env, channel))
    assert shown != render(env, table_of(env, channel))
