"""Button labels that fit a phone. Discord takes up to 80 characters (https://discord.com/developers/docs/
components/reference#button: "max 80 characters") but a phone shows about 38 of them, 34 beside an emoji, before
it cuts the rest (measured on phones; Discord's docs give no figure), and a cut label can drop the very name a
player looks for. So a label says what the button does; who holds what goes in the table text, and a name in a
label is shortened to fit, with "…".
"""

from __future__ import annotations

import unicodedata

from bot.service import Table

from .format import player_name

LABEL_CHARS = 38
EMOJI_LABEL_CHARS = 34


def has_emoji(text: str) -> bool:
    return any(unicodedata.category(c) == "So" for c in text)


def budget(label: str, *, emoji: bool = False) -> int:
    """How long `label` may be: less when the button shows an emoji (its own, or one in the label)."""
    return EMOJI_LABEL_CHARS if emoji or has_emoji(label) else LABEL_CHARS


def with_name(template: str, name: str, *, emoji: bool = False) -> str:
    """A translated `template` with a `{name}` field, the name shortened (with "…") so the label fits (`emoji`:
    the button shows one)."""
    room = budget(template + name, emoji=emoji) - len(template.format(name=""))
    if len(name) > room:
        name = name[:room - 1].rstrip() + "…"
    return template.format(name=name)


def plain_name(table: Table, seat: int) -> str:
    """A seat's name where markdown does not work (labels, menu options), 🤖 before a computer's."""
    name = player_name(table.seats, seat)
    return f"🤖 {name}" if table.seats[seat].is_computer else name
