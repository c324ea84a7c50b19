"""The persistent controls of a gathering's messages: **Join the night** and **Leave** (the announcement), **I'm
here** and **Start now** (the check-in; Start is the host's), **Standings** (anyone's, privately).

Each is a `DynamicItem` whose custom id carries the verb and the gathering's id (`g:join:12`), so it works after a
restart. The template is the edge's parser (the id bounded, so a match is a checked value). Like every control it is
never dispatchable: the edge's click listener (cogs/table/clicks.py) reads the click, finds it by its template and
has it answer. The class the bot hands that listener is made with the door it answers through (`bound`: the
gatherings' controller, door.py), so nothing is looked up on the bot; the door makes the one service call for the
click, whatever the message shows now, so a doubled or late click gets the service's refusal, never "This
interaction failed".
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, ClassVar, Protocol

import discord

from bot.i18n import N_, _
from cogs.table.controls import Control, sent_as_is

GATHERING_ID = r"(?P<gathering>[1-9][0-9]{0,17})"  # below 10**18, as a table's id
VERBS = ("join", "leave", "here", "start", "standings")
TEMPLATE = rf"g:(?P<verb>{'|'.join(VERBS)}):{GATHERING_ID}"
LABELS = {"join": N_("Join the night"), "leave": N_("Leave"), "here": N_("I'm here"), "start": N_("Start now"),
          "standings": N_("Standings")}
EMOJI = {"join": "🙋", "here": "✅", "start": "▶️", "standings": "📊"}
STYLES = {"join": discord.ButtonStyle.success, "here": discord.ButtonStyle.success,
          "start": discord.ButtonStyle.primary}


class GatheringDoor(Protocol):
    """What a control asks of the gatherings' controller (door.py)."""

    async def join(self, interaction: discord.Interaction, gathering_id: int) -> None: ...

    async def leave(self, interaction: discord.Interaction, gathering_id: int) -> None: ...

    async def here(self, interaction: discord.Interaction, gathering_id: int) -> None: ...

    async def start(self, interaction: discord.Interaction, gathering_id: int) -> None: ...

    async def standings(self, interaction: discord.Interaction, gathering_id: int) -> None: ...


class GatheringButton(Control, discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    door: ClassVar[GatheringDoor | None] = None  # set on the class `bound` makes

    def __init__(self, gathering_id: int, verb: str, label: str | None = None) -> None:
        """`label`: a catalog text naming the control where its message has its own word for it."""
        self.gathering_id, self.verb = gathering_id, verb
        super().__init__(discord.ui.Button(label=_(label or LABELS[verb]), emoji=EMOJI.get(verb),
                                           style=STYLES.get(verb, discord.ButtonStyle.secondary),
                                           custom_id=f"g:{verb}:{gathering_id}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> GatheringButton:
        return cls(int(match["gathering"]), match["verb"])

    async def answer(self, interaction: discord.Interaction, *_: Any) -> None:
        """The click, through the door (the click listener hands every control the table's controller too)."""
        assert self.door is not None, "a gathering's control is answered by the class `bound` made"
        await getattr(self.door, self.verb)(interaction, self.gathering_id)


def bound(door: GatheringDoor) -> type[GatheringButton]:
    """The control's class the bot hands the click listener, answering through `door`."""
    return type("BoundGatheringButton", (GatheringButton,), {"door": door}, template=TEMPLATE)


def controls(gathering_id: int, *verbs: str, labels: Mapping[str, str] | None = None) -> discord.ui.View:
    """A message's controls, sent as they are (their clicks are the click listener's to read). `labels`: the
    message's own words for some of them (catalog texts)."""
    view = discord.ui.View(timeout=None)
    for verb in verbs:
        view.add_item(GatheringButton(gathering_id, verb, (labels or {}).get(verb)))
    return sent_as_is(view)
