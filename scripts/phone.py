"""The table message on a phone, measured in the playground with Debian's chromium at 390 × 844 px.

    python scripts/phone.py [--no-photos]    measures each game, prints the figures, and writes docs/phone/<game>.png

Each game's table is shown in its tallest state: its sample (cogs/games/<id>/picture.py `sample`: the most seats,
mid-turn, the most to show and to choose), every seat a member with a 32-character name, in a server of a language
(the photographs: Spanish),
its deadline an hour away and the latest of what happened as long as the table shows it. A member opens a
table with `/<game> new`, and the bot's own table message builder (cogs/table/table_message.py) turns that
message into the tallest table — the same payload a move's edit sends —, so the message keeps the "used
/<game>" line a table's first message has.

For each game: the space a phone shows of the channel (between the channel's header and its message box); the
table message's height; how far down it its first control is; how wide its picture is shown, and the smallest
text or figure drawn in it (`Canvas.smallest`) at that width; the controls' words the phone cuts; whether the
deadline ("due in 60 minutes") stays on one line.
tests/test_playground_browser.py holds the tables to them; benchmarks/phone.py measures the same tables before
and after a change. Nothing leaves 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import pickle
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [path for path in (str(ROOT), str(ROOT / "scripts")) if path not in sys.path]

from screenshot import CHROMIUM, CHROMIUM_ARGS, READY  # noqa: E402  (the playground's browser, set up once)

from bot.i18n import speaking  # noqa: E402
from bot.pictures.canvas import Canvas  # noqa: E402
from bot.playground import GUILD_ID, MEMBERS, Playground  # noqa: E402
from bot.service import Table  # noqa: E402

PHONE = {"width": 390, "height": 844}
TALL = 2400  # the page's height while a table message is photographed whole
LANGUAGE = "es"  # the photographs' (tests/test_playground_browser.py measures every language)
LONG_NAMES = ("Maximiliana Valentina de la Cruz", "Bartholomew Fitzgerald-Hampshire",
              "Anastasia Konstantinopoulou III", "Guadalupe Esperanza Villanueva R",
              "Christopher Alexander Montgomery", "Wolfgang Amadeus Wunderwerk W.",
              "Ñandú Pingüino Cigüeña Güemes Ñ", "Oluwaseun Adebayo-Okonkwo Jr. 2nd")  # Discord's 32 at most
DUE_IN = 3600  # the deadline: "due in 60 minutes"
PICTURES_LOADED = ("() => [...document.querySelectorAll('article.channel-message img')]"
                   ".every(image => image.complete && image.naturalWidth > 0)")
MEASURE = """(id) => {
  const header = document.querySelector('.channel-header').getBoundingClientRect();
  const composer = document.querySelector('#channel-composer').getBoundingClientRect();
  const message = document.querySelector(`.channel-message[data-message-id="${id}"]`);
  const box = message.getBoundingClientRect();
  const row = message.querySelector('.component-row');
  const image = message.querySelector('img.gallery-image');
  const cut = [...message.querySelectorAll('.select-value-label, .component-button, .button-label')]
    .filter(part => part.scrollWidth > part.clientWidth + 1).map(part => part.textContent.trim());
  const due = message.querySelector('.text-display time.discord-timestamp');  // "⏳ Due <in 60 minutes>: …"
  const lines = due ? due.getClientRects() : [];
  const start = due ? document.createRange() : null;
  if (start) { start.setStart(due.parentNode.firstChild, 0); start.setEnd(due.parentNode.firstChild, 1); }
  const due_whole = due !== null && lines.length === 1
    && Math.abs(lines[0].top - start.getClientRects()[0].top) < 4;  // one line, the line "⏳" begins
  return {space: composer.top - header.bottom, height: box.height,
          first_control: row ? row.getBoundingClientRect().top - box.top : null,
          shown_width: image ? image.getBoundingClientRect().width : null,
          natural_width: image ? image.naturalWidth : null, cut: cut, due_whole: due_whole};
}"""


@dataclass(frozen=True)
class Measure:
    """One game's table message on the phone, in CSS pixels (`smallest_drawn`: the picture's own pixels)."""

    space: float  # the channel shown between its header and its message box
    height: float  # the table message
    first_control: float | None  # from the message's top to its first row of controls
    shown_width: float | None  # the picture, as the phone shows it
    natural_width: int | None  # the picture, as drawn
    cut: list[str]  # the controls' words the phone cuts (a placeholder or a label wider than its room)
    due_whole: bool  # the deadline ("⏳ Due in 60 minutes") on one line, the one its sentence begins on
    smallest_drawn: int | None  # its smallest text or figure, as drawn

    @property
    def smallest_shown(self) -> float | None:
        """Its smallest text or figure as the phone shows it."""
        if self.smallest_drawn is None or not self.shown_width or not self.natural_width:
            return None
        return self.smallest_drawn * self.shown_width / self.natural_width


def tallest(game_id: str) -> Table:
    """The game's tallest table: its sample at its most seats, every seat a member with a long name."""
    from cogs.games import registered

    parts = registered()[game_id]
    table = parts.sample(parts.engine.max_players)
    seats = tuple(replace(s, name=LONG_NAMES[s.seat % len(LONG_NAMES)], is_computer=False, user_id=1000 + s.seat)
                  for s in table.seats)
    return replace(table, seats=seats, pace_seconds=3600)


def placed(table: Table, channel_id: int) -> Table:
    """`table` in the playground's channel, its deadline an hour from now."""
    return replace(table, guild_id=GUILD_ID, channel_id=channel_id, deadline_at=time.time() + DUE_IN)


def smallest(table: Table, language: str) -> int | None:
    """The smallest text or figure the table's picture draws, in its own pixels (None: no picture)."""
    from cogs.games import registered

    canvas = Canvas()
    with speaking(language):
        registered()[table.game.id].drawer(canvas, table, table.view(None), None)
    return canvas.smallest if canvas.drawn else None


async def show(playground: Playground, shown: Table, host: str) -> tuple[int, Table]:
    """`host` opens a table of the game (its first message, "used /<game>"); the bot makes that message the
    table `shown`. Returns the message's id and the table as shown."""
    game_id = shown.game.id
    channel = playground.channels[game_id]
    lobby = (await playground.members[host].slash(channel, f"{game_id} new", pace="casual")).response.message
    table = placed(shown, channel.id)
    edge = playground.bot.edge
    payload = await edge.table_message.payload(table, edge.shared.access.of(channel.id))
    await playground.bot.get_channel(channel.id).get_partial_message(lobby.id).edit(**payload)
    return lobby.id, table


async def measure(photos: Path | None = None, tables: dict[str, Table] | None = None,
                  language: str = LANGUAGE) -> dict[str, Measure]:
    """Each game's tallest table message (or `tables`, by game) at 390 × 844 px, in a server speaking `language`;
    with `photos`, its photograph there as <game>.png."""
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} is needed: apt-get install -y chromium")
    from playwright.async_api import async_playwright  # the dev extra: pip install -e '.[dev]'

    measures: dict[str, Measure] = {}
    with tempfile.TemporaryDirectory() as tmp:
        playground = Playground(Path(tmp) / "playground.sqlite3", port=0, seed="phone")
        await playground.start()
        try:
            await playground.bot.guild_settings.change(GUILD_ID, language=language)
            async with async_playwright() as driver:
                browser = await driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = await browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
                shown = tables or {game_id: tallest(game_id) for game_id in playground.bot.games}
                for i, (game_id, table) in enumerate(shown.items()):
                    message_id, table = await show(playground, table, MEMBERS[i % 4])  # a member hosts three at most
                    await playground.show(game_id)
                    await playground.preview.refresh()
                    await page.goto("about:blank")  # the preview's address stays the same for every channel
                    await page.goto(playground.preview.url)
                    await page.wait_for_function(READY, timeout=30_000)
                    await page.wait_for_function(PICTURES_LOADED, timeout=30_000)
                    await asyncio.sleep(2)  # the playground republishes the page once its bot is idle
                    seen = await page.evaluate(MEASURE, str(message_id))
                    measures[game_id] = Measure(**seen, smallest_drawn=smallest(table, language))
                    if photos is not None:
                        photos.mkdir(parents=True, exist_ok=True)
                        await page.set_viewport_size({"width": PHONE["width"], "height": TALL})  # all of it, uncut
                        message = page.locator(f'.channel-message[data-message-id="{message_id}"]')
                        await message.screenshot(path=str(photos / f"{game_id}.png"))
                        await page.set_viewport_size(PHONE)
                await browser.close()
        finally:
            await playground.stop()
    return measures


def report(measures: dict[str, Measure]) -> str:
    lines = [f"The tallest table message at {PHONE['width']} px wide, 32-character names (CSS px):",
             f"  {'game':10} {'channel':>8} {'message':>8} {'1st control':>12} {'picture':>8} {'smallest':>9}  "
             "cut labels"]
    for game_id, m in measures.items():
        first = f"{m.first_control:.0f}" if m.first_control is not None else "—"
        shown = f"{m.smallest_shown:.1f}" if m.smallest_shown is not None else "—"
        lines.append(f"  {game_id:10} {m.space:8.0f} {m.height:8.0f} {first:>12} {m.shown_width or 0:8.0f} "
                     f"{shown:>9}  {', '.join(m.cut) or 'none'}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-photos", action="store_true", help="measure only: leave docs/phone/ as it is")
    parser.add_argument("--json", action="store_true", help="print the measures as JSON")
    parser.add_argument("--language", default=LANGUAGE, help=f"the server's language (default {LANGUAGE})")
    parser.add_argument("--tables", help=argparse.SUPPRESS)  # benchmarks/phone.py: pickled tables to measure
    arguments = parser.parse_args()
    tables = pickle.loads(Path(arguments.tables).read_bytes()) if arguments.tables else None
    photos = None if arguments.no_photos or arguments.language != LANGUAGE else ROOT / "docs" / "phone"
    measures = asyncio.run(measure(photos, tables, arguments.language))
    if arguments.json:
        import json

        print(json.dumps({game: {**asdict(m), "smallest_shown": m.smallest_shown} for game, m in measures.items()}))
    else:
        print(report(measures))


if __name__ == "__main__":
    main()
