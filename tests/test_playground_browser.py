"""The playground in a real browser: Debian's chromium, headless, driven by pip playwright.

Never `playwright install` (no downloads): the test uses /usr/bin/chromium (`apt-get install -y chromium`).
Without chromium it is skipped on a developer's machine, and fails under CI.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.playground import Playground

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--no-first-run"]
READY = "() => Boolean(window.simcordPreview && window.simcordPreview.ready)"
PICTURE_SHOWN = ("() => [...document.querySelectorAll('article.channel-message img')]"
                 ".some(image => image.complete && image.naturalWidth === 800)")


def require_browser():
    missing = [] if Path(CHROMIUM).exists() else [f"{CHROMIUM} (apt-get install -y chromium)"]
    try:
        from playwright.async_api import async_playwright, expect
    except ImportError:
        missing.append("the playwright package (pip install -e '.[dev]')")
    if missing:
        reason = "the browser test needs " + " and ".join(missing)
        if os.environ.get("CI", "").lower() not in ("", "0", "false"):
            pytest.fail(f"{reason}; under CI it is never skipped")
        pytest.skip(reason)
    return async_playwright, expect


@pytest.fixture
async def page(tmp_path):
    async_playwright, expect = require_browser()
    playground = Playground(tmp_path / "playground.sqlite3", port=0, seed="browser")
    await playground.start()
    try:
        # The page is served by this event loop, so the browser is driven with playwright's async API.
        async with async_playwright() as driver:
            browser = await driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = await browser.new_page(viewport={"width": 1280, "height": 900})
                page.set_default_timeout(20_000)
                yield page, playground, expect
            finally:
                await browser.close()
    finally:
        await playground.stop()


async def test_open_join_as_another_member_start_and_see_the_table_update(page):
    page, playground, expect = page
    await page.goto(playground.url)
    await page.get_by_role("link", name="#armymen").click()  # the front page points the preview at #armymen
    await page.wait_for_function(READY)
    assert "Welcome to" in await page.locator("#channel-message-list").inner_text()

    composer = page.locator("#channel-composer-input")
    await composer.click()
    await composer.type("/armymen new")
    await page.locator(".command-entry", has_text="/armymen new").first.wait_for()
    await composer.press("Enter")  # picks the command
    await page.locator(".command-chip", has_text="/armymen new").wait_for()
    await page.locator("#send-message").click()
    table = page.locator("article.channel-message", has_text="Army Men Dice War · table").last
    await table.get_by_role("button", name="Join", exact=True).wait_for()
    assert "Lobby" in await table.inner_text()

    await page.select_option("#viewer-picker", label="Alice")
    await page.wait_for_function(READY)
    await table.get_by_role("button", name="Join", exact=True).click()
    await expect(table).to_contain_text("Alice")
    await page.select_option("#viewer-picker", label="Sam")
    await page.wait_for_function(READY)
    await table.get_by_role("button", name="Start", exact=True).click()

    await table.get_by_role("button", name="Roll the dice").wait_for()  # the table message was edited in place
    text = await table.inner_text()
    assert "Waiting for" in text and "Alice" in text and "Sam" in text
    assert await table.get_by_role("button", name="Join", exact=True).count() == 0
    # The table's picture, above its text: loaded in the browser, 800 px wide.
    await page.wait_for_function(PICTURE_SHOWN)
    (state,) = await playground.bot.tables.open_tables()
    assert state.status == "active" and len(state.seats) == 2


def test_the_skip_rule_is_strict_under_ci(monkeypatch):
    """Under CI a missing chromium is a failure, never a skip (checked here without removing chromium)."""
    monkeypatch.setenv("CI", "true")
    monkeypatch.setattr(Path, "exists", lambda self: False if str(self) == CHROMIUM else os.path.exists(self))
    with pytest.raises(pytest.fail.Exception):
        require_browser()
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception):
        require_browser()
