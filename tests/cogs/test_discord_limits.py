"""The guard every SimCord test runs under (tests/discord_limits.py) fires on each limit it checks.
One over-long value of each kind goes through the bot's own HTTP client, as a real call would, and is refused
as Discord would refuse it; the test would then fail, naming the call and the limit."""

from __future__ import annotations

import io

import discord
import pytest
from discord.http import Route

from tests.discord_limits import FILE_BYTES, MiB

LONG = "x" * 101


def upload(name: str, size: int = 1, description: str | None = None) -> discord.File:
    return discord.File(io.BytesIO(b"\0" * size), filename=name, description=description)


def attachments(files: list[discord.File]) -> list[dict]:
    """The `attachments` discord.py sends with its uploads."""
    return [{"id": i, "filename": f.filename, **({"description": f.description} if f.description else {})}
            for i, f in enumerate(files)]


def cases(channel: int, application: int) -> list[tuple[str, Route, object, list[discord.File], int, str]]:
    """(kind, route, body, files, status, what the guard says)."""
    send = Route("POST", "/channels/{channel_id}/messages", channel_id=channel)
    callback = Route("POST", "/interactions/{id}/{token}/callback", id=1, token="t")
    eleven = [upload(f"f{i}.txt") for i in range(11)]
    big = [upload("big.png", FILE_BYTES + 1)]
    three = [upload(f"part{i}.bin", 9 * MiB) for i in range(3)]
    described = [upload("table.png", description="d" * 1025)]
    choice = {"name": "x", "value": "x"}
    command = {"name": "peek", "description": "d", "type": 1,
               "description_localizations": {"es-ES": "d" * 101}}
    v2 = [upload("hidden.png")]
    renamed, empty = [upload("t.png")], [upload("empty.png", 0)]
    return [
        ("files", send, {"attachments": attachments(eleven)}, eleven, 400, "11 files, more than 10"),
        ("file size", send, {"attachments": attachments(big)}, big, 413,
         f"big.png is {FILE_BYTES + 1} bytes, over the {FILE_BYTES}-byte upload limit"),
        ("request size", send, {"attachments": attachments(three)}, three, 413,
         f"the files add up to {27 * MiB} bytes, over the 25 MiB request limit"),
        ("alt text", send, {"attachments": attachments(described)}, described, 400,
         "an attachment description of 1025 characters, over 1024"),
        ("attachment reference", send, {"embeds": [{"image": {"url": "attachment://table.png"}}]}, [], 400,
         "the embed's image is attachment://table.png, but no file of that name is in the request"),
        ("ephemeral", send, {"content": "only you", "flags": 64}, [], 400,
         "the ephemeral flag outside an interaction answer or follow-up"),
        ("ephemeral edit", Route("PATCH", "/channels/{c}/messages/{m}", c=channel, m=1),
         {"content": "now", "flags": 64}, [], 400, "the ephemeral flag outside an interaction answer or follow-up"),
        ("autocomplete count", callback, {"type": 8, "data": {"choices": [choice] * 26}}, [], 400,
         "26 autocomplete choices, more than 25"),
        ("autocomplete name", callback, {"type": 8, "data": {"choices": [{"name": LONG, "value": "x"}]}}, [], 400,
         f"the autocomplete choice name {LONG!r} is not 1–100 characters"),
        ("autocomplete value", callback, {"type": 8, "data": {"choices": [{"name": "x", "value": LONG}]}}, [], 400,
         f"the autocomplete choice value {LONG!r} is over 100 characters"),
        ("command sync", Route("PUT", "/applications/{a}/commands", a=application), [command], [], 400,
         f"/peek: the description (es-ES) has 101 characters, not 1–100: {'d' * 101!r}."),
        ("components v2", send, {"flags": 1 << 15, "attachments": attachments(v2),
                                 "components": [{"type": 10, "content": "the table"}]}, v2, 400,
         "hidden.png is uploaded with Components V2 but no component shows it"),
        ("v2 components", send, v2_message([text("a")] * 41), [], 400, "41 components, more than 40"),
        ("v2 text", send, v2_message([text("a" * 2000), text("b" * 2001)]), [], 400,
         "Text Displays of [2000, 2001] characters: 1–4000 each and in all"),
        ("v2 alt text", send, v2_message([{"type": 12, "items": [picture("d" * 1025)]}]), [], 400,
         "a picture's description of 1025 characters, over 1024"),
        ("v2 gallery", send, v2_message([{"type": 12, "items": [picture("d")] * 11}]), [], 400,
         "a Media Gallery of 11 items, not 1–10"),
        ("v2 content", send, {**v2_message([text("the table")]), "content": "a ping"}, [], 400,
         "Components V2 with content, embeds, stickers or a poll"),
        ("v2 edit with an embed", Route("PATCH", "/channels/{c}/messages/{m}", c=channel, m=1),
         {**v2_message([text("the table")]), "embeds": [{"title": "the old form"}]}, [], 400,
         "Components V2 with content, embeds, stickers or a poll"),
        ("v2 picture not sent", Route("PATCH", "/channels/{c}/messages/{m}", c=channel, m=1),
         {**v2_message([{"type": 12, "items": [{"media": {"url": "attachment://table.png"}}]}]), "attachments": []},
         [], 400, "a component shows attachment://table.png, but no file of that name is in the request"),
        ("v2 picture renamed", send, {**v2_message([{"type": 12, "items": [{"media": {"url": "attachment://table.png"}},
                                                                           {"media": {"url": "attachment://t.png"}}]}]),
                                      "attachments": attachments(renamed)}, renamed, 400,
         "a component shows attachment://table.png, but no file of that name is in the request"),
        ("empty upload", send, {"attachments": attachments(empty)}, empty, 400,
         "empty.png is uploaded empty (its reader was used up by an earlier send)"),
        ("component ids", send, v2_message([{**text("a"), "id": 1005}, {**text("b"), "id": 1005}]), [], 400,
         "component ids [1005, 1005] repeat in one message"),
        ("component id size", send, v2_message([{**text("a"), "id": 2**31}]), [], 400,
         f"the component id {2**31} is not a positive 32-bit integer"),
    ]


def text(content: str) -> dict:
    return {"type": 10, "content": content}


def picture(description: str) -> dict:
    return {"media": {"url": "https://example.invalid/table.png"}, "description": description}


def v2_message(components: list[dict]) -> dict:
    return {"flags": 1 << 15, "components": components}


async def test_each_limit_the_guard_checks_fires(world, discord_limits):
    env, channel, alice, bob = world
    http = env.bot.http
    for kind, route, body, files, status, says in cases(channel.id, env.bot.application_id):
        before = len(discord_limits.broken)
        with pytest.raises(discord.HTTPException) as refused:
            await http.request(route, json=body, files=files)
        assert refused.value.status == status, kind
        assert says in refused.value.text, (kind, refused.value.text)
        assert discord_limits.broken[before:] == [f"{route.method} {route.url.split('/v10')[1]}: {says}"], kind
    report = discord_limits.report()
    assert report.startswith("Discord would refuse what SimCord let through:\n- POST /channels/")
    discord_limits.broken.clear()  # this test broke them on purpose


async def test_what_discord_accepts_goes_through(world, discord_limits):
    env, channel, alice, bob = world
    http = env.bot.http
    ten = [upload(f"f{i}.png", description="d" * 1024) for i in range(10)]
    body = {"attachments": attachments(ten), "embeds": [{"image": {"url": "attachment://f0.png"}}]}
    sent = await http.request(Route("POST", "/channels/{c}/messages", c=channel.id), json=body, files=ten)
    assert len(sent["attachments"]) == 10
    before = len(discord_limits.checked)
    answer = await alice.slash(channel, "game status")  # an ephemeral interaction answer, checked too
    assert answer.ephemeral and discord_limits.checked[before].startswith("POST /interactions/")
    # 40 components, 4,000 characters of text, ten pictures with 1,024-character alt texts: all accepted
    gallery = {"type": 12, "items": [picture("d" * 1024) for _ in range(10)]}
    at_most = v2_message([{"type": 17, "components": [gallery, text("a" * 2000), text("b" * 2000)]},
                          *[{"type": 14} for _ in range(36)]])
    await http.request(Route("POST", "/channels/{c}/messages", c=channel.id), json={**at_most, "content": None,
                                                                                     "embeds": []})
    assert discord_limits.broken == []
