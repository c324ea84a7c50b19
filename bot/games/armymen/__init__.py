"""Army Men Dice War: two players set dice aside, the lowest total wins (../shared/rules/army_men_dice_war.md)."""

from .engine import ARMYMEN, ArmyMenDiceWar, Keep, Roll

__all__ = ["ARMYMEN", "ArmyMenDiceWar", "Keep", "Roll"]
