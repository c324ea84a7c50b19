"""/me as members use it: a member in Madrid with quiet hours is neither pinged nor reminded at night,
and reminded by DM before they begin; a daily digest lists three tables, in Spanish; Not this turn silences a
table; each refusal is private, says why and changes nothing. SimCord's clock starts on 1 January 2026 at 00:00
UTC, 01:00 in Madrid."""

from __future__ import annotations

from datetime import UTC, datetime

import discord
import pytest
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from tests.cogs.helpers import labels, table_of, tables

AWAY = 16 * 60  # longer than an async table counts a touch as watching: a member away is called
HOUR = 3600


def mentions(channel, member) -> list:
    return [m for m in channel.history() if f"<@{member.id}>" in (m.content or "")]


def dms(member) -> list:
    return member.user.dm_channel.history() if member.user.dm_channel else []


async def async_table(env, channel, host, other) -> None:
    """`host` opens an async Army Men table, `other` joins (the game starts later: `start_all`)."""
    lobby = (await host.slash(channel, "armymen new", pace="async")).response.message
    await other.click(lobby, label="Join")


async def start_all(env, dice, host, channels) -> list:
    """Once the joiners have been away a while, `host` starts each table: the joiner's turn comes first."""
    await env.advance_time(AWAY)
    started = []
    for channel in channels:
        dice.script(1)  # AMD-R6: seat 1 starts
        await host.slash(channel, "game start")
        table = table_of(env, channel)
        assert table.to_act == {1}
        started.append(table)
    return started


async def until(env, when: datetime) -> None:
    await env.advance_time((when - env.now()).total_seconds())


async def test_a_member_in_madrid_sleeps_through_quiet_hours_and_is_reminded_by_dm_before_them(world, dice):
    env, channel, alice, bob = world
    zone = await bob.slash(channel, "me timezone", zone="europe/madrid")
    assert zone.ephemeral and "Time zone: Europe/Madrid (it is 1:00\u202fAM there now)" in zone.response.content
    assert [c["value"] for c in await bob.autocomplete(channel, "me timezone", "zone", "madr")] == ["Europe/Madrid"]
    quiet = await bob.slash(channel, "me quiet", start="23:00", end="8")
    assert quiet.ephemeral and "Quiet hours: 11:00\u202fPM–8:00\u202fAM: no ping and no DM then · quiet now" \
        in quiet.response.content  # times of day as the reader writes them
    chosen = await bob.slash(channel, "me reminders", when="1h", where="dm")
    assert chosen.ephemeral and "Reminders: 1 hour before the deadline, by DM" in chosen.response.content

    await async_table(env, channel, alice, bob)
    (table,) = await start_all(env, dice, alice, [channel])
    assert mentions(channel, bob) == [], "01:16 in Madrid: his turn began without a ping"
    # his deadline, 01:16 the next night there, falls in quiet hours: the reminder goes just before 23:00
    await until(env, datetime(2026, 1, 1, 21, 58, 59, tzinfo=UTC))
    assert dms(bob) == [] and mentions(channel, bob) == []
    await env.advance_time(60)
    (reminder,) = dms(bob)
    assert "⏰ reminder: your move is due <t:" in reminder.content and f"<#{channel.id}>" in reminder.content
    assert labels(reminder) == ["Not this turn"]
    assert mentions(channel, bob) == [], "he chose DMs only"
    await until(env, datetime(2026, 1, 2, 7, 0, tzinfo=UTC))  # the deadline passed in the night: nothing sent him
    assert len(dms(bob)) == 1 and mentions(channel, bob) == []
    assert table_of(env, channel).seats[1].timeouts == 1


@pytest.mark.parametrize(("client", "said"), [
    ("en-US", {("table", "channel"): "Reminders: the table's (half-time), by a ping in the table's channel",
               ("4h", "dm"): "Reminders: 4 hours before the deadline, by DM",
               ("1h", "both"): "Reminders: 1 hour before the deadline, by a ping in the table's channel and by DM",
               ("off", "both"): "Reminders: off"}),
    ("es-ES", {("table", "channel"): "Recordatorios: el de la mesa (a mitad de plazo), con una mención en el canal "
                                     "de la mesa",
               ("4h", "dm"): "Recordatorios: 4 horas antes del plazo, por MD",
               ("1h", "both"): "Recordatorios: 1 hora antes del plazo, con una mención en el canal de la mesa y por MD",
               ("off", "both"): "Recordatorios: desactivados"})])
async def test_the_card_says_where_reminders_go_in_a_sentence(world, client_languages, client, said):
    """Each way a reminder can go is its own sentence ("by both" said nothing), and none when they are off."""
    env, channel, alice, bob = world
    client_languages[bob.id] = client
    for (when, where), sentence in said.items():
        chosen = await bob.slash(channel, "me reminders", when=when, where=where)
        assert f"⏰ {sentence}\n" in chosen.response.content, chosen.response.content


async def test_a_daily_digest_lists_three_tables_in_spanish_and_replaces_their_pings(world, dice, client_languages):
    env, channel, alice, bob = world
    client_languages[bob.id] = "es-ES"
    channels = [channel, channel.guild.create_text_channel("games-2"), channel.guild.create_text_channel("games-3")]
    await bob.slash(channel, "me timezone", zone="Europe/Madrid")
    card = await bob.slash(channel, "me digest", hour=9)
    assert card.ephemeral and "Resumen diario: a las 9:00, el próximo <t:" in card.response.content
    for where in channels:
        await async_table(env, where, alice, bob)
    started = await start_all(env, dice, alice, channels)
    assert all(mentions(where, bob) == [] for where in channels), "no ping per table: the digest tells him"

    await until(env, datetime(2026, 1, 1, 7, 59, tzinfo=UTC))
    assert dms(bob) == []
    before = len(env.http_requests)
    await env.advance_time(60)  # 09:00 in Madrid
    (digest,) = dms(bob)
    assert digest.content.startswith("📬 Tu resumen diario: 3 mesas te esperan.")
    for table in started:
        assert f"[mesa {table.id}](https://discord.com/channels/{channel.guild.id}/{table.channel_id}" in digest.content
    assert digest.content.count("<t:") == 6, "time left and when, for each table"
    assert len(env.http_requests) - before <= 2, "one message (and opening the DM channel the first time)"

    mine = await bob.slash(channel, "mygames")
    assert mine.ephemeral and mine.response.content.count("<t:") == 6
    await env.advance_time(HOUR)
    assert len(dms(bob)) == 1, "once a day"


async def test_not_this_turn_silences_a_table_until_the_members_next_turn(world, dice, make_bot):
    env, channel, alice, bob = world
    carol = channel.guild.add_member(env.create_user("carol"))
    await async_table(env, channel, alice, bob)
    (table,) = await start_all(env, dice, alice, [channel])
    await env.advance_time(12 * HOUR)  # half-time: the table's reminder, pinged in the channel
    (reminder,) = mentions(channel, bob)
    assert "reminder" in reminder.content and labels(reminder) == ["Not this turn"]

    refused = await carol.click(reminder, label="Not this turn")
    assert refused.ephemeral and "Only the players this reminder named can silence it." in refused.response.content
    refused = await alice.click(reminder, label="Not this turn")
    assert refused.ephemeral and "That turn is over" in refused.response.content
    before = tables(env).cache.cached_tables()[0].seats

    dice.script(1)  # the restarted bot replays the log: the same starter
    await env.restart_bot(make_bot())
    await tables(env).cache.open_tables()
    silent = await bob.click(reminder, label="Not this turn")  # a reminder from before the restart
    assert silent.ephemeral and f"Table {table.id} is silent for you until your next turn" in silent.response.content
    again = await bob.click(reminder, label="Not this turn")
    assert again.ephemeral and "already silent" in again.response.content
    assert table_of(env, channel).seats[1].silenced_since == table.since[1] != before[1].silenced_since
    await bob.slash(channel, "me digest", hour=(env.now().hour + 1) % 24)
    await env.advance_time(HOUR)
    assert dms(bob) == [], "a silenced table has no digest line: nothing waits on him"


async def test_each_refusal_is_private_says_why_and_changes_nothing(world, dice, client_languages):
    env, channel, alice, bob = world
    client_languages[bob.id] = "es-ES"
    await alice.slash(channel, "me quiet", start="22:30", end="07:00")
    card = (await alice.slash(channel, "me show")).response.content
    for options, said in (({"zone": "Mars/Olympus"}, "Mars/Olympus is not a time zone I know"),):
        refused = await alice.slash(channel, "me timezone", **options)
        assert refused.ephemeral and said in refused.response.content
    for options, said in (({"start": "23:00", "end": "23:00"}, "would last 0 hours"),
                          ({"start": "00:00", "end": "24:00"}, "would last 24 hours"),
                          ({"start": "25:00", "end": "08:00"}, "25:00 is not a time of day"),
                          ({"start": "23:00"}, "Give both a start and an end")):
        refused = await alice.slash(channel, "me quiet", **options)
        assert refused.ephemeral and said in refused.response.content, refused.response.content
    assert (await alice.slash(channel, "me show")).response.content == card, "nothing changed"
    spanish = await bob.slash(channel, "me quiet", start="8", end="8:00")
    assert spanish.ephemeral and "durarían 0 horas" in spanish.response.content
    assert "Horas de silencio: ninguna" in (await bob.slash(channel, "me show")).response.content


async def test_a_reminder_by_dm_and_in_the_channel_each_in_its_readers_language(world, dice, client_languages):
    env, channel, alice, bob = world
    client_languages[bob.id] = "es-ES"
    chosen = await bob.slash(channel, "me reminders", where="both")
    assert "Recordatorios: el de la mesa (a mitad de plazo), con una mención en el canal de la mesa y por MD" in \
        chosen.response.content
    await async_table(env, channel, alice, bob)
    await start_all(env, dice, alice, [channel])
    before = len(env.http_requests)
    await env.advance_time(12 * HOUR)
    (ping,) = mentions(channel, bob)
    assert "⏰ reminder: your move is due <t:" in ping.content and labels(ping) == ["Not this turn"], \
        "the channel speaks the server's language"
    (dm,) = dms(bob)
    assert "⏰ recordatorio" in dm.content and labels(dm) == ["Este turno no"]
    posts = [c for c in env.http_requests[before:] if c.method == "POST"]
    assert len(posts) == 3, "the ping, opening his DM channel, the DM"


async def test_a_reminder_in_a_spanish_server_has_its_button_in_spanish_and_by_dm_in_the_readers(spanish_server, dice):
    """The timer's reminder is made outside any member's interaction: its words and its button are both made in
    the language of whoever reads them — the Spanish server's channel, and where the bot may not post there, each
    member's own DM."""
    env, guild, channel, alice, bob, mod = spanish_server
    await bob.slash(channel, "me reminders", where="channel")
    lobby = (await alice.slash(channel, "armymen new", pace="async")).response.message
    await bob.click(lobby, label="Unirme")
    await start_all(env, dice, alice, [channel])
    await env.advance_time(12 * HOUR)
    (ping,) = mentions(channel, bob)
    assert "⏰ recordatorio" in ping.content and labels(ping) == ["Este turno no"], (ping.content, labels(ping))

    english = guild.add_member(env.create_user("carol"))  # an English client, reminded where the bot may not post
    lobby = (await english.slash(elsewhere := guild.create_text_channel("mesa-2"), "armymen new", pace="async")
             ).response.message
    await alice.click(lobby, label="Unirme")
    await env.advance_time(AWAY)
    dice.script(0)  # AMD-R6: carol starts
    await english.slash(elsewhere, "game start")
    mute = env.backend.get_guild(guild.id)
    role = next(r for r in map(mute.roles.get, mute.members[env.backend.bot_user.id].role_ids) if r.managed)
    env.backend.set_overwrite(elsewhere.id, Overwrite(role.id, OverwriteType.ROLE,
                                                      deny=discord.Permissions(send_messages=True).value))
    await env.settle()
    await env.advance_time(12 * HOUR)
    (dm,) = [m for m in dms(english) if "⏰" in m.content]
    assert "⏰ reminder" in dm.content and labels(dm) == ["Not this turn"], (dm.content, labels(dm))
