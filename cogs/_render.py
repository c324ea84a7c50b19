"""What a table looks like: the generic table message, and the base every game's renderer extends.

A game's cog subclasses `Renderer` (its board, its move labels, its private view) and registers it;
the shared parts — seats, whose turn, deadline, what just happened, lobby, results — live here once.
"What just happened" is the engine's account of the table's last update (`Table.news`, events as data);
each game's `event_text` puts one event into words.
"""

from __future__ import annotations

from typing import Any, ClassVar

import discord

from bot.errors import without_ruling_codes
from bot.games import GAMES
from bot.games.core import IllegalAction
from bot.i18n import _
from bot.sessions import PACES, Table

from ._ui import ActionButton, HandButton, LobbyButton, seat_name

RENDERERS: dict[str, Renderer] = {}
NEWS_TITLE = "What just happened"
FIELD_CHARS = 1024
MAX_ACTION_BUTTONS = 20
PLACE_MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


def register(renderer: Renderer) -> Renderer:
    RENDERERS[renderer.game_id] = renderer
    return renderer


def pace_text(seconds: int) -> str:
    names = {v: k for k, v in PACES.items()}
    if seconds in names:
        return f"{names[seconds]} · {_duration(seconds)} turns"
    return f"{_duration(seconds)} turns"


def options_text(table: Table) -> str:
    """The lobby's options in words: a switched-on option by what it does; switched-off ones not at all."""
    parts = []
    for name, value in table.options.items():
        option = table.game.options.get(name)
        if isinstance(value, bool):
            if value:
                parts.append(without_ruling_codes(_(option.description)) if option else name)
        else:
            parts.append(f"{name} {value}")
    return " · ".join(parts)


def players_range(game: Any) -> str:
    low, high = game.min_players, game.max_players
    return f"{low} players" if low == high else f"{low}–{high} players"


def _duration(seconds: int) -> str:
    if seconds % 86400 == 0:
        return f"{seconds // 86400}-day" if seconds > 86400 else "24-hour"
    if seconds % 3600 == 0:
        return f"{seconds // 3600}-hour"
    return f"{seconds // 60}-minute"


class Renderer:
    game_id: ClassVar[str]
    emoji: ClassVar[str] = "🎲"
    colour: ClassVar[discord.Colour] = discord.Colour.blurple()
    has_private: ClassVar[bool] = False  # secret information: DMs and the My hand button

    # --- to override --------------------------------------------------------------------------
    def board(self, table: Table, view: dict[str, Any]) -> str:
        """The public state under the title: the roll, the cards, what is at stake."""
        return ""

    def seat_status(self, table: Table, view: dict[str, Any], seat: int) -> str:
        """A short public summary after each player's name, e.g. '5 dice · 12 pts'."""
        return ""

    def action_label(self, table: Table, seat: int, action: Any) -> tuple[str, discord.ButtonStyle]:
        return type(action).__name__, discord.ButtonStyle.primary

    def order_actions(self, table: Table, seat: int, actions: list[Any]) -> list[Any]:
        """The order the move buttons appear in (the engine's by default)."""
        return actions

    def public_items(self, table: Table) -> list[discord.ui.Item]:
        """Move buttons on the table message: by default the legal moves of a lone player to act."""
        if self.has_private or len(table.to_act) != 1:
            return []
        (seat,) = table.to_act
        return self.action_buttons(table, seat)

    def private_body(self, table: Table, view: dict[str, Any], seat: int) -> str:
        """The seat's private view (DM and My hand)."""
        return self.board(table, view)

    def private_items(self, table: Table, seat: int) -> list[discord.ui.Item]:
        return self.action_buttons(table, seat)

    def action_from_select(self, table: Table, kind: str, values: list[str]) -> Any:
        """The action a menu of this game's own `kind` stands for (see ActionSelect)."""
        raise IllegalAction("That menu is not known.")

    def turn_prompt(self, table: Table, seats: frozenset[int]) -> str:
        return "it's your turn" if len(seats) == 1 else "your move"

    def event_text(self, table: Table, event: dict[str, Any]) -> str | None:
        """One event of the engine (`kind` and its parameters, as the reader may see it) in words;
        None leaves it out of the news."""
        return None

    # --- the news -----------------------------------------------------------------------------
    def news_lines(self, table: Table, seat: int | None = None) -> list[str]:
        """The table's last update in words, as `seat` sees it (None: everyone)."""
        return [text for event in table.news if (text := self.event_text(table, event.seen_by(seat)))]

    def news_fields(self, table: Table, seat: int | None = None, limit: int = 2) -> list[tuple[str, str]]:
        """The news as embed fields of at most 1024 characters: the last `limit` of them, the first titled."""
        fields: list[tuple[str, str]] = []
        chunk: list[str] = []
        for text in self.news_lines(table, seat):
            text = text[:FIELD_CHARS]
            if chunk and len("\n".join(chunk + [text])) > FIELD_CHARS:
                fields.append(("\u200b", "\n".join(chunk)))
                chunk = []
            chunk.append(text)
        if chunk:
            fields.append(("\u200b", "\n".join(chunk)))
        if len(fields) > limit:
            fields = fields[-limit:]
            fields[0] = (fields[0][0], "…\n" + fields[0][1][:FIELD_CHARS - 2])
        if fields:
            fields[0] = (NEWS_TITLE, fields[0][1])
        return fields

    def rules_embed(self) -> discord.Embed:
        game = GAMES[self.game_id]
        embed = discord.Embed(title=_("{emoji} {game}: rules", emoji=self.emoji, game=game.title), colour=self.colour)
        for title, body in getattr(game, "rules_help", ()):
            embed.add_field(name=_(title)[:256], value=_(body)[:1024], inline=False)
        return embed

    # --- shared -------------------------------------------------------------------------------
    def action_buttons(self, table: Table, seat: int) -> list[discord.ui.Item]:
        actions = self.order_actions(table, seat, list(table.game.legal_actions(table.state, seat)))
        actions = actions[:MAX_ACTION_BUTTONS]
        buttons = []
        for i, action in enumerate(actions):
            label, style = self.action_label(table, seat, action)
            buttons.append(ActionButton.of(table, action, label=label, style=style, row=i // 5))
        return buttons

    def title(self, table: Table) -> str:
        return f"{self.emoji} {table.game.title} · table {table.id}"

    def embed(self, table: Table) -> discord.Embed:
        embed = discord.Embed(title=self.title(table), colour=self.colour)
        if table.state is None:  # a lobby, or a table closed before the game started
            return self._lobby(table, embed)
        view = table.view(None)
        # An ended game's board would still ask for the last turn's move: show only that it closed.
        body = "" if table.status == "ended" else self.board(table, view)
        if table.status == "active" and table.deadline_at:
            waiting = ", ".join(seat_name(table, s) for s in sorted(table.to_act))
            body += f"\n\n⏳ Waiting for {waiting} · due <t:{int(table.deadline_at)}:R>"
        elif table.status in ("finished", "ended"):
            body = (body + "\n\n" + self.result_text(table)).strip()
        embed.description = body[:4000]
        embed.add_field(name="Players", value=self.players_text(table, view)[:1024], inline=False)
        for name, value in self.news_fields(table):
            embed.add_field(name=name, value=value, inline=False)
        if table.luck:
            embed.add_field(name="🍀 Luck (dice against a fair die)", value="\n".join(table.luck)[:1024], inline=False)
        embed.set_footer(text=f"Move {table.seq} · {pace_text(table.pace_seconds)} · {self.dice_seal(table)}")
        return embed

    @staticmethod
    def dice_seal(table: Table) -> str:
        """The dice commitment while the game runs (SHA-256 of the secret seed, short), the seed once it ended."""
        if table.revealed_seed is not None:
            return f"🔓 dice seed {table.revealed_seed} (SHA-256 {table.commitment[:12]}…)"
        return f"🔒 dice SHA-256 {table.commitment[:12]}…"

    def _lobby(self, table: Table, embed: discord.Embed) -> discord.Embed:
        game = table.game
        seated = "\n".join(f"{i + 1}. {seat_name(table, i)}" + (" 👑" if s.user_id == table.host_id else "")
                           for i, s in enumerate(table.seats))
        options = options_text(table)
        if table.status == "lobby":
            embed.description = (
                f"**Lobby** · {players_range(game)} · {pace_text(table.pace_seconds)}"
                + (f"\n{options}" if options else "")
                + f"\n\n{seated}\n\n"
                + ("The table is full: the host presses **Start**." if len(table.seats) >= game.max_players
                   else "Press **Join** to play. The host presses **Start**"
                   + (" (or **Add computer** for a computer opponent)." if game.min_players > 1 else "."))
                + (f"\nThis lobby closes <t:{int(table.deadline_at)}:R> if the game has not started."
                   if table.deadline_at else "")
            )
        else:
            embed.description = f"🛑 Closed before the game started ({table.end_reason or 'ended'}). Not rated."
        return embed

    def players_text(self, table: Table, view: dict[str, Any]) -> str:
        lines = []
        for seat in range(len(table.seats)):
            marker = "▶️" if seat in table.to_act else "▫️"
            status = self.seat_status(table, view, seat)
            lines.append(f"{marker} {seat_name(table, seat)}" + (f" — {status}" if status else ""))
        return "\n".join(lines)

    def result_text(self, table: Table) -> str:
        outcome = table.outcome
        if table.status == "ended" or outcome is None:
            return f"🛑 Table closed ({table.end_reason or 'ended'}). Not rated."
        order = sorted(range(len(table.seats)), key=lambda s: outcome.placings[s])
        lines = [f"{PLACE_MEDALS.get(outcome.placings[s], '▫️')} {seat_name(table, s)} — {outcome.scores[s]}"
                 for s in order]
        winners = outcome.winners
        names = " and ".join(seat_name(table, s) for s in winners)
        head = f"🏆 {names} " + ("win!" if len(winners) > 1 else "wins!")
        if len(winners) == len(table.seats):
            head = "🤝 A draw!"
        return head + "\n" + "\n".join(lines)

    def table_items(self, table: Table) -> list[discord.ui.Item]:
        if table.status == "lobby":
            full = len(table.seats) >= table.game.max_players
            return [LobbyButton(table.id, verb, disabled=full and verb in ("join", "addbot"))
                    for verb in ("join", "leave", "addbot", "start")]
        if table.status != "active":
            return []
        items = self.public_items(table)
        # My hand (private view, own buttons, taking a seat back from autopilot) goes on the next free row.
        # A DynamicItem's own `row` misses a wrapped Select's row (discord.py 2.7): ask the wrapped item.
        row = max((getattr(getattr(i, "item", i), "row", 0) or 0 for i in items), default=-1) + 1
        if row <= 4:
            hand = HandButton(table.id)
            hand.item.row = row
            items.append(hand)
        return items

    def table_view(self, table: Table) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        for item in self.table_items(table):
            view.add_item(item)
        return view

    def private_view(self, table: Table, seat: int) -> tuple[discord.Embed, discord.ui.View]:
        embed = discord.Embed(title=self.title(table), colour=self.colour)
        embed.description = self.private_body(table, table.view(seat), seat)[:4000]
        view = discord.ui.View(timeout=None)
        if table.status == "active":
            for item in self.private_items(table, seat):
                view.add_item(item)
        return embed, view

