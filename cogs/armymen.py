"""/armymen: Army Men Dice War — its commands and how its table looks."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.armymen.engine import Keep, Roll, points
from bot.i18n import N_, _, ngettext
from bot.service import Table
from bot.service.errors import Refusal

from ._render import Renderer, register, send_rules
from ._ui import die, publisher, seat_name


def army_dice(faces: list[int]) -> str:
    """Dice at a glance, by what they score: a 1 is a soldier (🪖, 0 points)."""
    return " ".join("🪖0" if f == 1 else f"{die(f)}{f}" for f in faces) if faces else "—"


def dice_count(n: int) -> str:
    return ngettext("{n} die", "{n} dice", n)


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
            heading = ngettext("**Game over** after {n} round", "**Game over** after {n} rounds", played)
            if view["campaign"]:
                heading = ngettext("**Campaign over** after {n} game", "**Campaign over** after {n} games",
                                   len(view["games"]))
        else:
            heading = _("**Round {round}**", round=view["round_no"])
            if view["campaign"]:
                heading = _("**Game {game} of {games}** · {round}", game=view["game_no"],
                            games=view["games_in_campaign"], round=heading)
        lines.append(_("{heading} · lowest total wins · a soldier (1) scores 0", heading=heading))
        if turn is not None:
            if view["rolled"]:
                lines.append(_("🎲 {name} rolled: {dice}", name=seat_name(table, turn), dice=army_dice(view["rolled"]))
                             + "\n" + _("Set aside **1 or 2** of these dice; the rest are rolled again."))
            else:
                lines.append(_("🎲 {name} rolls {dice} next.", name=seat_name(table, turn),
                               dice=dice_count(view["to_roll"])))
        for seat in (0, 1):
            kept = view["kept"][seat]
            if kept:
                lines.append(_("Set aside by {name}: {dice}", name=seat_name(table, seat), dice=soldiers(kept)))
        return "\n".join(lines)

    def event_text(self, table: Table, event: dict[str, Any]) -> str | None:
        kind = event["kind"]
        who = seat_name(table, event["seat"]) if "seat" in event else ""
        if kind == "round_started":
            starts = _("Round {round}: both ante a die; {name} starts.", round=event["round"],
                       name=seat_name(table, event["starter"]))
            return _("Game {game} · {text}", game=event["game"], text=starts) if table.options.get("campaign") \
                else starts
        if kind == "rolled":
            return _("{name} rolled {dice}.", name=who, dice=army_dice(event["dice"]))
        if kind == "set_aside":
            return _("{name} set aside {dice}.", name=who, dice=army_dice(event["dice"]))
        if kind == "turn_ended":
            return _("{name} scores **{score}** this round.", name=who, score=event["score"])
        if kind == "round_ended":
            a, b = event["scores"]
            if len(event["losers"]) == 2:
                return _("Round {round}: tied {a}-{b}; both ante dice are lost.", round=event["round"], a=a, b=b)
            loser = event["losers"][0]
            return _("Round {round}: {a}-{b}; {winner} takes back their ante, {loser} loses a die.",
                     round=event["round"], a=a, b=b, winner=seat_name(table, 1 - loser),
                     loser=seat_name(table, loser))
        a, b = event["totals"]  # game_ended
        campaign = table.options.get("campaign")
        if event["winner"] is None:
            return _("Game {game} over: {a} to {b}, a draw.", game=event["game"], a=a, b=b) if campaign \
                else _("Game over: {a} to {b}, a draw.", a=a, b=b)
        winner = seat_name(table, event["winner"])
        return _("Game {game} over: {a} to {b}, {name} wins.", game=event["game"], a=a, b=b, name=winner) \
            if campaign else _("Game over: {a} to {b}, {name} wins.", a=a, b=b, name=winner)

    def seat_status(self, table: Table, view: dict[str, Any], seat: int) -> str:
        parts = [dice_count(view["dice"][seat]), _("total **{total}**", total=view["totals"][seat])]
        if view["campaign"] and view["games"]:
            parts.append(_("campaign {total}", total=view["campaign_totals"][seat]))
        return " · ".join(parts)

    def action_label(self, table: Table, seat: int, action: Any) -> tuple[str, discord.ButtonStyle]:
        if isinstance(action, Roll):
            return _("Roll the dice"), discord.ButtonStyle.success
        faces = " + ".join("🪖" if f == 1 else str(f) for f in action.faces)
        score = sum(points(f) for f in action.faces)
        style = discord.ButtonStyle.primary if len(action.faces) == 1 else discord.ButtonStyle.secondary
        return ngettext("Keep {faces} ({n} pt)", "Keep {faces} ({n} pts)", score, faces=faces), style

    def order_actions(self, table: Table, seat: int, actions: list[Any]) -> list[Any]:
        """Cheapest keeps first: what a player looks for."""
        return sorted(actions, key=lambda a: (0, ()) if isinstance(a, Roll) else (sum(map(points, a.faces)), a.faces))

    def turn_prompt(self, table: Table, seats: frozenset[int]) -> str:
        if table.view(None)["rolled"]:  # e.g. after a timeout played the roll: the dice wait to be set aside
            return _("it's your turn to set aside 1 or 2 dice")
        return _("it's your turn to roll")


RENDERER = register(ArmyMenRenderer())


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
                           campaign=N_("Three games; the lowest sum wins"))
    async def new(self, interaction: discord.Interaction, pace: Literal["live", "casual", "async"] = "casual",
                  minutes: app_commands.Range[int, 1, 10080] | None = None, thread: bool = False,
                  campaign: bool = False) -> None:
        await publisher(self.bot).open_table(interaction, "armymen", pace=pace, minutes=minutes, thread=thread,
                                             options={"campaign": campaign})

    @app_commands.command(description=N_("How to play, with the project's rulings"))
    async def rules(self, interaction: discord.Interaction) -> None:
        await send_rules(interaction, RENDERER)

    @app_commands.command(description=N_("Roll your dice (at the start of your turn)"))
    async def roll(self, interaction: discord.Interaction) -> None:
        await publisher(self.bot).play_typed(interaction, "armymen", Roll())

    @app_commands.command(description=N_("Set aside 1 or 2 of the dice you just rolled"))
    @app_commands.describe(dice=N_("The faces to set aside, e.g. 1 or 1 3"))
    async def keep(self, interaction: discord.Interaction, dice: str) -> None:
        await publisher(self.bot).play_typed(interaction, "armymen", lambda: Keep(tuple(sorted(parse_faces(dice)))))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ArmyMen(bot))
