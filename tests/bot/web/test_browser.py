"""A game's page in a real browser (Debian's headless Chromium, driven by Playwright) while
SimCord plays the game: it is readable at 400 and 1,280 pixels, has the accessibility
basics, follows a move by itself, and steps through the replay from the keyboard once the
game has ended. The screenshots are kept in ``docs/images/`` (``web-game-*.png``).

Without Chromium or Playwright the test is skipped, except where
``GRIMOIRE_REQUIRE_BROWSER=1`` (continuous integration) makes that a failure.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.bot.conftest import Table
from tests.bot.driving import (
    bot_of,
    legal_moves,
    member_at,
    play_by_command,
    resign,
    start_game,
    stored,
)
from tests.bot.web.conftest import links_of, pages_on

pytestmark = pytest.mark.slow

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
IMAGES = Path(__file__).resolve().parents[3] / "docs" / "images"


def _browser_or_skip() -> Any:
    """Playwright's API, or a skip (a failure where the browser is required)."""
    required = os.environ.get("GRIMOIRE_REQUIRE_BROWSER") == "1"
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        if required:
            pytest.fail("Playwright is required (GRIMOIRE_REQUIRE_BROWSER=1) but not installed")
        pytest.skip("Playwright is not installed")
    if not Path(CHROMIUM).exists():
        if required:
            pytest.fail("Chromium is required (GRIMOIRE_REQUIRE_BROWSER=1) but not installed")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    return async_playwright


async def check_basics(page: Any) -> None:
    """A title, one h1, headings, and alt text on every picture."""
    assert await page.title()
    assert await page.locator("h1").count() == 1
    assert await page.locator("h2").count() >= 2
    for image in await page.locator("img").all():
        assert (await image.get_attribute("alt") or "").strip()
    assert await page.evaluate("document.documentElement.lang") == "en"


async def test_a_game_page_in_a_browser(table: Table) -> None:
    async_playwright = _browser_or_skip()
    await pages_on(table)
    thread, game_id = await start_game(table, "marginalia", ["alice", "bob"])
    url = links_of(table).game_url(game_id)
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            page = await browser.new_page(viewport={"width": 400, "height": 900})
            await page.goto(url)
            await check_basics(page)
            await page.locator("figure img").evaluate("img => img.decode()")
            width = await page.evaluate("document.documentElement.scrollWidth")
            assert width <= 400  # nothing wider than a phone's screen
            await page.screenshot(path=str(IMAGES / "web-game-400.png"), full_page=False)

            # A move in Discord: the open page follows without being reloaded.
            seen = await page.evaluate("document.body.dataset.version")
            said = await page.locator(".status").inner_text()
            game = await stored(table, game_id)
            seat = min(game.to_act)
            await play_by_command(table, game, seat, (await legal_moves(table, game, seat))[0])
            await bot_of(table).services.outbox.idle()
            # The page polls every second: within 10, it shows the move.
            changed = page.locator(f'body:not([data-version="{seen}"])')
            await changed.wait_for(state="attached", timeout=10_000)
            assert await page.locator(".status").inner_text() != said  # "1 move so far"

            # The end: the replay, stepped through from the keyboard.
            game = await stored(table, game_id)
            await resign(member_at(table, game, 0), thread)
            await bot_of(table).services.outbox.idle()
            await page.set_viewport_size({"width": 1280, "height": 900})
            await page.goto(url)
            await check_basics(page)
            status = page.locator('[role="status"]').first
            at_end = await status.inner_text()
            back = page.get_by_role("link", name="◀ Back")
            await back.focus()
            await page.keyboard.press("Enter")
            # Waiting for the address the key leads to, not for "a" load: pressed, the page
            # may still be the one before, already loaded.
            await page.wait_for_url(re.compile(r"[?&]move=\d+"), wait_until="domcontentloaded")
            assert await status.inner_text() != at_end
            await page.get_by_label("Go to move").fill("0")
            await page.keyboard.press("Enter")
            await page.wait_for_url(
                re.compile(r"[?&]move=0([&#]|$)"), wait_until="domcontentloaded"
            )
            await page.locator("figure img").evaluate("img => img.decode()")
            await page.goto(url)
            await page.locator("figure img").evaluate("img => img.decode()")
            await page.screenshot(path=str(IMAGES / "web-game-1280.png"), full_page=False)
        finally:
            await browser.close()
