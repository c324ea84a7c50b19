"""Tests of cogs/commands/."""
