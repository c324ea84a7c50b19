"""Members whose display names are markdown, a mention or a masked link: every message kind the bot writes
shows those names as typed (escaped by the one helper), never bold, never a mention, never a link — the
lobby, the table, pings, refusals, private views and DMs, timeouts and autopilot, the result and its luck
lines, the history, the verify verdict, the replay, /stats, /leaderboard and the notes of leave, kick and end.
Plain-text places (button labels, footers) show the name as it is: Discord renders no markdown there.

Members whose names hold line breaks, an unclosed right-to-left override (U+202E) or right-to-left letters: in
every one of those messages, and in the plain-text places and pictures' descriptions too, each name is one line
with no override, and a right-to-left one sits in a first-strong isolate (U+2068 … U+2069), so neither starts a
line of its own nor turns the bot's own words around it. Pictures draw the names on one line
(tests/test_pictures.py)."""

from __future__ import annotations

import re

import discord
import pytest

from cogs.games import registered
from tests.cogs.helpers import alt_texts, components, message_by_id, table_of, texts

HOSTILE = ("@everyone **look**", "[free nitro](https://x.y)")
# A name over three lines (CR LF, a heading, U+2028), and one with an unclosed override before right-to-left letters.
UNRULY = ("Eve\r\n# hacked\u2028x", "\u202eevil שלום")
ONE_LINE, ISOLATED = "Eve # hacked x", "\u2068evil שלום\u2069"
UNRULY_SHOWN = [("a name's line break", re.compile(r"\bEve\b(?! # hacked x)|\n# hacked|\u2028")),
                ("a directional override", re.compile("[\u202a-\u202e\u2066\u2067]")),
                ("right-to-left letters outside an isolate", re.compile("(?<!\u2068)evil|שלום(?!\u2069)"))]
RAW = [("bold", re.compile(r"(?<!\\)\*\*look")), ("mention", re.compile("@everyone")),
       ("masked link", re.compile(r"(?<!\\)\[free nitro\]\("))]
GAMES = list(registered())
LIVE_TURN = 121  # seconds: past a live table's deadline


def rendered(message) -> list[str]:
    """The parts of a message where Discord renders markdown: content, Text Displays, embed titles, descriptions
    and fields."""
    parts = [message.content or "", *texts(message)]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    return parts


def everywhere(message) -> list[str]:
    """`rendered`, and the plain-text places: labels, menu options and placeholders, pictures' descriptions, embed
    footers and authors."""
    parts = rendered(message) + alt_texts(message)
    for control in components(message):
        parts += [getattr(control, "label", None) or "", getattr(control, "placeholder", None) or ""]
        parts += [f"{o.label}\n{o.description or ''}" for o in getattr(control, "options", ())]
    for embed in message.embeds:
        parts += [embed.footer.text or "", embed.author.name or ""]
    return parts


class Reader:
    """Everything the bot wrote that the members saw: channel messages, DMs and every interaction's answers."""

    def __init__(self, read=rendered) -> None:
        self.read = read
        self.texts: list[str] = []

    def keep(self, result):
        for answer in [result.response, *result.followups]:
            if answer is not None:
                self.texts += self.read(answer)
        return result

    def everything(self, *places) -> list[str]:
        return self.texts + [t for place in places for m in place.history() for t in self.read(m)]

    def shown(self, patterns, *places) -> list[tuple[str, str]]:
        """(what, text) for each text where a pattern of `patterns` is found."""
        return [(kind, text) for text in self.everything(*places) for kind, pattern in patterns
                if pattern.search(text)]


def members_named(env, names):
    guild = env.create_guild(name="Game Night")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice", global_name=names[0]))
    bob = guild.add_member(env.create_user("bob", global_name=names[1]))
    return env, guild, channel, alice, bob


@pytest.mark.parametrize("game", GAMES)
async def test_hostile_names_are_shown_as_typed_in_every_message(simcord_env, game):
    env, _, channel, alice, bob = members_named(simcord_env, HOSTILE)
    seen = Reader()
    places = await play_every_message_kind(env, game, channel, alice, bob, seen)
    texts = seen.everything(*places)
    assert any("\\*\\*look\\*\\*" in t for t in texts) and any("\\[free nitro]" in t for t in texts), \
        "the names were written (escaped)"
    assert seen.shown(RAW, *places) == []


@pytest.mark.parametrize("game", GAMES)
async def test_names_with_line_breaks_and_overrides_stay_one_isolated_line_in_every_message(simcord_env, game):
    env, _, channel, alice, bob = members_named(simcord_env, UNRULY)
    seen = Reader(everywhere)
    places = await play_every_message_kind(env, game, channel, alice, bob, seen)
    texts = seen.everything(*places)
    assert any(ONE_LINE in t for t in texts) and any(ISOLATED in t for t in texts), "the names were written"
    assert seen.shown(UNRULY_SHOWN, *places) == []


async def play_every_message_kind(env, game, channel, alice, bob, seen: Reader) -> tuple:
    """A game from its lobby to its end with every kind of message on the way, then another table's lobby, kick,
    leave and end; the places the bot wrote in (the channel, the members' DMs)."""
    lobby = seen.keep(await alice.slash(channel, f"{game} new", pace="live")).response.message
    seen.keep(await bob.click(lobby, label="Join"))
    seen.keep(await alice.click(lobby, label="Start"))
    table = table_of(env, channel)
    seen.keep(await (alice if table.seat_of(alice.id) in table.to_act else bob).slash(channel, "mygames"))
    waiting = [m for m in (alice, bob) if table.seat_of(m.id) not in table.to_act]
    moves = [c for c in components(message_by_id(channel, table.message_id)) if (c.custom_id or "")[:2] == "a:"]
    if waiting and moves:  # "It's not your turn: the table is waiting for …"
        refused = seen.keep(await waiting[0].click(message_by_id(channel, table.message_id),
                                                   custom_id=moves[0].custom_id))
        assert refused.ephemeral and "waiting for" in refused.response.content
    for member in (alice, bob):
        seen.keep(await member.slash(channel, "game hand"))
    while table_of(env, channel) is not None:  # timeouts, reminders, autopilot, then the computer finishes
        await env.advance_time(LIVE_TURN)
    for command in ("game history", "game verify", "leaderboard"):
        seen.keep(await alice.slash(channel, command))
    seen.keep(await alice.slash(channel, "stats", member=bob))
    replay = seen.keep(await bob.slash(channel, "game replay")).response.message
    seen.keep(await bob.click(replay, label="▶"))

    again = seen.keep(await alice.slash(channel, f"{game} new", pace="live")).response.message
    seen.keep(await bob.click(again, label="Join"))
    seen.keep(await alice.slash(channel, "game kick", member=bob))
    seen.keep(await bob.click(again, label="Join"))
    seen.keep(await alice.click(again, label="Start"))
    seen.keep(await alice.slash(channel, "game leave"))  # bob hosts now
    seen.keep(await bob.slash(channel, "game end"))
    return channel, alice.user.dm_channel, bob.user.dm_channel


async def test_a_thread_and_a_seasons_choices_name_members_text_on_one_isolated_line(simcord_env):
    """The plain-text places outside messages: a `thread:true` table's thread is named after its host, and
    /leaderboard's season choices after a season's name, which a member with Manage Server typed."""
    env, guild, channel, alice, bob = members_named(simcord_env, UNRULY)
    opened = await bob.slash(channel, "armymen new", thread=True)
    assert "Your table is open in" in opened.response.content
    (thread,) = channel.threads
    assert thread.name == f"🪖 {ISOLATED}'s table"
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    started = await mod.slash(channel, "season start", name="\u202eotoño ربيع")
    assert not started.ephemeral, started.response.content
    assert "\u2068otoño ربيع\u2069" in started.response.content and "\u202e" not in started.response.content
    choices = await alice.autocomplete(channel, "leaderboard", "season", "")
    assert "\u2068otoño ربيع\u2069 (running)" in [c["name"] for c in choices]
