"""/armymen's moves, typed (a roll, the dice set aside); `new` and `rules` are every game's (game_cog.py)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.games.armymen import Keep, Roll
from bot.i18n import N_
from bot.service import played
from bot.service.errors import Refusal
from cogs.games.game_cog import GameCog
from cogs.table.controller import on_turn


def parse_faces(text: str) -> tuple[int, ...]:
    faces = tuple(int(ch) for ch in text if ch.isdigit())
    if not faces or any(not 1 <= f <= 6 for f in faces) or len(faces) != sum(ch.isdigit() for ch in text):
        raise Refusal(N_("Name the dice by their faces, e.g. `1` or `1 3`."))
    return faces


class ArmyMen(GameCog, group_name="armymen", group_description=N_("Army Men Dice War: lowest total wins")):
    @app_commands.command(description=N_("Roll your dice (at the start of your turn)"))
    async def roll(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, played(Roll()))

    @app_commands.command(name="set-aside", description=N_("Set aside 1 or 2 of the dice you just rolled"))
    @app_commands.describe(dice=N_("The faces to set aside, e.g. 1 or 1 3"))
    async def set_aside(self, interaction: discord.Interaction, dice: str) -> None:
        await self.move(interaction, on_turn(lambda: Keep(tuple(sorted(parse_faces(dice))))))
