"""/doodle's moves, typed; `new` and `rules` are every game's (game_cog.py). How the table looks lives in
`render.py`.

`/doodle roll`: before the draw it draws and rolls (the same as `/doodle draw`); after it, it re-rolls all
six dice.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from bot.games.doodle import Block, Claim, Draw, Free, Reroll, Steal, Stop
from bot.i18n import N_, _, translated
from bot.names import escaped
from bot.service import Table, played
from bot.service.errors import Refusal
from cogs.games.game_cog import GameCog
from cogs.table.controller import Controller, in_channel, on_turn

from .render import GAME


# --- typed moves ------------------------------------------------------------------------------------
def find_card(cards: list[dict[str, Any]], text: str, where: str) -> dict[str, Any]:
    """A card named by id or name (case-insensitive; a unique start of a name will do)."""
    wanted = text.strip().casefold()

    def named(card: dict[str, Any]) -> tuple[str, str]:  # its name in English and in the reader's language
        return card["name"].casefold(), translated(card["name"]).casefold()

    for test in (lambda c: c["id"].casefold() == wanted, lambda c: wanted in named(c),
                 lambda c: any(name.startswith(wanted) for name in named(c))):
        found = [c for c in cards if test(c)]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise Refusal(N_("Which one? {names}. Name the card exactly or use its id."),
                          names=escaped(card_list(found)))
    raise Refusal(N_("No card “{name}” {where}. There: {names}"), name=escaped(text[:50]), where=_(where),
                  names=escaped(card_list(cards) or _("none"))[:1500])


def card_list(cards: list[dict[str, Any]]) -> str:
    return ", ".join(f"{translated(c['name'])} ({translated(c['colour'])})" for c in cards)


def parse_dice(text: str) -> tuple[int, ...]:
    """Die numbers 1-6 as players count them (left to right), or `all`, to engine indexes 0-5."""
    if text.strip().casefold() == "all":
        return tuple(range(6))
    digits = re.findall(r"\d+", text)
    if not digits or re.sub(r"[\d\s,]", "", text) or any(not 1 <= int(d) <= 6 for d in digits):
        raise Refusal(N_("Name the dice to re-roll by number, 1 to 6 from the left, e.g. `1 3 5`, or `all`."))
    return tuple(sorted({int(d) - 1 for d in digits}))


async def channel_table(controller: Controller, interaction: discord.Interaction) -> Table:
    """The running Doodle Dice table of this channel, for the autocompletes (which read it, changing nothing)."""
    table = await controller.table_in(in_channel(interaction))
    if table.game.id != GAME:
        raise Refusal(N_("The table here plays {game}."), game=table.game.title)
    if table.status != "active" or table.state is None:
        raise Refusal(N_("The game here has not started yet."))
    return table


def seat_of_member(table: Table, member: discord.abc.User) -> int:
    seat = table.seat_of(member.id)
    if seat is None:
        raise Refusal(N_("{name} is not playing at this table."), name=escaped(member.display_name))
    return seat


async def card_choices(cards: list[dict[str, Any]], current: str) -> list[app_commands.Choice[str]]:
    wanted = current.casefold()
    return [app_commands.Choice(name=f"{card_list([c])}: {' '.join(map(_, c['figures']))}"[:100], value=c["id"])
            for c in cards if wanted in c["name"].casefold() or wanted in translated(c["name"]).casefold()
            or wanted == c["id"].casefold()][:25]


class Doodle(GameCog, group_name="doodle", group_description=N_("Doodle Dice: roll figures, collect six colours")):
    @app_commands.command(description=N_("Before drawing: declare a steal of one card in an opponent's set"))
    @app_commands.describe(member=N_("The player who holds the card (leave out for a computer player's card)"),
                           card=N_("The card's name (or id)"))
    async def steal(self, interaction: discord.Interaction, card: str, member: discord.Member | None = None) -> None:
        def read(table: Table, seat: int) -> Steal:
            sets = table.view(None)["sets"]
            if member is None:
                found = find_card([c for s, held in enumerate(sets) if s != seat for c in held], card,
                                  N_("in an opponent's set"))
            else:
                found = find_card(sets[seat_of_member(table, member)], card,
                                  _("in {name}'s set", name=escaped(member.display_name)))
            return Steal(found["id"])

        await self.move(interaction, read)

    @steal.autocomplete("card")
    async def steal_card(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            table = await channel_table(self.controller, interaction)
        except Refusal:
            return []
        view = table.view(None)
        cards = [c for seat, held in enumerate(view["sets"]) if seat != table.seat_of(interaction.user.id)
                 for c in held]
        return await card_choices(cards, current)

    @app_commands.command(description=N_("Draw a card into the Gallery and roll all six dice"))
    async def draw(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, played(Draw()))

    @app_commands.command(description=N_("Roll: draws and rolls at the start of your turn, then re-rolls all six dice"))
    async def roll(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, lambda table, seat: Reroll(tuple(range(6))) if table.view(None)["rolled"]
                        else Draw())

    @app_commands.command(description=N_("Re-roll some dice (numbered 1-6 from the left)"))
    @app_commands.describe(dice=N_("The dice to re-roll, e.g. 1 3 5, or all"))
    async def reroll(self, interaction: discord.Interaction, dice: str) -> None:
        await self.move(interaction, on_turn(lambda: Reroll(parse_dice(dice))))

    @app_commands.command(description=N_("Claim a Gallery doodle (or your declared steal) that the dice match"))
    @app_commands.describe(card=N_("The card's name (or id)"))
    async def claim(self, interaction: discord.Interaction, card: str) -> None:
        def read(table: Table, seat: int) -> Claim:
            view = table.view(None)
            cards = list(view["gallery"]) + ([view["steal"]["card"]] if view["steal"] else [])
            return Claim(find_card(cards, card, N_("in the Gallery"))["id"])

        await self.move(interaction, read)

    @claim.autocomplete("card")
    async def claim_card(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            view = (await channel_table(self.controller, interaction)).view(None)
        except Refusal:
            return []
        cards = list(view["gallery"]) + ([view["steal"]["card"]] if view["steal"] else [])
        cards.sort(key=lambda c: c["id"] not in view["matching"])  # matching cards first
        return await card_choices(cards, current)

    @app_commands.command(description=N_("Use one of your Free Roll cards: one more roll this turn"))
    async def freeroll(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, played(Free()))

    @app_commands.command(description=N_("Play Block A Turn on a player whose turn has not begun yet"))
    @app_commands.describe(member=N_("The player to block"))
    async def block(self, interaction: discord.Interaction, member: discord.Member) -> None:
        await self.move(interaction, lambda table, seat: Block(seat_of_member(table, member)))

    @app_commands.command(description=N_("End your turn without claiming"))
    async def stop(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, played(Stop()))
