"""The table as a picture (bot/pictures, each game's drawer in cogs/games/<id>/picture.py): every game's scripted
table is drawn at its expected size, looks like its stored reference (tests/fixtures/pictures, from
`scripts/pictures.py --references`), speaks the current language, and is drawn again only when what it shows
changed; every registered game's sample is drawn, public and private."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.games.rng import SeededRng
from bot.i18n import speaking
from bot.pictures import Pictures, key
from bot.pictures import render as draw_with
from bot.pictures.canvas import SMALL, WIDTH
from bot.pictures.samples import sample_table
from cogs.games import engines, live, registered

GAMES = engines()
SAMPLES = {game_id: parts.sample for game_id, parts in live().items()}  # the games with reference pictures
PRIVATE_SEAT = {game_id: parts.private_seat for game_id, parts in live().items() if parts.private_seat is not None}
DRAWERS = {game_id: parts.drawer for game_id, parts in registered().items()}


def render(table, seat: int | None = None) -> bytes:
    """The table's picture, by its game's drawer."""
    return draw_with(DRAWERS[table.game.id], table, seat)


REFERENCES = Path(__file__).parent / "fixtures" / "pictures"
SIZES = {"armadillo": (800, 402), "armymen": (800, 326), "doodle": (800, 580), "dardz": (800, 514),
         "armadillo-private": (800, 360), "dardz-private": (800, 400)}
TOLERANCE = 2.0  # mean difference per channel, of 255: font hinting or zlib may differ, a layout change may not
PICTURES = [(game, None) for game in SAMPLES] + [(game, seat) for game, seat in PRIVATE_SEAT.items()]


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def name(game: str, seat: int | None) -> str:
    return game if seat is None else f"{game}-private"


@pytest.mark.parametrize(("game", "seat"), PICTURES, ids=[name(*p) for p in PICTURES])
def test_each_games_picture_has_its_size_and_matches_its_reference(game, seat):
    png = render(SAMPLES[game](), seat)
    assert png.startswith(b"\x89PNG")
    drawn = image(png)
    assert drawn.size == SIZES[name(game, seat)]
    reference = image((REFERENCES / f"{name(game, seat)}.png").read_bytes())
    difference = ImageStat.Stat(ImageChops.difference(drawn, reference)).mean
    assert max(difference) < TOLERANCE, f"{name(game, seat)} differs from its reference by {difference}"


def test_the_pictures_are_800_px_wide_with_text_of_20_px_or_more():
    assert WIDTH == 800 and SMALL >= 20


def test_each_seat_has_its_own_private_picture():
    for game in PRIVATE_SEAT:
        table = SAMPLES[game]()
        mine, theirs = render(table, 0), render(table, 1)
        assert mine != theirs and mine != render(table)  # another hand, another pile


def test_a_picture_is_drawn_in_the_current_language():
    table = SAMPLES["armymen"]()
    english = render(table)
    with speaking("es"):
        spanish = render(table)
        spanish_key = key(table)
    assert english != spanish and key(table) != spanish_key


async def test_the_worker_thread_draws_in_the_callers_language():
    table = SAMPLES["dardz"]()
    with speaking("es"):
        spanish = render(table)
        assert await Pictures(DRAWERS).of(table) == spanish
    assert spanish != render(table)


async def test_a_picture_is_drawn_only_when_what_it_shows_changed():
    pictures = Pictures(DRAWERS)
    table = SAMPLES["doodle"]()
    first = await pictures.of(table)
    assert await pictures.of(SAMPLES["doodle"]()) == first  # an equal table: the cached picture
    assert pictures.renders == 1
    await pictures.of(SAMPLES["armadillo"]())
    assert pictures.renders == 2


def test_emoji_in_names_are_left_out_not_drawn_as_boxes():
    from bot.pictures.common import name as drawn_name

    table = SAMPLES["armymen"]()
    fancy = replace(table, seats=(replace(table.seats[0], name="Ana 🎲"), table.seats[1]))
    assert drawn_name(fancy, 0) == "Ana"



def played(game_id: str, players: int, options: dict[str, Any], seed: str) -> list[Any]:
    """Every state of a whole game the computer plays against itself (seeded dice), the set-up first."""
    game = GAMES[game_id]
    chosen = {name: option.default for name, option in game.options.items()} | options
    states = [game.setup(players, chosen, SeededRng(seed, 0))]
    while to_act := sorted(game.to_act(states[-1])):
        move = len(states)
        action = game.computer_action(states[-1], to_act[0], SeededRng(seed, f"c{move}"))
        states.append(game.apply(states[-1], to_act[0], action, SeededRng(seed, move)))
    return states


@pytest.mark.parametrize(("game_id", "players", "options"), [
    ("armadillo", 5, {}), ("armymen", 2, {"campaign": True}), ("doodle", 6, {}), ("dardz", 4, {"teams": True}),
], ids=["armadillo-5", "armymen-campaign", "doodle-6", "dardz-teams"])
def test_states_across_a_whole_game_are_drawn_for_everyone_and_a_seat(game_id, players, options):
    states = played(game_id, players, options, "pictures")
    assert GAMES[game_id].outcome(states[-1]) is not None
    step = max(1, len(states) // 12)
    for state in states[::step]:
        table = sample_table(GAMES[game_id], state, players, computers=frozenset({players - 1}))
        for seat in (None, 0):
            drawn = image(render(table, seat))
            assert drawn.width == WIDTH and 200 < drawn.height < 2400
    for status in ("finished", "ended"):
        table = replace(sample_table(GAMES[game_id], states[-1], players), status=status)
        assert image(render(table)).width == WIDTH


def test_pictures_drawn_at_once_in_several_threads_are_the_same_as_one_by_one():
    from concurrent.futures import ThreadPoolExecutor

    tables = [sample() for sample in SAMPLES.values()] * 4
    alone = [render(table) for table in tables]
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(render, tables)) == alone


@pytest.mark.parametrize("game_id", list(registered()))
def test_every_registered_games_sample_is_drawn_for_everyone_and_its_private_seat(game_id):
    parts = registered()[game_id]
    table = parts.sample()
    assert table.game is parts.engine
    for seat in (None, parts.private_seat) if parts.private_seat is not None else (None,):
        drawn = image(render(table, seat))
        assert drawn.width == WIDTH and 200 < drawn.height < 2400
