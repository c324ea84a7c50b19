"""Reading what players see in SimCord: the table message, its buttons, a table's state."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import languages

from ..languages import said


def tables(env) -> Any:
    return env.bot.tables


def table_of(env, channel):
    """The service's snapshot of the channel's open table (or None once it closed)."""
    return next((t for t in tables(env).cache.cached_tables() if t.channel_id == channel.id), None)


def message_by_id(channel, message_id: int) -> discord.Message:
    return next(m for m in channel.history() if m.id == message_id)


def walk(parts: list[Any]) -> list[Any]:
    """Every component, nested ones included (Components V2: a Container's rows, texts and gallery)."""
    found = []
    for part in parts:
        found.append(part)
        found += walk(list(getattr(part, "children", None) or []))
        if getattr(part, "accessory", None) is not None:
            found.append(part.accessory)
    return found


def components(message: discord.Message) -> list[Any]:
    """The message's buttons and menus."""
    return [c for c in walk(message.components) if isinstance(c, (discord.Button, discord.SelectMenu))]


def texts(message: discord.Message) -> list[str]:
    """The Text Displays of a Components V2 message, in order."""
    return [c.content for c in walk(message.components) if isinstance(c, discord.components.TextDisplay)]


def alt_texts(message: discord.Message) -> list[str]:
    """The descriptions of the pictures a Components V2 message shows (what a screen reader says of them)."""
    galleries = [c for c in walk(message.components) if isinstance(c, discord.components.MediaGalleryComponent)]
    return [item.description or "" for gallery in galleries for item in gallery.items]


def footer_of(message: discord.Message) -> str:
    """The table message's footer: its last small-print Text Display ("-# …")."""
    return next(text.removeprefix("-# ") for text in reversed(texts(message)) if text.startswith("-# "))


def is_v2(message: discord.Message) -> bool:
    return message.flags.components_v2


def has_card(message: discord.Message) -> bool:
    """Whether the message is the table's card: a Components V2 Container."""
    return any(isinstance(c, discord.components.Container) for c in message.components)


def labels(message: discord.Message) -> list[str]:
    return [c.label for c in components(message) if getattr(c, "label", None)]


def move_ids(message: discord.Message) -> list[str]:
    """Custom ids of the move buttons (not lobby or My hand)."""
    return [c.custom_id for c in components(message) if (c.custom_id or "").startswith("a:")]


def moves(message: discord.Message) -> list[tuple[str, str | None]]:
    """Every move a message offers, in order: a move button (its custom id, no value) or an option of a move menu
    (the menu's custom id and the option's value)."""
    found: list[tuple[str, str | None]] = []
    for component in components(message):
        custom_id = component.custom_id or ""
        if custom_id.startswith("a:"):
            found.append((custom_id, None))
        elif custom_id.startswith("s:") and custom_id.endswith(":act"):
            found += [(custom_id, option.value) for option in component.options]
    return found


async def make_move(member, message: discord.Message, move: tuple[str, str | None]):
    """Press a move button, or pick a move menu's option (a move of `moves`)."""
    custom_id, value = move
    if value is None:
        return await member.click(message, custom_id=custom_id)
    return await member.select(message, [value], custom_id=custom_id)


async def choose(member, message: discord.Message, label: str):
    """Press the button labelled `label`, or pick the menu option labelled so (in whichever menu offers it)."""
    if label in labels(message):
        return await member.click(message, label=label)
    menu, option = next((c, o) for c in components(message) for o in getattr(c, "options", None) or []
                        if o.label == label)
    return await member.select(message, [option.value], custom_id=menu.custom_id)


def options(message: discord.Message) -> list[str]:
    """The labels of every option of the message's menus."""
    return [o.label for c in components(message) for o in getattr(c, "options", None) or []]


def placeholders(message: discord.Message) -> list[str]:
    """What the message's menus say before a pick."""
    return [c.placeholder for c in components(message) if isinstance(c, discord.SelectMenu) and c.placeholder]


def choices(message: discord.Message) -> list[str]:
    """Every button's label, then every menu option's: all a member may choose on the message."""
    return labels(message) + options(message)


def text_of(message: discord.Message) -> str:
    """Everything a reader sees or hears in a message: content, embed texts and fields, Text Displays, and what a
    screen reader says of its picture (the picture's description)."""
    parts = [message.content or "", *texts(message), *alt_texts(message)]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", (embed.footer.text or "") if embed.footer else ""]
        parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    return "\n".join(parts)


def read(message: discord.Message) -> str:
    """The words a reader reads in a message (`text_of`) without markdown's bold marks: under the table's picture
    the board is said in words, in the picture's description, where there is no markdown."""
    return text_of(message).replace("**", "")


async def end_game(member, channel):
    """/game end on a running game asks first; press End the table. Returns the click's result."""
    asked = await member.slash(channel, "game end")
    assert asked.ephemeral and asked.response.content.startswith("End this"), asked.response.content
    return await member.click(asked.response.message, label="End the table")


async def add_computer(member, lobby, level: str = "normal"):
    """The host picks a level in the lobby's "🤖 Add a computer…" menu (its one menu)."""
    return await member.select(lobby, [level])


async def start_against_a_computer(env, channel, member, game: str) -> int:
    """`member` opens a live `game` table, adds a computer and starts: the table's id."""
    lobby = (await member.slash(channel, f"{game} new", pace="live")).response.message
    await add_computer(member, lobby)
    await member.click(lobby, label="Start")
    return table_of(env, channel).id


def _table_words() -> str:
    """What stands between a game's title and a table's number in every language: " · table ", " · Tisch "."""
    with_number = [said(language, "{emoji} {game} · table {id}", emoji="", game="\0", id="\0").split("\0")[1]
                   for language in languages()]
    return "|".join(sorted({re.escape(words) for words in with_number}))


TABLE_TITLE = re.compile(rf"(?:{_table_words()})\d+$")  # "🪖 Army Men Dice War · table 3", in any of our languages


def is_table_message(message: discord.Message) -> bool:
    """A table message: its text, or its picture's description, begins with the table's title."""
    firsts = [text.split("\n")[0].strip("*") for text in (*texts(message)[:2], *alt_texts(message)[:1])]
    return any(TABLE_TITLE.search(first) for first in firsts)


def is_message_of(message: discord.Message, table_id: int) -> bool:
    """The message of table `table_id` (its title in its text, or in its picture's description)."""
    firsts = [text.split("\n")[0].strip("*") for text in (*texts(message)[:2], *alt_texts(message)[:1])]
    return any(TABLE_TITLE.search(first) and first.endswith(f" {table_id}") for first in firsts)


def last_table_message(channel) -> discord.Message:
    """The table message as it stands: a buried table is posted again at the bottom (the old one retired)."""
    return [m for m in channel.history() if is_table_message(m)][-1]


def all_news(env, channel) -> str:
    """Everything the table's last change did, in words without bold marks, as My hand tells it (the table
    message, under its picture, has only the latest of it)."""
    table = table_of(env, channel)
    return "\n".join(env.bot.games[table.game.id].renderer.news_lines(table)).replace("**", "")


def shows_the_last_change(env, channel, message: discord.Message) -> bool:
    """The message shows what the table's last change did (the latest of its news, in English): it is not
    stale."""
    table = table_of(env, channel)
    news = env.bot.games[table.game.id].renderer.latest_news(table)
    return bool(news) and all(line in text_of(message) for line in news)


async def open_choices(member, message):
    """Press the table's control that opens the presser's own choices (Armadillo's Discard a card…)."""
    (opener,) = [c.custom_id for c in components(message) if (c.custom_id or "").startswith("o:")]
    return await member.click(message, custom_id=opener)


def choice_labels(opened) -> list[str]:
    """The options of the choices modal a member opened, in order."""
    menus = [c["component"] for c in opened.modal["components"] if c.get("component", {}).get("custom_id")]
    return [option["label"] for option in menus[0]["options"]]


async def discard(member, message, card: int):
    """An Armadillo answer from the table: Discard a card… opens the member's own cards; they submit `card`."""
    from bot.games.armadillo.model import Discard
    from bot.games.core import encode_action

    opened = await open_choices(member, message)
    assert opened.modal is not None, opened.response.content if opened.response else opened
    return await member.submit_modal(opened, {"choice": [encode_action(Discard(card))]})
