"""Members whose display names are markdown, a mention or a masked link: every message kind the bot writes
shows those names as typed (escaped by the one helper), never bold, never a mention, never a link — the
lobby, the table, pings, refusals, private views and DMs, timeouts and autopilot, the result and its luck
lines, the history, the verify verdict, the replay, /stats, /leaderboard and the notes of leave, kick and end.
Plain-text places (button labels, footers) show the name as it is: Discord renders no markdown there."""

from __future__ import annotations

import re

import pytest

from cogs.games import registered
from tests.cogs.helpers import components, message_by_id, table_of, texts

HOSTILE = ("@everyone **look**", "[free nitro](https://x.y)")
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


class Reader:
    """Everything the bot wrote that the members saw: channel messages, DMs and every interaction's answers."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def keep(self, result):
        for answer in [result.response, *result.followups]:
            if answer is not None:
                self.texts += rendered(answer)
        return result

    def raw_names(self, *places) -> list[tuple[str, str]]:
        texts = self.texts + [t for place in places for m in place.history() for t in rendered(m)]
        return [(kind, text) for text in texts for kind, pattern in RAW if pattern.search(text)]

    def names_seen(self, *places) -> bool:
        texts = self.texts + [t for place in places for m in place.history() for t in rendered(m)]
        return any("\\*\\*look\\*\\*" in t for t in texts) and any("\\[free nitro]" in t for t in texts)


@pytest.fixture
def hostile(simcord_env):
    env = simcord_env
    guild = env.create_guild(name="Game Night")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice", global_name=HOSTILE[0]))
    bob = guild.add_member(env.create_user("bob", global_name=HOSTILE[1]))
    return env, guild, channel, alice, bob


@pytest.mark.parametrize("game", GAMES)
async def test_hostile_names_are_shown_as_typed_in_every_message(hostile, game):
    env, guild, channel, alice, bob = hostile
    seen = Reader()
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

    places = (channel, alice.user.dm_channel, bob.user.dm_channel)
    assert seen.names_seen(*places), "the names were written (escaped)"
    assert seen.raw_names(*places) == []
