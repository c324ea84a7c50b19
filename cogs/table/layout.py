"""A table's messages in Discord's Components V2 (`discord.ui.LayoutView`): the table message, a seat's DM and My
hand, a replay. One Container in the game's colour holds the picture first (a Media Gallery, with the picture's
description as its alt text, which an embed's image cannot carry), then the text, then the controls; where the
server switched pictures off there is only the text.

Discord's limits (https://discord.com/developers/docs/components/reference): a message with the IS_COMPONENTS_V2
flag shows no `content` or `embeds` ("use Text Display and Container as replacements"), holds "up to 40 total
components", shows an uploaded file only through a component ("Attachments won't show by default"), and a Media
Gallery item's description (alt text) holds "max 1024 characters". A Text Display holds at most 4,000 characters
(discord-api-spec, TextDisplayComponentForMessageRequest.content maxLength 4000) and all of a message's together 4,000
too (discord.py's `LayoutView.content_length`). `tests/discord_limits.py` checks each of them on every call.

The flag can be set on an edit but never taken off (Edit Message: "the IS_COMPONENTS_V2 flag can only be set"), and
setting it needs `content` null and `embeds` [] — which every edit here sends, so a table message posted in the old
embed form before this change is turned into the new form by its next edit.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import groupby
from typing import Any

import discord

from bot.i18n import _
from bot.pictures import FILENAME

from .controls import sent_as_is

PICTURE = f"attachment://{FILENAME}"
TEXT_CHARS = 4000  # all of a message's Text Displays together
ALT_TEXT_CHARS = 1024  # a Media Gallery item's description
COMPONENTS = 40  # a message's components, nested ones included


def layout(texts: Sequence[str], items: Sequence[discord.ui.Item] = (), *, colour: discord.Colour | None = None,
           alt_text: str | None = None, above: str | None = None) -> discord.ui.LayoutView:
    """A message: `above` (a line before the container: a ping), then a Container in `colour` (none: the parts
    are laid out bare) with the picture (when `alt_text` is given: the table's picture is uploaded with it), the
    `texts` and the controls `items`, their rows kept (an item's `row`)."""
    view = sent_as_is(discord.ui.LayoutView(timeout=None))
    parts: list[discord.ui.Item] = []
    if alt_text is not None:
        parts.append(discord.ui.MediaGallery(discord.MediaGalleryItem(PICTURE, description=alt_text[:ALT_TEXT_CHARS]
                                                                      or None)))
    budget = TEXT_CHARS - len(above or "")
    for text in within(texts, budget):
        parts.append(discord.ui.TextDisplay(text))
    parts += action_rows(items)
    if above:
        view.add_item(discord.ui.TextDisplay(above[:TEXT_CHARS]))
    if colour is None:
        for part in parts:
            view.add_item(part)
    elif parts:
        view.add_item(discord.ui.Container(*parts, accent_colour=colour))
    return view


def within(texts: Sequence[str], budget: int = TEXT_CHARS) -> list[str]:
    """The non-empty texts, the longest cut (with "…") until they add up to at most `budget` characters."""
    texts = [text for text in texts if text and text.strip()]
    while texts and sum(map(len, texts)) > budget:
        longest = max(range(len(texts)), key=lambda i: len(texts[i]))
        over = sum(map(len, texts)) - budget
        keep = len(texts[longest]) - over - 1
        if keep < 1:
            texts.pop(longest)
        else:
            texts[longest] = texts[longest][:keep].rstrip() + "…"
    return texts


def row_of(item: discord.ui.Item) -> int:
    """The row an item asked for (a DynamicItem's is its wrapped item's)."""
    return getattr(getattr(item, "item", item), "row", None) or 0


def action_rows(items: Sequence[discord.ui.Item]) -> list[discord.ui.ActionRow]:
    """The controls in Action Rows, by the row each asked for (five buttons, or one menu, to a row)."""
    rows = []
    for __, same in groupby(sorted(items, key=row_of), key=row_of):
        row: discord.ui.ActionRow = discord.ui.ActionRow()
        for item in same:
            inner = getattr(item, "item", item)
            if row.children and (inner.width == 5 or sum(getattr(c, "item", c).width for c in row.children) +
                                 inner.width > 5):
                rows.append(row)
                row = discord.ui.ActionRow()
            row.add_item(item)
        rows.append(row)
    return rows


def texts_of(view: discord.ui.LayoutView) -> list[str]:
    return [item.content for item in view.walk_children() if isinstance(item, discord.ui.TextDisplay)]


def shows_picture(view: discord.ui.LayoutView) -> bool:
    """Whether the message shows the table's picture (which is then uploaded with it)."""
    return any(isinstance(item, discord.ui.MediaGallery) for item in view.walk_children())


_STRUCK = re.compile(r"~~(.+?)~~")
_MARKUP = re.compile(r"\*\*|__|`|\|\||^#+ |^-# ", re.MULTILINE)
_LINK = re.compile(r"\[([^\]]+)\]\([^)]+\)")
_ESCAPE = re.compile(r"\\([\\*_~`|>#\-\[\]()<@:])")


def plain(text: str) -> str:
    """Markdown as words, for a picture's description: no bold or code marks, a struck-out text said to be crossed
    out (a used card), a link by its text, a member's escaped name as typed."""
    text = _STRUCK.sub(lambda found: _("{text} (crossed out)", text=found[1]), text)
    return _ESCAPE.sub(r"\1", _MARKUP.sub("", _LINK.sub(r"\1", text)))


def edit_payload(view: discord.ui.LayoutView, files: list[discord.File]) -> dict[str, Any]:
    """An edit's payload (`pictures.as_new` makes it a send's): `content` and `embeds` emptied, as a message
    turned into Components V2 needs, and the attachments replaced by the picture it shows (or none)."""
    return {"content": None, "embed": None, "view": view, "attachments": files}
