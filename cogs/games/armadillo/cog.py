"""/armadillo's moves, typed (a roll, an answer) for keyboards and screen readers; `new` and `rules` are every
game's (game_cog.py). Answers typed off turn are refused by the engine's own reasons (`Armadillo.explain`)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.games.armadillo import Discard, Roll, Token
from bot.i18n import N_
from bot.service import played
from cogs.games.game_cog import GameCog


class ArmadilloCog(GameCog, group_name="armadillo", group_description=N_("Armadillo: shed your cards")):
    @app_commands.command(description=N_("Roller: pick dice (0-2 of each colour, at least one) and roll"))
    @app_commands.describe(blue=N_("Blue dice, faces 1-3"), yellow=N_("Yellow dice, faces 4-6"),
                           red=N_("Red dice, faces 7-9"))
    async def roll(self, interaction: discord.Interaction, blue: app_commands.Range[int, 0, 2] = 0,
                   yellow: app_commands.Range[int, 0, 2] = 0, red: app_commands.Range[int, 0, 2] = 0) -> None:
        await self.move(interaction, played(Roll(blue=blue, yellow=yellow, red=red)))

    @app_commands.command(description=N_("Answer the roll in secret: discard a card, or take a token"))
    @app_commands.describe(card=N_("The card to discard (its cost is paid in tokens); leave empty to take a token"))
    async def respond(self, interaction: discord.Interaction,
                      card: app_commands.Range[int, 1, 20] | None = None) -> None:
        await self.move(interaction, played(Token() if card is None else Discard(card)))
