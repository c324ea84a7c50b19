"""The words on controls, fitted to a phone. Discord takes up to 80 characters on a button and 100 in a menu's option
(https://discord.com/developers/docs/components/reference: button "max 80 characters", select option label and
description "max 100 characters", placeholder "max 150 characters"), but a phone shows about 38 of them, 34
beside an emoji, and cuts the rest (measured on phones; Discord's docs give no figure) — a cut can drop the very
name or number a player looks for. So a label says what the control does, and is fitted here, in one place:
a name in it is shortened with "…" (`with_name`), and every move control's words go through `fitted`, which
leaves a label whole when it fits — tests/cogs/table/test_labels.py plays every game in every language that has a
catalog and fails on any that does not — and otherwise cuts it at a word, never mid-word as Discord would.
"""

from __future__ import annotations

import unicodedata

from bot.names import POP_DIRECTIONAL_ISOLATE, isolated
from bot.service import Table

from .format import player_name

LABEL_CHARS = 38
EMOJI_LABEL_CHARS = 34
# A menu's placeholder shares its row with the menu's arrow: about 220 px of 16 px text, measured in the playground
# at 390 px (tests/test_playground_browser.py checks nothing is cut): 28 characters, 25 beside an emoji.
PLACEHOLDER_CHARS = 27
EMOJI_PLACEHOLDER_CHARS = 24


def has_emoji(text: str) -> bool:
    return any(unicodedata.category(c) == "So" for c in text)


def budget(label: str, *, emoji: bool = False, placeholder: bool = False) -> int:
    """How long `label` may be: less when the control shows an emoji (its own, or one in the label), and less on
    a menu before a pick (its placeholder) than on a button or a menu's option."""
    pictured = emoji or has_emoji(label)
    if placeholder:
        return EMOJI_PLACEHOLDER_CHARS if pictured else PLACEHOLDER_CHARS
    return EMOJI_LABEL_CHARS if pictured else LABEL_CHARS


def fits(label: str, *, emoji: bool = False, placeholder: bool = False) -> bool:
    """Whether a phone shows `label` whole (`emoji`: the control shows one beside it)."""
    return len(label) <= budget(label, emoji=emoji, placeholder=placeholder)


def fitted(label: str, *, emoji: bool = False, placeholder: bool = False) -> str:
    """`label` as a phone shows it whole: itself where it fits, else cut at a word with "…"."""
    if fits(label, emoji=emoji, placeholder=placeholder):
        return label
    room = budget(label, emoji=emoji, placeholder=placeholder) - 1
    cut = label[:room].rsplit(" ", 1)[0] if " " in label[:room] else label[:room]
    return cut.rstrip(" ,;:·(") + "…"


def with_name(template: str, name: str, *, emoji: bool = False) -> str:
    """A translated `template` with a `{name}` field (`plain_name`'s), the name shortened (with "…", inside its
    isolate) so the label fits (`emoji`: the button shows one)."""
    room = budget(template + name, emoji=emoji) - len(template.format(name=""))
    if len(name) > room:
        closed = POP_DIRECTIONAL_ISOLATE if name.endswith(POP_DIRECTIONAL_ISOLATE) else ""
        name = name[:room - 1 - len(closed)].rstrip() + "…" + closed
    return template.format(name=name)


def plain_name(table: Table, seat: int) -> str:
    """A seat's name where markdown does not work (labels, menu options): on one line and isolated
    (`bot.names.isolated`), 🤖 before a computer's."""
    name = isolated(player_name(table.seats, seat))
    return f"🤖 {name}" if table.seats[seat].is_computer else name
