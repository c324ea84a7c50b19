"""A gathering's standings as a phone shows them: drawn 530 px wide for a 265 px column, every text and figure
readable there, nine members in less than a phone's screen of channel, a long name cut to its room (the text twin
names it whole), the words in the reader's language, a small palette PNG."""

from __future__ import annotations

import io

from PIL import Image

from bot.i18n import speaking
from bot.pictures.canvas import PHONE_SHOWN, READABLE, WIDTH
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
