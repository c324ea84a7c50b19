"""Armadillo: shed ten cards a round over three rounds, answering every roll in secret
(../shared/rules/armadillo.md)."""

from .engine import ARMADILLO, Armadillo, Discard, Roll, Token

__all__ = ["ARMADILLO", "Armadillo", "Discard", "Roll", "Token"]
