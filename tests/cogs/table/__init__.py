"""Tests of cogs/table/."""
