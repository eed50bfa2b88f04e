"""Issue 53: a game in another site's page, in a browser that blocks that frame's
storage (this Chromium, with its defaults: the game on localhost framed by a page on
127.0.0.1), keeps in partitioned cookies what fits — the game in progress, the options,
the language, a short record — and a reload of the host page finds them all; no request
to the game's site carries more than the engine's budget of them.  What fits, in what
order, and what is refused is decided and tested in CPython (tests/test_cookies.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Frame, Page, Request, expect

from halfmoon.host.examples import IMPASSE, WON
from halfmoon.keeping.cookies import BUDGET
from tests.browser.table import Table
from tests.browser.test_frame import FRAMED, host, ready
from tests.devices import Device
from tests.test_history import NOON

__all__ = ["host"]  # the fixture: a host page on another site


# the felt and the language the first frame shows, before Python (static/boot/data.js)
FIRST_FRAME = """document.addEventListener("DOMContentLoaded", () => {
  const root = document.documentElement;
  if (location.port && !window.__first) window.__first = [root.dataset.felt, root.lang];
});"""


def reload_host(page: Page) -> Frame:
    page.reload()
    return ready(page)


def tops(frame: Frame) -> dict[str, str | None]:
    return frame.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('[data-slot]')].map(
            (s) => [s.dataset.slot, s.querySelector('button[data-card]')?.dataset.card ?? null]))"""
    )


def test_a_frame_whose_storage_is_blocked_keeps_the_game_the_options_and_a_record(
    browser: Browser, host: Callable[..., str], tmp_path: Path
) -> None:
    context = browser.new_context(locale="en-GB", viewport={"width": 900, "height": 800})
    context.add_init_script(FIRST_FRAME)  # what the page shows before Python runs
    page = context.new_page()
    page.goto(host(FRAMED.replace("{query}", f"#{WON.code}")))
    frame = ready(page)
    assert frame.evaluate(
        "(() => { try { localStorage.length; return false } catch (e) { return true } })()"
    ), "this Chromium leaves the cross-site frame its storage: the test tests nothing"
    table = Table(frame)  # type: ignore[arg-type]  (a frame, as a page)
    table.play(WON.moves[:10])
    frame.locator('[data-action="options"]').click()
    frame.locator('[data-option="four-colour"]').check()
    frame.locator('[data-option="felt"]').select_option("blue")
    frame.locator('[data-option="language"]').select_option("es")
    page.keyboard.press("Escape")
    expect(frame.locator('[data-stat="moves"]')).to_have_text("10")
    before = tops(frame)
    seen: list[Request] = []
    page.on("request", lambda request: seen.append(request))
    # the host page reloaded: the same game, the same options and language
    frame = reload_host(page)
    expect(frame.locator('[data-stat="moves"]')).to_have_text("10")
    assert tops(frame) == before
    root = frame.locator("html")
    expect(root).to_have_attribute("data-felt", "blue")
    assert "four-colour" in (root.get_attribute("class") or "").split()
    assert frame.evaluate("document.documentElement.lang") == "es"
    assert frame.evaluate("window.__first") == ["blue", "es"]  # from the first frame
    # no request to the game's site carried more of them than the budget
    game = frame.evaluate("location.origin")
    cookies = [r.all_headers().get("cookie", "") for r in seen if r.url.startswith(game)]
    assert cookies and 0 < max(map(len, cookies)) <= BUDGET
    # the game won, the host page reloaded: the record kept, with the win in it
    table = Table(frame)  # type: ignore[arg-type]
    table.play(WON.moves[10:])
    end = frame.locator("#dialog-end")
    expect(end).to_be_visible()
    frame = reload_host(page)
    # the won game's end window, again, as on the game's own site
    expect(frame.locator("#dialog-end")).to_be_visible()
    frame.locator("#end-title").press("Escape")
    frame.locator('[data-action="stats"]').click()
    figures = frame.locator("#dialog-stats")
    expect(figures.locator('[data-stats="played"]')).to_have_text("1")
    expect(figures.locator('[data-stats="won"]')).to_have_text("1")
    # what this frame keeps, and what not, said in the player's language
    keeping = figures.locator('[data-role="keeping"]')
    expect(keeping).to_have_text(re.compile("^Se guarda en esta página: la partida en curso"))
    expect(keeping).to_have_attribute("data-keeping", "page")
    # a backup would not fit: it is refused, and the player told where it can be restored
    backup = tmp_path / "halfmoon.json"
    backup.write_text(Device(NOON, IMPASSE.code).backup())
    with page.expect_file_chooser() as chooser:
        figures.locator('[data-action="restore"]').click()
    chooser.value.set_files(backup)
    expect(figures.locator('[data-role="dialog-status"]')).to_have_text(
        re.compile("^Esta página solo guarda la partida en curso.*sitio del juego.$")
    )
    # another deal: the won game is in the list as kept here, without its moves, so
    # without a replay or a challenge (Play again and Share stay)
    frame.locator("#stats-title").press("Escape")
    frame.evaluate(f"location.hash = '#{IMPASSE.code}'")
    expect(frame.locator('[data-stat="code"]')).to_have_text(IMPASSE.code)
    frame.locator('[data-action="stats"]').click()
    figures.locator('[data-action="history"]').click()
    row = frame.locator('#dialog-history [data-role="games"] li')
    expect(row).to_have_count(1)
    for action, shown in (
        ("again", True),
        ("share", True),
        ("replay", False),
        ("challenge", False),
    ):
        button = row.locator(f'[data-action="{action}"]')
        expect(button).to_be_visible() if shown else expect(button).to_be_hidden()
    context.close()


def test_two_tabs_of_one_host_page_never_overwrite_each_other_s_game_silently(
    browser: Browser, host: Callable[..., str]
) -> None:
    context = browser.new_context(locale="en-GB", viewport={"width": 900, "height": 800})
    first = context.new_page()
    first.goto(host(FRAMED.replace("{query}", f"?lang=en#{WON.code}")))
    mine = ready(first)
    Table(mine).play(WON.moves[:2])  # type: ignore[arg-type]
    second = context.new_page()  # the same host page in another tab: the same game
    second.goto(first.url.split("#")[0])
    theirs = ready(second)
    expect(theirs.locator('[data-stat="moves"]')).to_have_text("2")
    theirs.evaluate(f"location.hash = '#{IMPASSE.code}'")  # there, another deal
    expect(theirs.locator('[data-stat="code"]')).to_have_text(IMPASSE.code)
    Table(mine).play(WON.moves[2:3])  # type: ignore[arg-type]  (the first tab goes on)
    expect(mine.locator('[data-role="notice"]')).to_have_text(  # the line for what lasts
        "This game is no longer kept in this page: another tab of the same page keeps"
        " its own game here. You can keep playing."
    )
    assert f"hm.g={IMPASSE.code}." in theirs.evaluate("document.cookie")  # theirs, kept
    context.close()
