"""Settings from the environment and `.env`. The only reader of os.environ."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

DEFAULT_DATABASE = Path("data") / "dicetable.sqlite3"
DEFAULT_PLAYGROUND_DATABASE = Path("data") / "playground.sqlite3"
LOG_FORMATS = ("text", "json")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


@dataclass(frozen=True)
class Settings:
    discord_token: str | None
    database_path: Path
    dev_guild_id: int | None
    log_level: str = "INFO"
    database_url: str | None = None  # postgresql://… : PostgreSQL instead of the SQLite file
    shard_count: int | None = None  # None: discord.py picks the count (automatic sharding in one process)
    shard_ids: tuple[int, ...] | None = None  # None: this process runs every shard
    log_format: str = "text"  # text: human-readable lines; json: one JSON object a line
    metrics_port: str | None = None  # health and metrics on this port (None: off); as given, checked by `problem`
    metrics_host: str = "127.0.0.1"  # the address they listen on

    def problem(self) -> str | None:
        """One sentence naming the setting the bot can't run with (its shards, its log, its metrics), else None."""
        if self.log_format not in LOG_FORMATS:
            return f"LOG_FORMAT must be text or json, not {self.log_format[:20]!r}."
        if self.log_level not in LOG_LEVELS:
            return f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {self.log_level[:20]!r}."
        if self.metrics_port is not None and self.port is None:
            return f"METRICS_PORT must be a port number from 1 to 65535, not {self.metrics_port[:20]!r}."
        return self.shard_problem()

    @property
    def port(self) -> int | None:
        """METRICS_PORT as a number, when it is one a server may listen on."""
        text = (self.metrics_port or "").strip()
        return int(text) if text.isdigit() and 1 <= int(text) <= 65535 else None

    def shard_problem(self) -> str | None:
        """One sentence naming the setting when SHARD_COUNT / SHARD_IDS don't fit together, else None."""
        if self.shard_ids is not None and self.shard_count is None:
            return "SHARD_IDS needs SHARD_COUNT (the total number of shards across every process)."
        if self.shard_count is not None and self.shard_count < 1:
            return "SHARD_COUNT must be a whole number of at least 1."
        count = self.shard_count
        if self.shard_ids is not None and count is not None and not all(0 <= i < count for i in self.shard_ids):
            return f"SHARD_IDS must be numbers from 0 to {count - 1} (SHARD_COUNT is {count})."
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
            log_format=os.environ.get("LOG_FORMAT", "").strip().lower() or "text",
            metrics_port=os.environ.get("METRICS_PORT", "").strip() or None,
            metrics_host=os.environ.get("METRICS_HOST", "").strip() or "127.0.0.1",
        )


def _whole_number(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.lstrip("-").isdigit() else (0 if text else None)  # 0 makes shard_problem say why


def _numbers(text: str) -> tuple[int, ...] | None:
    parts = [p.strip() for p in text.replace(" ", ",").split(",") if p.strip()]
    if not parts:
        return None
    return tuple(int(p) if p.lstrip("-").isdigit() else -1 for p in parts)
