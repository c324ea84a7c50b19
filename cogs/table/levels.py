"""The computer levels at the edge: their names (`bot/games/levels.py` NAMES, translated), what each plays like,
and /game addbot's choices."""

from __future__ import annotations

from discord import app_commands

from bot.games.levels import LEVELS, NAMES
from bot.i18n import N_, _

ABOUT = {
    "easy": N_("A beginner: at times a weaker move"),
    "normal": N_("The rules' own computer player"),
    "hard": N_("Plans ahead to win"),
}
CHOICES = [app_commands.Choice(name=NAMES[level], value=level) for level in LEVELS]  # translated by the Translator


def level_name(level: str) -> str:
    """A level in the reader's words ("hard", "difícil")."""
    return _(NAMES[level]) if level in NAMES else level
