"""How a Doodle Dice table looks: figures as emoji, the Gallery by colour, every control, the Block button.

Everything in Doodle Dice is public (DD-R11): the table message carries every control, no DMs.
- Figures read at a glance as one emoji each (`FIGURE_EMOJI`), colours as coloured squares.
- Before the draw: a Steal menu (cards in opponents' sets of colours the player lacks) and **Draw & roll**.
- After a roll: a multi-select of the dice to re-roll (all six its last option), a **Claim** button for the card
  match now (a menu when there are more than ten), **Free Roll** and **Stop**.
- Whenever a holder of an unused Block A Turn may block a turn that has not begun — the player about to play,
  or anyone's coming turn, computer seats included (DD-R7) — the table message shows, while the turn on it has
  not begun, a **Block <name>** button (a `BlockButton`, the game's own persistent item), or a menu of them for
  several, so any holder may press it whether or not it is their turn, and anyone else gets the engine's reason
  (`DoodleDice.explain`). My hand shows a holder their own at any moment, mid-turn too.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.games.core import IllegalAction, decode_action
from bot.games.doodle import DOODLE, Block, Claim, Draw, Free, Reroll, Steal, Stop
from bot.games.doodle.cards import COLOURS, FIGURES, FREE_ROLL
from bot.i18n import N_, _, ngettext, translated
from bot.names import escaped
from bot.service import Clicked, Table
from bot.service.errors import StaleMove, listing
from cogs.table.controls import MOVE_NO, TABLE_ID, ActionButton, ActionSelect, Controller, TableItem
from cogs.table.format import seat_name
from cogs.table.labels import plain_name, with_name
from cogs.table.layout import row_of
from cogs.table.render import Renderer

# Bright symbols: ➖ and 〰️ are drawn dark grey and vanish on Discord's dark theme.
FIGURE_EMOJI = {"arch": "🌈", "dash": "📏", "dot": "⚫", "face": "🙂", "slant": "↗️", "squiggle": "🪱"}
COLOUR_EMOJI = {"orange": "🟧", "red": "🟥", "yellow": "🟨", "green": "🟩", "blue": "🟦", "purple": "🟪"}
ACTION_EMOJI = {"Free Roll": "🎟️", "Block A Turn": "⛔"}
ROW_WIDTH = 5  # Discord: five buttons (or one menu) per row
GAME = "doodle"
BLOCK_MENU = "block"
ALL_DICE = "all"  # the re-roll menu's option for all six dice


def figure_name(figure: str) -> str:
    """One figure with its emoji and its name in the reader's language."""
    return f"{FIGURE_EMOJI[figure]} {_(figure)}"


def figures(names: list[str] | tuple[str, ...]) -> str:
    return "".join(FIGURE_EMOJI.get(f, f) for f in names) or "—"


def card_text(card: dict[str, Any], *, with_figures: bool = True) -> str:
    text = f"{COLOUR_EMOJI.get(card['colour'], '')} {escaped(translated(card['name']))}"
    return f"{text} {figures(card['figures'])}" if with_figures else text


def event_text(table: Table, event: dict[str, Any]) -> str | None:
    """One Doodle Dice event in words; rolls show the figures as their symbols."""
    kind = event["kind"]
    who = seat_name(table, event["seat"]) if "seat" in event else ""
    card = event.get("card")
    card = card_text(card, with_figures=False) if isinstance(card, dict) else _(card) if card else card
    dice = " ".join(figures([f]) for f in event.get("dice", ()))
    target = seat_name(table, event["target"]) if "target" in event else ""
    source = seat_name(table, event["from"]) if "from" in event else ""
    texts = {
        "gallery_laid_out": lambda: _("The Gallery is laid out; {name} starts.",
                                      name=seat_name(table, event["starter"])),
        "blocked_now": lambda: _("{name} plays Block A Turn: {target} loses this turn.", name=who, target=target),
        "block_announced": lambda: _("{name} plays Block A Turn on {target}: their coming turn is lost.",
                                     name=who, target=target),
        "steal_declared": lambda: _("{name} declares a steal of {card} from {owner}.", name=who, card=card,
                                    owner=source),
        "rerolled": lambda: ngettext("{name} re-rolled {n} die, now {dice}.", "{name} re-rolled {n} dice, now {dice}.",
                                     event["count"], name=who, dice=dice),
        "free_roll": lambda: _("{name} uses a Free Roll: one more roll.", name=who),
        "stopped": lambda: _("{name} ends the turn.", name=who),
        "drew_action": lambda: _("{name} draws {card} and keeps it.", name=who, card=card),
        "drew_doodle": lambda: _("{name} draws {card} into the Gallery.", name=who, card=card),
        "deck_empty": lambda: _("The deck is empty: {name} draws nothing.", name=who),
        "rolled": lambda: _("{name} rolled {dice}.", name=who, dice=dice),
        "out_of_rolls": lambda: _("{name} is out of rolls; the turn ends.", name=who),
        "claimed": lambda: _("{name} claims {card}.", name=who, card=card),
        "stole": lambda: _("{name} steals {card} from {owner}!", name=who, card=card, owner=source),
        "won": lambda: _("{name} holds all six colours and wins!", name=who),
        "stalled": lambda: _("Stall: {rounds} rounds, empty deck, no card won; most colours wins.",
                             rounds=event["rounds"]),
        "turn_blocked": lambda: _("{name}'s turn is blocked (Block A Turn).", name=who),
        "turn_started": lambda: _("{name}'s turn.", name=who),
    }
    return texts[kind]() if kind in texts else None


def block_label(table: Table, target: int) -> str:
    """"⛔ Block <name>", the name shortened to fit a phone (the table text names everyone in full)."""
    return with_name(_("Block {name}"), plain_name(table, target), emoji=True)


def block_targets(view: dict[str, Any]) -> list[int]:
    """The players whose turn some holder may block now, the player on turn first (DD-R7)."""
    turn, players = view["turn"], view["players"]
    if turn is None:
        return []
    open_to = {t for targets in view["can_block"] for t in targets}
    return [t for t in ((turn + i) % players for i in range(players)) if t in open_to]


class DoodleRenderer(Renderer):
    engine = DOODLE
    emoji = "✏️"
    colour = discord.Colour.gold()

    # --- the table message --------------------------------------------------------------------
    def board(self, table: Table, view: dict[str, Any]) -> str:
        lines = [self.gallery_text(view), ""]
        turn = view["turn"]
        if turn is None:
            return "\n".join(lines).rstrip()
        name = seat_name(table, turn)
        steal = view["steal"]
        if steal:
            lines.append(_("🎯 {name} declared a steal of {card} from {owner}: only that card can be won this turn.",
                           name=name, card=card_text(steal["card"]), owner=seat_name(table, steal["from"])))
        if not view["rolled"]:
            if steal:
                lines.append(_("▶️ {name}: **Draw & roll** next.", name=name))
            else:
                lines.append(_("▶️ {name}'s turn has not begun: declare a steal (optional), then **Draw & roll**.",
                               name=name))
            if view["blockers"]:
                holders = _(" or ").join(seat_name(table, s) for s in view["blockers"])
                lines.append(_("⛔ {names} may **block** this turn (Block A Turn) until it begins.", names=holders))
        else:
            extra = " · 🎟️ " + ngettext("{n} Free Roll", "{n} Free Rolls", view["free_rolls"]) \
                if view["free_rolls"] else ""
            lines.append(_("🎲 {name} rolled: **{dice}**", name=name,
                           dice=" ".join(FIGURE_EMOJI[f] for f in view["dice"])))
            lines.append(ngettext("{n} re-roll left", "{n} re-rolls left", view["rolls_left"]) + extra)
            cards = {c["id"]: c for c in view["gallery"]}
            if steal:
                cards[steal["card"]["id"]] = steal["card"]
            if view["matching"]:
                found = ", ".join(card_text(cards[c], with_figures=False) for c in view["matching"] if c in cards)
                lines.append(_("✅ The dice match: {cards}", cards=found))
            else:
                lines.append(_("No match yet."))
        if view["blocked"]:
            names = listing([seat_name(table, s) for s in view["blocked"]])
            lines.append(_("⛔ Blocked: {names} will lose their coming turn.", names=names))
        return "\n".join(lines)

    def gallery_text(self, view: dict[str, Any]) -> str:
        deck = view["deck"]
        head = ngettext("**Gallery** · deck: {n} card", "**Gallery** · deck: {n} cards", deck)
        if deck == 0:
            head += " · " + _("stall {quiet}/{limit} quiet turns", quiet=view["quiet_turns"],
                              limit=view["stall_limit"])
        matching = set(view["matching"])
        rows = []
        for colour in COLOURS:
            cards = [c for c in view["gallery"] if c["colour"] == colour]
            if cards:
                # No-break spaces inside a card: a narrow screen wraps between cards, never inside one.
                shown = " · ".join(("✅\u00a0" if c["id"] in matching else "")
                                   + f"{escaped(translated(c['name']))} {figures(c['figures'])}".replace(" ", "\u00a0")
                                   for c in cards)
                rows.append(f"{COLOUR_EMOJI[colour]} {shown}")
        return head + "\n" + ("\n".join(rows) if rows else _("(empty)"))

    def seat_status(self, table: Table, view: dict[str, Any], seat: int) -> str:
        held = sorted(view["sets"][seat], key=lambda c: COLOURS.index(c["colour"]))
        parts = [f"**{view['colours'][seat]}**/6"]
        if held:
            parts.append(" ".join(card_text(c, with_figures=False) for c in held))
        for card in view["action_cards"][seat]:
            mark = f"~~{translated(card['name'])}~~" if card["used"] else translated(card["name"])
            parts.append(f"{ACTION_EMOJI.get(card['name'], '')} {mark}")
        return " · ".join(parts)

    def event_text(self, table: Table, event: dict[str, Any]) -> str | None:
        return event_text(table, event)

    def turn_prompt(self, table: Table, seats: frozenset[int]) -> str:
        return _("it's your Doodle Dice turn: Draw & roll (or declare a steal first)")

    def rules_sections(self) -> list[tuple[str, str]]:
        legend = " · ".join(figure_name(f) for f in FIGURES)
        colours = " · ".join(f"{COLOUR_EMOJI[c]} {_(c)} {i + 1}" for i, c in enumerate(COLOURS))
        return [(_("Symbols"), (
            _("Figures, the same on the dice, in the picture and in the text: {figures}", figures=legend) + "\n"
            + _("Colours (figures needed): {colours}", colours=colours) + "\n"
            + _("Buttons: steal menu and **Draw & roll** before the draw; after a roll, pick dice to re-roll in the "
                "menu (its last option: all six), **Claim** a matching card (a menu when several match), "
                "**Free Roll**, **Stop**. Before a turn begins, **Block** appears on the table for every turn a holder "
                "may still block (that one, or a coming one): a button for one, a menu for several; mid-turn, "
                "**My hand** has it.") + "\n"
            + _("Typed: `/doodle roll` draws and rolls at the start of your turn, and re-rolls all six dice after "
                "that; `/doodle reroll dice:1 3 5` names dice 1–6, left to right."))), *super().rules_sections()]

    # --- moves ----------------------------------------------------------------------------------
    def action_label(self, table: Table, seat: int, action: Any) -> tuple[str, discord.ButtonStyle]:
        view = table.view(None)
        if isinstance(action, Draw):
            return _("Draw & roll"), discord.ButtonStyle.success
        if isinstance(action, Claim):
            card = self._card(view, action.card)
            return _("Claim {card}", card=translated(card["name"])) if card else _("Claim"), discord.ButtonStyle.success
        if isinstance(action, Reroll):
            if len(action.dice) == 6:
                return _("Re-roll all"), discord.ButtonStyle.primary
            return _("Re-roll {dice}", dice=" ".join(str(i + 1) for i in action.dice)), discord.ButtonStyle.primary
        if isinstance(action, Free):
            return _(FREE_ROLL), discord.ButtonStyle.primary
        if isinstance(action, Stop):
            return _("Stop"), discord.ButtonStyle.secondary
        if isinstance(action, Block):
            return block_label(table, action.seat), discord.ButtonStyle.danger
        if isinstance(action, Steal):
            card = self._card(view, action.card)
            label = _("Steal {card}", card=translated(card["name"])) if card else _("Steal")
            return label, discord.ButtonStyle.secondary
        return super().action_label(table, seat, action)

    @staticmethod
    def _card(view: dict[str, Any], card_id: str) -> dict[str, Any] | None:
        cards = list(view["gallery"]) + [c for held in view["sets"] for c in held]
        return next((c for c in cards if c["id"] == card_id), None)

    def public_items(self, table: Table) -> list[discord.ui.Item]:
        """The turn's controls; while the turn has not begun, the blocks too (mid-turn, with its re-roll, claim,
        Free Roll and Stop, there is no room left on a phone: a holder blocks from My hand, or `/doodle block`)."""
        view = table.view(None)
        if view["turn"] is None:
            return []
        items = self._turn_items(table, view)
        return items if view["rolled"] else self._with_blocks(table, view, items, block_targets(view))

    def _with_blocks(self, table: Table, view: dict[str, Any], items: list[discord.ui.Item],
                     targets: list[int]) -> list[discord.ui.Item]:
        """`items` and the blocks of the coming turns `targets` some holder may still block (DD-R7), for any
        holder to press: one beside the last row's buttons where it has room, several in a menu of their own."""
        row = max((row_of(item) for item in items), default=-1)
        if len(targets) == 1:
            width = sum(getattr(i, "item", i).width for i in items if row_of(i) == row)
            return [*items, BlockButton.of(table, targets[0], row=row if row >= 0 and width < ROW_WIDTH else row + 1)]
        if targets:
            options = [ActionSelect.option(block_label(table, t), Block(t), emoji="⛔") for t in targets]
            items = [*items, ActionSelect.of(table, BLOCK_MENU, options=options, row=row + 1,
                                             placeholder=_("⛔ Block a coming turn…"))]
        return items

    def _turn_items(self, table: Table, view: dict[str, Any]) -> list[discord.ui.Item]:
        """The controls of the player on turn: before the draw, a steal menu and Draw & roll; after a roll, the
        re-roll menu (all six its last option), the claim (a menu when several cards match), Free Roll and Stop:
        a row each, and the buttons' row short enough for My hand and Follow beside them on a phone."""
        turn = view["turn"]
        items: list[discord.ui.Item] = []
        if not view["rolled"]:
            steals = [a for a in table.game.legal_actions(table.state, turn) if isinstance(a, Steal)]
            if steals:
                items.append(self.steal_select(table, view, steals))
            items.append(self._button(table, Draw(), row=1, emoji="🎲"))
            return items
        if view["rolls_left"] > 0:
            items.append(self.reroll_select(table, view))
        matching = sorted(view["matching"], key=lambda c: -self._rank(view, c))
        if len(matching) > 1:
            options = [ActionSelect.option(self.action_label(table, turn, Claim(c))[0], Claim(c),
                                           description=self._figure_names(view, c),
                                           emoji=self._colour_emoji(view, c)) for c in matching]
            items.append(ActionSelect.of(table, options=options, placeholder=_("✅ Claim a card…"), row=1))
        elif matching:
            items.append(self._button(table, Claim(matching[0]), row=1, emoji=self._colour_emoji(view, matching[0])))
        if view["free_rolls"]:
            items.append(self._button(table, Free(), row=2, emoji="🎟️"))
        items.append(self._button(table, Stop(), row=2))
        return items

    def private_items(self, table: Table, seat: int) -> list[discord.ui.Item]:
        """`/game hand` shows the same controls: the table's to the player on turn, and to a holder the blocks it
        may play."""
        view = table.view(None)
        if view["turn"] is None:
            return []
        items = self._turn_items(table, view) if seat in table.to_act else []
        mine = set(view["can_block"][seat])
        return self._with_blocks(table, view, items, [t for t in block_targets(view) if t in mine])

    def _button(self, table: Table, action: Any, *, row: int, emoji: str | None = None) -> ActionButton:
        (seat,) = table.to_act
        label, style = self.action_label(table, seat, action)
        return ActionButton.of(table, action, label=label, style=style, row=row, emoji=emoji)

    def _rank(self, view: dict[str, Any], card_id: str) -> int:
        card = self._card(view, card_id) or (view["steal"] or {}).get("card")
        return COLOURS.index(card["colour"]) if card else -1

    def _colour_emoji(self, view: dict[str, Any], card_id: str) -> str | None:
        card = self._card(view, card_id)
        return COLOUR_EMOJI.get(card["colour"]) if card else None

    def _figure_names(self, view: dict[str, Any], card_id: str) -> str | None:
        card = self._card(view, card_id)
        return " ".join(map(_, card["figures"])) if card else None

    def steal_select(self, table: Table, view: dict[str, Any], steals: list[Steal]) -> ActionSelect:
        owners = {c["id"]: seat for seat, held in enumerate(view["sets"]) for c in held}
        steals = sorted(steals, key=lambda a: -self._rank(view, a.card))
        options = []
        for action in steals:
            card = self._card(view, action.card)
            assert card is not None
            options.append(ActionSelect.option(
                _("{card} ({colour}) from {owner}", card=translated(card["name"]), colour=translated(card["colour"]),
                  owner=plain_name(table, owners[action.card])), action,
                description=_("{figures} — only this card can be won this turn",
                              figures=" ".join(map(_, card["figures"]))),
                emoji=COLOUR_EMOJI.get(card["colour"])))
        return ActionSelect.of(table, options=options, placeholder=_("🎯 Or steal a card…"),
                               row=0)

    def reroll_select(self, table: Table, view: dict[str, Any]) -> ActionSelect:
        """The dice to re-roll, and last all six at once (picked alone or with others: all six)."""
        options = [discord.SelectOption(label=_("Die {n}: {figure}", n=i + 1, figure=figure_name(f)),
                                        value=str(i))
                   for i, f in enumerate(view["dice"])]
        options.append(discord.SelectOption(label=_("All six dice"), value=ALL_DICE, emoji="🎲"))
        return ActionSelect.of(table, "reroll", options=options, min_values=1, max_values=len(options), row=0,
                               placeholder=_("🎲 Re-roll which dice?"))

    def action_from_select(self, table: Table, kind: str, values: list[str]) -> Any:
        if kind == "reroll":
            if ALL_DICE in values:
                return Reroll(tuple(range(6)))
            try:
                dice = tuple(sorted({int(v) for v in values}))
            except ValueError:
                raise IllegalAction(N_("Pick the dice to re-roll from the menu.")) from None
            if not dice or any(not 0 <= d <= 5 for d in dice):
                raise IllegalAction(N_("Pick the dice to re-roll from the menu."))
            return Reroll(dice)
        if kind == BLOCK_MENU:  # beside a steal or claim menu, so a kind of its own (custom ids are unique)
            action = decode_action(table.game, values[0] if values else "")
            if not isinstance(action, Block):
                raise IllegalAction(N_("That menu is not known."))
            return action
        return super().action_from_select(table, kind, values)


RENDERER = DoodleRenderer()


BLOCK_TEMPLATE = rf"db:{TABLE_ID}:{MOVE_NO}:(?P<seat>[0-9])"


class BlockButton(TableItem, discord.ui.DynamicItem[discord.ui.Button], template=BLOCK_TEMPLATE):
    """Block A Turn against `seat`'s turn, pressed by any holder (DD-R7); others are refused."""

    def __init__(self, table_id: int, seq: int, seat: int, *, label: str = "Block", row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.danger, emoji="⛔", row=row,
                                           custom_id=f"db:{table_id}:{seq}:{seat}"))
        self.table_id, self.seq, self.seat = table_id, seq, seat

    @classmethod
    def of(cls, table: Table, seat: int, *, row: int | None = None) -> BlockButton:
        return cls(table.id, table.seq, seat, label=block_label(table, seat), row=row)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> BlockButton:
        return cls(int(match["table"]), int(match["seq"]), int(match["seat"]))

    async def run(self, interaction: discord.Interaction, controller: Controller, at: Clicked) -> None:
        def read(table: Table, seat: int) -> Block:
            if table.game.id != GAME or self.seat >= len(table.seats):  # a crafted id: no such Block was offered
                raise StaleMove()
            return Block(self.seat)

        await controller.play(interaction, at, read, self.seq)
