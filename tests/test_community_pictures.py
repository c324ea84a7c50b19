"""The community's pictures (bot/pictures/community.py): a season's podium and a member's profile card, drawn from
fixed data, look like their stored references (tests/fixtures/pictures/community-*.png; write them again with
`python tests/test_community_pictures.py` after a deliberate change), speak the current language, draw a
member's history as its chart, and leave out what the shipped font cannot draw (emoji in names)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pytest  # noqa: E402

from bot.i18n import speaking  # noqa: E402
from bot.pictures import community  # noqa: E402
from bot.pictures.canvas import WIDTH  # noqa: E402
from bot.pictures.community import Placed, podium, profile  # noqa: E402
from bot.service.profiles import GameRecord, Profile  # noqa: E402
from db import RatingRow  # noqa: E402
from db.seasons import Medal  # noqa: E402

REFERENCES = Path(__file__).parent / "fixtures" / "pictures"
TOLERANCE = 2.0  # mean difference per channel, of 255 (as tests/test_pictures.py)
TITLES = {"armymen": "Army Men Dice War", "doodle": "Doodle Dice"}
HISTORY = (1000, 1062, 1031, 1095, 1120, 1088, 1140)


def sample_profile(history: tuple[int, ...] = HISTORY) -> Profile:
    return Profile(
        (GameRecord("armymen", 9, 5, {1: 5, 2: 4}, RatingRow(1, 29.0, 4.8, 9, 5), history),
         GameRecord("doodle", 2, 1, {1: 1, 3: 1}, None, ())),
        3, (Medal("Spring", "armymen", 1), Medal("2026-01", "doodle", 3)))


def sample_podium() -> bytes:
    return podium("Spring", {"Army Men Dice War": [Placed(1, "Ana 🎲", 1140), Placed(2, "Bruno", 1062),
                                                   Placed(3, "Chiara", 990)],
                             "Doodle Dice": [Placed(1, "Dev", 1010)]})


def drawn() -> dict[str, bytes]:
    return {"community-podium": sample_podium(), "community-profile": profile("Ana", sample_profile(), TITLES)}


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_the_podium_and_the_profile_card_match_their_references():
    for name, png in drawn().items():
        reference = image((REFERENCES / f"{name}.png").read_bytes())
        picture = image(png)
        assert picture.size == reference.size and picture.width == WIDTH, name
        difference = ImageStat.Stat(ImageChops.difference(picture, reference)).mean
        assert max(difference) < TOLERANCE, f"{name} differs from its reference by {difference}"


def test_they_are_drawn_in_the_current_language():
    with speaking("es"):
        spanish = drawn()
    assert all(spanish[name] != png for name, png in drawn().items())


def test_the_chart_follows_the_history_and_a_name_keeps_only_what_can_be_drawn():
    rising, falling = (profile("Ana", sample_profile(h), TITLES) for h in (HISTORY, tuple(reversed(HISTORY))))
    assert rising != falling
    assert podium("S", {"G": [Placed(1, "Ana 🎲", 1)]}) == podium("S", {"G": [Placed(1, "Ana", 1)]})


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_provisional_rating_is_drawn_whole_beside_its_chart(monkeypatch, language):
    """"rating 976 (provisional)" is wider than the words' column: it goes on two lines, every word of it left of
    the chart (which once covered "provisional)")."""
    beside = []

    class Watched(community.Canvas):
        def text(self, x, y, text, **style):
            right = super().text(x, y, text, **style)
            if x == community.PAD + 12:  # the words' column of a game's panel
                beside.append((text, right))
            return right

    monkeypatch.setattr(community, "Canvas", Watched)
    new_member = Profile((GameRecord("armymen", 2, 1, {1: 1, 2: 1}, RatingRow(1, 27.0, 7.0, 2, 1), (1000, 1024)),),
                         1, ())
    with speaking(language):
        profile("Ana", new_member, TITLES)
    words = " ".join(text for text, _ in beside)
    assert "(provisional)" in words and ("rating" if language == "en" else "puntuación") in words, words
    assert all(right <= WIDTH - community.PAD - 12 - community.CHART for _, right in beside), beside


def test_names_with_line_breaks_and_overrides_are_drawn_on_one_line():
    """A member's or a season's name as its one line (`bot.names.one_line`): Pillow would draw a line break as a
    new line over what follows."""
    unruly, tidy = "Eve\r\n# hacked\u2028x\u202e", "Eve # hacked x"
    assert podium(unruly, {"G": [Placed(1, unruly, 1)]}) == podium(tidy, {"G": [Placed(1, tidy, 1)]})
    assert profile(unruly, sample_profile(), TITLES) == profile(tidy, sample_profile(), TITLES)


if __name__ == "__main__":  # write the references again
    for name, png in drawn().items():
        (REFERENCES / f"{name}.png").write_bytes(png)
        print("wrote", REFERENCES / f"{name}.png")
