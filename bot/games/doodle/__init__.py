"""Doodle Dice: collect one doodle of each of six colours (../shared/rules/doodle_dice.md)."""

from .actions import Block, Claim, Draw, Free, Reroll, Steal, Stop
from .engine import DOODLE, DoodleDice, State

GAME = DOODLE  # registered: found by bot/games/registry.py

__all__ = ["GAME", "DOODLE", "Block", "Claim", "DoodleDice", "Draw", "Free", "Reroll", "State", "Steal", "Stop"]
