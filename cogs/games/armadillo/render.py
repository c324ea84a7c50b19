"""How an Armadillo table and its private hands look.

The roller picks dice from two menus on the table message; then everyone answers in secret from the table:
**Take a token** (anyone may), or **Discard a card…**, which opens the presser's own cards that may go on the
total, each with its cost, in a modal only they see — so the table never offers a card its presser lacks, and
its submit edits the table through itself (one call, as a button's; the modal's opening is one more) — or with
My hand, whose buttons list exactly their legal answers. The table shows who has answered, never what, until the
reveal. The DM shows only what is
secret — the hand — and is edited only when it changes (at a reveal or a new round), never on a roll.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.games.armadillo.computer import best_roll
from bot.games.armadillo.engine import ARMADILLO
from bot.games.armadillo.model import MAX_TOKENS, ROLLS, Discard, Roll, Token, cost, distribution
from bot.games.core import decode_action, encode_action
from bot.i18n import N_, _, ngettext
from bot.service import Table
from bot.service.errors import Refusal, listing
from cogs.table.controls import ActionButton, ActionSelect, ChoicesButton, choice_modal
from cogs.table.format import seat_name
from cogs.table.render import Renderer

SQUARES = {"blue": "🟦", "yellow": "🟨", "red": "🟥"}
DICE_MENUS = ("low", "high")  # the 26 legal dice choices don't fit one menu (25 options at most)
ANY_CARD_MENU = "anycard"
DISCARD = "discard"  # the table's control that opens the presser's own cards (ChoicesButton's kind)


def die(colour: str, face: int) -> str:
    return f"{SQUARES[colour]}{face}"


def roll_text(dice: list[list[Any]], total: int | None) -> str:
    return f"{' '.join(die(c, f) for c, f in dice)} = **{total}**"


def roll_choice(roll: Roll) -> str:
    """The dice of a choice as colour squares, e.g. 🟨🟥."""
    return SQUARES["blue"] * roll.blue + SQUARES["yellow"] * roll.yellow + SQUARES["red"] * roll.red


def roll_range(roll: Roll) -> tuple[int, int]:
    totals = distribution(roll)
    return min(totals), max(totals)


def roll_mean(roll: Roll) -> int:
    return 2 * roll.blue + 5 * roll.yellow + 8 * roll.red


def hand_text(hand: list[int]) -> str:
    """A hand as the private view shows it (tests check the channel never contains this)."""
    return "`" + " · ".join(str(v) for v in hand) + "`" if hand else _("*no cards*")


def tokens_text(n: int) -> str:
    return f"🪙 {n}"


def cost_text(price: int) -> str:
    return _("free") if price == 0 else ngettext("{n} token", "{n} tokens", price)


def discard_option(action: Discard, total: int) -> discord.SelectOption:
    """A card to discard on `total` as a menu offers it, with its cost."""
    return ActionSelect.option(_("Discard {card} ({paid})", card=action.card,
                                 paid=cost_text(cost(action.card, total))), action)


def answer_text(answer: dict[str, Any], *, you: bool = False) -> str:
    if answer["token"]:
        if answer.get("gained", 1) or you:
            return _("take a token") if you else _("took a token")
        return _("took none (at 5)")
    card = answer["discard"]
    if answer["paid"]:
        paid = cost_text(answer["paid"])
        return _("discard **{card}** ({paid})", card=card, paid=paid) if you \
            else _("discarded **{card}** ({paid})", card=card, paid=paid)
    return _("discard **{card}**", card=card) if you else _("discarded **{card}**", card=card)


_SORTED_ROLLS = sorted(ROLLS, key=lambda r: (roll_mean(r), r.blue + r.yellow + r.red))
_MENU_ROLLS = {"low": _SORTED_ROLLS[:13], "high": _SORTED_ROLLS[13:]}


class ArmadilloRenderer(Renderer):
    engine = ARMADILLO
    emoji = "🎲"
    colour = discord.Colour.from_rgb(196, 140, 80)

    # --- the table message (public) ---------------------------------------------------------
    def board(self, table: Table, view: dict[str, Any]) -> str:
        lines = [_("**Round {round} of {rounds}** · roll {roll} · shed your cards: each card left is a point, "
                   "fewest points wins", round=view["round_no"], rounds=view["rounds_total"], roll=view["turn_no"])]
        last = view["last_reveal"]
        if last is not None and view["phase"] != "respond":  # while answering, the new roll is what matters
            answers = " · ".join(f"{seat_name(table, s)} {answer_text(a)}" for s, a in enumerate(last["answers"]))
            lines.append(_("Last roll by {name}: {roll}", name=seat_name(table, last["roller"]),
                           roll=roll_text(last["dice"], last["total"])) + f"\n↳ {answers}")
        if view["phase"] == "roll":
            lines.append(_("🎲 {name} picks dice and rolls (🟦 1–3 · 🟨 4–6 · 🟥 7–9; up to two of each).",
                           name=seat_name(table, view["roller"])))
        elif view["phase"] == "respond":
            lines.append(_("🎲 {name} rolled {roll}", name=seat_name(table, view["roller"]),
                           roll=roll_text(view["dice"], view["total"])) + "\n"
                         + _("Everyone answers in secret with the buttons below — your hand is in your DM and "
                             "under **My hand** ({done}/{players} in).",
                             done=sum(view["answered"]), players=view["players"]))
        return "\n".join(lines)

    def seat_status(self, table: Table, view: dict[str, Any], seat: int) -> str:
        parts = []
        if view["phase"] != "over":
            parts.append(ngettext("{n} card", "{n} cards", view["hand_sizes"][seat]))
        parts.append(tokens_text(view["tokens"][seat]))
        if view["rounds"]:
            by_round = "+".join(str(r[seat]) for r in view["rounds"])
            parts.append(ngettext("**{n}** pt", "**{n}** pts", view["totals"][seat])
                         + (f" ({by_round})" if len(view["rounds"]) > 1 else ""))
        if view["phase"] == "respond":
            parts.append(_("✅ answered") if view["answered"][seat] else _("⏳ answering"))
        return " · ".join(parts)

    def public_items(self, table: Table) -> list[discord.ui.Item]:
        """The roll is public: the roller picks dice on the table message. An answer is each member's own: a token
        from the table (anyone may take one), or a card from their own that the table's Discard opens (who pressed
        what is seen by no one): an answer from the table costs one call, its progress included."""
        view = table.view(None)
        if view["phase"] == "roll":
            return self.dice_menus(table, table.seq)
        if view["phase"] == "respond":
            return [ChoicesButton(table.id, table.seq, DISCARD, label=_("Discard a card…"), emoji="🂠", row=0),
                    ActionButton(table.id, table.seq, encode_action(Token()), label=_("Take a token"),
                                 style=discord.ButtonStyle.secondary, row=0)]
        return []

    def choices(self, table: Table, seat: int, kind: str) -> discord.ui.Modal:
        """Discard a card…: the seat's own cards that may go on the total, the cheapest first, each with its cost."""
        if kind != DISCARD:
            return super().choices(table, seat, kind)
        view = table.view(seat)
        total, tokens = view["total"], view["tokens"][seat]
        discards = sorted((a for a in table.game.legal_actions(table.state, seat) if isinstance(a, Discard)),
                          key=lambda a: (cost(a.card, total), a.card))
        if not discards:
            raise Refusal(N_("None of your cards can go on {total} with your {tokens}: take a token instead."),
                          total=total, tokens=tokens_text(tokens))
        options = [discard_option(a, total) for a in discards]
        hand = view["you"]["hand"]
        text = (_("🎲 {name} rolled {roll}", name=seat_name(table, view["roller"]), roll=roll_text(view["dice"], total))
                + "\n" + _("Your hand ({n}): {hand}", n=len(hand), hand=hand_text(hand)) + " · " + tokens_text(tokens))
        return choice_modal(table.id, table.since[seat], title=_("Your answer to {total}", total=total), text=text,
                            label=_("Discard"), description=_("Secret until everyone has answered."),
                            options=options)

    def turn_prompt(self, table: Table, seats: frozenset[int]) -> str:
        if table.view(None)["phase"] == "roll":
            return _("it's your turn to pick dice and roll")
        return _("the dice are rolled: answer in secret on the table (or with **My hand**)")

    # --- the private view (DM and My hand) ---------------------------------------------------
    def event_text(self, table: Table, event: dict[str, Any]) -> str | None:
        kind = event["kind"]
        who = seat_name(table, event["seat"]) if "seat" in event else ""
        if kind == "round_started":
            roller = seat_name(table, event["roller"])
            text = _("Round {round}: {cards} cards each; {name} rolls first.", round=event["round"],
                     cards=event["cards"], name=roller)
            return text + (" " + _("Your hand: {hand}", hand=hand_text(event["hand"])) if "hand" in event else "")
        if kind == "rolled":
            return _("{name} rolled {roll}.", name=who, roll=roll_text(event["dice"], event["total"]))
        if kind == "answered":
            # the answer itself is in the event only as its own seat sees it: then it is the reader's answer
            return _("Your answer: {answer}.", answer=answer_text(event, you=True)) \
                if "token" in event else _("{name} answered.", name=who)
        if kind == "answers_revealed":
            return "; ".join(f"{seat_name(table, s)} {answer_text(a)}" for s, a in enumerate(event["answers"])) + "."
        if kind == "round_ended":
            out = listing([seat_name(table, s) for s in event["out"]])
            points = ", ".join(f"{seat_name(table, s)} {p}" for s, p in enumerate(event["points"]))
            return _("Round {round} over: {names} went out. Points: {points}.", round=event["round"],
                     names=out, points=points)
        winners = [seat_name(table, s) for s in event["winners"]]  # game_over
        return _("Game over: {name} wins.", name=winners[0]) if len(winners) == 1 \
            else _("Game over: {names} share the win.", names=listing(winners))

    @staticmethod
    def secret_lines(view: dict[str, Any], seat: int) -> list[str]:
        """What only this seat knows: round and tokens, the hand, its answer to the last roll."""
        you = view["you"]
        lines = [_("**Round {round} of {rounds}** · you have {tokens} (max {max})", round=view["round_no"],
                   rounds=view["rounds_total"], tokens=tokens_text(view["tokens"][seat]), max=view["max_tokens"]),
                 _("Your hand ({n}): {hand}", n=len(you["hand"]), hand=hand_text(you["hand"]))]
        last = view["last_reveal"]
        if last is not None:
            lines.append(_("Last roll: {roll} — your answer: {answer}.", roll=roll_text(last["dice"], last["total"]),
                           answer=answer_text(last["answers"][seat], you=True)))
        return lines

    def private_body(self, table: Table, view: dict[str, Any], seat: int) -> str:
        you = view["you"]
        lines = self.secret_lines(view, seat)
        if view["phase"] == "roll":
            if view["roller"] == seat:
                best = best_roll(you["hand"])
                chance = sum(p for t, p in distribution(best).items() if t in set(you["hand"]))
                lines.append(_("🎲 **Your roll**: pick dice below. Best odds for your cards: {dice} ({percent}% to "
                               "hit one).", dice=roll_choice(best), percent=round(100 * chance)))
            else:
                lines.append(_("Waiting for {name} to roll.", name=seat_name(table, view["roller"])))
        elif view["phase"] == "respond":
            lines.append(_("🎲 {name} rolled {roll}", name=seat_name(table, view["roller"]),
                           roll=roll_text(view["dice"], view["total"])))
            if you["answer"] is not None:
                lines.append(_("✅ Your answer: {answer}. Answers are revealed when everyone has answered.",
                               answer=answer_text(you["answer"], you=True)))
            else:
                lines.append(_("Pick your answer below — it stays secret until everyone has answered."))
        elif view["phase"] == "over":
            lines.append(_("The game is over: see the table message."))
        return "\n".join(lines)

    def dm_body(self, table: Table, view: dict[str, Any], seat: int) -> str:
        """Only the secret, so the DM changes only at a reveal or a new round: hand, tokens, last answer."""
        lines = self.secret_lines(view, seat)
        if view["phase"] == "over":
            lines.append(_("The game is over: see the table message."))
        else:
            lines.append(_("Roll and answer on the table message (or with **My hand**): it shows everything public."))
        return "\n".join(lines)

    def dm_items(self, table: Table, seat: int) -> list[discord.ui.Item]:
        return []

    def private_items(self, table: Table, seat: int) -> list[discord.ui.Item]:
        # Buttons carry the move number at which this seat's decision began (not the table's latest),
        # so another player's answer does not change this player's DM: it is edited only when it changes.
        if seat not in table.to_act:
            return []
        since = table.since[seat]
        view = table.view(seat)
        if view["phase"] == "roll":
            return self.dice_menus(table, since)
        return self.answer_items(table, seat, since, view)

    def dice_menus(self, table: Table, seq: int) -> list[discord.ui.Item]:
        menus: list[discord.ui.Item] = []
        for row, kind in enumerate(DICE_MENUS):
            rolls = _MENU_ROLLS[kind]
            options = [ActionSelect.option(f"{roll_choice(r)} → {'–'.join(map(str, roll_range(r)))}", r,
                                           description=self.roll_description(r)) for r in rolls]
            placeholder = (_("Roll low: about {low}–{high}", low=roll_mean(rolls[0]), high=roll_mean(rolls[-1]))
                           if kind == "low" else
                           _("Roll high: about {low}–{high}", low=roll_mean(rolls[0]), high=roll_mean(rolls[-1])))
            menus.append(ActionSelect(table.id, seq, kind, options=options, placeholder=placeholder, row=row))
        return menus

    @staticmethod
    def roll_description(roll: Roll) -> str:
        dice = ", ".join(text for n, text in ((roll.blue, ngettext("{n} blue", "{n} blue", roll.blue)),
                                              (roll.yellow, ngettext("{n} yellow", "{n} yellow", roll.yellow)),
                                              (roll.red, ngettext("{n} red", "{n} red", roll.red))) if n)
        return _("{dice} · average {mean}", dice=dice, mean=roll_mean(roll))

    def answer_items(self, table: Table, seat: int, since: int, view: dict[str, Any]) -> list[discord.ui.Item]:
        """The seat's own answers in My hand: its card equal to the total (free) and a token as buttons, its other
        cards that may go on the total in one menu, the cheapest first, each with its cost — two rows on a phone."""
        total, tokens = view["total"], view["tokens"][seat]
        discards = sorted((a for a in table.game.legal_actions(table.state, seat) if isinstance(a, Discard)),
                          key=lambda a: (cost(a.card, total), a.card))
        free = [a for a in discards if cost(a.card, total) == 0]
        items: list[discord.ui.Item] = [
            ActionButton(table.id, since, encode_action(a), style=discord.ButtonStyle.success, row=0,
                         label=_("Discard {card} ({paid})", card=a.card, paid=cost_text(0))) for a in free]
        token = _("Take a token (none at 5)") if tokens >= MAX_TOKENS else _("Take a token")
        items.append(ActionButton(table.id, since, encode_action(Token()), label=token,
                                  style=discord.ButtonStyle.secondary, row=0))
        if others := [a for a in discards if a not in free]:
            items.append(ActionSelect(table.id, since, ANY_CARD_MENU, row=1, placeholder=_("Discard another card…"),
                                      options=[discard_option(a, total) for a in others]))
        return items

    def action_label(self, table: Table, seat: int, action: Any) -> tuple[str, discord.ButtonStyle]:
        view = table.view(None)
        if isinstance(action, Roll):
            low, high = roll_range(action)
            return _("Roll {dice} ({low}–{high})", dice=roll_choice(action), low=low, high=high), \
                discord.ButtonStyle.primary
        if isinstance(action, Discard):
            price = cost(action.card, view["total"] or 0)
            style = discord.ButtonStyle.success if price == 0 else discord.ButtonStyle.primary
            return _("Discard {card} ({paid})", card=action.card, paid=cost_text(price)), style
        if view["tokens"][seat] >= view["max_tokens"]:
            return _("Take a token (none at 5)"), discord.ButtonStyle.secondary
        return _("Take a token"), discord.ButtonStyle.secondary

    def action_from_select(self, table: Table, kind: str, values: list[str]) -> Any:
        if kind in DICE_MENUS or kind == ANY_CARD_MENU:
            return decode_action(table.game, values[0] if values else "")
        return super().action_from_select(table, kind, values)


RENDERER = ArmadilloRenderer()
