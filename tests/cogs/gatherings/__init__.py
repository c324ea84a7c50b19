"""Tests of cogs/gatherings/ and /gamenight (cogs/commands/gamenight.py): game nights as members live them."""
