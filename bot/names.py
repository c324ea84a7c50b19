"""Text members chose — display names, server names, what they typed — inside a message the bot writes.

Discord renders markdown and mentions in message text and embeds, so a name like `@everyone **look**` would
show bold and as a mention, and `[free nitro](https://…)` as a masked link. `escaped` is the one helper all
such text goes through. The service hands names out raw (the command line shows them as they are): in a
`Text`, a name is a `Name` field, which `bot.i18n.translated` writes through `escaped`. Plain-text places —
button labels, menu options, embed footers, thread names, pictures — show names as they are.
"""

from __future__ import annotations

from discord.utils import escape_markdown, escape_mentions

from .games.text import Name

__all__ = ["Name", "escaped"]


def escaped(text: str) -> str:
    """`text` as literal characters in a message: no markdown, no mention, no masked link."""
    return escape_mentions(escape_markdown(text))
