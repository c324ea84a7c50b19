"""How an Army Men Dice War table looks."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.armymen.engine import ARMYMEN
from bot.games.armymen.model import Keep, Roll, points
from bot.i18n import _, ngettext
from bot.service import Table
from cogs.table.controls import ActionSelect
from cogs.table.format import die, seat_name
from cogs.table.render import Renderer


def army_dice(faces: list[int]) -> str:
    """Dice at a glance, by what they score: a 1 is a soldier (🪖, 0 points)."""
    return " ".join("🪖0" if f == 1 else f"{die(f)}{f}" for f in faces) if faces else "—"


def dice_count(n: int) -> str:
    return ngettext("{n} die", "{n} dice", n)


def soldiers(faces: list[int]) -> str:
    return f"{army_dice(faces)} = **{sum(points(f) for f in faces)}**" if faces else "—"


class ArmyMenRenderer(Renderer):
    engine = ARMYMEN
    emoji = "🪖"
    colour = discord.Colour.dark_green()
    dice_drawn = "rolled"  # its view's "dice" count each side's dice

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
        return ngettext("Set aside {faces} ({n} pt)", "Set aside {faces} ({n} pts)", score, faces=faces), style

    def order_actions(self, table: Table, seat: int, actions: list[Any]) -> list[Any]:
        """Cheapest keeps first: what a player looks for."""
        return sorted(actions, key=lambda a: (0, ()) if isinstance(a, Roll) else (sum(map(points, a.faces)), a.faces))

    def action_buttons(self, table: Table, seat: int) -> list[discord.ui.Item]:
        """Roll the dice; after a roll, every keep (up to 15 with five dice) in one menu, cheapest first — one
        row, where a button each took a phone's whole screen. `/armymen keep dice:` types the same."""
        actions = self.order_actions(table, seat, list(table.game.legal_actions(table.state, seat)))
        if not any(isinstance(action, Keep) for action in actions):
            return super().action_buttons(table, seat)
        options = [ActionSelect.option(self.action_label(table, seat, a)[0], a) for a in actions]
        return [ActionSelect.of(table, options=options, placeholder=_("Set aside 1 or 2 dice…"), row=0)]

    def turn_prompt(self, table: Table, seats: frozenset[int]) -> str:
        if table.view(None)["rolled"]:  # e.g. after a timeout played the roll: the dice wait to be set aside
            return _("it's your turn to set aside 1 or 2 dice")
        return _("it's your turn to roll")


RENDERER = ArmyMenRenderer()
