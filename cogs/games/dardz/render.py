"""How a DARDZ table looks.

Hands and scores are public (the table message, which carries every move button: no decision is secret);
each points pile is private (DZ-R13): its count and points go by DM / My hand only. The DM shows only the
pile, brought up to date once per turn. One move can do many things (roll 1, three of a kind, action cards,
clean-ups, round ends, Lucky Loser rolls): the table message says each of them (`event_text`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord

from bot.games.dardz import DARDZ
from bot.games.dardz.cards import ACTIONS, BOOST, BUNK, CLOCK, GOLDEN_7, JACKPOT, NAMES, POINTS, ROLLOFF, SKULL, number
from bot.games.dardz.model import Guess, Lead, Pick, Play, Roll
from bot.i18n import N_, _, ngettext
from bot.service import Table
from cogs.table.controls import ActionButton
from cogs.table.format import dice, seat_name
from cogs.table.labels import plain_name, with_name
from cogs.table.render import Renderer

from .news import event_text

CARD_EMOJI = {GOLDEN_7: "🌟", SKULL: "💀", CLOCK: "⏰", JACKPOT: "🎰", ROLLOFF: "⚔️", BOOST: "📈", BUNK: "📉"}
TEAM_MARKS = ("🔴", "🔵", "🟢", "🟡")
SOLO_MARK = "⚪"
ROLL_NAMES = {1: N_("Roll 1"), 2: N_("Roll 2"), 3: N_("Roll 3"), 4: N_("Bonus Roll")}
ROLL_HELP = {1: N_("Roll 1 · one die, picked automatically"), 2: N_("Roll 2 · two dice"),
             3: N_("Roll 3 · three dice"), 4: N_("Bonus Roll · two dice")}
PICK_HELP = {2: N_("pick one die, the sum, or nothing"),
             3: N_("pick one die or the sum of two (never all three), or nothing"),
             4: N_("pick a die or the sum that is in your hand, or the turn ends")}


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"−{-value}"


def card_text(card: str) -> str:
    """A card at a glance: its face and its points; the golden 7 stands out."""
    if card == GOLDEN_7:
        return _("🌟**7** golden ({points})", points=signed(POINTS[card]))
    if card in ACTIONS:
        return f"{CARD_EMOJI[card]} {_(NAMES[card])} ({signed(POINTS[card])})"
    return f"**{card}** ({signed(POINTS[card])})"


def hand_text(cards: list[str]) -> str:
    return " · ".join(card_text(c) for c in cards) if cards else _("no cards")


def pile_text(cards: list[str]) -> str:
    counts = Counter(cards)
    order = sorted(counts, key=lambda c: (c in ACTIONS, number(c) or 0, c))
    return " · ".join(_(NAMES.get(c, c)) + (f" ×{counts[c]}" if counts[c] > 1 else "") for c in order) \
        or _("empty")


class DardzRenderer(Renderer):
    engine = DARDZ
    emoji = "🎯"
    colour = discord.Colour.gold()
    dms_per_turn = True  # a turn's picks fill piles again and again: one DM edit per turn, not per pick

    def event_text(self, table: Table, event: dict[str, Any]) -> str | None:
        return event_text(table, event)

    # --- public -------------------------------------------------------------------------------
    def board(self, table: Table, view: dict[str, Any]) -> str:
        fields = {"round": view["round"], "target": view["target"], "deck": view["deck"]}
        lines = [_("**Round {round}** · first to **{target}** (team score) · draw pile {deck} cards", **fields)
                 if view["team_mode"] else
                 _("**Round {round}** · first to **{target}** · draw pile {deck} cards", **fields)]
        if view["team_mode"]:
            lines.append(_("Team DARDZ:") + " " + " · ".join(
                f"{self.unit_mark(view, u)} {' & '.join(seat_name(table, s) for s in members)} "
                f"**{view['team_scores'][u]}**" for u, members in enumerate(view["teams"])))
        lines.append(self.situation(table, view))
        return "\n".join(line for line in lines if line)

    def situation(self, table: Table, view: dict[str, Any]) -> str:
        phase, turn = view["phase"], view["turn"]
        if phase == "over":
            return ""
        if phase == "lead":
            names = " & ".join(seat_name(table, s) for s in view["choosing"])
            return _("🏁 {names} won the round: choose who rolls first.", names=names)
        who = seat_name(table, turn)
        if phase == "play":
            return _("🃏 {name} holds several action cards: choose which to play first.", name=who)
        if phase == "guess":
            return _("🎰 {name} plays the Jackpot: guess a number 1–6 (right = +15).", name=who)
        step = view["roll"]
        if phase == "roll":
            return _("🎲 {name} rolls next: {roll}.", name=who, roll=_(ROLL_HELP[step]))
        label = _(ROLL_NAMES[4]) if view["bonus"] else _(ROLL_NAMES[step])
        picks = self.pick_lines(table, view, turn)
        return "\n".join([f"🎲 {who} — {label}: {dice(view['dice'])}", f"→ {_(PICK_HELP[step])}.", *picks])

    def seat_status(self, table: Table, view: dict[str, Any], seat: int) -> str:
        mark = f"{self.unit_mark(view, self.unit_of(view, seat))} " if view["team_mode"] else ""
        return mark + ngettext("**{n}** pt · ✋ {hand}", "**{n}** pts · ✋ {hand}", view["scores"][seat],
                               hand=hand_text(view["hands"][seat]))

    @staticmethod
    def unit_of(view: dict[str, Any], seat: int) -> int:
        return next(u for u, members in enumerate(view["teams"]) if seat in members)

    @staticmethod
    def unit_mark(view: dict[str, Any], unit: int) -> str:
        if len(view["teams"][unit]) == 1:
            return SOLO_MARK
        return TEAM_MARKS[unit % len(TEAM_MARKS)]

    # --- moves --------------------------------------------------------------------------------
    def public_items(self, table: Table) -> list[discord.ui.Item]:
        """The move buttons on the table message too (nothing on them is secret)."""
        if not table.to_act:
            return []
        return self.action_buttons(table, min(table.to_act))

    def action_buttons(self, table: Table, seat: int) -> list[discord.ui.Item]:
        actions = list(table.game.legal_actions(table.state, seat))
        actions.sort(key=lambda a: isinstance(a, Pick) and a.n == 0)  # "Pick nothing" last
        buttons: list[discord.ui.Item] = []
        for i, action in enumerate(actions[:20]):
            label, style = self.action_label(table, seat, action)
            buttons.append(ActionButton.of(table, action, label=label, style=style, row=i // 5))
        return buttons

    def action_label(self, table: Table, seat: int, action: Any) -> tuple[str, discord.ButtonStyle]:
        view = table.view(None)
        if isinstance(action, Roll):
            return f"🎲 {_(ROLL_NAMES[view['roll']])}", discord.ButtonStyle.success
        if isinstance(action, Pick):
            return self.pick_label(table, view, seat, action.n)
        if isinstance(action, Guess):
            return _("Guess {n}", n=action.n), discord.ButtonStyle.primary
        if isinstance(action, Play):
            return _("Play {card}", card=card_text(action.card).replace("**", "")), discord.ButtonStyle.primary
        if isinstance(action, Lead):
            return with_name(_("{name} rolls first"), plain_name(table, action.seat)), discord.ButtonStyle.primary
        return super().action_label(table, seat, action)

    def pick_label(self, table: Table, view: dict[str, Any], seat: int, n: int) -> tuple[str, discord.ButtonStyle]:
        """A number to pick, alone: short enough for a phone's row to hold four. Its colour says whose cards it
        moves — green yours (your team's), red others', blue both, grey nobody's (a Bonus Roll's miss, said so)
        — and the picture outlines them; the table's description and My hand name their holders."""
        if n == 0:
            label = _("Pick nothing (turn ends)") if view["bonus"] else _("Pick nothing")
            return label, discord.ButtonStyle.secondary
        scorers = self.scorers(view, seat, n)
        if not scorers:
            return (_("{n} (miss)", n=n) if view["bonus"] else str(n)), discord.ButtonStyle.secondary
        own = set(view["teams"][self.unit_of(view, seat)])
        mine = any(s in own for s, __ in scorers)
        theirs = any(s not in own for s, __ in scorers)
        style = discord.ButtonStyle.primary if mine and theirs else (
            discord.ButtonStyle.success if mine else discord.ButtonStyle.danger)
        return str(n), style

    def pick_lines(self, table: Table, view: dict[str, Any], seat: int) -> list[str]:
        """Who would move cards of each number `seat` may pick, the names a pick button leaves out."""
        numbers = [a.n for a in table.game.legal_actions(table.state, seat) if isinstance(a, Pick) and a.n]
        return [f"**{n}** → " + ", ".join(seat_name(table, s) + (f" ×{k}" if k > 1 else "") for s, k in scorers)
                for n in numbers if (scorers := self.scorers(view, seat, n))]

    def scorers(self, view: dict[str, Any], seat: int, n: int) -> list[tuple[int, int]]:
        """Who would move cards of n to their pile, and how many, in seat order from the roller."""
        if view["bonus"]:  # only the roller (and a teammate) score on a Bonus Roll
            seats = [seat] + [s for s in view["teams"][self.unit_of(view, seat)] if s != seat]
        else:
            seats = [(seat + i) % view["players"] for i in range(view["players"])]
        found = []
        for s in seats:
            k = sum(1 for c in view["hands"][s] if number(c) == n)
            if k:
                found.append((s, k))
        return found

    def turn_prompt(self, table: Table, seats: frozenset[int]) -> str:
        phase = table.view(None)["phase"]
        prompts = {"lead": N_("your team chooses who rolls first"), "guess": N_("guess the Jackpot"),
                   "play": N_("choose which action card to play")}
        return _(prompts.get(phase, N_("it's your turn to roll")))

    # --- private ------------------------------------------------------------------------------
    def pile_lines(self, view: dict[str, Any]) -> list[str]:
        you = view["you"]
        points = ngettext("**{points}** point", "**{points}** points", abs(you["pile_points"]),
                          points=signed(you["pile_points"]))
        return [ngettext("📥 Your points pile: **{n}** card · {points}",
                         "📥 Your points pile: **{n}** cards · {points}", you["pile_count"], points=points),
                _("In it: {cards}", cards=pile_text(you["pile"])),
                _("Only you see which cards are in it; the table's log counts how many each player puts in.")]

    def dm_body(self, table: Table, view: dict[str, Any], seat: int) -> str:
        """Only the secret: the pile. Hands, scores and every move are on the table message."""
        if table.status != "active":
            return "\n".join([*self.pile_lines(view), "", _("The game is over: the table message shows how it ended.")])
        return "\n".join([*self.pile_lines(view), "",
                          _("Brought up to date when a turn ends; **My hand** shows it at any moment. Hands, "
                            "scores and your moves are on the table message, where your turn is shown; if you are "
                            "away when it comes, you are pinged.")])

    def dm_items(self, table: Table, seat: int) -> list[discord.ui.Item]:
        return []

    def private_body(self, table: Table, view: dict[str, Any], seat: int) -> str:
        lines = [*self.pile_lines(view),
                 _("✋ Your hand: {hand}", hand=hand_text(view["hands"][seat])),
                 _("Score: **{score}** of {target}", score=view["scores"][seat], target=view["target"])]
        if table.status != "active":
            return "\n".join(lines)
        if seat in table.to_act:
            lines += ["", self.situation(table, view)]
        else:
            waiting = ", ".join(seat_name(table, s) for s in sorted(table.to_act))
            lines += ["", _("Waiting for {names}.", names=waiting)]
        return "\n".join(lines)


RENDERER = DardzRenderer()
