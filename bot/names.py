"""Text members chose — display names, server names, season names, what they typed — inside what the bot writes.

A member's text is one run of words inside the bot's own line, whatever it holds:
- on one line: a line break would let a name start a line of its own (a heading, a quote, a fake system line),
  so line breaks, tabs and other control characters become a space;
- with no direction to impose: the explicit directional formatting characters (embeddings, overrides such as
  U+202E RIGHT-TO-LEFT OVERRIDE, isolates) are dropped — an unclosed override would reverse the rest of the bot's
  line —, and a name holding right-to-left letters is wrapped in a first-strong isolate (U+2068 … U+2069), so it
  reads in its own direction without reordering the words and numbers around it, nor setting the direction of a
  message it begins (Unicode's bidirectional algorithm, UAX #9: an isolate counts as one neutral character);
- as typed: Discord renders markdown and mentions in message text and embeds, so a name like `@everyone **look**`
  would show bold and as a mention, and `[free nitro](https://…)` as a masked link.

`escaped` does all three, for markdown places; `isolated` the first two, for Discord's plain-text places (button
labels, menu options, thread names, autocomplete choices); `one_line` the first alone, with the directional
characters dropped, for pictures, which Pillow's basic layout draws in stored order (an isolate would be a box).
The service hands names out raw: in a `Text`, a name is a `Name` field, which `bot.i18n.translated` writes
through `escaped`.
"""

from __future__ import annotations

import re
import unicodedata

from discord.utils import escape_markdown, escape_mentions

from .games.text import Name

__all__ = ["POP_DIRECTIONAL_ISOLATE", "Name", "escaped", "isolated", "one_line"]

FIRST_STRONG_ISOLATE, POP_DIRECTIONAL_ISOLATE = "\u2068", "\u2069"
# LRE RLE PDF LRO RLO, LRI RLI FSI PDI (UAX #9, explicit directional formatting characters); the marks LRM, RLM and
# ALM set no direction beyond their neighbours and stay.
DIRECTIONAL_FORMATTING = dict.fromkeys(map(ord, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"))
# C0 and C1 controls (line feed, carriage return, tab, NEL…) and the line and paragraph separators.
BREAKS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]+")
RIGHT_TO_LEFT = frozenset({"R", "AL", "AN"})  # bidirectional classes that reorder left-to-right text around them


def one_line(text: str) -> str:
    """`text` on one line, imposing no direction: breaks and controls become a space, directional formatting goes."""
    return BREAKS.sub(" ", text.translate(DIRECTIONAL_FORMATTING)).strip()


def isolated(text: str) -> str:
    """`text` on one line, and isolated from what surrounds it if it holds right-to-left letters."""
    text = one_line(text)
    if any(unicodedata.bidirectional(char) in RIGHT_TO_LEFT for char in text):
        return f"{FIRST_STRONG_ISOLATE}{text}{POP_DIRECTIONAL_ISOLATE}"
    return text


def escaped(text: str) -> str:
    """`text` as literal characters in a message: one line, isolated, no markdown, no mention, no masked link."""
    return escape_mentions(escape_markdown(isolated(text)))
