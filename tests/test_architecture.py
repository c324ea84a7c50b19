"""The layers of ../shared/docs/architecture.md, enforced on the source with `ast`.

Engines import only the standard library and each other (no discord, no global random); the
session service knows no Discord; SQL lives only in db/; nothing reads the wall clock directly.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SQL = re.compile(r"^\s*(SELECT|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+TABLE|PRAGMA)\b", re.I)


def sources(*folders: str) -> list[Path]:
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py"))


def imported_modules(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


def relpath(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("path", sources("bot/games"), ids=relpath)
def test_engines_import_only_the_standard_library(path):
    for module in imported_modules(path):
        top = module.split(".")[0]
        assert top in sys.stdlib_module_names, f"{relpath(path)} imports {module}"
        assert top != "random", f"{relpath(path)} uses global randomness: take an injected Rng"
        assert top not in ("asyncio", "sqlite3", "socket"), f"{relpath(path)} does I/O ({module})"


@pytest.mark.parametrize("path", sources("bot/service"), ids=relpath)
def test_the_service_knows_no_discord(path):
    modules = imported_modules(path)
    assert not {m for m in modules if m.split(".")[0] == "discord"}, relpath(path)


@pytest.mark.parametrize("path", sources("bot", "cogs"), ids=relpath)
def test_sql_lives_only_in_db(path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            assert not SQL.match(node.value), f"{relpath(path)} holds SQL: {node.value[:60]!r}"


@pytest.mark.parametrize("path", sources("bot", "cogs"), ids=relpath)
def test_time_comes_from_the_injected_clock(path):
    text = path.read_text(encoding="utf-8")
    assert "time.time()" not in text and "datetime.now(" not in text, (
        f"{relpath(path)} reads the wall clock: use the injected clock so deadlines can be tested")


def test_modules_stay_small():
    too_big = {relpath(p): n for p in sources("bot", "cogs", "db")
               if (n := len(p.read_text(encoding="utf-8").splitlines())) > 600}
    assert not too_big, f"split these modules: {too_big}"


def test_text_members_chose_is_escaped_by_one_helper():
    """Display names and typed text go through `bot.names.escaped`, nowhere else made safe for markdown."""
    users = [relpath(p) for p in sources("bot", "cogs") if re.search(r"escape_(markdown|mentions)", p.read_text())]
    assert users == ["bot/names.py"]
