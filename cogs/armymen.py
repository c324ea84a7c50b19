"""/armymen: Army Men Dice War — its commands and how its table looks."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import Refusal
from bot.games.army_men import Keep, Roll, points
from bot.sessions import Table

from ._render import Renderer, register
from ._ui import die, publisher, seat_name


def army_dice(faces: list[int]) -> str:
    """Dice at a glance, by what they score: a 1 is a soldier (🪖, 0 points)."""
    return " ".join("🪖0" if f == 1 else f"{die(f)}{f}" for f in faces) if faces else "—"


def dice_count(n: int) -> str:
    return f"{n} die" if n == 1 else f"{n} dice"


def soldiers(faces: list[int]) -> str:
    return f"{army_dice(faces)} = **{sum(points(f) for f in faces)}**" if faces else "—"


class ArmyMenRenderer(Renderer):
    game_id = "armymen"
    emoji = "🪖"
    colour = discord.Colour.dark_green()

    def board(self, table: Table, view: dict[str, Any]) -> str:
        lines = []
        turn = view["turn"]
        if turn is None:  # over: the round counter already points past the last round played
            played = len(view["rounds"])
            heading = f"**Game over** after {played} round{'s' if played != 1 else ''}"
            if view["campaign"]:
                heading = f"**Campaign over** after {len(view['games'])} games"
        else:
            heading = f"**Round {view['round_no']}**"
            if view["campaign"]:
                heading = f"**Game {view['game_no']} of {view['games_in_campaign']}** · " + heading
        lines.append(heading + " · lowest total wins · a soldier (1) scores 0")
        if turn is not None:
            if view["rolled"]:
                lines.append(f"🎲 {seat_name(table, turn)} rolled: {army_dice(view['rolled'])}\n"
                             "Set aside **1 or 2** of these dice; the rest are rolled again.")
            else:
                lines.append(f"🎲 {seat_name(table, turn)} rolls {dice_count(view['to_roll'])} next.")
        for seat in (0, 1):
            kept = view["kept"][seat]
            if kept:
                lines.append(f"Set aside by {seat_name(table, seat)}: {soldiers(kept)}")
        return "\n".join(lines)

    def event_text(self, table: Table, event: dict[str, Any]) -> str | None:
        kind = event["kind"]
        who = seat_name(table, event["seat"]) if "seat" in event else ""
        if kind == "round_started":
            game = f"Game {event['game']} · " if table.options.get("campaign") else ""
            return f"{game}Round {event['round']}: both ante a die; {seat_name(table, event['starter'])} starts."
        if kind == "rolled":
            return f"{who} rolled {army_dice(event['dice'])}."
        if kind == "set_aside":
            return f"{who} set aside {army_dice(event['dice'])}."
        if kind == "turn_ended":
            return f"{who} scores **{event['score']}** this round."
        if kind == "round_ended":
            a, b = event["scores"]
            if len(event["losers"]) == 2:
                return f"Round {event['round']}: tied {a}-{b}; both ante dice are lost."
            loser = event["losers"][0]
            return (f"Round {event['round']}: {a}-{b}; {seat_name(table, 1 - loser)} takes back their ante, "
                    f"{seat_name(table, loser)} loses a die.")
        a, b = event["totals"]  # game_ended
        result = "a draw" if event["winner"] is None else f"{seat_name(table, event['winner'])} wins"
        over = f"Game {event['game']} over" if table.options.get("campaign") else "Game over"
        return f"{over}: {a} to {b}, {result}."

    def seat_status(self, table: Table, view: dict[str, Any], seat: int) -> str:
        parts = [dice_count(view["dice"][seat]), f"total **{view['totals'][seat]}**"]
        if view["campaign"] and view["games"]:
            parts.append(f"campaign {view['campaign_totals'][seat]}")
        return " · ".join(parts)

    def action_label(self, table: Table, seat: int, action: Any) -> tuple[str, discord.ButtonStyle]:
        if isinstance(action, Roll):
            return "Roll the dice", discord.ButtonStyle.success
        faces = " + ".join("🪖" if f == 1 else str(f) for f in action.faces)
        score = sum(points(f) for f in action.faces)
        style = discord.ButtonStyle.primary if len(action.faces) == 1 else discord.ButtonStyle.secondary
        return f"Keep {faces} ({score} pt{'s' if score != 1 else ''})", style

    def order_actions(self, table: Table, seat: int, actions: list[Any]) -> list[Any]:
        """Cheapest keeps first: what a player looks for."""
        return sorted(actions, key=lambda a: (0, ()) if isinstance(a, Roll) else (sum(map(points, a.faces)), a.faces))

    def turn_prompt(self, table: Table, seats: frozenset[int]) -> str:
        if table.view(None)["rolled"]:  # e.g. after a timeout played the roll: the dice wait to be set aside
            return "it's your turn to set aside 1 or 2 dice"
        return "it's your turn to roll"


RENDERER = register(ArmyMenRenderer())


def parse_faces(text: str) -> tuple[int, ...]:
    faces = tuple(int(ch) for ch in text if ch.isdigit())
    if not faces or any(not 1 <= f <= 6 for f in faces) or len(faces) != sum(ch.isdigit() for ch in text):
        raise Refusal("Name the dice by their faces, e.g. `1` or `1 3`.")
    return faces


class ArmyMen(commands.GroupCog, group_name="armymen", group_description="Army Men Dice War: lowest total wins"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(description="Open an Army Men Dice War table here")
    @app_commands.describe(pace="Time per move: live 2 min, casual 1 h, async 24 h", minutes="Or a pace in minutes",
                           thread="Open the table in a new thread", campaign="Three games; the lowest sum wins")
    async def new(self, interaction: discord.Interaction, pace: Literal["live", "casual", "async"] = "casual",
                  minutes: app_commands.Range[int, 1, 10080] | None = None, thread: bool = False,
                  campaign: bool = False) -> None:
        await publisher(self.bot).open_table(interaction, "armymen", pace=pace, minutes=minutes, thread=thread,
                                             options={"campaign": campaign})

    @app_commands.command(description="How to play, with the project's rulings")
    async def rules(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=RENDERER.rules_embed(), ephemeral=True)

    @app_commands.command(description="Roll your dice (at the start of your turn)")
    async def roll(self, interaction: discord.Interaction) -> None:
        await publisher(self.bot).play_typed(interaction, "armymen", Roll())

    @app_commands.command(description="Set aside 1 or 2 of the dice you just rolled")
    @app_commands.describe(dice="The faces to set aside, e.g. 1 or 1 3")
    async def keep(self, interaction: discord.Interaction, dice: str) -> None:
        await publisher(self.bot).play_typed(interaction, "armymen", lambda: Keep(tuple(sorted(parse_faces(dice)))))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ArmyMen(bot))
