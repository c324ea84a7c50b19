"""/armymen: open a table, read the rules, and every move typed (a roll, the dice set aside)."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.armymen import Keep, Roll
from bot.i18n import N_
from bot.service.errors import Refusal
from cogs.table.clock_lines import AWAY_HELP, CLOCK_HELP
from cogs.table.controller import controller, on_turn
from cogs.table.render import send_rules

from .render import RENDERER


def parse_faces(text: str) -> tuple[int, ...]:
    faces = tuple(int(ch) for ch in text if ch.isdigit())
    if not faces or any(not 1 <= f <= 6 for f in faces) or len(faces) != sum(ch.isdigit() for ch in text):
        raise Refusal(N_("Name the dice by their faces, e.g. `1` or `1 3`."))
    return faces


class ArmyMen(commands.GroupCog, group_name="armymen", group_description=N_("Army Men Dice War: lowest total wins")):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(description=N_("Open an Army Men Dice War table here"))
    @app_commands.describe(pace=N_("Time per move: live 2 min, casual 1 h, async 24 h"),
                           minutes=N_("Or a pace in minutes"), thread=N_("Open the table in a new thread"),
                           clock=CLOCK_HELP, away=AWAY_HELP,
                           campaign=N_("Three games; the lowest sum wins"))
    async def new(self, interaction: discord.Interaction, pace: Literal["live", "casual", "async"] = "casual",
                  minutes: app_commands.Range[int, 1, 10080] | None = None, thread: bool = False,
                  clock: Literal["fixed", "bank"] = "fixed", away: Literal["on", "off"] = "on",
                  campaign: bool = False) -> None:
        await controller(self.bot).open_table(interaction, "armymen", pace=pace, minutes=minutes, thread=thread,
                                              clock=clock, away=away == "on",
                                              options={"campaign": campaign})

    @app_commands.command(description=N_("How to play, with the project's rulings"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await send_rules(interaction, RENDERER)

    @app_commands.command(description=N_("Roll your dice (at the start of your turn)"))
    async def roll(self, interaction: discord.Interaction) -> None:
        await controller(self.bot).play_typed(interaction, "armymen", Roll())

    @app_commands.command(name="set-aside", description=N_("Set aside 1 or 2 of the dice you just rolled"))
    @app_commands.describe(dice=N_("The faces to set aside, e.g. 1 or 1 3"))
    async def set_aside(self, interaction: discord.Interaction, dice: str) -> None:
        await controller(self.bot).play_typed(interaction, "armymen",
                                              on_turn(lambda: Keep(tuple(sorted(parse_faces(dice))))))

