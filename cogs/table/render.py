"""What a table looks like: the generic table message, and the base every game's renderer extends.

A game subclasses `Renderer` (its board, its move labels, its private view) in `cogs/games/<id>/render.py` and
registers it with its other parts (`cogs/games`); the shared parts — seats, whose turn, deadline, what just
happened, lobby, results — live here once.
"What just happened" is the engine's account of the table's last update (`Table.news`, events as data);
each game's `event_text` puts one event into words.
"""

from __future__ import annotations

from typing import Any, ClassVar

import discord

from bot.games.core import Game, IllegalAction
from bot.i18n import N_, _, translated
from bot.service import Table

from .clock_lines import clock_footer
from .controls import ActionButton, ComputerMenu, HandButton, LobbyButton
from .format import (
    CONTINUED,
    EMBED_CHARS,
    EMBED_FIELDS,
    FIELD_CHARS,
    PLACE_MEDALS,
    listed_seat,
    luck_title,
    options_text,
    pace_text,
    players_range,
    seat_name,
    split_text,
)
from .offers import offer_items, offer_lines

NEWS_TITLE = N_("What just happened")
MAX_ACTION_BUTTONS = 20


async def send_rules(interaction: discord.Interaction, renderer: Renderer) -> None:
    """`/<game> rules`: only for the member, in as many messages as the rules need (usually one)."""
    first, *more = renderer.rules_embeds()
    await interaction.response.send_message(embed=first, ephemeral=True)
    for embed in more:
        await interaction.followup.send(embed=embed, ephemeral=True)


class Renderer:
    engine: ClassVar[Game]  # the game it shows
    emoji: ClassVar[str] = "🎲"
    colour: ClassVar[discord.Colour] = discord.Colour.blurple()
    # DMs brought up to date when a turn passes, not after each move within it (My hand is always current)
    dms_per_turn: ClassVar[bool] = False

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
        if self.engine.has_secrets or len(table.to_act) != 1:
            return []
        (seat,) = table.to_act
        return self.action_buttons(table, seat)

    def private_body(self, table: Table, view: dict[str, Any], seat: int) -> str:
        """The seat's private view (DM and My hand)."""
        return self.board(table, view)

    def private_items(self, table: Table, seat: int) -> list[discord.ui.Item]:
        return self.action_buttons(table, seat)

    def dm_body(self, table: Table, view: dict[str, Any], seat: int) -> str:
        """The seat's DM: by default the whole private view. A DM edit costs a REST call, so a game whose
        moves are public shows there only its secret, edited when that changes."""
        return self.private_body(table, view, seat)

    def dm_items(self, table: Table, seat: int) -> list[discord.ui.Item]:
        """Controls in the DM: by default the seat's moves (a game with public moves offers none there)."""
        return self.private_items(table, seat)

    def action_from_select(self, table: Table, kind: str, values: list[str]) -> Any:
        """The action a menu of this game's own `kind` stands for (see ActionSelect)."""
        raise IllegalAction(N_("That menu is not known."))

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
            fields[0] = (_(NEWS_TITLE), fields[0][1])
        return fields

    def rules_sections(self) -> list[tuple[str, str]]:
        """The rules help as (title, text), in the current language."""
        return [(_(title), _(body)) for title, body in getattr(self.engine, "rules_help", ())]

    def rules_embeds(self) -> list[discord.Embed]:
        """The whole rules, one embed per message: a section longer than a field goes on in further fields, and
        the fields go on in another embed before one passes Discord's embed limits."""
        title = _("{emoji} {game}: rules", emoji=self.emoji, game=self.engine.title)
        embeds = [discord.Embed(title=title, colour=self.colour)]
        for name, body in self.rules_sections():
            for i, piece in enumerate(split_text(body)):
                field = (name if i == 0 else CONTINUED, piece)
                if len(embeds[-1].fields) == EMBED_FIELDS or len(embeds[-1]) + len(field[0] + field[1]) > EMBED_CHARS:
                    embeds.append(discord.Embed(colour=self.colour))
                embeds[-1].add_field(name=field[0], value=field[1], inline=False)
        return embeds

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
        return _("{emoji} {game} · table {id}", emoji=self.emoji, game=table.game.title, id=table.id)

    def embed(self, table: Table) -> discord.Embed:
        embed = discord.Embed(title=self.title(table), colour=self.colour)
        if table.state is None:  # a lobby, or a table closed before the game started
            return self._lobby(table, embed)
        view = table.view(None)
        # An ended game's board would still ask for the last turn's move: show only that it closed.
        body = "" if table.status == "ended" else self.board(table, view)
        if table.status == "active" and table.deadline_at:
            waiting = ", ".join(seat_name(table, s) for s in sorted(table.to_act))
            body += "\n\n" + _("⏳ Waiting for {names} · due {when}", names=waiting,
                                 when=f"<t:{int(table.deadline_at)}:R>")
        elif table.status in ("finished", "ended"):
            body = (body + "\n\n" + self.result_text(table)).strip()
        if offered := offer_lines(table):
            body += "\n\n" + "\n".join(offered)
        embed.description = body[:4000]
        embed.add_field(name=_("Players"), value=self.players_text(table, view)[:1024], inline=False)
        for name, value in self.news_fields(table):
            embed.add_field(name=name, value=value, inline=False)
        if table.luck:
            embed.add_field(name=luck_title(table),
                            value="\n".join(map(translated, table.luck))[:1024], inline=False)
        pace = " · ".join(filter(None, (pace_text(table.pace_seconds), clock_footer(table))))
        embed.set_footer(text=_("{pace} · {seal}", pace=pace, seal=self.dice_seal(table)))
        return embed

    @staticmethod
    def dice_seal(table: Table) -> str:
        """One short line: the dice's fingerprint while the game runs (the start of the secret seed's SHA-256), the
        seed once it ended. The client seeds, the whole hash and how to check them are `/game verify`'s."""
        if table.revealed_seed is not None:
            return _("🔓 dice unsealed: seed {seed}", seed=table.revealed_seed)
        return _("🔒 sealed dice {fingerprint}", fingerprint=table.commitment[:12])

    def _lobby(self, table: Table, embed: discord.Embed) -> discord.Embed:
        game = table.game
        seated = "\n".join(f"{i + 1}. {listed_seat(table, i)}" + (" 👑" if s.user_id == table.host_id else "")
                           + (f" · 🎲 `{s.client_seed}`" if table.client_seeds is not None else "")
                           for i, s in enumerate(table.seats))
        options = options_text(table)
        if table.status == "lobby":
            if len(table.seats) >= game.max_players:
                how = _("The table is full: the host 👑 starts the game with **Start**.")
            elif game.min_players > 1:
                how = _("Players take a seat with **Join**; the host 👑 starts the game with **Start** (or first "
                        "seats a computer opponent: easy, normal or hard, in **🤖 Add a computer…**).")
            else:
                how = _("Players take a seat with **Join**; the host 👑 starts the game with **Start**.")
            embed.description = (
                _("**Lobby** · {players} · {pace}", players=players_range(game),
                  pace=" · ".join(filter(None, (pace_text(table.pace_seconds), clock_footer(table)))))
                + (f"\n{options}" if options else "")
                + f"\n\n{seated}\n\n" + how
                + ("\n" + _("This lobby closes {when} if the game has not started.",
                             when=f"<t:{int(table.deadline_at)}:R>") if table.deadline_at else "")
            )
            if table.client_seeds is not None:
                embed.set_footer(text=_("🔒 sealed dice {fingerprint} · 🎲 your part of them: /game join seed:",
                                        fingerprint=table.commitment[:12]))
        else:
            embed.description = _("🛑 Closed before the game started ({reason}). Not rated.",
                                  reason=_(table.end_reason or N_("ended")))
        return embed

    def players_text(self, table: Table, view: dict[str, Any]) -> str:
        lines = []
        for seat in range(len(table.seats)):
            marker = "▶️" if seat in table.to_act else "▫️"
            status = self.seat_status(table, view, seat)
            lines.append(f"{marker} {listed_seat(table, seat)}" + (f" — {status}" if status else ""))
        return "\n".join(lines)

    def result_text(self, table: Table) -> str:
        outcome = table.outcome
        if table.status == "ended" or outcome is None:
            return _("🛑 Table closed ({reason}). Not rated.", reason=_(table.end_reason or N_("ended")))
        order = sorted(range(len(table.seats)), key=lambda s: outcome.placings[s])
        lines = [f"{PLACE_MEDALS.get(outcome.placings[s], '▫️')} {listed_seat(table, s)} — {outcome.scores[s]}"
                 for s in order]
        winners = outcome.winners
        names = [seat_name(table, s) for s in winners]
        if len(winners) == len(table.seats):
            head = _("🤝 A draw!")
        elif len(names) == 1:
            head = _("🏆 {name} wins!", name=names[0])
        else:
            head = _("🏆 {names} and {last} win!", names=", ".join(names[:-1]), last=names[-1])
        return head + "\n" + "\n".join(lines)

    def table_items(self, table: Table) -> list[discord.ui.Item]:
        if table.status == "lobby":
            full = len(table.seats) >= table.game.max_players
            buttons: list[discord.ui.Item] = [LobbyButton(table.id, verb, disabled=full and verb == "join")
                                              for verb in ("join", "leave", "start")]
            return [*buttons, ComputerMenu(table.id, disabled=full, row=1)]
        if table.status != "active":
            return offer_items(table)
        items = self.public_items(table)
        # My hand (private view, own buttons, taking a seat back from autopilot) goes on the next free row, and
        # Follow beside it. A DynamicItem's own `row` misses a wrapped Select's row (discord.py 2.7): ask the
        # wrapped item.
        row = max((getattr(getattr(i, "item", i), "row", 0) or 0 for i in items), default=-1) + 1
        if row <= 4:
            for item in (HandButton(table.id), *offer_items(table)):
                item.item.row = row
                items.append(item)
        return items

    def table_view(self, table: Table) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        for item in self.table_items(table):
            view.add_item(item)
        return view

    def private_view(self, table: Table, seat: int, *, dm: bool = False) -> tuple[discord.Embed, discord.ui.View]:
        """The seat's private view: My hand (everything, with the seat's moves), or its DM (`dm`)."""
        embed = discord.Embed(title=self.title(table), colour=self.colour)
        body = self.dm_body if dm else self.private_body
        embed.description = body(table, table.view(seat), seat)[:4000]
        view = discord.ui.View(timeout=None)
        if table.status == "active":
            for item in (self.dm_items if dm else self.private_items)(table, seat):
                view.add_item(item)
        return embed, view

