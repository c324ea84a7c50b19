"""The offline playground (placeholder until it lands): explains how to go live."""

from __future__ import annotations

from .config import Settings


def run_playground(settings: Settings, *, port: int | None, seed: str | None, open_browser: bool) -> int:
    print("No DISCORD_TOKEN is set. Copy .env.example to .env and put your bot token in DISCORD_TOKEN "
          "(see README.md: 'Create the Discord application').")
    return 2
