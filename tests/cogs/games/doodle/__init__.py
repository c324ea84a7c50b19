"""Doodle Dice at the Discord edge, tested: its plays in SimCord, its reference pictures, and what the tests
over every game need of it (measures.py)."""
