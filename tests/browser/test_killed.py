"""A move shown survives a killed browser (issue 52, item 3): as a phone's system kills
a browser in the background, a second after the move, with no chance to close or hide
the page; the relaunched browser, on the same profile, resumes the game with the move."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from pathlib import Path

from playwright.sync_api import BrowserContext, Playwright, expect

from halfmoon import Game
from tests.browser.conftest import DESKTOP, wait_ready
from tests.browser.table import Table
from tests.solver import legal_moves
from tools.chromium import launch_options

CODE = "HM1-N-AAAAAAB"


def kill(profile: Path) -> None:
    """SIGKILL every process of the browser that runs on ``profile`` (none may flush)."""
    found = subprocess.run(
        ["pgrep", "-f", f"user-data-dir={profile}"], capture_output=True, text=True
    ).stdout.split()
    assert found, "the browser's processes"
    for pid in found:
        with contextlib.suppress(ProcessLookupError):
            os.kill(int(pid), signal.SIGKILL)


def test_a_move_shown_survives_a_browser_killed_half_a_second_after(
    playwright: Playwright, base_url: str, tmp_path: Path
) -> None:
    """Half a second after the move (on main before, the move and even the deal opened
    were lost: Chromium writes localStorage to disk seconds late); the durable copy
    (static/boot/journal.js) has it."""
    profile = tmp_path / "profile"

    def launch() -> BrowserContext:
        return playwright.chromium.launch_persistent_context(
            str(profile), **launch_options(), locale="en-GB", viewport=DESKTOP
        )

    context = launch()
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(f"{base_url}/#{CODE}")
    wait_ready(page)
    table = Table(page)
    moves = legal_moves(Game.new(CODE).tops())
    table.play(moves[:1])
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    time.sleep(0.5)
    kill(profile)
    with contextlib.suppress(Exception):
        context.close()
    context = launch()
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(f"{base_url}/")
        wait_ready(page)
        expect(page.locator('[data-stat="code"]')).to_have_text(CODE)
        expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    finally:
        context.close()
