"""DARDZ: the dice-and-card game (../shared/rules/dardz.md), as a package of small modules."""

from .engine import DARDZ, Dardz

GAME = DARDZ  # registered: found by bot/games/registry.py

__all__ = ["GAME", "DARDZ", "Dardz"]
