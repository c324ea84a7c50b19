"""The layers of docs/architecture.md, enforced on the source with `ast`, folder by folder.

Engines (bot/games) and the gatherings' domain (bot/gatherings) import only the standard library and themselves (no
discord, no global random); the service (bot/service) and the pictures' kit (bot/pictures) know no Discord and no
cogs; only cogs/ and the app (bot/app, bot/__main__.py, bot/playground.py) import discord, and in bot/ one module
alone joins the edge to the rest (`JOIN`: it builds the edge and its cogs); SQL lives only in db/; nothing reads the
wall clock directly; no module imports itself back through others (no circle); no module is over 400 lines.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SQL = re.compile(r"^\s*(SELECT|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+TABLE|PRAGMA)\b", re.I)
PURE = ("bot/games", "bot/gatherings", "bot/service", "bot/pictures")  # no Discord, no cogs
APP = ("bot/app/", "bot/__main__.py", "bot/playground.py")  # the composition root and its runs: Discord's side
JOIN = "bot/app/dicebot.py"  # the one module of bot/ that imports cogs/: the service handed to the edge it builds
TEXT_ESCAPES = {"bot/names.py": {"discord.utils"}}  # the one escaping helper uses discord.py's text escapes only
MAX_LINES = 400


def sources(*folders: str) -> list[Path]:
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py"))


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path) -> set[str]:
    """Every module `path` imports, relative imports resolved (`from . import x` names the submodule x if any)."""
    found = set()
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            submodules = {f"{base}.{alias.name}" for alias in node.names if module_file(f"{base}.{alias.name}")}
            found |= submodules if len(submodules) == len(node.names) else {base, *submodules}
    return found


def module_file(name: str) -> Path | None:
    base = ROOT.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


def relpath(path: Path) -> str:
    return str(path.relative_to(ROOT))


def top(module: str) -> str:
    return module.split(".")[0]


@pytest.mark.parametrize("path", sources("bot/games", "bot/gatherings"), ids=relpath)
def test_engines_and_the_gatherings_domain_import_only_the_standard_library(path):
    own = module_name(path).split(".")[:2]
    for module in imported_modules(path):
        if module.split(".")[:2] == own:
            continue
        assert top(module) in sys.stdlib_module_names, f"{relpath(path)} imports {module}"
        assert top(module) != "random", f"{relpath(path)} uses global randomness: take an injected Rng"
        assert top(module) not in ("asyncio", "sqlite3", "socket"), f"{relpath(path)} does I/O ({module})"


@pytest.mark.parametrize("path", sources(*PURE), ids=relpath)
def test_the_service_and_the_pictures_know_no_discord_and_no_cogs(path):
    modules = imported_modules(path)
    assert not {m for m in modules if top(m) in ("discord", "cogs")}, relpath(path)


@pytest.mark.parametrize("path", sources("bot"), ids=relpath)
def test_only_the_edge_and_the_app_import_discord(path):
    name = relpath(path)
    if name.startswith(APP):
        return
    allowed = TEXT_ESCAPES.get(name, set())
    outside = {m for m in imported_modules(path) if top(m) == "discord" and m not in allowed}
    assert not outside, f"{name} imports {sorted(outside)}: Discord belongs in cogs/ (or the app, bot/app)"


def test_one_module_of_bot_joins_the_edge():
    """The arrows point down from cogs/ to bot/; the one arrow back is the app's, where the service is handed to
    the edge it builds."""
    joining = sorted(relpath(p) for p in sources("bot") if any(top(m) == "cogs" for m in imported_modules(p)))
    assert joining == [JOIN], f"only {JOIN} may import cogs/: {joining}"


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
               if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not too_big, f"split these modules (at most {MAX_LINES} lines): {too_big}"


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The circles of an import graph (module -> the modules it imports), each as a path back to its start."""
    found, state = [], {}

    def visit(module: str, path: list[str]) -> None:
        state[module] = "open"
        for target in sorted(graph.get(module, ())):
            if state.get(target) == "open" and target != module:
                found.append(path[path.index(target):] + [target])
            elif target not in state:
                visit(target, [*path, target])
        state[module] = "done"

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    return found


def test_no_module_imports_itself_back_through_others():
    """The import graph of bot/, cogs/ and db/ has no circle: a module never depends on what depends on it."""
    graph = {module_name(p): {m for m in imported_modules(p) if module_file(m) and top(m) in ("bot", "cogs", "db")}
             for p in sources("bot", "cogs", "db")}
    assert graph["cogs.table.controller"] >= {"cogs.table.publisher", "bot.service"}, "the graph sees the imports"
    assert not circles(graph), "import circles: " + "; ".join(" -> ".join(c) for c in circles(graph))


def test_a_circle_is_seen():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert circles({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []


def test_text_members_chose_is_escaped_by_one_helper():
    """Display names and typed text go through `bot.names.escaped`, nowhere else made safe for markdown."""
    users = [relpath(p) for p in sources("bot", "cogs") if re.search(r"escape_(markdown|mentions)", p.read_text())]
    assert users == ["bot/names.py"]
