"""A real server's permissions. Channel overwrites deny the bot's role one permission at a time:
opening a table is refused, naming what is missing; a running table loses nothing and nobody waits unheard.

SimCord computes `app_permissions` and the bot's permissions from the channel's overwrites, and refuses a send
without Send Messages (50013) and any call in a channel the bot cannot see (50001). It does not check what a
message carries: `discord_rules` below makes this module's SimCord refuse, as Discord does, a file without
Attach Files and an embed without Embed Links — neither counting without sending (Discord's implicit
permissions) — on the routes that post and edit channel messages. The table's card (a Components V2 Container)
is treated as an embed: the bot shows it only where it may embed (Discord's docs name no permission for
components, so this is the bot's own caution).
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

import discord
import pytest
import simcord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType
from simcord.http import router

from bot.app import DiceBot, ShardedDiceBot
from bot.games.armadillo.engine import Roll
from cogs.table.permissions import INVITE, NEEDED, invite_url
from tests.cogs.games.armadillo.test_play import open_three_seat_table, roll
from tests.cogs.helpers import alt_texts, components, has_card, message_by_id, shows_the_last_change, table_of, text_of

README = Path(__file__).resolve().parents[3] / "README.md"
CHANNEL_MESSAGES = {("POST", "channels/{channel_id}/messages"),
                    ("PATCH", "channels/{channel_id}/messages/{message_id}")}


@pytest.fixture(autouse=True)
def discord_rules(monkeypatch):
    def checked(handler):
        def route(ctx):
            channel = ctx.backend.get_channel(ctx.int_arg("channel_id"))
            body = ctx.body()
            card = any(c.get("type") == 17 for c in body.get("components") or ())  # a Container
            carried = (["attach_files"] if ctx.files else []) + (["embed_links"] if body.get("embeds") or card else [])
            if channel.guild_id is not None and carried:
                sending = "send_messages_in_threads" if channel.is_thread else "send_messages"
                ctx.require_channel_permissions(channel.id, sending, *carried)
            return handler(ctx)
        return route

    routes = {method: [(template, checked(handler) if (method, "/".join(template)) in CHANNEL_MESSAGES else handler)
                       for template, handler in entries] for method, entries in router._ROUTES.items()}
    monkeypatch.setattr(router, "_ROUTES", routes)


@pytest.fixture
def server(simcord_env, client_languages):
    """Game Night: alice (English), bob (Spanish client) and a moderator: (env, guild, channel, alice, bob, mod)."""
    env = simcord_env
    guild = env.create_guild(name="Game Night")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    client_languages[bob.id] = "es-ES"
    return env, guild, channel, alice, bob, mod


async def deny(env, channel, *flags: str, heard: bool = True) -> None:
    """An admin denies the bot's role `flags` in `channel` (a permission overwrite, as the channel's settings
    make). `heard=False`: the bot's cache never hears of it (an update it missed), so only a 403 tells it."""
    backend = env.backend
    guild = backend.get_guild(backend.get_channel(channel.id).guild_id)
    role = next(r for r in map(guild.roles.get, guild.members[backend.bot_user.id].role_ids) if r.managed)
    overwrite = Overwrite(role.id, OverwriteType.ROLE, deny=discord.Permissions(**dict.fromkeys(flags, True)).value)
    if heard:
        backend.set_overwrite(channel.id, overwrite)
    else:
        backend.get_channel(channel.id).overwrites.append(overwrite)
    await env.settle()


def above_warning(caplog) -> list[str]:
    return [f"{r.levelname} {r.getMessage()}" for r in caplog.records if r.levelno > logging.WARNING]


# --- the invite -------------------------------------------------------------------------------------
def test_the_readme_invite_asks_for_exactly_the_permissions_the_code_lists():
    readme = README.read_text(encoding="utf-8")
    link = re.search(r"https://discord\.com/oauth2/authorize\?\S*permissions=(\d+)", readme)
    assert link and int(link[1]) == INVITE.value, "the README's invite link is generated from cogs/table/permissions.py"
    assert f"permissions={INVITE.value}" in invite_url(1)
    table = readme.split("| permission | why the bot needs it |")[1].split("\n\n")[0]
    listed = re.findall(r"^\s*\| \*([^*]+)\* \|", table, re.M)
    assert len(listed) == len(NEEDED) and all(name.startswith(p.name) for name, p in zip(listed, NEEDED, strict=True))


async def test_the_live_bot_logs_its_invite_link_and_a_bot_in_simcord_alone_none(make_bot, caplog):
    """The live bot, once logged in, logs the link that invites it with exactly `NEEDED`; the playground's bot (and
    the tests'), whose application is SimCord's, logs none: no one could use it."""
    logged = {}
    for kind, options in ((DiceBot, {}), (ShardedDiceBot, {"shard_count": 1})):
        caplog.clear()
        with caplog.at_level(logging.INFO):
            env = simcord.Env(make_bot(kind, **options))
            await env.start()
            await env.shutdown()
        logged[kind] = [r.getMessage() for r in caplog.records if "invite" in r.getMessage()]
    assert logged[DiceBot] == []
    assert logged[ShardedDiceBot] == [f"invite link: {invite_url(env.bot.application_id)}"]


# --- opening: refused before anything is written -------------------------------------------------------
@pytest.mark.parametrize(("flags", "thread", "named"), [
    (("view_channel",), False, ["View Channel"]),
    (("send_messages",), False, ["Send Messages"]),
    (("embed_links",), False, ["Embed Links"]),
    (("attach_files",), False, ["Attach Files"]),
    (("read_message_history",), False, ["Read Message History"]),
    (("attach_files", "embed_links"), False, ["Embed Links", "Attach Files"]),
    (("send_messages_in_threads",), True, ["Send Messages in Threads"]),
    (("create_public_threads",), True, ["Create Public Threads"]),
    (("attach_files",), True, ["Attach Files"]),
])
async def test_opening_is_refused_naming_what_is_missing(server, caplog, flags, thread, named):
    env, guild, channel, alice, _, _ = server
    await deny(env, channel, *flags)
    refused = await alice.slash(channel, "armymen new", thread=thread)
    said = refused.response.content
    assert refused.ephemeral and said.startswith("I can't run a table here: I need "), said
    assert " and ".join(f"*{name}*" for name in named) in said
    assert ("/settings pictures off" in said) == ("Attach Files" in named)
    assert await env.bot.tables.store.last_table_in(channel.id) is None, "nothing was written"
    assert not env.bot.get_guild(guild.id).threads, "no thread was made"
    assert not above_warning(caplog)


async def test_a_thread_table_needs_the_thread_permissions_and_a_channel_table_does_not(server):
    env, _, channel, alice, _, _ = server
    await deny(env, channel, "send_messages_in_threads", "create_public_threads")
    refused = await alice.slash(channel, "doodle new", thread=True)
    assert "*Create Public Threads* and *Send Messages in Threads*" in refused.response.content
    opened = await alice.slash(channel, "doodle new")
    assert not opened.ephemeral and table_of(env, channel) is not None


async def test_the_refusal_speaks_the_members_language(server):
    env, _, channel, _, bob, _ = server
    await deny(env, channel, "attach_files", "embed_links")
    refused = await bob.slash(channel, "dardz new")
    assert refused.response.content == (
        "No puedo llevar una mesa aquí: necesito *Insertar enlaces* y *Adjuntar archivos* en este canal. "
        "Pídeselo a un moderador, o usa `/settings pictures off`.")


async def test_without_pictures_a_table_needs_no_attach_files(server, dice):
    env, _, channel, alice, bob, mod = server
    await deny(env, channel, "attach_files")
    assert (await alice.slash(channel, "armymen new")).ephemeral
    await mod.slash(channel, "settings pictures", pictures="off")
    lobby = (await alice.slash(channel, "armymen new")).response.message
    await bob.click(lobby, label="Join")
    dice.script(0)
    started = await alice.click(lobby, label="Start")
    assert not started.ephemeral and has_card(started.response.message)
    assert not started.response.message.attachments and not alt_texts(started.response.message)


# --- a permission taken away mid-game ------------------------------------------------------------------
def next_move(table):
    """Army Men: roll (the table's button, or typed), or set aside the lowest die (typed; a 1 counts lowest)."""
    rolled = table.view(None)["rolled"]
    if not rolled:
        return "armymen roll", {}, "Roll the dice"
    lowest = sorted(rolled, key=lambda f: 0 if f == 1 else f)[0]
    return "armymen set-aside", {"dice": str(lowest)}, None


def seen(channel, *members) -> set[int]:
    return {m.id for m in channel.history()} | {m.id for x in members for m in x.user.dm_channel.history()}


def heard(member, channel, since: set[int]) -> list[str]:
    """What reached `member` since `since`: channel messages naming them, and their DMs."""
    said = [m.content for m in channel.history() if m.id not in since and member.mention in (m.content or "")]
    return said + [m.content for m in member.user.dm_channel.history() if m.id not in since]


def host_notices(host, results) -> list[str]:
    """What the host was told about lost permissions: by DM, or in the answers to their own clicks."""
    dms = [m.content for m in host.user.dm_channel.history() if "I no longer have" in (m.content or "")]
    return dms + [f.content for r in results for f in r.followups if "I no longer have" in (f.content or "")]


LOST = {  # a permission taken away: where the table is; whether the bot still posts there; the table message
    "attach_files": ("channel", True, "a card without its picture"),
    "embed_links": ("channel", True, "plain text"),
    "read_message_history": ("channel", True, "a card with its picture"),
    "send_messages": ("channel", False, "plain text"),
    "view_channel": ("channel", False, "plain text"),
    "send_messages_in_threads": ("thread", False, "plain text"),
}


@pytest.mark.parametrize("flag", list(LOST))
async def test_a_running_table_survives_losing_a_permission(server, dice, caplog, flag):
    env, _, channel, alice, bob, _ = server
    where, posts, looks = LOST[flag]
    parent = channel
    opened = await alice.slash(channel, "armymen new", pace="live", thread=where == "thread")
    if where == "thread":
        channel = parent.threads[0]
    lobby = message_by_id(channel, table_of(env, channel).message_id)
    assert where == "thread" or lobby.id == opened.response.message.id
    await bob.click(lobby, label="Join")
    dice.script(0)  # alice starts
    await alice.click(lobby, label="Start")
    table_id = table_of(env, channel).id
    members = {alice.id: alice, bob.id: bob}
    played: list[int] = []  # the seat of every move the bot acknowledged
    passed: list[int] = []  # whose turn a move began
    answers = []

    async def move(typed: bool) -> None:
        table = table_of(env, channel)
        (seat,) = table.to_act
        member = members[table.seats[seat].user_id]
        command, args, button = next_move(table)
        before = seen(channel, alice, bob)
        if typed or button is None:
            answer = await member.slash(channel, command, **args)
            assert answer.ephemeral and answer.response.content.startswith("✅"), answer.response.content
        else:
            if answers and "`/game status`" in (answers[-1].response.content or ""):  # as the last answer said
                assert not (await member.slash(channel, "game status")).ephemeral
                table = table_of(env, channel)
            answer = await member.click(message_by_id(channel, table.message_id), label=button)
            assert not answer.ephemeral, answer.response.content
        played.append(seat)
        answers.append(answer)
        for turn in table_of(env, channel).to_act - {seat}:  # whose turn began: told, here or by DM
            assert heard(members[table.seats[turn].user_id], channel, before)
            passed.append(turn)

    await move(typed=False)
    await deny(env, parent, flag)
    for typed in (False, True, False, True):
        await move(typed)
    # nobody moves until the deadline: the rules' default is played, and whoever acts next is told
    before = seen(channel, alice, bob)
    await env.advance_time(120 + 1)
    after = table_of(env, channel)
    waiting = members[after.seats[next(iter(after.to_act))].user_id]
    told = heard(waiting, channel, before)
    assert told, f"{waiting.user.name} was not told it is their turn"
    posted = [m for m in channel.history() if m.id not in before]
    assert bool(posted) == posts, "the timeout and the ping go to the channel only where the bot may post"
    assert posts or all(said in [m.content for m in waiting.user.dm_channel.history()] for said in told)
    if flag == "view_channel":  # the bot could not edit the table at the timeout: the DM says how to see it
        assert "`/game status`" in told[-1]
        status = await waiting.slash(channel, "game status")
        assert not status.ephemeral and status.response.message.id == table_of(env, channel).message_id
    for i in range(30):  # bob plays his turn out, by clicks and typed moves
        await move(typed=i % 2 == 1)
        if passed:
            break
    assert passed == [0], "alice's turn began with bob's last move, and she was told"

    events = await env.bot.tables.store.moves(table_id)
    assert [e.seat for e in events if e.by == "player"] == played, "every acknowledged move is stored"
    notices = host_notices(alice, answers)
    name = next(p.name for p in NEEDED if p.flag == flag)
    assert len(notices) == 1 and f"*{name}*" in notices[0], notices
    table = message_by_id(channel, table_of(env, channel).message_id)
    if looks == "plain text":
        assert not has_card(table) and "Army Men Dice War" in text_of(table) and components(table)
    else:
        assert has_card(table) and bool(table.attachments) == (looks == "a card with its picture")
        assert bool(alt_texts(table)) == (looks == "a card with its picture")
    assert not above_warning(caplog)
    assert not env.errors


@pytest.mark.parametrize(("flag", "name", "posts"), [
    ("send_messages", "Send Messages", False),
    ("attach_files", "Attach Files", True),
    ("view_channel", "View Channel", False),
])
async def test_a_refusal_the_bot_did_not_see_coming_is_a_warning_and_the_table_goes_on(server, dice, caplog, flag,
                                                                                        name, posts):
    env, _, channel, alice, bob, _ = server
    lobby = (await alice.slash(channel, "armymen new", pace="live")).response.message
    await bob.click(lobby, label="Join")
    dice.script(0)  # alice starts
    await alice.click(lobby, label="Start")
    table = table_of(env, channel)
    await alice.click(message_by_id(channel, table.message_id), label="Roll the dice")
    await deny(env, channel, flag, heard=False)
    before = seen(channel, alice, bob)
    await env.advance_time(120 + 1)  # the timer plays alice's default: the bot learns it only from Discord's 403
    refused = [r for r in caplog.records if r.levelno == logging.WARNING and "Discord refused" in r.getMessage()]
    assert refused and all(str(channel.id) in r.getMessage() and name in r.getMessage() for r in refused)
    assert not above_warning(caplog) and not env.errors
    after = table_of(env, channel)
    played = [e.by for e in await env.bot.tables.store.moves(table.id)]
    assert played[0] == "player" and set(played[1:]) == {"timeout"}, played
    told = heard(bob, channel, before)
    assert any("your turn to roll" in t or "te toca tirar" in t for t in told), told  # pinged, or by DM in his language
    assert any(m.id not in before for m in bob.user.dm_channel.history()) == (not posts)
    if posts:  # the picture was refused: the table shows the timeout without it
        shown = message_by_id(channel, after.message_id)
        assert has_card(shown) and not shown.attachments and shows_the_last_change(env, channel, shown)
    assert len(host_notices(alice, [])) == 1


async def test_everyone_called_to_answer_hears_it_by_dm_when_the_bot_may_not_post(server, dice, caplog):
    """Armadillo: a roll calls every other seat to answer at once; the secrets stay in each member's own DM."""
    env, _, channel, alice, bob, _ = server
    table = await open_three_seat_table(env, channel, alice, bob, dice)
    hand_dm = [m.id for m in bob.user.dm_channel.history()]
    await env.advance_time(16 * 60)  # bob has been away from the casual table for over 15 minutes: he is called
    await deny(env, channel, "send_messages")
    before = seen(channel, alice, bob)
    rolled = await roll(alice, message_by_id(channel, table.message_id), Roll(yellow=1, red=1), (5, 8), dice)
    assert not rolled.ephemeral and not has_card(rolled.response.message), "the table, as plain text"
    assert "🟨5 🟥8 = **13**" in text_of(rolled.response.message)
    (called,) = [m.content for m in bob.user.dm_channel.history() if m.id not in before]
    assert "[Abrir la mesa]" in called and bob.mention not in called  # by DM, in bob's language
    assert [m.id for m in bob.user.dm_channel.history()][:len(hand_dm)] == hand_dm, "his hand's DM stays his"
    assert not [m for m in channel.history() if m.id not in before], "nothing was posted in the channel"
    for member in (bob, alice):
        answered = await member.click(message_by_id(channel, table_of(env, channel).message_id), label="Take a token")
        assert answered.response.content is None or "unchanged" not in answered.response.content
    events = await env.bot.tables.store.moves(table.id)
    assert [(e.seat, e.by) for e in events] == [(0, "player"), (2, "computer"), (1, "player"), (0, "player")]
    notices = host_notices(alice, [rolled])
    assert len(notices) == 1 and "*Send Messages*" in notices[0]
    assert not above_warning(caplog) and not env.errors
