"""The table as a picture (bot/pictures, each game's drawer in cogs/games/<id>/picture.py): every registered game's
sample table (its tallest: its most seats, mid-turn) looks like its stored reference (in its own test folder,
tests/cogs/games/<id>/picture.png, from `scripts/pictures.py --references`), speaks the current language, and is
drawn again only when what it shows changed; every registered game's sample is drawn, public and private. Drawn for a
phone: every text and figure at least 10 px tall at the width a 390 px phone shows it (`PHONE_SHOWN`, which
tests/test_playground_browser.py measures), a name cut only to its room and never below a dozen letters, every word
from the catalogs, a palette PNG of at most 20 KB, and no state of a whole game taller than the game's sample."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.games.registry import engines
from bot.games.rng import SeededRng
from bot.i18n import languages, speaking
from bot.pictures import Pictures, key
from bot.pictures import render as draw_with
from bot.pictures.canvas import PHONE_SHOWN, READABLE, WIDTH, Canvas
from bot.pictures.samples import sample_table
from cogs.games import live, registered

from .per_game import reference

GAMES = engines()
SAMPLES = {game_id: parts.sample for game_id, parts in registered().items()}
PRIVATE_SEAT = {game_id: parts.private_seat for game_id, parts in registered().items()
                if parts.private_seat is not None}
DRAWERS = {game_id: parts.drawer for game_id, parts in registered().items()}


def render(table, seat: int | None = None) -> bytes:
    """The table's picture, by its game's drawer."""
    return draw_with(DRAWERS[table.game.id], table, seat)


TOLERANCE = 2.0  # mean difference per channel, of 255: font hinting or zlib may differ, a layout change may not
PICTURES = [(game, None) for game in SAMPLES] + [(game, seat) for game, seat in PRIVATE_SEAT.items()]
MOST_BYTES = 20 * 1024  # a table's picture at its most seats, mid-game


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def name(game: str, seat: int | None) -> str:
    return game if seat is None else f"{game}-private"


@pytest.mark.parametrize(("game", "seat"), PICTURES, ids=[name(*p) for p in PICTURES])
def test_each_games_picture_matches_its_reference(game, seat):
    png = render(SAMPLES[game](), seat)
    assert png.startswith(b"\x89PNG")
    drawn = image(png)
    stored = reference(game, seat)
    assert stored.exists(), f"{game} has no reference picture: `scripts/pictures.py --references` draws it"
    expected = image(stored.read_bytes())
    assert drawn.width == WIDTH and drawn.size == expected.size, \
        f"{name(game, seat)} is {drawn.size}, its reference {expected.size}"
    difference = ImageStat.Stat(ImageChops.difference(drawn, expected)).mean
    assert max(difference) < TOLERANCE, f"{name(game, seat)} differs from its reference by {difference}"


@pytest.mark.parametrize(("game", "seat"), PICTURES, ids=[name(*p) for p in PICTURES])
def test_a_picture_is_a_small_palette_png(game, seat):
    """At its most seats and mid-game, in every language: a palette PNG (its palette the colours drawn), at most
    20 KB — a phone on a slow network loads it at once."""
    for language in languages():
        with speaking(language):
            png = render(named(SAMPLES[game](), LONG_NAMES), seat)
        assert Image.open(io.BytesIO(png)).mode == "P" and len(png) <= MOST_BYTES, (language, len(png))


def drawn(table, seat: int | None = None) -> Canvas:
    """The canvas the table's picture was drawn on, which keeps every text and figure it drew."""
    canvas = Canvas()
    DRAWERS[table.game.id](canvas, table, table.view(seat), seat)
    return canvas


def named(table, names: tuple[str, ...] | None):
    """`table` with its seats named `names` (in seat order, again from the first where there are more seats)."""
    if not names:
        return table
    return replace(table, seats=tuple(replace(s, name=names[s.seat % len(names)]) for s in table.seats))


def most_seats(game_id: str, names: tuple[str, ...] | None = None):
    """The game's sample at its most seats, named `names` if given."""
    parts = registered()[game_id]
    return named(parts.sample(parts.engine.max_players), names)


def seats_to_draw(game_id: str) -> list[int | None]:
    seat = registered()[game_id].private_seat
    return [None] if seat is None else [None, seat]


LONG_NAMES = ("Maximiliana Fernández-Oyelaran", "Wolfgang Amadeus Wunderwerk W.", "ÑÑÑÑÑÑÑÑÑÑÑÑÑÑÑÑÑÑÑÑÑÑÑÑÑÑÑÑÑÑÑÑ",
              "Computer 5", "Sam", "Oluwaseun Adebayo-Okonkwo Jr. 2nd")  # up to Discord's 32 characters a name
SHOWN_LETTERS = 8  # a cut name keeps at least this many of its letters


@pytest.mark.parametrize("language", languages())
@pytest.mark.parametrize("game_id", list(registered()))
def test_every_text_and_figure_is_readable_on_a_phone(game_id, language):
    """Shown `PHONE_SHOWN` px wide (a 390 px phone's message column), the smallest text or figure of the public
    and the private picture is still 10 px tall, with short names and with long ones."""
    with speaking(language):
        for names in (None, LONG_NAMES):
            table = most_seats(game_id, names)
            for seat in seats_to_draw(game_id):
                canvas = drawn(table, seat)
                assert canvas.drawn and canvas.smallest * PHONE_SHOWN / WIDTH >= READABLE, (
                    f"{game_id} ({language}, seat {seat}): {canvas.smallest} px drawn is "
                    f"{canvas.smallest * PHONE_SHOWN / WIDTH:.1f} px on a phone")


@pytest.mark.parametrize("language", languages())
@pytest.mark.parametrize("game_id", list(registered()))
def test_a_name_is_cut_only_to_its_room_and_whole_in_the_description(game_id, language):
    """Names of up to Discord's 32 characters: each seat's name is drawn, whole where it fits its room, else cut
    with "…" and still its first letters (`SHOWN_LETTERS` at least); the picture's description (what a screen
    reader says; the text under it names whose turn it is) says every name whole. Nothing else is cut."""
    renderer = registered()[game_id].renderer
    with speaking(language):
        table = most_seats(game_id, LONG_NAMES)
        canvas = drawn(table)
        assert set(canvas.cut) <= {s.name for s in table.seats}, f"{game_id} cut {canvas.cut}"
        names = [s.name for s in table.seats if not s.is_computer]
        texts = [text for text, _ in canvas.drawn]
        for seat_name in names:
            assert any(text == seat_name or (text.endswith("…") and seat_name.startswith(text[:-1])
                                             and len(text) > SHOWN_LETTERS) for text in texts), \
                f"{game_id}: {seat_name!r} is not drawn, whole or as its first letters"
            assert seat_name in renderer.picture_text(table), f"{game_id}: {seat_name!r} not in the description"


class Marked:
    """A catalog that marks every text it gives: ⟦text⟧."""

    def gettext(self, message):
        return f"⟦{message}⟧"

    def ngettext(self, singular, plural, n):
        return f"⟦{singular if n == 1 else plural}⟧"


@pytest.mark.parametrize("game_id", list(live()))
def test_every_word_drawn_comes_from_the_catalogs(game_id, monkeypatch):
    """Drawn with a catalog that marks each text, a picture holds no word outside the marks but the players'
    names and the game's own (a name, the same in every language): a computer's name, every label are
    translated."""
    import bot.i18n

    monkeypatch.setattr(bot.i18n, "catalog", lambda language: Marked())
    table = most_seats(game_id)
    table = replace(table, seats=(*table.seats[:-1], replace(table.seats[-1], name="Computer 5", is_computer=True,
                                                             user_id=None)))
    for seat in seats_to_draw(game_id):
        for text, _ in drawn(table, seat).drawn:
            loose = re.sub(r"⟦[^⟧]*⟧", "", text).replace(table.game.title, "")
            for name in (s.name for s in table.seats if not s.is_computer):
                loose = loose.replace(name, "")
            assert not any(ch.isalpha() for ch in loose), f"{game_id}: {text!r} has words from no catalog"


@pytest.mark.parametrize(("game", "seat"), PICTURES, ids=[name(*p) for p in PICTURES])
def test_the_palette_is_the_colours_drawn_each_once(game, seat):
    """The palette PNG's palette: the colours of the drawings it was pasted from (composed in palette indices: no
    colour guessed), each once, every pixel one of them."""
    picture = Image.open(io.BytesIO(render(named(SAMPLES[game](), LONG_NAMES), seat)))
    palette = picture.getpalette()
    entries = [tuple(palette[i:i + 3]) for i in range(0, len(palette), 3)]
    assert len(set(entries)) == len(entries) <= 256 and max(picture.tobytes()) < len(entries)


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


@pytest.mark.parametrize("game_id", list(SAMPLES))
def test_a_name_with_line_breaks_and_overrides_is_drawn_on_one_line(game_id):
    """Pillow's basic layout draws a name's line break as a new line, over the row below, and an isolate mark as a
    box (it ignores directional overrides): a name is drawn as its one line (`bot.names.one_line`)."""
    table = SAMPLES[game_id]()

    def named(name: str):
        return replace(table, seats=(replace(table.seats[0], name=name), *table.seats[1:]))

    assert render(named("Eve\r\n# hacked\u2028x\u202e")) == render(named("Eve # hacked x"))


@pytest.mark.parametrize(("language", "level", "said"), [("en", "hard", "hard"), ("es", "easy", "fácil")])
def test_a_computers_level_is_drawn_beside_it_in_the_readers_language(language, level, said):
    """The table's text lists "🤖 Computer 1 · hard": its picture, which replaces that list, says the level too
    (a member's seat none)."""
    table = SAMPLES["armymen"]()
    computer = replace(table.seats[1], name="Computer 1", user_id=None, is_computer=True, level=level)
    table = replace(table, seats=(table.seats[0], computer))
    with speaking(language):
        words = [text for text, _ in drawn(table).drawn]
    assert said in words, words  # beside "Computer 1" (or "Ordenador 1"): the level alone
    assert "normal" not in " ".join(words), "a member's seat shows no level"



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
    ("armadillo", 6, {}), ("armymen", 2, {"campaign": True}), ("doodle", 6, {}), ("dardz", 8, {"teams": True}),
], ids=["armadillo-6", "armymen-campaign", "doodle-6", "dardz-teams"])
def test_states_across_a_whole_game_are_drawn_and_none_is_taller_than_the_sample(game_id, players, options):
    """Every moment of whole games, for everyone and a seat, in Spanish (longer words) with long names: none
    taller than the game's sample, the table the phone is measured with (tests/test_playground_browser.py)."""
    with speaking("es"):
        tallest = image(render(most_seats(game_id, LONG_NAMES))).height
        for seed in ("pictures", "again"):
            states = played(game_id, players, options, seed)
            assert GAMES[game_id].outcome(states[-1]) is not None
            for state in states:
                table = named(sample_table(GAMES[game_id], state, players), LONG_NAMES)
                for seat in (None, 0):
                    drawn = image(render(table, seat))
                    assert drawn.width == WIDTH and drawn.height <= tallest + (0 if GAMES[game_id].to_act(state)
                                                                               else 60), (seed, state)
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
        assert drawn.width == WIDTH and 100 < drawn.height < 1000
