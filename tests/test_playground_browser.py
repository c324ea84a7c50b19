"""The playground in a real browser: Debian's chromium, headless, driven by pip playwright.

Never `playwright install` (no downloads): the test uses /usr/bin/chromium (`apt-get install -y chromium`).
Without chromium it is skipped on a developer's machine, and fails under CI.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

from bot.i18n import languages
from bot.pictures.canvas import PHONE_SHOWN, READABLE, WIDTH
from bot.playground import Playground

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--no-first-run"]
READY = "() => Boolean(window.simcordPreview && window.simcordPreview.ready)"
PICTURE_SHOWN = ("() => [...document.querySelectorAll('article.channel-message img')]"
                 f".some(image => image.complete && image.naturalWidth === {WIDTH})")


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
    table = page.locator("article.channel-message", has_text="used /armymen").last  # the table message
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
    assert "⏳ Due" in text and "Alice" in text and "Sam" in text
    assert await table.get_by_role("button", name="Join", exact=True).count() == 0
    # The table's picture, above its text: loaded in the browser, drawn for a phone.
    await page.wait_for_function(PICTURE_SHOWN)
    (state,) = await playground.bot.tables.cache.open_tables()
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


async def test_a_dms_table_link_opens_the_table_and_leaves_no_tab_broken(page):
    """The DM's "open the table" link opens a new tab on the table's channel; the DM's tab follows there too,
    as the same member, instead of "Preview session is unavailable"."""
    page, playground, expect = page
    lobby = (await playground.members["Sam"].slash(playground.channels["dardz"], "dardz new", pace="live")
             ).response.message
    await playground.members["Alice"].click(lobby, label="Join")
    await playground.members["Sam"].click(lobby, label="Start")  # each player gets a DM with a link to the table
    await page.goto(playground.url)
    await page.get_by_role("link", name="Alice").click()  # Alice's direct messages
    await page.wait_for_function(READY)
    messages = page.locator("#channel-message-list")
    link = messages.locator(f'a[href$="/at/{playground.channels["dardz"].id}"]').first
    async with page.context.expect_page() as opened:
        await link.click()
    table_tab = await opened.value
    await table_tab.wait_for_function(READY)
    for tab in (table_tab, page):
        await expect(tab.locator("#channel-message-list")).to_contain_text("⏳ Due")
        await expect(tab.locator("#viewer-picker")).to_have_value(str(playground.members["Alice"].id))
        assert "Preview session is unavailable" not in await tab.locator("body").inner_text()
    # The tab that followed still plays: Alice, first to roll, rolls from it.
    (before,) = await playground.bot.tables.cache.open_tables()
    await page.get_by_role("button", name="Roll 1").last.click()
    await expect(page.locator("#channel-message-list")).to_contain_text("Alice rolled")
    (after,) = await playground.bot.tables.cache.open_tables()
    assert after.seq > before.seq


async def test_viewing_as_survives_going_back_to_the_front_page(page):
    page, playground, expect = page
    await page.goto(playground.url)
    await page.get_by_role("link", name="#armymen").click()
    await page.wait_for_function(READY)
    await page.select_option("#viewer-picker", label="Sofía")
    await page.wait_for_function(READY)
    await page.go_back()  # the front page
    await page.get_by_role("link", name="#doodle").click()
    await page.wait_for_function(READY)
    await expect(page.locator("#viewer-picker")).to_have_value(str(playground.members["Sofía"].id))
    assert "Doodle" in await page.locator("#channel-message-list").inner_text()


async def test_viewing_as_survives_a_reload_and_a_return_to_the_same_channel(page):
    """SimCord opens a page that names no viewer (a reload, the front page's link followed again) as the first
    member, Sam: the playground opens it as the member last chosen."""
    page, playground, expect = page
    sofia = str(playground.members["Sofía"].id)
    await page.goto(playground.url)
    await page.get_by_role("link", name="#armymen").click()
    await page.wait_for_function(READY)
    await page.select_option("#viewer-picker", label="Sofía")
    await page.wait_for_function(READY)
    await page.reload()
    await page.wait_for_function(READY)
    await expect(page.locator("#viewer-picker")).to_have_value(sofia)
    await page.go_back()  # the front page
    await page.get_by_role("link", name="#armymen").click()  # the same channel again
    await page.wait_for_function(READY)
    await expect(page.locator("#viewer-picker")).to_have_value(sofia)
    assert "Preview session is unavailable" not in await page.locator("body").inner_text()


async def test_the_front_page_is_laid_out_for_a_phone(page):
    """A phone lays a page out at its own width only with a viewport meta tag (without, 980 px shown at 0.4)."""
    page, playground, expect = page
    phone = await page.context.browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                                   has_touch=True, device_scale_factor=3)
    try:
        front = await phone.new_page()
        await front.goto(playground.url)
        assert await front.evaluate("() => [window.innerWidth, document.documentElement.scrollWidth]") == [390, 390]
        await front.get_by_role("link", name="#armymen").wait_for()
    finally:
        await phone.close()


@pytest.mark.xfail(strict=False, reason="SimCord's preview at times drops a pick or the menu's submit in chromium "
                   "(seen at the branch's own tip too); the bot's side — a new component id for each move's menu — is "
                   "proved in tests/cogs/games/doodle/test_play.py")
async def test_a_reroll_menu_starts_empty_after_a_reroll(page):
    page, playground, expect = page
    lobby = (await playground.members["Sam"].slash(playground.channels["doodle"], "doodle new", pace="live")
             ).response.message
    await playground.members["Alice"].click(lobby, label="Join")
    await playground.members["Sam"].click(lobby, label="Start")  # Sam draws and rolls first (seed "browser")
    await page.goto(playground.url)
    await page.get_by_role("link", name="#doodle").click()
    await page.wait_for_function(READY)
    await page.get_by_role("button", name="Draw & roll").click()
    menu = await the_menu(page, "Re-roll which dice?")
    first = await menu.get_attribute("data-control-key")
    await menu.locator(".select-trigger").click()
    await page.get_by_role("option", name="Die 1").click()
    await page.get_by_role("option", name="Die 2").click()
    await menu.locator(".select-trigger").click()  # closing the menu re-rolls the two dice
    again = page.locator(f'.preview-select:not([data-control-key="{first}"])', has_text="Re-roll which dice?")
    await again.wait_for()  # the next re-roll's menu: a new component
    # It shows its placeholder, nothing picked: the same two dice can be picked again.
    menu = await the_menu(page, "Re-roll which dice?")
    assert "Die 1" not in await menu.locator(".select-value").inner_text()
    await menu.locator(".select-trigger").click()
    await page.get_by_role("option", name="Die 1").click()
    await page.get_by_role("option", name="Die 2").click()
    await menu.locator(".select-trigger").click()
    await expect(page.locator(".preview-select", has_text="Re-roll which dice?")).to_have_count(0)
    (table,) = await playground.bot.tables.cache.open_tables()
    assert table.view(0)["rolls_left"] == 0


async def the_menu(page, placeholder: str):
    """A menu by its placeholder, held by its control (its text changes to the picks once some are made)."""
    menu = page.locator(".preview-select", has_text=placeholder)
    await menu.wait_for()
    return page.locator(f'.preview-select[data-control-key="{await menu.get_attribute("data-control-key")}"]')


def phone_measure():
    """scripts/phone.py, the measure of the table message on a phone."""
    spec = importlib.util.spec_from_file_location("phone", Path(__file__).parent.parent / "scripts" / "phone.py")
    phone = importlib.util.module_from_spec(spec)
    sys.modules["phone"] = phone  # its dataclass looks its module up
    spec.loader.exec_module(phone)
    return phone


TALLEST = 620  # px: a game's table message in its tallest state, at most
FIRST_CONTROL = 600  # px: from the table message's top to its first row of controls, at most


@pytest.mark.parametrize("language", languages())
async def test_each_games_tallest_table_fits_the_channel_a_phone_shows(language):
    """scripts/phone.py's measure at 390 × 844 px: what a phone shows of the channel, between its header and its
    message box (the playground's say 624 px); each game's table in its tallest state (its most seats, mid-turn,
    32-character names), in every language, is no taller than that nor than 620 px, its first control within its first
    600 px; its picture is shown at least `PHONE_SHOWN` px wide — the width every picture is designed for
    (tests/test_pictures.py) — and its smallest text or figure at least 10 px tall there; no word on a control is
    cut; and "due in 60 minutes" is on one line, the deadline's sentence's first."""
    require_browser()
    measures = await phone_measure().measure(language=language)
    assert {"armadillo", "armymen", "dardz", "doodle"} <= set(measures)  # (and any toy game registered)
    for game_id, shown in measures.items():
        assert 600 <= shown.space <= 844, (game_id, shown)  # a phone's channel: the screen less its bars
        assert shown.height <= min(TALLEST, shown.space), (game_id, shown)
        assert shown.first_control is not None and shown.first_control <= FIRST_CONTROL, (game_id, shown)
        assert shown.shown_width >= PHONE_SHOWN and shown.natural_width == WIDTH, (game_id, shown)
        assert shown.smallest_shown >= READABLE, (game_id, shown)
        assert shown.cut == [], (game_id, shown.cut)
        assert shown.due_whole, (game_id, "the deadline breaks over two lines")
