"""What every game's slash group has, made once here from its registration: `/<id> new` — the table options every
game shares, then the game's own lobby options (its engine's `options`, each described in its folder: `Opening`) —
and `/<id> rules`. A game's cog (`cogs/games/<id>/cog.py`) subclasses `GameCog` and adds only its typed moves.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.core import Game
from bot.i18n import N_
from bot.service import Reading
from cogs.table.clock_lines import AWAY_HELP, CLOCK_HELP
from cogs.table.controller import Controller
from cogs.table.render import Renderer, send_rules

RULES = N_("How to play, with the project's rulings")
SHARED = {  # every game's table options, in the order /new shows them: (type, default, description)
    "pace": (Literal["live", "casual", "async"], "casual", N_("Time per move: live 2 min, casual 1 h, async 24 h")),
    "minutes": (app_commands.Range[int, 1, 10080] | None, None, N_("Or a pace in minutes")),
    "thread": (bool, False, N_("Open the table in a new thread")),
    "clock": (Literal["fixed", "bank"], "fixed", CLOCK_HELP),
    "away": (Literal["on", "off"], "on", AWAY_HELP),
}


@dataclass(frozen=True)
class Opening:
    """How a game's `/<id> new` reads: its description, and each of its lobby options (by the engine's names) with
    the description, and the choices where it has some, that the command shows."""

    description: str
    options: Mapping[str, str] = field(default_factory=dict)
    choices: Mapping[str, Sequence[app_commands.Choice[Any]]] = field(default_factory=dict)


class Registered(Protocol):
    """What `GameCog` reads of a game's registration (`cogs.games.GameParts`)."""

    @property
    def engine(self) -> Game: ...

    @property
    def renderer(self) -> Renderer: ...

    @property
    def opening(self) -> Opening: ...

    @property
    def rules(self) -> str: ...


class GameCog(commands.GroupCog):
    """A game's slash group, `/<id> …`: `new` and `rules` first, made for it here, then its own typed moves."""

    def __init__(self, game: Registered, controller: Controller) -> None:
        super().__init__()
        self.game_id, self.controller = game.engine.id, controller
        group = self.app_command
        assert group is not None, "a game's cog is a group cog"
        own = list(group.commands)
        for command in own:
            group.remove_command(command.name)
        for command in (new_command(game, controller), rules_command(game), *own):
            group.add_command(command)

    async def move(self, interaction: discord.Interaction, reading: Reading) -> None:
        """A move typed as `/<id> …` for the table in this channel."""
        await self.controller.play_typed(interaction, self.game_id, reading)


def new_command(game: Registered, controller: Controller) -> app_commands.Command[Any, ..., None]:
    """`/<id> new`: a lobby of the game here (or in a new thread), with the shared options and the game's own."""
    engine, opening = game.engine, game.opening

    async def new(interaction: discord.Interaction, **chosen: Any) -> None:
        shared = {name: chosen.pop(name) for name in SHARED}
        await controller.open_table(interaction, engine.id, pace=shared["pace"], minutes=shared["minutes"],
                                    thread=shared["thread"], clock=shared["clock"], away=shared["away"] == "on",
                                    options=chosen)

    parameters = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    annotation=discord.Interaction)]
    described = {}
    for name, (kind, default, description) in SHARED.items():
        parameters.append(inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default,
                                            annotation=kind))
        described[name] = description
    for name, option in engine.options.items():
        parameters.append(inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=option.default,
                                            annotation=type(option.default)))
        described[name] = opening.options[name]
    # discord.py reads a command's options from its callback's signature: this one's is made for the game
    cast(Any, new).__signature__ = inspect.Signature(parameters)
    app_commands.describe(**described)(new)
    app_commands.choices(**{name: list(choices) for name, choices in opening.choices.items()})(new)
    return app_commands.Command(name="new", description=opening.description, callback=new)


def rules_command(game: Registered) -> app_commands.Command[Any, ..., None]:
    """`/<id> rules`: how to play, only for the member."""
    renderer = game.renderer

    async def rules(interaction: discord.Interaction) -> None:
        await send_rules(interaction, renderer)

    return app_commands.Command(name="rules", description=game.rules, callback=rules)
