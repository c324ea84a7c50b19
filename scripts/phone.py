"""The table message on a phone: each game's table at four seats (Army Men Dice War at its two), photographed and
measured in the playground with Debian's chromium at 390 × 844 px, the size of a common phone's screen.

    python scripts/phone.py [NAME]     writes docs/phone/<game>-NAME.png (default NAME: after) and prints,
                                       for each game, the table message's height in CSS pixels

Each table is played to a moment with dice on it and the move controls showing: one of Sam, Alice, Bob and
Carol opens it, the others join, the host starts, and whoever is to act presses the first move button once
(dice fixed by the seed).
The height is the table message's box in the page (its picture, text and controls), what must fit in one
screen (844 px) for a player to see the table and press a move without scrolling. Nothing leaves 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

from screenshot import CHROMIUM, CHROMIUM_ARGS, READY  # noqa: E402  (the playground's browser, set up once)

from bot.playground import Playground  # noqa: E402

PHONE = {"width": 390, "height": 844}
TALL = 2400  # the page's height while a table message is photographed whole
SEATED = ("Sam", "Alice", "Bob", "Carol")
PICTURES_LOADED = ("() => [...document.querySelectorAll('article.channel-message img')]"
                   ".every(image => image.complete && image.naturalWidth > 0)")


async def four_seat_table(playground: Playground, game_id: str, host: str) -> int:
    """A live table of `game_id` opened by `host` with up to four members seated and the first move played:
    its message id."""
    channel = playground.channels[game_id]
    opener = playground.members[host]
    lobby = (await opener.slash(channel, f"{game_id} new", pace="live")).response.message
    most = playground.bot.games[game_id].engine.max_players
    for name in [n for n in SEATED if n != host][:most - 1]:
        await playground.members[name].click(lobby, label="Join")
    await opener.click(lobby, label="Start")
    table = next(t for t in await playground.bot.tables.cache.open_tables() if t.channel_id == channel.id)
    seat = min(table.to_act)
    player = next(m for m in playground.members.values() if m.id == table.seats[seat].user_id)
    message = next(m for m in channel.history() if m.id == table.message_id)
    moves = [c for c in walk(message.components) if (getattr(c, "custom_id", None) or "").startswith("a:")]
    if moves:
        await player.click(message, custom_id=moves[0].custom_id)
    table = next(t for t in await playground.bot.tables.cache.open_tables() if t.channel_id == channel.id)
    return table.message_id


def walk(components) -> list:
    """Every component of a message, nested ones (Components V2: containers, sections) included."""
    found = []
    for component in components:
        found.append(component)
        found += walk(getattr(component, "children", None) or getattr(component, "components", None) or [])
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            found.append(accessory)
    return found


async def photograph(name: str, out: Path | None) -> dict[str, float]:
    """Each game's table message height at 390 px; with `out`, its photograph there as <game>-<name>.png."""
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} is needed: apt-get install -y chromium")
    from playwright.async_api import async_playwright  # the dev extra: pip install -e '.[dev]'

    heights: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        playground = Playground(Path(tmp) / "playground.sqlite3", port=0, seed="phone")
        await playground.start()
        try:
            async with async_playwright() as driver:
                browser = await driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = await browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
                for i, game_id in enumerate(playground.bot.games):  # a member hosts three tables at most
                    message_id = await four_seat_table(playground, game_id, SEATED[i % len(SEATED)])
                    await playground.show(game_id)
                    await playground.preview.refresh()
                    await page.goto("about:blank")  # the preview's address stays the same for every channel
                    await page.goto(playground.preview.url)
                    await page.wait_for_function(READY, timeout=30_000)
                    await page.wait_for_function(PICTURES_LOADED, timeout=30_000)
                    await asyncio.sleep(2)  # the playground republishes the page once its bot is idle
                    table = page.locator(f'.channel-message[data-message-id="{message_id}"]')
                    heights[game_id] = (await table.bounding_box())["height"]
                    if out is None:
                        continue
                    out.mkdir(parents=True, exist_ok=True)
                    await page.set_viewport_size({"width": PHONE["width"], "height": TALL})  # all of it, uncut
                    await table.screenshot(path=str(out / f"{game_id}-{name}.png"))
                    await page.set_viewport_size(PHONE)
                await browser.close()
        finally:
            await playground.stop()
    return heights


def main() -> None:
    name = sys.argv[1] if len(sys.argv) > 1 else "after"
    out = ROOT / "docs" / "phone"
    heights = asyncio.run(photograph(name, out))
    print(f"The table message at {PHONE['width']} px wide ({name}); a phone screen is {PHONE['height']} px tall:")
    for game_id, height in heights.items():
        print(f"  {game_id:10} {height:5.0f} px {'fits' if height <= PHONE['height'] else 'too tall'}")


if __name__ == "__main__":
    main()
