"""The bot's log: human-readable lines (the default), or one JSON object a line for a log search (LOG_FORMAT=json).

Each line carries, when known, what it is about — the server, the channel, the table, the move number and the
member — from a context variable the edge sets at an interaction's entry (`DiceBot.hear`) and the service when it
takes a table (`TableCache.locked`) or commits a move. Each interaction runs in its own task, so what one sets is
seen only by the lines its own handling writes. A line may name its own table and move (`extra=`), which win.
"""

from __future__ import annotations

import json
import logging
import sys
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any, TextIO

FIELDS = ("guild", "channel", "table", "move", "member")  # what a line may be about, in the order shown
TEXT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_about: ContextVar[dict[str, int] | None] = ContextVar("log_about", default=None)  # replaced, never changed in place


def about(**fields: int | None) -> None:
    """What the current task is about from here on (FIELDS); None leaves a field as it was."""
    known = {name: value for name, value in fields.items() if value is not None}
    if known:
        _about.set({**(_about.get() or {}), **known})


def context(record: logging.LogRecord) -> dict[str, int]:
    """What a log line is about: the task's context, and what the line says itself."""
    found = dict(_about.get() or {})
    for name in FIELDS:
        value = getattr(record, name, None)
        if value is not None:
            found[name] = value
    return {name: found[name] for name in FIELDS if name in found}


class JsonLines(logging.Formatter):
    """One JSON object a line: time (UTC, ISO 8601), level, logger, message, exception (when there is one), and
    guild, channel, table, move and member when known."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["exception"] = record.exc_text
        line.update(context(record))
        return json.dumps(line, ensure_ascii=False, default=str)


class Readable(logging.Formatter):
    """The human-readable line, followed by what it is about: `… [table 12 move 7 member 42]`."""

    def __init__(self) -> None:
        super().__init__(TEXT)

    def formatMessage(self, record: logging.LogRecord) -> str:  # noqa: N802 - logging's name
        said = super().formatMessage(record)
        about_it = context(record)
        return f"{said} [{' '.join(f'{k} {v}' for k, v in about_it.items())}]" if about_it else said


def configure(level: str, log_format: str, stream: TextIO | None = None) -> None:
    """The root logger's one handler, to stderr: `log_format` is "text" or "json" (Settings checked it)."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonLines() if log_format == "json" else Readable())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
