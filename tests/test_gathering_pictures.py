"""A gathering's standings as a phone shows them: drawn 530 px wide for a 265 px column, every text and figure
readable there, nine members in less than a phone's screen of channel, a long name cut to its room (the text twin
names it whole), the words in the reader's language, a small palette PNG."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.games.registry import engines
from bot.i18n import LANGUAGES, _, speaking
from bot.pictures.canvas import PAD, PHONE_SHOWN, READABLE, TITLE, WIDTH
from bot.pictures.gatherings import MOST_ROWS, Row, drawn, standings

PHONE_CHANNEL = 620  # px of channel a phone shows
LONG = "Bartholomew the Magnificent, Destroyer of Dice"
NINE = [Row(1, LONG, "3½"), *(Row(i, f"player {i}", str(10 - i)) for i in range(2, 9)), Row(9, "gone", "0", True)]


def test_nine_members_fit_a_phones_screen_and_every_text_is_readable_there():
    canvas = drawn("DARDZ night", "round 2 of 3", NINE)
    picture = Image.open(io.BytesIO(canvas.finish()))
    assert picture.width == WIDTH and picture.mode == "P"
    assert picture.height * PHONE_SHOWN / WIDTH <= PHONE_CHANNEL, "the standings in one screen of a phone"
    assert canvas.smallest * PHONE_SHOWN / WIDTH >= READABLE
    assert canvas.cut == [] or LONG in canvas.cut


def test_past_its_rows_the_picture_stops_and_counts_the_rest_in_the_readers_language():
    many = [Row(i, f"m{i}", "1") for i in range(1, 41)]
    with speaking("es"):
        spanish = standings("Noche de DARDZ", "ronda 1 de 3", many)
    english = standings("DARDZ night", "round 1 of 3", many)
    assert spanish != english and len(english) < 60_000
    heights = {Image.open(io.BytesIO(standings("DARDZ night", "round 1 of 3", many[:n]))).height
               for n in (MOST_ROWS + 1, 40)}
    assert len(heights) == 1, "past MOST_ROWS rows the picture grows no taller: the rest are counted in one line"


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_nights_title_is_drawn_whole_and_a_long_name_within_the_picture(language):
    """Each game's night in every language (German's the longest words) is drawn whole; a tournament's name of
    Discord's 100 characters is cut to the picture's width, not drawn past its edge."""
    with speaking(language):
        for game in engines().values():
            canvas = drawn(_("{game} night", game=game.title), _("round {round} of {rounds}", round=2, rounds=3), NINE)
            assert canvas.cut == [] or canvas.cut == [LONG], (game.title, canvas.cut)
        named = drawn("Grand " * 16 + "Cup", "1", NINE)
    title = next(text for text, _style in named.drawn if text.startswith("Grand"))
    assert title.endswith("…") and named.width_of(title, size=TITLE, bold=True) <= WIDTH - 2 * PAD
