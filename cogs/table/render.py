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
from bot.i18n import N_, _, ngettext, translated
from bot.names import escaped
from bot.pictures.common import seat_name as drawn_name
from bot.service import Table
from bot.service.errors import StaleMove

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
    shortened,
    some_of,
    split_text,
    timestamp,
)
from .layout import ALT_TEXT_CHARS, plain, within
from .levels import level_name
from .offers import offer_items, offer_lines

EMBED_DESCRIPTION = 4000  # of an embed's 4,096 (Discord's embed limits), the rest for the joins

NEWS_TITLE = N_("What just happened")
ROLLS = ("rolled", "rerolled")  # events that roll dice (their `dice`)
NEWS_UNDER_PICTURE = 70  # characters of news under a picture (two lines on a phone): My hand has it all
WAITING_NAMES = 40  # characters of names on the deadline's line: a phone shows the line in two at most
MAX_ACTION_BUTTONS = 20


def picture_name(table: Table, seat: int) -> str:
    """A seat's player as the picture names them (a computer in the reader's language), escaped as the text's names
    are: the picture's description is written from markdown (`layout.plain`)."""
    return escaped(drawn_name(table.seats[seat]))


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
    dice_drawn: ClassVar[str] = "dice"  # the public view's dice just rolled, which the picture draws

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
        buttons: list[discord.ui.Item] = []
        for i, action in enumerate(actions):
            label, style = self.action_label(table, seat, action)
            buttons.append(ActionButton.of(table, action, label=label, style=style, row=i // 5))
        return buttons

    def title(self, table: Table) -> str:
        return _("{emoji} {game} · table {id}", emoji=self.emoji, game=table.game.title, id=table.id)

    def texts(self, table: Table, *, pictured: bool = False) -> list[str]:
        """The table message's text, block by block. Under its picture it says only what the picture does not
        show — by when and whose turn, the latest of what just happened, the result, the luck, a bank clock and the
        dice's seal, in as few lines as a phone needs (My hand has the rest) — for the picture shows the board
        and the seats (and its description says them in words); text only, it says it all."""
        title = f"**{self.title(table)}**"
        if table.state is None:  # a lobby, or a table closed before the game started
            return [f"{title}\n{self._lobby(table)}", self._lobby_footer(table)]
        view = table.view(None)
        # An ended game's board would still ask for the last turn's move: show only that it closed.
        board = "" if table.status == "ended" or pictured else self.board(table, view)
        main = [board] if board else []
        if table.status == "active" and table.deadline_at:
            # The time first: a phone never breaks "due in 60 minutes" after a long name; the names plain, not bold,
            # so one of 32 characters keeps to one line of a phone (the picture marks whose turn it is).
            waiting = some_of([seat_name(table, s, bold=False) for s in sorted(table.to_act)], WAITING_NAMES)
            main.append(_("⏳ Due {when}: {names}", names=waiting, when=timestamp(table.deadline_at)))
        elif table.status in ("finished", "ended"):
            main.append(self.result_text(table))
        if offered := offer_lines(table):  # followers, and where a rematch offer stands
            main.append("\n".join(offered))
        luck = f"**{luck_title(table)}**\n" + "\n".join(map(translated, table.luck)) if table.luck else ""
        if pictured:  # the deadline's line says when the move is due: the footer is the clock's kind and the seal
            footer = "-# " + " · ".join(filter(None, (clock_footer(table), self.dice_seal(table))))
            return ["\n".join(main + self.latest_news(table)), luck, footer]
        pace = " · ".join(filter(None, (pace_text(table.pace_seconds), clock_footer(table))))
        footer = "-# " + _("{pace} · {seal}", pace=pace, seal=self.dice_seal(table))
        heading = _("Players")
        players = f"**{heading}**\n{self.players_text(table, view)}"
        return ["\n".join([title, *main]), players, self.news_text(table), luck, footer]

    def latest_news(self, table: Table, chars: int = NEWS_UNDER_PICTURE) -> list[str]:
        """What just happened that the picture does not show (it draws the dice just rolled), untitled, in about
        `chars` characters: the latest events whole while they fit, the latest alone cut short where even it is
        longer."""
        drawn = list(table.view(None).get(self.dice_drawn) or [])
        events = [event.seen_by(None) for event in table.news]
        told = [text for event in events if not (event["kind"] in ROLLS and list(event.get("dice", ())) == drawn)
                and (text := self.event_text(table, event))]
        shown: list[str] = []
        for line in reversed(told):
            if shown and len(plain("\n".join([line, *shown]))) > chars:
                break
            shown.insert(0, line)
        return [shortened(shown[0], chars)] if len(shown) == 1 else shown

    def embed(self, table: Table) -> discord.Embed:
        """The table as one embed, its whole text under its title (a replay's step, `/game replay`)."""
        first, *rest = self.texts(table)
        body = [first.split("\n", 1)[1] if "\n" in first else "", *rest]
        return discord.Embed(title=self.title(table), colour=self.colour,
                             description="\n\n".join(within(body, EMBED_DESCRIPTION)))

    def news_text(self, table: Table, seat: int | None = None, limit: int = 2 * FIELD_CHARS) -> str:
        """What just happened, as `seat` sees it, titled: its last lines, at most `limit` characters."""
        lines = self.news_lines(table, seat)
        shown: list[str] = []
        for line in reversed(lines):
            if shown and len("\n".join([line, *shown])) > limit:
                shown.insert(0, "…")
                break
            shown.insert(0, line[:limit])
        return f"**{_(NEWS_TITLE)}**\n" + "\n".join(shown) if shown else ""

    def picture_text(self, table: Table, seat: int | None = None, *, dm: bool = False) -> str:
        """The picture in words, its alt text (at most 1,024 characters), from the same view the picture is drawn
        from, in the reader's language: the table, whose turn, the board (the dice), each seat's public state —
        and, for a seat's own picture, what only that seat sees (in its DM, what the DM says, which changes only
        when the DM is edited). A screen reader hears what a sighted player sees."""
        view = table.view(seat)
        head = [self.title(table)]
        if dm and seat is not None:
            return plain("\n".join([*head, self.dm_body(table, view, seat)]))[:ALT_TEXT_CHARS]
        if table.status == "active":
            waiting = ", ".join(picture_name(table, s) for s in sorted(table.to_act))
            head.append(_("Waiting for {names}.", names=waiting))
        elif table.status in ("finished", "ended"):
            head.append(self.result_text(table).split("\n")[0])
        board = (self.private_body(table, view, seat) if seat is not None
                 else "" if table.status == "ended" else self.board(table, view))  # as the text: see `texts`
        seats = [] if seat is not None else [
            f"{self.described_seat(table, s)} — {self.seat_status(table, view, s)}".rstrip(" —")
            for s in range(len(table.seats))]
        whole, board_text = "\n".join([*head, *seats]), plain(board).strip()
        room = ALT_TEXT_CHARS - len(whole) - 1
        if len(board_text) > room:
            board_text = board_text[:max(0, room - 1)].rstrip() + "…" if room > 1 else ""
        text = "\n".join(part for part in [plain("\n".join(head)), board_text, plain("\n".join(seats))] if part)
        return text[:ALT_TEXT_CHARS]

    @staticmethod
    def described_seat(table: Table, seat: int) -> str:
        """A seat in the picture's description as the text lists it: a computer's with its level."""
        s = table.seats[seat]
        return f"{picture_name(table, seat)} · {level_name(s.level)}" if s.is_computer else picture_name(table, seat)

    @staticmethod
    def dice_seal(table: Table) -> str:
        """One short line: the dice's fingerprint while the game runs (the start of the secret seed's SHA-256), the
        seed once it ended. The client seeds, the whole hash and how to check them are `/game verify`'s."""
        if table.revealed_seed is not None:
            return _("🔓 dice unsealed: seed {seed}", seed=table.revealed_seed)
        return _("🔒 sealed dice {fingerprint}", fingerprint=table.commitment[:12])

    def _lobby(self, table: Table) -> str:
        game = table.game
        seated = "\n".join(f"{i + 1}. {listed_seat(table, i)}" + (" 👑" if s.user_id == table.host_id else "")
                           + (" · " + _("🎲 seed `{seed}`", seed=s.client_seed)
                              if table.client_seeds is not None else "")
                           for i, s in enumerate(table.seats))
        options = options_text(table)
        if table.status != "lobby":
            return _("🛑 Closed before the game started ({reason}). Not rated.",
                     reason=_(table.end_reason or N_("ended")))
        if len(table.seats) >= game.max_players:
            how = _("The table is full: the host 👑 starts the game with **Start**.")
        elif game.min_players > 1:
            how = _("Players take a seat with **Join**; the host 👑 starts the game with **Start** (or first "
                    "seats a computer opponent: easy, normal or hard, in **🤖 Add a computer…**).")
        else:
            how = _("Players take a seat with **Join**; the host 👑 starts the game with **Start**.")
        return (
            _("**Lobby** · {seated} · {pace}",
              seated=_("{n} of {players} seated", n=len(table.seats), players=players_range(game)),
              pace=" · ".join(filter(None, (pace_text(table.pace_seconds), clock_footer(table)))))
            + (f"\n{options}" if options else "")
            + f"\n\n{seated}\n\n" + how
            + ("\n" + _("This lobby closes {when} if the game has not started.",
                         when=timestamp(table.deadline_at)) if table.deadline_at else "")
        )

    def _lobby_footer(self, table: Table) -> str:
        if table.status != "lobby" or table.client_seeds is None:
            return ""
        return "-# " + _("🔒 sealed dice {fingerprint} · 🎲 each player's seed is mixed into them: choose yours with "
                         "/game join seed:", fingerprint=table.commitment[:12])

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
        replaced = [f"**{escaped(s.name)}**" for s in table.seats if s.is_computer and s.user_id is not None]
        if replaced:  # results.member_places: whatever the computer did in their seat
            lines.append("🤖 " + ngettext("The computer finished the game for {names}: a loss for them.",
                                          "The computer finished the game for {names}: a loss for each of them.",
                                          len(replaced), names=", ".join(replaced)))
        return head + "\n" + "\n".join(lines)

    def table_items(self, table: Table) -> list[discord.ui.Item]:
        if table.status == "lobby":
            full = len(table.seats) >= table.game.max_players
            buttons: list[discord.ui.Item] = [LobbyButton(table.id, verb, disabled=full and verb == "join")
                                              for verb in ("join", "leave", "start")]
            return [*buttons, ComputerMenu(table.id, disabled=full, row=1, rev=table.rev)]
        if table.status != "active":
            return [*offer_items(table)]
        items = self.public_items(table)
        # My hand (private view, own buttons, taking a seat back from autopilot) and Follow go at the end of the
        # last row where they have room (a phone shows fewer rows), else on the next. A DynamicItem's own `row`
        # misses a wrapped Select's row (discord.py 2.7): ask the wrapped item.
        inner = [getattr(i, "item", i) for i in items]
        row = max((i.row or 0 for i in inner), default=0)
        used = sum(i.width for i in inner if (i.row or 0) == row)
        for item in (HandButton(table.id), *offer_items(table)):
            if used + 1 > 5:
                row, used = row + 1, 0
            if row > 4:
                break
            item.item.row = row
            items.append(item)
            used += 1
        return items

    def private_texts(self, table: Table, seat: int, *, dm: bool = False) -> list[str]:
        """The seat's private view as text: My hand (everything, what just happened in full too: the table
        message has only its latest), or its DM (`dm`)."""
        if dm:
            return [f"**{self.title(table)}**\n" + self.dm_body(table, table.view(seat), seat)]
        return [f"**{self.title(table)}**\n" + self.private_body(table, table.view(seat), seat),
                self.news_text(table, seat, limit=FIELD_CHARS)]

    def choices(self, table: Table, seat: int, kind: str) -> discord.ui.Modal:
        """The seat's own choices that a public control of the game opens (`controls.ChoicesButton`), as a modal
        (`controls.choice_modal`). A game without such a control has none: a crafted id is stale."""
        raise StaleMove()

    def private_controls(self, table: Table, seat: int, *, dm: bool = False) -> list[discord.ui.Item]:
        """The seat's own controls in its private view (none once the table closed)."""
        if table.status != "active":
            return []
        return (self.dm_items if dm else self.private_items)(table, seat)
