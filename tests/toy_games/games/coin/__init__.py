"""Coin Race, the toy game: its engine, declared once (as bot/games/<id>/__init__.py declares a game's)."""

from .engine import COIN, Call, CoinRace

GAME = COIN  # registered: found by bot/games/registry.py

__all__ = ["COIN", "GAME", "Call", "CoinRace"]
