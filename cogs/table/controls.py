"""The persistent controls of a table: move buttons and menus, the lobby's buttons, My hand, /game end's
confirmation. Each hands its click to the controller (controller.py), which makes the one service call for it.

Buttons are `DynamicItem`s: their custom id carries the table id, the move number it was offered
at and the encoded action, so they keep working after a restart and a stale click is recognised.

A modified client can send any custom id, so the templates are the edge's parser: each number in them is
bounded (`TABLE_ID`, `MOVE_NO`), so a match converts to a checked value and parsing never fails. The edge reads
every click itself (clicks.py): the control whose template matches answers it, an id none matches gets the stale
refusal; discord.py never runs a control (none is dispatchable), so a message's views are never kept in memory. A
control acts only on a table of the server it was pressed in, or, from a DM, on a table where the member has a
seat (the service checks: `Clicked`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar, cast

import discord

from bot.games.core import decode_action, encode_action
from bot.games.levels import LEVELS, NAMES
from bot.i18n import N_, _
from bot.service import Clicked, Reading, Table
from bot.service.errors import StaleMove, TableClosed

from .labels import fitted
from .levels import ABOUT


class Controller(Protocol):
    """What a control asks of the click controller (controller.py), which the click listener hands it."""

    async def play(self, interaction: discord.Interaction, at: Clicked, reading: Reading, seq: int | None
                   ) -> None: ...

    async def lobby(self, interaction: discord.Interaction, at: Clicked, verb: str, level: str = ...) -> None: ...

    async def hand(self, interaction: discord.Interaction, at: Clicked) -> None: ...

    async def end(self, interaction: discord.Interaction, at: Clicked) -> None: ...

    async def show_closed(self, interaction: discord.Interaction, table_id: int) -> bool: ...

    async def follow(self, interaction: discord.Interaction, at: Clicked) -> None: ...

    async def rematch(self, interaction: discord.Interaction, at: Clicked, wants: bool) -> None: ...

    async def not_this_turn(self, interaction: discord.Interaction, at: Clicked, seq: int) -> None: ...

    async def vote(self, interaction: discord.Interaction, at: Clicked, seat: int, choice: str) -> None: ...

    async def replay(self, interaction: discord.Interaction, table_id: int | None, step: int, *, edit: bool
                     ) -> None: ...

    async def choose(self, interaction: discord.Interaction, at: Clicked, seq: int, kind: str) -> None: ...

    def renderer(self, table: Table) -> Any: ...


View = TypeVar("View", discord.ui.View, discord.ui.LayoutView)


def sent_as_is(view: View) -> View:
    """A view of controls, to send as it is: their clicks are the edge's to read (clicks.py), so it is finished
    before it is sent, and discord.py neither keeps it nor parses a message again to run one of its controls."""
    view.stop()
    return view


def controls(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A message's controls, sent as they are."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return sent_as_is(view)


def chosen(interaction: discord.Interaction) -> list[str]:
    """The values a menu sent: whatever a client put there, checked where each is used."""
    data = cast(Mapping[str, Any], interaction.data or {})
    return [str(value) for value in data.get("values", ())]


def decoded(code: str) -> Reading:
    """A move as a control carries it (`encode_action`), read with the codec of the table's game."""
    return lambda table, seat: decode_action(table.game, code)


class Control:
    """A persistent control: parsed from its custom id by the click listener (clicks.py), which has it answer the
    click. Never dispatchable, so discord.py neither runs it nor keeps the views it is sent in."""

    def is_dispatchable(self) -> bool:
        return False

    async def answer(self, interaction: discord.Interaction, controller: Controller) -> None:
        raise NotImplementedError


TABLE_ID = r"(?P<table>[1-9][0-9]{0,17})"  # below 10**18: inside SQLite's and PostgreSQL's 64-bit integers
MOVE_NO = r"(?P<seq>0|[1-9][0-9]{0,8})"  # below 10**9 moves


class TableItem(Control):
    """A persistent control of one table: it has the controller act on the click, where it was pressed. A click on
    a closed table's message shows its final state there."""

    table_id: int

    async def answer(self, interaction: discord.Interaction, controller: Controller) -> None:
        try:
            await self.run(interaction, controller, Clicked(self.table_id, interaction.guild_id))
        except TableClosed:
            if not await controller.show_closed(interaction, self.table_id):
                raise

    async def run(self, interaction: discord.Interaction, controller: Controller, at: Clicked) -> None:
        raise NotImplementedError


ACTION_TEMPLATE = rf"a:{TABLE_ID}:{MOVE_NO}:(?P<code>.+)"


class ActionButton(TableItem, discord.ui.DynamicItem[discord.ui.Button], template=ACTION_TEMPLATE):
    """A move: pressing it plays `code` at table `table`, if it is still move `seq`'s decision."""

    def __init__(self, table_id: int, seq: int, code: str, *, label: str = "Move",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary, row: int | None = None,
                 emoji: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=fitted(label, emoji=bool(emoji)), style=style, row=row,
                                           emoji=emoji, custom_id=f"a:{table_id}:{seq}:{code}"))
        self.table_id, self.seq, self.code = table_id, seq, code

    @classmethod
    def of(cls, table: Table, action: Any, **kwargs: Any) -> ActionButton:
        return cls(table.id, table.seq, encode_action(action), **kwargs)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ActionButton:
        return cls(int(match["table"]), int(match["seq"]), match["code"])

    async def run(self, interaction: discord.Interaction, controller: Controller, at: Clicked) -> None:
        await controller.play(interaction, at, decoded(self.code), self.seq)


SELECT_TEMPLATE = rf"s:{TABLE_ID}:{MOVE_NO}:(?P<kind>[a-z]{{1,20}})"


def menu_id(seq: int, row: int | None) -> int:
    """A menu's component id, new with every `seq` (a move's number; a lobby's revision). A client may keep a
    menu's picks while its component id stays the same (SimCord's preview does): after a re-roll the next move's
    menu must start empty, not show the dice picked for the last one. Unique in its message (one menu a row, rows
    0–4) and above the ids numbered for the other components (a message has at most 40); Discord: "a 32 bit
    integer ... must be unique within the message; generation of ids won't use another id that exists in the message"
    (developers/docs/components/reference, anatomy of a component)."""
    return 1000 + seq % 400_000_000 * 5 + (row or 0)


class ActionSelect(TableItem, discord.ui.DynamicItem[discord.ui.Select], template=SELECT_TEMPLATE):
    """A move chosen from a menu. Kind `act`: each option's value is an encoded action. Other kinds are
    the game renderer's own (`Renderer.action_from_select`), e.g. a multi-select of dice to re-roll."""

    def __init__(self, table_id: int, seq: int, kind: str = "act", *,
                 options: Sequence[discord.SelectOption] = (), placeholder: str | None = None,
                 min_values: int = 1, max_values: int = 1, row: int | None = None) -> None:
        shown = [fitted_option(option) for option in options][:25]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"s:{table_id}:{seq}:{kind}", options=shown, min_values=min_values,
            placeholder=placeholder and fitted(placeholder, placeholder=True),
            max_values=min(max_values, max(1, len(options))), row=row, id=menu_id(seq, row))
        super().__init__(select)
        self.table_id, self.seq, self.kind = table_id, seq, kind

    @classmethod
    def of(cls, table: Table, kind: str = "act", **kwargs: Any) -> ActionSelect:
        return cls(table.id, table.seq, kind, **kwargs)

    @staticmethod
    def option(label: str, action: Any, description: str | None = None, emoji: str | None = None
               ) -> discord.SelectOption:
        """A menu entry that plays `action` (for kind `act`)."""
        return discord.SelectOption(label=label, value=encode_action(action), description=description, emoji=emoji)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ActionSelect:
        return cls(int(match["table"]), int(match["seq"]), match["kind"])

    async def run(self, interaction: discord.Interaction, controller: Controller, at: Clicked) -> None:
        values = chosen(interaction)
        if self.kind == "act":
            await controller.play(interaction, at, decoded(values[0] if values else ""), self.seq)
            return

        def read(table: Table, seat: int) -> Any:
            return controller.renderer(table).action_from_select(table, self.kind, values)

        await controller.play(interaction, at, read, self.seq)


def fitted_option(option: discord.SelectOption) -> discord.SelectOption:
    """A menu's option, its label and description fitted to a phone (labels.py)."""
    emoji = option.emoji is not None
    return discord.SelectOption(label=fitted(option.label, emoji=emoji), value=option.value, emoji=option.emoji,
                                description=option.description and fitted(option.description),
                                default=option.default)


class ChoicesButton(TableItem, discord.ui.DynamicItem[discord.ui.Button],
                    template=rf"o:{TABLE_ID}:{MOVE_NO}:(?P<kind>[a-z]{{1,20}})"):
    """A public control whose choices are the presser's own (Armadillo's cards): it opens them in a modal only they
    see (`choice_modal`, the renderer's `choices`), whose submit plays the move — never a choice they lack."""

    def __init__(self, table_id: int, seq: int, kind: str, *, label: str = "Choose…", row: int | None = None,
                 emoji: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=fitted(label, emoji=bool(emoji)), style=discord.ButtonStyle.primary,
                                           row=row, emoji=emoji, custom_id=f"o:{table_id}:{seq}:{kind}"))
        self.table_id, self.seq, self.kind = table_id, seq, kind

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ChoicesButton:
        return cls(int(match["table"]), int(match["seq"]), match["kind"])

    async def run(self, interaction: discord.Interaction, controller: Controller, at: Clicked) -> None:
        await controller.choose(interaction, at, self.seq, self.kind)


CHOICE = "choice"  # the custom id of a choice modal's one menu
CHOICE_TEMPLATE = re.compile(rf"c:{TABLE_ID}:{MOVE_NO}")


def choice_modal(table_id: int, seq: int, *, title: str, text: str, label: str, description: str,
                 options: Sequence[discord.SelectOption]) -> discord.ui.Modal:
    """A seat's own choices of a move offered at move `seq`, as a modal: what they hold, and one menu (each option an
    encoded action). Discord's limits (developers/docs/components/reference, checked by SimCord's modal validation):
    a title of 45 characters, 1 to 5 top-level components, a Label's text 45 and its description 100, a String
    Select's 25 options. discord.py keeps no copy of it (stopped): its submit is the edge's to read (clicks.py,
    `answer_choice`), by its custom id, so it works the same after a restart."""
    modal = discord.ui.Modal(title=title[:45], custom_id=f"c:{table_id}:{seq}", timeout=None)
    modal.add_item(discord.ui.TextDisplay(text[:4000]))
    menu: discord.ui.Select = discord.ui.Select(custom_id=CHOICE, options=[fitted_option(o) for o in options][:25],
                                                required=True)
    modal.add_item(discord.ui.Label(text=label[:45], description=description[:100], component=menu))
    modal.stop()
    return modal


def picked(components: Sequence[Any]) -> str:
    """The value picked in a submitted choice modal's menu ("" when none)."""
    for component in components:
        if component.get("custom_id") == CHOICE:
            return str((component.get("values") or [""])[0])
        found = picked([c for c in (component.get("component"), *(component.get("components") or [])) if c])
        if found:
            return found
    return ""


async def answer_choice(interaction: discord.Interaction, controller: Controller) -> None:
    """A choice modal submitted (clicks.py): its pick is played as a move of its table offered at its move number;
    an id no template matches gets the stale refusal."""
    data = cast(Mapping[str, Any], interaction.data or {})
    match = CHOICE_TEMPLATE.fullmatch(str(data.get("custom_id", "")))
    if match is None:
        raise StaleMove()
    at = Clicked(int(match["table"]), interaction.guild_id)
    await controller.play(interaction, at, decoded(picked(data.get("components") or [])), int(match["seq"]))


class LobbyButton(TableItem, discord.ui.DynamicItem[discord.ui.Button],
                  template=rf"l:{TABLE_ID}:(?P<verb>join|leave|addbot|start)"):
    """Join, Leave, Start: the lobby's buttons. (Add computer, `addbot`, was one before computers had levels: a
    lobby posted then still seats a normal computer with it; lobbies now offer `ComputerMenu`.)"""

    VERBS = {
        "join": (N_("Join"), discord.ButtonStyle.success),
        "leave": (N_("Leave"), discord.ButtonStyle.secondary),
        "start": (N_("Start"), discord.ButtonStyle.primary),
    }

    def __init__(self, table_id: int, verb: str, *, disabled: bool = False) -> None:
        label, style = self.VERBS.get(verb, ("?", discord.ButtonStyle.secondary))
        super().__init__(discord.ui.Button(label=_(label), style=style, custom_id=f"l:{table_id}:{verb}",
                                           disabled=disabled))
        self.table_id, self.verb = table_id, verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LobbyButton:
        return cls(int(match["table"]), match["verb"])

    async def run(self, interaction: discord.Interaction, controller: Controller, at: Clicked) -> None:
        await controller.lobby(interaction, at, self.verb)


class ComputerMenu(TableItem, discord.ui.DynamicItem[discord.ui.Select], template=rf"lc:{TABLE_ID}"):
    """The lobby's "🤖 Add a computer…" menu: its options are the levels (the service refuses any other value a
    modified client may send). A menu, not three more buttons: one row, and each level says how it plays. Its
    component id is new with each change of the lobby (`rev`, the table's revision), as a move menu's is with each
    move: a client that kept the last pick would send nothing when the same level is picked again."""

    def __init__(self, table_id: int, *, disabled: bool = False, row: int | None = None, rev: int = 0) -> None:
        # https://discord.com/developers/docs/components/reference#string-select: a placeholder holds 150
        # characters, an option's label and description 100 each; a select fills its action row alone.
        options = [fitted_option(discord.SelectOption(label=_(NAMES[level]).capitalize(), value=level,
                                                      description=_(ABOUT[level]), emoji="🤖")) for level in LEVELS]
        super().__init__(discord.ui.Select(custom_id=f"lc:{table_id}", options=options, disabled=disabled,
                                           placeholder=fitted(_("🤖 Add a computer…"), placeholder=True), row=row,
                                           id=menu_id(rev, row)))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ComputerMenu:
        return cls(int(match["table"]))

    async def run(self, interaction: discord.Interaction, controller: Controller, at: Clicked) -> None:
        values = chosen(interaction)
        await controller.lobby(interaction, at, "addbot", level=values[0] if values else "")


class HandButton(TableItem, discord.ui.DynamicItem[discord.ui.Button], template=rf"h:{TABLE_ID}"):
    """My hand: the private view with the player's own move buttons, ephemeral. Always works."""

    def __init__(self, table_id: int) -> None:
        super().__init__(discord.ui.Button(label=_("My hand"), emoji="🂠", style=discord.ButtonStyle.secondary,
                                           custom_id=f"h:{table_id}"))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HandButton:
        return cls(int(match["table"]))

    async def run(self, interaction: discord.Interaction, controller: Controller, at: Clicked) -> None:
        await controller.hand(interaction, at)


class EndButton(TableItem, discord.ui.DynamicItem[discord.ui.Button], template=rf"end:{TABLE_ID}:(?P<verb>yes|no)"):
    """/game end's confirmation: End the table, or Keep playing."""

    def __init__(self, table_id: int, verb: str) -> None:
        label, style = (_("End the table"), discord.ButtonStyle.danger) if verb == "yes" else \
            (_("Keep playing"), discord.ButtonStyle.secondary)
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"end:{table_id}:{verb}"))
        self.table_id, self.verb = table_id, verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> EndButton:
        return cls(int(match["table"]), match["verb"])

    async def run(self, interaction: discord.Interaction, controller: Controller, at: Clicked) -> None:
        if self.verb == "yes":
            await controller.end(interaction, at)
        else:  # nothing to change: the confirmation goes
            await interaction.response.edit_message(content=_("The game goes on."), view=None)


TABLE_CONTROLS = (ActionButton, ActionSelect, ChoicesButton, LobbyButton, ComputerMenu, HandButton, EndButton)
