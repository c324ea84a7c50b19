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
        )
