"""Coin Race at the Discord edge: its cog, table, picture and rules doc — added to its id once, here, as a game of
the bot adds its own (cogs/games/<id>/__init__.py)."""

from pathlib import Path

from cogs.games import GameEdge
from cogs.games.game_cog import Opening

from .cog import CoinCog
from .picture import draw, sample
from .render import RENDERER

EDGE = GameEdge(renderer=RENDERER, drawer=draw, sample=sample, cog=CoinCog,
                opening=Opening("Open a Coin Race table here"), rules="How to play",
                rules_doc=Path(__file__).with_name("rules.md"))
