"""Settings from the environment and `.env`. The only reader of os.environ."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

DEFAULT_DATABASE = Path("data") / "dicetable.sqlite3"
DEFAULT_PLAYGROUND_DATABASE = Path("data") / "playground.sqlite3"


@dataclass(frozen=True)
class Settings:
    discord_token: str | None
    database_path: Path
    dev_guild_id: int | None
    log_level: str = "INFO"
    database_url: str | None = None  # postgresql://… : PostgreSQL instead of the SQLite file
    shard_count: int | None = None  # None: discord.py picks the count (automatic sharding in one process)
    shard_ids: tuple[int, ...] | None = None  # None: this process runs every shard

    def shard_problem(self) -> str | None:
        """One sentence naming the setting when SHARD_COUNT / SHARD_IDS don't fit together, else None."""
        if self.shard_ids is not None and self.shard_count is None:
            return "SHARD_IDS needs SHARD_COUNT (the total number of shards across every process)."
        if self.shard_count is not None and self.shard_count < 1:
            return "SHARD_COUNT must be a whole number of at least 1."
        if self.shard_ids is not None and not all(0 <= i < self.shard_count for i in self.shard_ids):
            return f"SHARD_IDS must be numbers from 0 to {self.shard_count - 1} (SHARD_COUNT is {self.shard_count})."
        return None

    @property
    def database(self) -> str | Path:
        """What the store opens: DATABASE_URL when set, else the SQLite file at DATABASE_PATH."""
        return self.database_url or self.database_path

    @classmethod
    def from_env(cls, env_file: str | os.PathLike | None = ".env") -> Settings:
        if env_file is not None:
            load_dotenv(env_file, override=False)
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        return cls(
            discord_token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            database_path=Path(os.environ.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE),
            dev_guild_id=int(guild) if guild.isdigit() else None,
            log_level=os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
            database_url=os.environ.get("DATABASE_URL", "").strip() or None,
            shard_count=_whole_number(os.environ.get("SHARD_COUNT", "")),
            shard_ids=_numbers(os.environ.get("SHARD_IDS", "")),
        )


def _whole_number(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.lstrip("-").isdigit() else (0 if text else None)  # 0 makes shard_problem say why


def _numbers(text: str) -> tuple[int, ...] | None:
    parts = [p.strip() for p in text.replace(" ", ",").split(",") if p.strip()]
    if not parts:
        return None
    return tuple(int(p) if p.lstrip("-").isdigit() else -1 for p in parts)
