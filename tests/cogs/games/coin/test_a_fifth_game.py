"""A fifth game is its folders and nothing else, proved with the toy game, Coin Race. Its engine folder
(tests/toy_games/games/coin, as bot/games/<id>/) and its edge folder (tests/toy_games/cogs/coin, as cogs/games/<id>/)
register it; its test folders (tests/games/coin, tests/cogs/games/coin) declare what the tests and benchmarks over
every game need of it and hold its recorded games and reference pictures. Every list that goes over the games
includes it — the conformance and recorded-play tests, the pictures, the REST budget, /help, the limits guard, the
benchmarks — and no file outside those folders names it."""

from __future__ import annotations

import fnmatch
import re
import sys
import tomllib
from pathlib import Path

from bot.games import registry
from cogs.games import live, registered

from ....per_game import RestBudget, greedy, recorded, reference, rest_budget
from ...helpers import table_of

ROOT = Path(__file__).resolve().parents[4]
GAME = Path(__file__).parent.name  # this folder's game
FOLDERS = (ROOT / "tests" / "toy_games" / "games" / GAME, ROOT / "tests" / "toy_games" / "cogs" / GAME,
           ROOT / "tests" / "games" / GAME, ROOT / "tests" / "cogs" / "games" / GAME)
DOCUMENTS = (ROOT / "docs", ROOT / "README.md")  # prose that may give the toy game as the example it is
NOT_THE_PROJECT = {".git", ".venv", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", "data"}

sys.path.insert(0, str(ROOT / "benchmarks"))


def test_it_is_registered_at_both_layers_and_stays_out_of_the_live_bot():
    assert GAME in registry.engines() and GAME in registered()
    assert GAME not in registry.own() and GAME not in live()
    assert registry.package_of(GAME) == "tests.toy_games.games.coin" and registered()[GAME].package == \
        "tests.toy_games.cogs.coin"


def test_the_tests_over_every_game_include_it():
    from tests import test_pictures
    from tests.games import test_conformance, test_recorded_play

    assert GAME in {param.values[0].id for param in test_conformance.variants()}
    assert any(game.id == GAME for _label, game, *_ in test_recorded_play.VARIANTS)
    assert recorded(GAME).is_file(), "its recorded games, in its own test folder"
    assert (GAME, None) in test_pictures.PICTURES and reference(GAME, None).is_file(), "its reference picture"


def test_the_rest_budget_plays_it_as_its_folder_declares():
    import rest_budget as benchmark

    from tests.cogs.games.coin.measures import REST_BUDGET

    assert GAME in benchmark.games()
    assert rest_budget(GAME) is REST_BUDGET and isinstance(REST_BUDGET, RestBudget)


def test_the_benchmarks_registries_include_it():
    import chaos
    import computer_service
    import computer_strength
    import engine_speed
    import service_kit

    from tests.games.coin.measures import greedy as its_greedy

    assert GAME in chaos.GAMES and GAME in computer_service.SEATS and GAME in service_kit.engines()
    assert GAME in computer_strength.GAMES and computer_strength.BASELINES[GAME] is its_greedy is greedy(GAME)
    assert GAME in engine_speed.goals()


async def test_help_and_the_limits_guard_include_it(world, discord_limits):
    """/help lists it with its commands, `new` and `rules` first (made for every game), and each REST call its
    play makes goes through the limits guard."""
    env, channel, alice, bob = world
    shown = await alice.slash(channel, "help")
    text = "\n".join(field.value for field in shown.response.embeds[0].fields)
    assert "**Coin Race**" in text and "— `/coin new` · `/coin rules` · `/coin flip`" in text, text
    checked = len(discord_limits.checked)
    lobby = (await alice.slash(channel, "coin new", pace="live")).response.message
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    assert table_of(env, channel).game.id == GAME
    answers = [call for call in discord_limits.checked[checked:] if "/interactions/" in call]
    assert len(answers) >= 3, "the lobby posted, Join and Start answered: each call checked"


def test_its_data_would_ship_by_the_package_data_glob():
    """A game's data files (Doodle Dice's cards) are included by a glob, so a new game's are too."""
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["bot.games"]
    games = ROOT / "bot" / "games"
    data = [path.relative_to(games).as_posix() for path in games.glob("*/*")
            if path.is_file() and path.suffix not in (".py", ".pyc")]
    assert data, "the games have data files"
    for name in data:
        assert any(fnmatch.fnmatch(name, glob) for glob in globs), f"bot/games/{name} is not packaged"


def test_no_file_outside_its_folders_names_it():
    """Adding it changed no line elsewhere: besides its four folders (and the prose that gives it as an example),
    no file of the project names it."""
    named = re.compile(rf"\b{GAME}\b|Coin Race", re.IGNORECASE)
    found = []
    for path in ROOT.rglob("*"):
        if not path.is_file() or NOT_THE_PROJECT & set(path.relative_to(ROOT).parts):
            continue
        if any(path.is_relative_to(folder) for folder in (*FOLDERS, *DOCUMENTS)):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue  # a picture, a database, a compressed recording
        found += [f"{path.relative_to(ROOT)}:{n}" for n, line in enumerate(text.splitlines(), 1) if named.search(line)]
    assert not found, f"named outside its own folders: {found}"
