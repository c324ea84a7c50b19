"""DARDZ: the dice-and-card game (../shared/rules/dardz.md), as a package of small modules."""

from .engine import DARDZ, Dardz

__all__ = ["DARDZ", "Dardz"]
