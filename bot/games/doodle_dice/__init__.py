"""Doodle Dice: collect one doodle of each of six colours (../shared/rules/doodle_dice.md)."""

from .engine import DOODLE_DICE, Block, Claim, DoodleDice, Draw, Free, Reroll, State, Steal, Stop

__all__ = ["DOODLE_DICE", "Block", "Claim", "DoodleDice", "Draw", "Free", "Reroll", "State", "Steal", "Stop"]
