"""Back in a blink: a visit makes, in the background, the memory snapshot that the next
visit starts Python from; a damaged snapshot falls back to a normal start (and is made
again); ``?snapshot=off`` turns it off.  A return visit is a browser that quits and
starts again on the same profile."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, Playwright, expect

from halfmoon.host.examples import WON
from tests.browser.conftest import DESKTOP, Problems, wait_ready
from tests.browser.table import Table
from tools.chromium import launch_options

SNAPSHOT = "document.documentElement.dataset.snapshot"
MADE = "document.documentElement.dataset.snapshotMade"


@pytest.fixture
def profile() -> Iterator[str]:
    with tempfile.TemporaryDirectory(prefix="halfmoon-profile-") as folder:
        yield folder


def visit(
    playwright: Playwright, profile: str, url: str, problems: Problems
) -> tuple[BrowserContext, Page]:
    """The browser started on ``profile``, at ``url``, the game ready."""
    context = playwright.chromium.launch_persistent_context(
        profile, **launch_options(), locale="pt-PT", viewport=DESKTOP
    )
    context.on("page", problems.watch)
    page = context.pages[0] if context.pages else context.new_page()
    problems.watch(page)
    page.goto(url)
    wait_ready(page)
    return context, page


def test_a_return_visit_starts_from_the_snapshot_and_plays(
    playwright: Playwright, profile: str, base_url: str, problems: Problems
) -> None:
    url = f"{base_url}/#{WON.code}"
    context, page = visit(playwright, profile, url, problems)
    assert page.evaluate(SNAPSHOT) == "none"
    page.wait_for_function(MADE, timeout=60_000)  # made in the background
    kept, memory = page.evaluate("[+document.documentElement.dataset.snapshotMade,"
                                 " +document.documentElement.dataset.snapshotMemory]")
    assert kept > 1_000_000 and kept < 0.6 * memory  # its empty pages are not kept
    context.close()
    codes = []
    for _ in range(2):
        context, page = visit(playwright, profile, url, problems)
        assert page.evaluate(SNAPSHOT) == "restored"
        table = Table(page)
        table.play(WON.moves[:1])
        expect(page.locator('[data-stat="score"]')).to_have_text("10")
        assert "Par retirado" in (page.locator('[data-role="message"]').text_content() or "")
        table.press("undo")
        table.press("new")  # from the operating system's random source: never repeated
        codes.append(table.stat("code"))
        context.close()
    assert codes[0] != codes[1]


# what can become of a kept snapshot (static/snapshot-format.js says what its words are)
DAMAGE = """async (damage) => {
    const {snapshotCache, snapshotKey} = document.documentElement.dataset;
    const cache = await caches.open(snapshotCache);
    const good = new Uint8Array(await (await cache.match(snapshotKey)).arrayBuffer());
    const damaged = {
      "cut short": () => good.slice(0, good.length / 3),
      "another format": () => good.fill(7, 0, 4),  // its first word, the format's mark
      "pages out of order": () => good.copyWithin(12, 16, 20),  // a page number twice
    }[damage]();
    await cache.put(snapshotKey, new Response(damaged));
}"""


@pytest.mark.parametrize("damage", ["cut short", "another format", "pages out of order"])
def test_a_damaged_snapshot_falls_back_and_is_made_again(
    playwright: Playwright, profile: str, base_url: str, problems: Problems, damage: str
) -> None:
    url = f"{base_url}/#{WON.code}"
    context, page = visit(playwright, profile, url, problems)
    page.wait_for_function(MADE, timeout=60_000)
    page.evaluate(DAMAGE, damage)
    page.reload()
    wait_ready(page)
    assert page.evaluate(SNAPSHOT) == "failed"
    Table(page).play(WON.moves[:1])
    expect(page.locator('[data-stat="score"]')).to_have_text("10")
    page.wait_for_function(MADE, timeout=60_000)  # a good one again
    page.reload()
    wait_ready(page)
    assert page.evaluate(SNAPSHOT) == "restored"
    context.close()


def test_snapshot_off_starts_as_before(
    playwright: Playwright, profile: str, base_url: str, problems: Problems
) -> None:
    context, page = visit(playwright, profile, f"{base_url}/?snapshot=off#{WON.code}", problems)
    assert page.evaluate(SNAPSHOT) == "off"
    page.wait_for_timeout(3000)
    assert page.evaluate(MADE) is None
    assert page.evaluate("caches.keys()") == [] or all(
        not name.startswith("hm-snapshot-") for name in page.evaluate("caches.keys()")
    )
    context.close()
