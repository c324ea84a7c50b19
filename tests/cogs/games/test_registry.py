"""The one registry (cogs/games): every game registered is whole — its engine, its renderer, its picture, a sample
table, its cog with its commands, its catalog and its rules doc — and found by looking, not by a list. The toy game
of tests/toy_games is registered here too (tests/conftest.py), and never in the live bot."""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from discord import app_commands

from bot.app import DiceBot
from bot.games import registry
from bot.games.core import Game
from bot.i18n import languages
from bot.service import Table
from cogs.games import ROOT, SEARCHED, GameParts, live, registered
from cogs.table.render import Renderer

CONTRACT = ("setup", "to_act", "legal_actions", "is_legal", "apply", "explain", "view", "outcome", "timeout_action",
            "computer_action", "determinize", "turn_key")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "counted": (1, 2)}


def folders(parts: GameParts) -> set[Path]:
    """Where a game lives: its engine's package and its registration's package (one folder for a toy game)."""
    engine = Path(sys.modules[type(parts.engine).__module__].__file__).parent
    return {engine, Path(sys.modules[parts.package].__file__).parent}


def translated(language: str) -> set[str]:
    found = set()
    for path in (ROOT / "locales" / language / "LC_MESSAGES").glob("*.po"):
        for message in read_po(path.open("rb"), locale=language):
            if message.id and (message.string if isinstance(message.string, str) else all(message.string)):
                found.add(message.id if isinstance(message.id, str) else message.id[0])
    return found


@pytest.fixture(params=list(registered()))
def game(request) -> GameParts:
    return registered()[request.param]


def test_the_engine_keeps_the_contract(game):
    engine = game.engine
    assert engine.id == game.id
    assert all(callable(getattr(engine, name, None)) for name in CONTRACT)
    assert all(hasattr(engine, name) for name, member in vars(Game).items() if isinstance(member, property))
    assert "level" in inspect.signature(engine.computer_action).parameters, "computer_action takes a level"
    assert isinstance(engine.has_secrets, bool) and engine.title and engine.min_players <= engine.max_players
    assert engine.luckier in ("low", "high", None), "which dice faces are lucky, or none"


def test_the_renderer_shows_this_game(game):
    assert isinstance(game.renderer, Renderer) and game.renderer.engine is game.engine
    assert game.renderer.rules_sections(), "/<game> rules says something"


def test_the_drawer_and_the_sample_table(game):
    table = game.sample()
    assert isinstance(table, Table) and table.game is game.engine and table.state is not None
    assert callable(game.drawer)


async def test_the_cog_brings_the_games_commands(game):
    """/<id> new and /<id> rules are made for every game, first, with its own lobby options (each described), then
    its cog's typed moves."""
    bot = DiceBot(":memory:")
    await bot.assemble()
    await bot.shutdown_storage()
    group = bot.tree.get_command(game.id)
    assert isinstance(group, app_commands.Group) and isinstance(bot.get_cog(game.cog.__cog_name__), game.cog)
    assert [command.name for command in group.commands][:2] == ["new", "rules"]
    new = group.get_command("new")
    assert new.description == game.opening.description and group.get_command("rules").description == game.rules
    options = {parameter.name: parameter for parameter in new.parameters}
    assert list(options)[:5] == ["pace", "minutes", "thread", "clock", "away"]
    for name, option in game.engine.options.items():
        assert options[name].description == game.opening.options[name] and options[name].default == option.default


def test_the_rules_doc_is_there_with_its_rulings(game):
    text = game.rules_path.read_text(encoding="utf-8")
    assert "## Rulings" in text and f"`/{game.id} rules`" in text


@pytest.mark.parametrize("language", languages())
def test_every_text_the_game_marks_is_in_the_catalogs(game, language):
    """Its texts go to `<id>.po` (or bot.po when another part shares them), translated in every language."""
    marked = {message if isinstance(message, str) else message[0]
              for folder in folders(game)
              for _file, _line, message, _comments, _context in extract_from_dir(
                  folder, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=())}
    missing = sorted(marked - translated(language))
    assert not missing, f"{game.id}: untranslated in {language}: {missing[:5]}"
    if marked and game.id in live():
        assert (ROOT / "locales" / language / "LC_MESSAGES" / f"{game.domain}.po").exists()


def test_games_are_found_by_looking_and_the_toy_games_stay_out_of_the_live_bot():
    assert list(live()) == sorted(live()) == ["armadillo", "armymen", "dardz", "doodle"]
    assert set(registered()) > set(live()) and SEARCHED[0] == "cogs.games", "a test run plays its toy games too"
    assert registry.SEARCHED[0] == "bot.games" and list(registry.own()) == list(live())
    found = subprocess.run([sys.executable, "-c", "from cogs.games import registered; print(sorted(registered()))"],
                           cwd=ROOT, capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "['armadillo', 'armymen', 'dardz', 'doodle']", "a fresh process: no toy game"


TOY = next(game_id for game_id in registered() if game_id not in live())


@pytest.mark.parametrize(("layer", "declared"), [
    ("bot.games.registry", f"from {registry.package_of(TOY)} import GAME"),
    ("cogs.games", f"from {registered()[TOY].package} import EDGE"),
])
def test_a_package_is_named_by_its_game(tmp_path, monkeypatch, layer, declared):
    """A game's folders, catalog and rules doc all go by its id, at both layers: a package named otherwise (a toy
    game's declaration, in a package of another name) is refused."""
    name = f"misnamed_{layer.replace('.', '_')}"
    package = tmp_path / name
    (package / "dice").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "dice" / "__init__.py").write_text(declared + "\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import importlib

    with pytest.raises(ValueError, match="named by its id"):
        importlib.import_module(layer).discover(importlib.import_module(name))
