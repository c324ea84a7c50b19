"""The Discord side's wiring: the bot (dicebot.py), its slash commands checked and synced (command_sync.py,
command_limits.py) and translated (translator.py)."""

from .dicebot import DiceBot, ShardedDiceBot, commands_problem, utcnow

__all__ = ["DiceBot", "ShardedDiceBot", "commands_problem", "utcnow"]
