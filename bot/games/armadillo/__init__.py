"""Armadillo: shed ten cards a round over three rounds, answering every roll in secret
(../shared/rules/armadillo.md)."""

from .engine import ARMADILLO, Armadillo, Discard, Roll, Token

GAME = ARMADILLO  # registered: found by bot/games/registry.py

__all__ = ["GAME", "ARMADILLO", "Armadillo", "Discard", "Roll", "Token"]
