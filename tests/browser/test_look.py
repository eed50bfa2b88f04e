"""A real card table: drawn court cards, landscape phones and zoom, a first visit that
shows its progress, Restart, and motion that never stands in the way of a tap."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from halfmoon.words.i18n import text
from tests.browser.conftest import BOOT_TIMEOUT, SITE, open_game, wait_ready, wait_saved
from tests.browser.table import Table, overlapping, small_words

CODE = "HM1-N-AAAAAAB"  # P2 = Q♣, P3 = K♠, R3 = J♥; P5 + P6 = 6♥ + 5♥


# ---------------------------------------------------------------- court cards
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_court_cards_show_their_drawn_figure(browser: Browser, base_url: str, theme: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=theme)  # type: ignore[arg-type]
    page = open_game(context, base_url, "#" + CODE)
    sprite = (SITE / "static" / "courts.svg").read_text(encoding="utf-8")
    for slot, code in (("P2", "QC"), ("P3", "KS"), ("R3", "JH")):
        card = Table(page).card(slot)
        use = card.locator("svg.figure use")
        expect(use).to_have_attribute("href", f"static/courts.svg#{code}")
        assert f'<symbol id="{code}"' in sprite
        box, figure = card.bounding_box(), card.locator("svg.figure").bounding_box()
        assert box is not None and figure is not None
        # the art, not a letter, fills most of the face
        assert figure["width"] * figure["height"] > 0.7 * box["width"] * box["height"]
        # the symbol really loaded (the sprite arrives on its own, after the table)
        page.wait_for_function("u => u.getBBox().width > 0", arg=use.element_handle())
    number = Table(page).card("P5")
    assert number.locator("svg").count() == 0 and number.locator(".pip").count() == 1
    # the figure's colours follow the theme (softer at night)
    red = page.locator('[data-slot="P2"] svg.figure').evaluate(
        "s => { const p = document.createElementNS('http://www.w3.org/2000/svg', 'g');"
        " p.style.color = 'var(--court-red)'; s.append(p);"
        " const c = getComputedStyle(p).color; p.remove(); return c; }"
    )
    assert red == {"light": "rgb(230, 20, 8)", "dark": "rgb(201, 42, 31)"}[theme]
    context.close()


# ------------------------------------------------------- landscape and zoom
def geometry(page: Page) -> dict[str, Any]:
    return page.evaluate(
        """() => {
      const rect = e => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
      const cards = [...document.querySelectorAll('#table button[data-card]')].map(rect);
      const captions = [...document.querySelectorAll('#table .caption')]
        .filter(c => getComputedStyle(c).display !== 'none').map(rect);
      return {
        width: Math.min(...cards.map(c => c[2] - c[0])),
        left: Math.min(...cards.map(c => c[0])), right: Math.max(...cards.map(c => c[2])),
        captions,
        scrolls: document.scrollingElement.scrollHeight > innerHeight + 1
          || document.scrollingElement.scrollWidth > innerWidth + 1,
      };
    }"""
    )


@pytest.mark.parametrize(("width", "height"), [(740, 360), (844, 390)])
def test_landscape_phones_use_the_width_and_keep_cards_large(
    browser: Browser, base_url: str, width: int, height: int
) -> None:
    context = browser.new_context(
        viewport={"width": width, "height": height},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
        locale="pt-PT",
    )
    page = open_game(context, base_url, "#" + CODE)
    plain = geometry(page)
    Table(page).set_option("pile-numbers", True)
    numbered = geometry(page)
    assert numbered["width"] >= 36, numbered
    assert numbered["width"] >= 0.85 * plain["width"], (plain["width"], numbered["width"])
    assert len(numbered["captions"]) == 20 and overlapping(numbered["captions"]) == []
    assert not numbered["scrolls"] and not plain["scrolls"]
    assert numbered["right"] - numbered["left"] > 0.45 * width  # the table uses the width
    # the bar and the actions stand beside the table, not above and below it
    bar = page.locator(".bar").bounding_box()
    actions = page.locator(".actions").bounding_box()
    assert bar is not None and actions is not None
    assert bar["x"] + bar["width"] <= numbered["left"] and actions["x"] >= numbered["right"]
    context.close()


# The card width at each screen before the words grew to 12 px (commit 8c82945), without
# and with pile numbers: the words may take room, never from the cards.
CARD_WIDTHS = {
    (320, 480): (38.9, 38.9),
    (320, 568): (38.9, 38.9),
    (360, 640): (44.0, 44.0),
    (390, 844): (47.9, 47.9),
    (412, 915): (50.7, 50.7),
    (480, 320): (35.9, 35.9),
    (568, 320): (35.9, 35.9),
    (640, 360): (45.6, 45.6),
    (740, 360): (59.4, 51.5),
    (844, 390): (64.5, 56.6),
    (768, 1024): (96.6, 96.6),
    (1024, 768): (108.1, 97.3),
    (1366, 768): (110.2, 99.3),
    (1920, 1080): (165.2, 154.4),
}
DIALOG_BUTTONS = ["options", "rules", "stats", "calendar", "code"]


def card_width(page: Page) -> float:
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return page.locator("#table button.card").first.evaluate("b => b.getBoundingClientRect().width")


def test_no_words_under_12_px_on_any_screen_and_the_cards_as_large(
    browser: Browser, base_url: str
) -> None:
    context = browser.new_context(locale="pt-PT", is_mobile=True, has_touch=True)
    page = open_game(context, base_url, "#" + CODE)
    table = Table(page, touch=True)
    table.tap("P5")  # a card selected
    for (width, height), (plain, _) in CARD_WIDTHS.items():
        page.set_viewport_size({"width": width, "height": height})
        assert card_width(page) >= plain, (width, height)
        assert small_words(page) == [], (width, height)
        for name in DIALOG_BUTTONS:
            table.press(name)
            expect(page.locator("dialog[open]")).to_be_visible()
            assert small_words(page) == [], (width, height, name)
            page.keyboard.press("Escape")
            expect(page.locator("dialog[open]")).to_have_count(0)
    table.set_option("pile-numbers", True)
    for (width, height), (_, numbered) in CARD_WIDTHS.items():
        page.set_viewport_size({"width": width, "height": height})
        assert card_width(page) >= numbered, (width, height)
        assert small_words(page) == [], (width, height)  # the captions too
    context.close()


def test_at_300_percent_zoom_cards_keep_36_px_and_the_page_scrolls(
    browser: Browser, base_url: str
) -> None:
    """1280 × 800 at 300 %: 427 × 267 CSS pixels."""
    context = browser.new_context(viewport={"width": 427, "height": 267}, device_scale_factor=3)
    page = open_game(context, base_url, "#" + CODE)
    Table(page).set_option("pile-numbers", True)
    shown = geometry(page)
    assert shown["width"] >= 36 and shown["scrolls"]
    page.mouse.wheel(0, 600)
    expect(Table(page).card("P1")).to_be_in_viewport()  # scrolled to, and tappable
    Table(page).tap("P5"), Table(page).tap("P6")
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    context.close()


# ------------------------------------------------ restart, and leaving a game
def test_restart_and_leaving_a_game_ask_first_and_a_slip_costs_nothing(
    desktop: BrowserContext, base_url: str
) -> None:
    """One confirmation window asks before a game under way is restarted or left (New
    game, N, Deal of the day, Play a code); Escape, "no" and a click outside change
    nothing.  Escape with no window open lets go of the selection."""
    page = open_game(desktop, base_url, "#" + CODE)
    table = Table(page)
    table.tap("P5"), table.tap("P6")
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    table.press("restart")
    dialog = page.locator('[data-role="confirm"]')
    expect(dialog).to_be_visible()
    expect(dialog.locator("h2")).to_have_text("Recomeçar esta partida?")
    expect(dialog.locator("p")).to_have_text(
        f"A partida {CODE} volta ao início e desfaz 1 jogada. A partida a meio fica em "
        "«As suas partidas» e conta como deixada (a série de vitórias acaba); a nova conta "
        "como outra partida."
    )
    expect(dialog.locator('[data-answer="no"]')).to_be_focused()
    page.keyboard.press("Escape")  # a slip: nothing happens
    expect(dialog).to_be_hidden()
    assert table.stat("moves") == "1"
    table.press("restart")
    dialog.locator('[data-answer="yes"]').click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("0")
    assert table.stat("code") == CODE and table.tops()["P5"] == "6H"
    assert table.message() == f"Partida recomeçada: {CODE}."
    table.press("restart")  # nothing to undo: no question
    expect(dialog).to_be_hidden()
    # the statistics: the restarted deal is a new game, and the dialog says so
    table.tap("P5"), table.tap("P6")
    wait_saved(page)
    page.locator('[data-action="stats"]').click()
    assert page.locator('[data-stats="played"]').text_content() == "2"
    expect(page.locator('#dialog-stats [data-i18n="stats.note"]')).to_contain_text(
        "uma partida recomeçada conta como nova"
    )
    page.mouse.click(5, 5)  # a click outside the window closes it, as Escape does
    expect(page.locator("#dialog-stats")).to_be_hidden()
    # leaving the game under way: every way asks, in the same window, saying why
    for how in ("new", "n", "daily", "code"):
        if how == "n":
            table.card("P1").focus()
            page.keyboard.press("n")
        elif how == "code":
            table.press("code")
            page.locator("#code-input").fill("HM1-N-AAAAAAC")
            page.locator("#code-input").press("Enter")
        else:
            table.press(how)
        expect(dialog).to_be_visible()
        expect(dialog.locator("h2")).to_have_text("Deixar esta partida?")
        expect(dialog.locator("p")).to_contain_text("Fica em «As suas partidas»")
        expect(dialog.locator("p")).to_contain_text("conta como deixada")
        answer = {"new": "no", "n": "escape", "daily": "outside", "code": "no"}[how]
        if answer == "no":
            dialog.locator('[data-answer="no"]').click()
        elif answer == "escape":
            page.keyboard.press("Escape")
        else:
            page.mouse.click(5, 5)
        expect(dialog).to_be_hidden()
        assert (table.stat("code"), table.stat("moves")) == (CODE, "1"), how
        if how == "code":  # the code window comes back with the code as typed
            expect(page.locator("#dialog-code")).to_be_visible()
            expect(page.locator("#code-input")).to_be_focused()
            expect(page.locator("#code-input")).to_have_value("HM1-N-AAAAAAC")
            page.keyboard.press("Escape")
            expect(page.locator("#dialog-code")).to_be_hidden()
    # the deal code in the window is one piece, never cut across two lines
    assert dialog.locator("p .deal-code").text_content() == CODE
    # Escape, no window open: the selected cards let go
    table.tap("P2"), table.tap("P3")
    assert table.selected() == ["P2", "P3"]
    page.keyboard.press("Escape")
    expect(page.locator('[aria-pressed="true"]')).to_have_count(0)
    assert table.message() == "Seleção largada."
    # yes: the game is left (kept in your games), the new deal on the table
    table.press("new")
    dialog.locator('[data-answer="yes"]').click()
    expect(page.locator('[data-stat="moves"]')).to_have_text("0")
    assert table.stat("code") != CODE
    table.press("new")  # a game with no moves goes at once
    expect(dialog).to_be_hidden()


# ---------------------------------------------------------------------- motion
def ghosts(page: Page) -> list[dict[str, str]]:
    """The copies on their way.  Each is told where to fly in the frame after it is made:
    on a busy machine the test can look in between, so it waits for that frame."""
    page.wait_for_function(
        "[...document.querySelectorAll('.ghost')].every(g => g.style.getPropertyValue('--dx'))"
    )
    return page.evaluate(
        """[...document.querySelectorAll('.ghost')].map(g => ({
        kind: [...g.classList].filter(c => ['away', 'returning', 'dealt', 'waiting'].includes(c)).join(' '),
        dx: g.style.getPropertyValue('--dx'), dy: g.style.getPropertyValue('--dy'),
        place: g.parentElement.dataset.slot }))"""
    )


@pytest.mark.motion
def test_removed_cards_fly_to_the_score_and_come_back_on_undo(
    desktop: BrowserContext, base_url: str
) -> None:
    page = open_game(desktop, base_url, "#" + CODE)
    table = Table(page)
    table.tap("P5"), table.tap("P6")
    flying = ghosts(page)
    assert {g["place"] for g in flying} == {"P5", "P6"} and {g["kind"] for g in flying} == {"away"}
    score = page.locator('[data-stat="score"]').bounding_box()
    p5 = page.locator('[data-slot="P5"]').bounding_box()
    assert score is not None and p5 is not None
    away = next(g for g in flying if g["place"] == "P5")
    assert float(away["dy"].removesuffix("px")) < 0  # toward the bar above
    landed = p5["x"] + p5["width"] / 2 + float(away["dx"].removesuffix("px"))
    assert abs(landed - (score["x"] + score["width"] / 2)) < 2  # at the score's middle
    # a tap during the flight counts at once, on the card already in place
    table.tap("P2")
    assert table.selected() == ["P2"]
    expect(page.locator(".ghost")).to_have_count(0)  # every copy gone once it has flown
    table.tap("P2")
    table.press("undo")
    coming = ghosts(page)
    assert {g["place"] for g in coming} == {"P5", "P6"}
    assert {g["kind"] for g in coming} == {"returning"}
    expect(page.locator(".ghost")).to_have_count(0)
    expect(page.locator(".card.landing")).to_have_count(0)
    assert table.tops()["P5"] == "6H"


@pytest.mark.motion
def test_a_new_deal_is_dealt_card_by_card(desktop: BrowserContext, base_url: str) -> None:
    page = open_game(desktop, base_url, "#" + CODE)
    # every flight is recorded as it starts: on a busy machine the first may have
    # landed before the test looks
    page.evaluate(
        """window.flights = [];
        new MutationObserver((changes) => { for (const change of changes)
          for (const node of change.addedNodes)
            if (node.classList?.contains('ghost')) flights.push([...node.classList].join(' '));
        }).observe(document.querySelector('.board'), {childList: true, subtree: true});"""
    )
    Table(page).press("new")
    dealt = ghosts(page)
    assert page.evaluate("flights.length") == 20
    assert {g["kind"] for g in dealt} == {"dealt"}
    delays = page.evaluate(
        "[...document.querySelectorAll('.ghost')].map(g => getComputedStyle(g).animationDelay)"
    )
    assert delays[0] == "0s" and delays[-1] == "0.342s"  # 19 × 18 ms
    expect(page.locator(".ghost")).to_have_count(0)
    expect(page.locator(".card.landing")).to_have_count(0)
    # Restarting deals the same cards again: each is dealt, though it replaces itself
    # (a new deal's card that happened to equal the one before used to stay still).
    page.evaluate("flights.length = 0")
    Table(page).press("restart")
    assert page.evaluate("flights.length") == 20


@pytest.mark.parametrize("way", ["system", "option"])
def test_reduced_motion_moves_nothing(browser: Browser, base_url: str, way: str) -> None:
    context = browser.new_context(reduced_motion="reduce" if way == "system" else "no-preference")
    page = open_game(context, base_url, "#" + CODE)
    table = Table(page)
    if way == "option":
        table.set_option("reduce-motion", True)
    table.tap("P5"), table.tap("P6")
    table.press("undo")
    table.press("new")
    assert ghosts(page) == [] and page.locator(".card.landing").count() == 0
    context.close()


# ------------------------------------------------------------ the first visit
# Every value the progress bar shows, as the page draws it (each frame, until ready).
PROGRESS_SEEN = """window.progressSeen = [];
(function look() {
  const bar = document.getElementById('boot-progress');
  if (bar && !bar.hidden) {
    const shown = [+bar.value, document.getElementById('boot-bytes').textContent];
    const last = progressSeen[progressSeen.length - 1];
    if (!last || last[0] !== shown[0] || last[1] !== shown[1]) progressSeen.push(shown);
  }
  // (before the page is parsed there is no <html> yet)
  if (document.documentElement?.dataset.app !== 'ready') requestAnimationFrame(look);
})();"""


@pytest.mark.offline
def test_a_first_visit_shows_its_progress_and_then_that_it_works_offline(
    browser: Browser, base_url: str
) -> None:
    context = browser.new_context(locale="en-GB")
    context.add_init_script(PROGRESS_SEEN)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": 20,
            "downloadThroughput": 2_500_000,
            "uploadThroughput": 500_000,
        },
    )  # 20 Mbit/s: a few seconds for the whole first start
    # (not waiting for the load event: on a busy machine the worker's download of the
    # offline copy, beside the page's own, may hold it past goto's 30 s)
    page.goto(f"{base_url}/#{CODE}", wait_until="commit")
    boot = json.loads(page.locator("#boot-data").text_content() or "{}")
    bar = page.locator("#boot-progress")
    expect(bar).to_be_visible(timeout=BOOT_TIMEOUT)
    wait_ready(page)
    seen = page.evaluate("window.progressSeen")
    values = [v for v, _ in seen]
    # what arrives on the wire (compressed) out of what the first start takes there:
    # about 5 MB, not the files' 12 MB once unpacked
    assert bar.evaluate("p => p.max") == boot["first"]
    assert 3_000_000 < boot["first"] < 6_500_000
    assert len(set(values)) >= 3 and values == sorted(values)  # it moves, and only forward
    assert re.fullmatch(r"\d+\.\d MB of \d+\.\d MB received", seen[-1][1])
    arrived = page.evaluate(  # what the browser says came over the wire (Python's start)
        "performance.getEntriesByType('resource').reduce((n, e) => n + e.encodedBodySize, 0)"
    )
    assert values[-1] <= 1.05 * arrived  # the bar never told more than arrived
    expect(bar).to_be_hidden()
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    # a first visit says what to do, first words first; the offline note waits behind it
    message = page.locator('[data-role="message"]')
    expect(message).to_have_text(text("en", "welcome.text"))
    note = page.locator('[data-role="offline"]')
    expect(note).to_have_text(text("en", "app.offline-ready"), timeout=BOOT_TIMEOUT)
    assert note.is_hidden()
    page.locator('[data-welcome="close"]').click()  # put away: the note shows, alone
    expect(page.locator('[data-role="welcome"]')).to_have_count(0)
    assert message.text_content() == "" and note.is_visible()
    table = Table(page)
    table.tap("P5"), table.tap("P6")  # a later message: the note is no second line under it
    expect(message).not_to_be_empty()
    assert note.is_hidden()
    page.reload()  # a visit the service worker serves: no bar, no note, no welcome
    wait_ready(page)
    assert bar.is_hidden() and note.text_content() == ""
    assert message.text_content() == "" and page.locator('[data-role="welcome"]').count() == 0
    context.close()
