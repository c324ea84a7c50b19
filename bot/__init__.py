"""Dice Table: a Discord game host for four dice-and-card games."""
