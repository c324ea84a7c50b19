"""The table as a picture (bot/pictures): every game's scripted table is drawn at its expected size, looks
like its stored reference (tests/fixtures/pictures, from `scripts/pictures.py --references`), speaks the
current language, and is drawn again only when what it shows changed."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.i18n import speaking
from bot.pictures import Pictures, key, render
from bot.pictures.canvas import SMALL, WIDTH
from bot.pictures.samples import PRIVATE_SEAT, SAMPLES

REFERENCES = Path(__file__).parent / "fixtures" / "pictures"
SIZES = {"armadillo": (800, 402), "armymen": (800, 326), "doodle": (800, 580), "dardz": (800, 514),
         "armadillo-private": (800, 576), "dardz-private": (800, 598)}
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


def test_a_private_picture_shows_what_the_public_one_does_not():
    table = SAMPLES["dardz"]()
    public, private = image(render(table)), image(render(table, 0))
    assert private.height > public.height  # the seat's points pile, under the table
    assert ImageChops.difference(public, private.crop((0, 0, *public.size))).getbbox() is None


def test_a_picture_is_drawn_in_the_current_language():
    table = SAMPLES["armymen"]()
    english = render(table)
    with speaking("es"):
        spanish = render(table)
        spanish_key = key(table)
    assert english != spanish and key(table) != spanish_key


async def test_a_picture_is_drawn_only_when_what_it_shows_changed():
    pictures = Pictures()
    table = SAMPLES["doodle"]()
    first = await pictures.of(table)
    assert await pictures.of(SAMPLES["doodle"]()) == first  # an equal table: the cached picture
    assert pictures.renders == 1
    await pictures.of(SAMPLES["armadillo"]())
    assert pictures.renders == 2


def test_emoji_in_names_are_left_out_not_drawn_as_boxes():
    from dataclasses import replace

    from bot.pictures.common import name as drawn_name

    table = SAMPLES["armymen"]()
    fancy = replace(table, seats=(replace(table.seats[0], name="Ana 🎲"), table.seats[1]))
    assert drawn_name(fancy, 0) == "Ana"
