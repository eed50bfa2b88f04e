"""The worker prototype of issue 54 plays (bench/worker/: MicroPython handlers on the
page, the unmodified engine and its session in Pyodide in a worker).  It is built beside
a copy of the site, never into it: the site's build does not ship it.

A person's taps on the cards: a pair and a trio leave, undo brings the trio back; then a
return visit (the browser quit and started again on its profile) restores Python from
the snapshot the first visit made, paints the kept table before the worker is up, and
plays a tap made on it meanwhile."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, Playwright, expect

from bench.worker import add_prototype
from halfmoon import Game
from tools.chromium import launch_options
from tools.serve import serve_in_background

from .conftest import PHONE_CONTEXT

pytestmark = pytest.mark.snapshot  # the prototype's worker makes its own snapshot

# A deal whose first table holds a trio and a pair apart from it (the engine says so)
CODE = "HM1-N-BJETTCR"
TRIO = ("P2", "R3", "R6")  # J♥, Q♠, K♠
PAIR = ("P1", "P7")  # 10♥, A♦
READY = "document.documentElement.dataset.app === 'ready'"
TIMEOUT = 60_000


@pytest.fixture(scope="module")
def proto_url(site: Path) -> Iterator[str]:
    """The prototype's address, served from a copy of the built site."""
    with tempfile.TemporaryDirectory(prefix="proto-site-") as tmp:
        copy = Path(tmp) / "site"
        shutil.copytree(site, copy)
        path = add_prototype(copy)
        server, base = serve_in_background(copy)
        try:
            yield f"{base}{path}#{CODE}"
        finally:
            server.shutdown()


def card(page: Page, slot: str) -> Locator:
    return page.locator(f'[data-slot="{slot}"] button[data-card]')


def code(game: Game, slot: str) -> str:
    top = game.top(slot)
    assert top is not None
    return top.code


def stat(page: Page, name: str) -> str:
    return page.locator(f'[data-stat="{name}"]').text_content() or ""


def test_the_deal_is_the_engines() -> None:
    game = Game.new(CODE)
    assert {game.top(s).rank for s in TRIO if game.top(s)} == {11, 12, 13}
    first, second = (game.top(s) for s in PAIR)
    assert first is not None and second is not None and first.rank + second.rank == 11


def open_profile(playwright: Playwright, profile: str) -> tuple[BrowserContext, Page]:
    context = playwright.chromium.launch_persistent_context(
        profile, **launch_options(), locale="pt-PT", **PHONE_CONTEXT
    )
    return context, context.pages[0] if context.pages else context.new_page()


def test_taps_play_a_pair_a_trio_and_undo_then_a_return_visit_restores(
    playwright: Playwright, proto_url: str
) -> None:
    with tempfile.TemporaryDirectory(prefix="proto-profile-") as profile:
        context, page = open_profile(playwright, profile)
        try:
            page.goto(proto_url)
            page.wait_for_function(READY, timeout=TIMEOUT)
            assert page.evaluate("document.documentElement.dataset.snapshot") == "none"
            game = Game.new(CODE)
            for slot, top in game.tops().items():  # the table is the engine's deal
                expect(card(page, slot)).to_have_attribute("data-card", top.code)
            assert stat(page, "code") == CODE and stat(page, "score") == "0"

            card(page, PAIR[0]).tap()
            expect(card(page, PAIR[0])).to_have_attribute("aria-pressed", "true")
            card(page, PAIR[1]).tap()
            expect(page.locator('[data-stat="score"]')).to_have_text("10")
            for slot in PAIR:
                game.tap(slot)
            for slot in PAIR:  # the cards under the pair's
                expect(card(page, slot)).to_have_attribute("data-card", code(game, slot))

            for slot in TRIO:
                card(page, slot).tap()
                game.tap(slot)
            expect(page.locator('[data-stat="score"]')).to_have_text("25")
            expect(page.locator('[data-stat="moves"]')).to_have_text("2")
            assert "+15" in (page.locator('[data-role="message"]').text_content() or "")

            page.locator('[data-action="undo"]').tap()
            game.undo()
            expect(page.locator('[data-stat="score"]')).to_have_text("10")
            for slot in TRIO:
                expect(card(page, slot)).to_have_attribute("data-card", code(game, slot))
            # the snapshot is made after the first answer; the play is kept by the page
            page.wait_for_function("document.documentElement.dataset.snapshotMade", timeout=TIMEOUT)
            assert page.evaluate("document.documentElement.dataset.snapshotMade") != "failed"
        finally:
            context.close()

        # The browser starts again on its profile: the kept table is painted before the
        # worker is up, a tap on it is kept, and played once the engine answers.
        context, page = open_profile(playwright, profile)
        try:
            page.goto(proto_url, wait_until="commit")
            page.wait_for_function("document.documentElement.dataset.painted === 'true'")
            assert stat(page, "score") == "10"  # the kept table, painted by MicroPython
            card(page, TRIO[0]).tap()  # before ready, most likely: kept, played then
            page.wait_for_function(READY, timeout=TIMEOUT)
            assert page.evaluate("document.documentElement.dataset.snapshot") == "restored"
            expect(card(page, TRIO[0])).to_have_attribute("aria-pressed", "true")
            for slot in TRIO[1:]:
                card(page, slot).tap()
            expect(page.locator('[data-stat="score"]')).to_have_text("25")
        finally:
            context.close()
