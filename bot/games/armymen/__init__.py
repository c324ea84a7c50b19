"""Army Men Dice War: two players set dice aside, the lowest total wins (../shared/rules/army_men_dice_war.md)."""

from .engine import ARMYMEN, ArmyMenDiceWar, Keep, Roll

GAME = ARMYMEN  # registered: found by bot/games/registry.py

__all__ = ["GAME", "ARMYMEN", "ArmyMenDiceWar", "Keep", "Roll"]
