"""The one error path: whatever stops an interaction is answered here, privately, in the member's language.

A refusal (the service's, or the rules' `IllegalAction`) is a sentence the member reads; what only the edge can add
— the command to type, the permission to have, the channels as links — it adds here, from the refusal's `Hint` and
data. Anything else is logged, and the member is told the game is unchanged (said only before a commit; after
one, every step is attempted on its own: `after_commit.py`).
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Sequence

import discord
from discord import app_commands

from bot.games.core import IllegalAction
from bot.games.text import SeatRef
from bot.i18n import N_, Text, _, counted, language_of, speaking, translated
from bot.service import Seat
from bot.service.errors import Hint, NotYourTurn, Refusal, TooManyTables, without_ruling_codes

from .format import shown_seat

log = logging.getLogger(__name__)

UNEXPECTED = N_("Something went wrong on our side; the game is unchanged. Please try again.")
HINTED = {  # a refusal with a hint, as the edge words it (the refusal's own fields are there)
    Hint.OPEN_A_TABLE: N_("There is no open table in this channel. Start one with {commands}."),
    Hint.ADD_A_COMPUTER: N_("{game} needs at least {n} players: wait for others to join, or add a computer player "
                            "with `/game addbot`."),
    Hint.ADMIN_MAY_END: N_("Only the host or a member with Manage Server can end this table."),
    Hint.ADMIN_MAY_KICK: N_("Only the host or a member with Manage Server can kick a player."),
    Hint.LEAVE_OR_END: N_("You can't kick yourself: use `/game leave`, or `/game end`."),
}


def worded(refusal: Refusal, games: Sequence[str] = ()) -> Text:
    """A refusal as the member reads it: the service's sentence, or, with a hint, the edge's own words for it; the
    seats an engine's reason refers to by their players' names. `games`: the games whose `/<game> new` opens a
    table here (the one whose command was typed, or every game the bot plays)."""
    if isinstance(refusal, NotYourTurn) and refusal.seats:
        return with_names(refusal.text, refusal.seats)
    if isinstance(refusal, TooManyTables):
        return counted("You already host {n} open table in this server ({where}). "
                       "Finish it, or end it with `/game end` in its channel, before opening another.",
                       "You already host {n} open tables in this server ({where}). "
                       "Finish one, or end it with `/game end` in its channel, before opening another.",
                       len(refusal.channel_ids), where=", ".join(f"<#{c}>" for c in refusal.channel_ids))
    if refusal.hint in HINTED:
        commands = " · ".join(f"`/{game} new`" for game in games)
        return Text(HINTED[refusal.hint], {**refusal.text.fields, "commands": commands})
    return refusal.text


def with_names(text: Text, seats: tuple[Seat, ...]) -> Text:
    """`text` with every `SeatRef` among its fields (and its fields' fields) shown as that seat's player."""
    fields = {name: shown_seat(seats, value) if isinstance(value, SeatRef) and 0 <= value < len(seats)
              else with_names(value, seats) if isinstance(value, Text) else value
              for name, value in text.fields.items()}
    return Text(text.message, fields, text.plural, text.n)


async def answer_error(interaction: discord.Interaction, error: BaseException, games: Collection[str] = ()) -> None:
    """A refusal becomes an ephemeral sentence in the member's language (and an INFO line, with its table and move
    number when the service had taken a table); anything else is logged as a fault. `games`: the games the bot
    plays (a refusal may tell the member how to open a table of one)."""
    if isinstance(error, Refusal | IllegalAction):
        log.info("refused (%s): %s", type(error).__name__, without_ruling_codes(str(error)))
    with speaking(language_of(interaction.locale)):
        if isinstance(error, Refusal):
            message = translated(worded(error, opening_games(interaction, games)))
        elif isinstance(error, IllegalAction):
            message = translated(error.text)
        elif isinstance(error, app_commands.CheckFailure):
            message = str(error) or _("You can't use that command here.")
        else:  # nothing was saved: Discord failing us is a warning, anything else a fault of ours
            where = interaction.command or interaction.data
            if isinstance(error, discord.HTTPException):
                log.warning("Discord failed in %s before any change", where, exc_info=error)
            else:
                log.error("unexpected error in %s", where, exc_info=error)
            message = _(UNEXPECTED)
    await reply_ephemeral(interaction, without_ruling_codes(message))


def opening_games(interaction: discord.Interaction, played: Collection[str]) -> list[str]:
    """The games a refusal may tell the member to open: the game whose command they typed, else every game."""
    games = sorted(played)
    command = interaction.command
    root = getattr(command, "root_parent", None) or command
    return [root.name] if root is not None and root.name in games else games


async def reply_ephemeral(interaction: discord.Interaction, message: str) -> None:
    try:
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not tell the user: %s", message)
