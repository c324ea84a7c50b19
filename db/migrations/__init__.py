"""Numbered migrations per backend: `<dialect>/NNNN_name.sql`, applied in order, each exactly once."""

from __future__ import annotations

import importlib.resources
import re


def migrations(dialect: str) -> list[tuple[int, str]]:
    folder = importlib.resources.files("db.migrations") / dialect
    found = []
    for entry in folder.iterdir():
        match = re.fullmatch(r"(\d{4})_.+\.sql", entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    return sorted(found)
