"""Take docs/playground.png: the playground with an Army Men Dice War game under way.

    python scripts/screenshot.py [PATH]        (default docs/playground.png)

Starts the playground on a throwaway database with fixed dice, plays the opening as a SimCord member
would (Sam opens a table, seats a computer player, starts and rolls), then has Debian's chromium
(`apt-get install chromium`), driven headless by pip playwright, photograph the page.
Nothing leaves 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.playground import Playground  # noqa: E402

# Debian's chromium, driven by pip playwright (never `playwright install`: no browser downloads).
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--no-first-run"]
READY = "() => Boolean(window.simcordPreview && window.simcordPreview.ready)"


async def play_opening(playground: Playground) -> None:
    you = playground.members["Sam"]
    channel = playground.channels["armymen"]
    lobby = (await you.slash(channel, "armymen new", pace="live")).response.message
    await you.select(lobby, ["normal"])  # the lobby's "🤖 Add a computer…" menu
    await you.click(lobby, label="Start")
    table = next(t for t in await playground.bot.tables.cache.open_tables() if t.channel_id == channel.id)
    (seat,) = table.to_act
    player = next(m for m in playground.members.values() if m.id == table.seats[seat].user_id)
    message = next(m for m in channel.history() if m.id == table.message_id)
    await player.click(message, label="Roll the dice")


async def main(out: Path) -> None:
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} is needed: apt-get install -y chromium")
    from playwright.async_api import async_playwright  # the dev extra: pip install -e '.[dev]'

    with tempfile.TemporaryDirectory() as tmp:
        playground = Playground(Path(tmp) / "playground.sqlite3", port=0, seed="screenshot")
        await playground.start()
        try:
            await play_opening(playground)
            await playground.preview.refresh()
            out.parent.mkdir(parents=True, exist_ok=True)
            # The page is served by this event loop: playwright's async API runs beside it.
            async with async_playwright() as driver:
                browser = await driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = await browser.new_page(viewport={"width": 1280, "height": 1000})
                await page.goto(playground.preview.url)
                await page.wait_for_function(READY, timeout=30_000)
                await page.screenshot(path=str(out))
                await browser.close()
        finally:
            await playground.stop()
    print(f"wrote {out}")


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "playground.png"))
