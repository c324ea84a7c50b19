"""Formatting shared by every table message: names, dice, pace and options in words, links, and Discord's
length limits."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.i18n import N_, _, ngettext, option_name
from bot.names import escaped
from bot.service import PACES, Seat, Table
from bot.service.errors import without_ruling_codes
from bot.service.lobby import COMPUTER_FOR, COMPUTER_NAME

from .levels import level_name

# https://discord.com/developers/docs/resources/message#embed-object-embed-limits: a field's value holds 1024
# characters, an embed 25 fields, and all the embeds of a message 6000 characters together.
FIELD_CHARS = 1024
EMBED_FIELDS = 25
EMBED_CHARS = 6000
CONTINUED = "\u200b"  # the name of a field that goes on with the one above (a name can't be empty)
CONTENT_CHARS = 2000  # a message's content (Discord's Create Message: "up to 2000 characters")
# https://discord.com/developers/docs/resources/message#attachment-object-attachment-structure: "description (alt
# text) for the file (max 1024 characters)".
ALT_TEXT_CHARS = 1024
DIE_FACES = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}
PLACE_MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
# The paces of `pace:` in words: the command's choices (discord.py's translator names them in each member's language)
# and a table's pace as its message says it.
PACE_NAMES = {"live": N_("live"), "casual": N_("casual"), "async": N_("async")}
assert set(PACE_NAMES) == set(PACES)


def timestamp(at: float, style: str = "R") -> str:
    """A moment as Discord shows it to each reader, in their own time zone and language (Discord's message
    formatting: `R` relative, "in 3 hours"; `F` the long date and time; `f` the short one)."""
    return f"<t:{int(at)}:{style}>"


def die(face: int) -> str:
    return DIE_FACES.get(face, str(face))


def dice(faces: Sequence[int]) -> str:
    return " ".join(f"{die(f)}{f}" for f in faces) if faces else "—"


def seat_name(table: Table, seat: int, *, bold: bool = True) -> str:
    return shown_seat(table.seats, seat, bold=bold)


def player_name(seats: Sequence[Seat], seat: int) -> str:
    """A seat's player's name as typed: a member's own; a computer player the table seated is named in the
    reader's language ("Computer 2", "Ordenador 2" — the number among the table's computers), whatever language
    named it when it sat down. The computer playing a member's seat to the end is named for them ("Computer for
    Bob"): it plays there now, and what it does is its own (a win is the computer's, Bob lost)."""
    if seats[seat].user_id is None:
        return _(COMPUTER_NAME, n=1 + sum(1 for s in seats[:seat] if s.user_id is None))
    if seats[seat].is_computer:
        return _(COMPUTER_FOR, name=seats[seat].name)
    return seats[seat].name


def shown_seat(seats: Sequence[Seat], seat: int, *, bold: bool = True) -> str:
    """A seat's player as the table message names them: bold, a computer's with 🤖, a seat on autopilot said so."""
    s = seats[seat]
    name = escaped(player_name(seats, seat))
    name = f"**{name}**" if bold else name
    if s.is_computer:
        return f"🤖 {name}"
    return _("{name} (🤖 autopilot)", name=name) if s.autopilot else name


def listed_seat(table: Table, seat: int) -> str:
    """A seat where the players are listed (lobby, players, result): a computer's with its level,
    "🤖 **Computer 1** · hard"."""
    s = table.seats[seat]
    return f"{seat_name(table, seat)} · {level_name(s.level)}" if s.is_computer else seat_name(table, seat)


MARKDOWN = re.compile(r"\\(.)|\[([^\]]*)\]\([^)]*\)|\*\*|__|~~|\|\||`")


def plain(text: str) -> str:
    """Discord's markdown as plain text (a story file): bold, underline, strike, spoilers and code marks go, a
    masked link keeps its words, and an escaped character (a member's name as typed) is itself again."""
    return MARKDOWN.sub(lambda m: m.group(1) or m.group(2) or "", text)


def luck_title(table: Table) -> str:
    """The luck report's heading, saying which dice are lucky in this game."""
    return (_("🍀 Luck (the lower the dice, the luckier)") if table.game.luckier == "low"
            else _("🍀 Luck (the higher the dice, the luckier)"))


def mention(table: Table, seat: int) -> str:
    user_id = table.seats[seat].user_id
    return f"<@{user_id}>" if user_id else seat_name(table, seat)


def split_text(text: str, limit: int = FIELD_CHARS) -> list[str]:
    """`text` in pieces of at most `limit` characters, each cut at a line break, else after a sentence or a
    clause, else at a space; only the whitespace at a cut is left out."""
    pieces = []
    while len(text) > limit:
        window = text[:limit + 1]
        cuts = (window.rfind(mark, limit // 2) for mark in ("\n", ". ", "; ", ", ", " "))
        cut = next((at + 1 for at in cuts if at >= 0), limit)
        pieces.append(text[:cut].rstrip())
        text = text[cut:].lstrip()
    return [*pieces, text] if text else pieces


def pace_text(seconds: int) -> str:
    names = {v: k for k, v in PACES.items()}
    turns = _("{duration} turns", duration=_duration(seconds))
    return f"{_(PACE_NAMES[names[seconds]])} · {turns}" if seconds in names else turns


def some_of(names: Sequence[str], chars: int) -> str:
    """`names` (Discord markdown) joined, as many as fit `chars` characters shown (at least one), "and n more"
    for the rest."""
    shown = list(names[:1])
    for name in names[1:]:
        if len(plain(", ".join([*shown, name]))) > chars:
            break
        shown.append(name)
    rest = len(names) - len(shown)
    return ", ".join(shown) + (" " + ngettext("and {n} more", "and {n} more", rest) if rest else "")


def shortened(text: str, chars: int) -> str:
    """`text` (Discord markdown) cut at a space to show at most `chars` characters, ending "…" (bold it opened
    closed again); whole if it is that short. Words are kept whole, so a name's escapes are never split."""
    if len(plain(text)) <= chars:
        return text
    kept: list[str] = []
    for word in text.split(" "):
        if kept and len(plain(" ".join([*kept, word]))) > chars - 1:
            break
        kept.append(word)
    cut = " ".join(kept).rstrip(",;:·")
    return cut + "…" + ("**" if cut.count("**") % 2 else "")


def pace_seconds(pace: str, minutes: int | None) -> int:
    return minutes * 60 if minutes else PACES[pace]


def options_text(table: Table) -> str:
    """The lobby's options in words: a switched-on option by what it does; switched-off ones not at all."""
    parts = []
    for name, value in table.options.items():
        option = table.game.options.get(name)
        if isinstance(value, bool):
            if value:
                parts.append(without_ruling_codes(_(option.description)) if option else name)
        else:
            parts.append(f"{option_name(name)} {value}")  # an option's name and value, as typed in the command
    return " · ".join(parts)


def players_range(game: Any) -> str:
    low, high = game.min_players, game.max_players
    return ngettext("{n} player", "{n} players", low) if low == high else _("{low}–{high} players", low=low, high=high)


def clip(text: str, limit: int = CONTENT_CHARS) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _duration(seconds: int) -> str:
    if seconds % 86400 == 0:
        return ngettext("{n}-day", "{n}-day", seconds // 86400) if seconds > 86400 else _("24-hour")
    if seconds % 3600 == 0:
        return ngettext("{n}-hour", "{n}-hour", seconds // 3600)
    return ngettext("{n}-minute", "{n}-minute", seconds // 60)


def jump_url(table: Table, message_id: int | None = None, *, link_base: str | None = None) -> str:
    """A link to the table message; with `link_base` (the playground's own pages) a link to its channel there."""
    if link_base:
        return f"{link_base}{table.channel_id}"
    guild = table.guild_id or "@me"
    return f"https://discord.com/channels/{guild}/{table.channel_id}/{message_id or table.message_id}"


def channel_url(table: Any, *, link_base: str | None = None) -> str:
    """A link to the table's channel, which opens at its bottom. A DM links there: a link to the table message
    would go stale each time a buried table is posted again, and editing every DM for it would cost a call each."""
    return f"{link_base}{table.channel_id}" if link_base else \
        f"https://discord.com/channels/{table.guild_id or '@me'}/{table.channel_id}"


class Links:
    """Where a link to a table goes: Discord's own pages, or, with a `base` (the playground sets one once it serves
    its pages), the playground's page that shows the table's channel."""

    def __init__(self, base: str | None = None) -> None:
        self.base = base

    def jump(self, table: Table) -> str:
        return jump_url(table, link_base=self.base)

    def channel(self, table: Any) -> str:
        return channel_url(table, link_base=self.base)


def in_server(interaction: discord.Interaction) -> int:
    """The server a guild-only command was used in."""
    assert interaction.guild_id is not None, "a guild-only command"
    return interaction.guild_id


def is_admin(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions and interaction.permissions.manage_guild)
