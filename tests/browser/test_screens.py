"""Findable and hittable, on a phone held either way: every control a finger can reach
is at least 44 × 44 CSS px and no two overlap, the pile numbers are readable on every felt
and never under a pile's edge, every window opens at its top, its buttons within reach
and at most one scroll in it, and on the smallest phones every word reads whole in every
language."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from halfmoon.host.examples import WON
from halfmoon.words.i18n import LANGUAGES, html_lang, text
from tests.browser.axe import axe_violations
from tests.browser.conftest import open_game, wait_ready
from tests.browser.table import Table, overlapping, small_words
from tests.browser.test_challenge import another_tab_speaks, three_moves

CODE = "#HM1-N-AAAAAAB"
HIT = 43.5  # 44 CSS px, less what rounding takes

# Every control in view (cards excepted: their size is the table's, docs/design.md, "The table"): its box,
# or for a control inside a <label> the label's (a tap on the words counts too).
SMALL = """(scope) => {
  const all = scope.querySelectorAll('button, a[href], input:not([type="file"]), select, summary');
  const small = [];
  for (const el of all) {
    if (el.matches('#table .card') || el.closest('.diagram')) continue;
    const box = (el.closest('label') || el).getBoundingClientRect();
    const style = getComputedStyle(el);
    if (!box.width || !box.height || style.visibility === 'hidden') continue;
    if (box.width < %(hit)s || box.height < %(hit)s) {
      small.push(`${el.dataset.action || el.dataset.option || el.dataset.stepAction || el.textContent.trim().slice(0, 24)}: ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return small;
}""".replace("%(hit)s", str(HIT))

# Elements of a window that scroll, and the window's buttons out of reach: a button is
# within reach when, scrolled into view, it is the element under its own centre.
WINDOW = """(dialog) => {
  const scrolling = [dialog, ...dialog.querySelectorAll('*')].filter((el) => {
    const o = getComputedStyle(el).overflowY;
    return (o === 'auto' || o === 'scroll') && el.scrollHeight > el.clientHeight + 1;
  }).map((el) => el.id || el.className || el.tagName);
  const title = dialog.querySelector('h2').getBoundingClientRect();
  const top = { scrolled: dialog.scrollTop, title: title.top >= 0 && title.bottom <= innerHeight,
                focus: document.activeElement.tagName };
  const unreachable = [];
  for (const b of dialog.querySelectorAll('button')) {
    if (!b.getClientRects().length) continue;
    b.scrollIntoView({ block: 'nearest' });
    const r = b.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!b.contains(hit)) unreachable.push(b.textContent.trim() || b.dataset.stepAction);
  }
  return { scrolling, top, unreachable };
}"""

CONTRAST = """() => {
  const rgb = (c) => c.match(/[\\d.]+/g).map(Number);
  const lum = (c) => {
    const [r, g, b] = rgb(c).slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const caption = getComputedStyle(document.querySelector('[data-slot="P1"] .caption'));
  const ground = caption.backgroundColor;
  return { ratio: ratio(caption.color, ground), opaque: rgb(ground).length === 3 || rgb(ground)[3] === 1 };
}"""


def windows(page: Page) -> dict[str, Any]:
    """Each window opened by a tap as a player opens it, then looked at and closed."""
    seen: dict[str, Any] = {}
    openers = {
        "options": ['[data-action="options"]'],
        "code": ['[data-action="code"]'],
        "rules": ['[data-action="rules"]'],
        "stats": ['[data-action="stats"]'],
        "calendar": ['[data-action="calendar"]'],
        "history": ['[data-action="stats"]', '#dialog-stats [data-action="history"]'],
        "replay": [
            '[data-action="stats"]',
            '#dialog-stats [data-action="history"]',
            '#dialog-history [data-action="replay"] >> nth=0',
        ],
    }
    for name, taps in openers.items():
        for selector in taps:
            page.locator(selector).tap()
        dialog = page.locator(f"#dialog-{name}")
        expect(dialog).to_be_visible()
        page.wait_for_timeout(100)
        seen[name] = dialog.evaluate(WINDOW) | {"small": dialog.evaluate(SMALL)}
        page.keyboard.press("Escape")
        expect(page.locator("dialog[open]")).to_have_count(0)
    return seen


@pytest.mark.parametrize(("width", "height"), [(390, 844), (844, 390)])
def test_every_control_is_hittable_and_every_window_opens_at_its_top(
    browser: Browser, base_url: str, width: int, height: int
) -> None:
    context = browser.new_context(
        locale="pt-PT",
        viewport={"width": width, "height": height},
        has_touch=True,
        is_mobile=True,
        device_scale_factor=2,
    )
    page = open_game(context, base_url, CODE)
    table = Table(page, touch=True)
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    assert page.evaluate(SMALL, page.locator("body").element_handle()) == []
    # a first visit: the welcome on the table, no window; its way to the rules (upright)
    expect(page.locator('[data-role="message"]')).to_contain_text("Half Moon: toque em duas")
    assert page.locator("dialog[open]").count() == 0
    if height > width:
        page.locator('[data-welcome="rules"]').tap()
        expect(page.locator("#dialog-rules")).to_be_visible()
        page.keyboard.press("Escape")
    table.tap("P4"), table.tap("P7")  # a move, then a new deal: a game to replay
    expect(page.locator('[data-role="welcome"]')).to_have_count(0)  # the first tap put it away
    page.locator('[data-action="new"]').tap()
    confirm = page.locator('[data-role="confirm"] [data-answer="yes"]')
    if confirm.count() and confirm.is_visible():  # the question before a game is left
        confirm.tap()
    for name, seen in windows(page).items():
        assert seen["small"] == [], name
        assert seen["unreachable"] == [], name
        assert len(seen["scrolling"]) <= 1, (name, seen["scrolling"])
        top = seen["top"]
        assert top["title"] and top["scrolled"] == 0, (name, top)
    # the statistics: your games and backups without scrolling, each a tap away
    page.locator('[data-action="stats"]').tap()
    for way in ('[data-action="history"]', '[data-dialog-action="to-backup"]'):
        assert page.locator(f"#dialog-stats {way}").evaluate(
            "b => b.getBoundingClientRect().bottom <= innerHeight"
        )
    page.locator('#dialog-stats [data-dialog-action="to-backup"]').tap()
    expect(page.locator("#keep-title")).to_be_focused()
    expect(page.locator('#dialog-stats [data-action="backup"]')).to_be_in_viewport()
    page.keyboard.press("Escape")
    # pile numbers: readable on every felt in both themes, clear of the pile's edges,
    # and saying what they count
    table.set_option("pile-numbers", True)
    for theme in ("light", "dark"):
        for felt in ("green", "blue", "burgundy", "grey"):
            page.locator('[data-action="options"]').tap()
            page.locator('[data-option="theme"]').select_option(theme)
            page.locator('[data-option="felt"]').select_option(felt)
            page.keyboard.press("Escape")
            seen = page.evaluate(CONTRAST)
            assert seen["opaque"] and seen["ratio"] >= 4.5, (theme, felt, seen)
    caption = page.locator('[data-slot="P1"] .caption')
    assert caption.get_attribute("title") == "Monte 1: 8 cartas"
    # drawn over the pile's stacked edges, on its own ground: no edge runs through it
    assert caption.evaluate(
        """c => { const r = c.getBoundingClientRect();
                  return document.elementFromPoint(r.left + r.width / 2, r.top + 2) === c; }"""
    )
    context.close()


# ------------------------------------------------------------ every screen clean
# From the smallest phone to 4K, held both ways.
SIZES = [
    (320, 480),
    (480, 320),
    (320, 568),
    (568, 320),
    (360, 480),
    (390, 844),
    (844, 390),
    (768, 1024),
    (1024, 768),
    (1024, 600),
    (1100, 800),
    (1366, 768),
    (1920, 1080),
    (2160, 3840),
    (3840, 2160),
]
# The longest line the game says on the table: a link with a character no deal code
# has (the longest reason), said in a game under way.
BAD_LINK = "#HM1-N-AÇÃOBCD"

# The board measured again for the window's size (static/boot/size.js), then laid out.
RESIZED = """() => {
  const board = document.querySelector('.board');
  const box = board.getBoundingClientRect();
  return Math.abs(parseFloat(board.style.getPropertyValue('--bw')) - box.width) < 0.5
    && Math.abs(parseFloat(board.style.getPropertyValue('--bh')) - box.height) < 0.5;
}"""

# Words on the felt that touch a card, the bar or the actions, or leave the window: the
# message line's text (as far as its box shows it, where it scrolls) and the welcome's
# buttons.
COVERING = """() => {
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
    && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const clip = (r, c) => ({ left: Math.max(r.left, c.left), right: Math.min(r.right, c.right),
                            top: Math.max(r.top, c.top), bottom: Math.min(r.bottom, c.bottom) });
  const message = document.querySelector('[data-role="message"]');
  const shown = message.getBoundingClientRect();
  const scrolls = getComputedStyle(message).overflowY !== 'visible';
  const range = document.createRange();
  range.selectNodeContents(message);
  const words = [...range.getClientRects()].map((r) => ['message', scrolls ? clip(r, shown) : r]);
  for (const b of document.querySelectorAll('[data-role="welcome"] button'))
    if (b.getClientRects().length) words.push([b.dataset.welcome, b.getBoundingClientRect()]);
  const things = [...document.querySelectorAll('#table .card')].map((c) => [c.dataset.card, c]);
  things.push(['bar', document.querySelector('.bar')], ['actions', document.querySelector('.actions')]);
  const page = { left: 0, top: 0, right: innerWidth, bottom: document.documentElement.scrollHeight };
  const seen = [];
  for (const [what, r] of words) {
    if (r.right - r.left < 0.5 || r.bottom - r.top < 0.5) continue;
    if (r.left < -0.5 || r.right > page.right + 0.5 || r.bottom > page.bottom + 0.5)
      seen.push(`${what} leaves the window`);
    for (const [name, el] of things)
      if (meet(r, el.getBoundingClientRect())) seen.push(`${what} over ${name}`);
  }
  return [...new Set(seen)];
}"""

# Buttons whose label runs out of them: a line of their words past their box, or more
# to scroll than they show.
SPILLING = """(scope) => {
  const spilling = [];
  for (const b of scope.querySelectorAll('button')) {
    if (!b.getClientRects().length || b.matches('#table .card') || b.closest('.diagram')) continue;
    if (getComputedStyle(b).visibility === 'hidden' || b.closest('dialog:not([open])')) continue;
    const box = b.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(b);
    const out = [...range.getClientRects()].some((r) => r.width > 0 && (
      r.left < box.left - 0.5 || r.right > box.right + 0.5
      || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5));
    if (out || b.scrollWidth > b.clientWidth + 1)
      spilling.push(`${b.dataset.action || b.dataset.day || b.textContent.trim().slice(0, 24)}`);
  }
  return spilling;
}"""

# Controls of a window that stick out of its sides (a select as wide as its longest
# choice, on a small screen).
STICKING_OUT = """(dialog) => {
  const box = dialog.getBoundingClientRect();
  return [...dialog.querySelectorAll('select, input, button')]
    .filter((el) => el.getClientRects().length)
    .filter((el) => {
      const r = el.getBoundingClientRect();
      return r.left < box.left - 0.5 || r.right > box.right + 0.5;
    })
    .map((el) => el.dataset.option || el.dataset.action || el.id || el.tagName);
}"""


def each_size(page: Page) -> Iterator[str]:
    """The page resized to each size in turn (one page: as a window is resized)."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(RESIZED)
        yield f"{width}x{height}"


# Each language's welcome and bad link, as they begin.
SAID = {
    "pt-PT": ("Half Moon: toque em duas", "A ligação aberta não tem um código de partida válido: "),
    "en-GB": ("Half Moon: tap two cards", "The link you opened has no valid deal code: "),
}


@pytest.mark.parametrize("locale", list(SAID))
def test_no_word_covers_a_card_or_a_control_and_every_label_stays_in_its_button(
    browser: Browser, base_url: str, locale: str
) -> None:
    """At every size, in both languages: the first visit's welcome and the longest line
    the game says touch no card, neither the bar nor the actions; no button's label
    leaves it; every control a finger reaches (calendar days too) is 44 × 44 px."""
    context = browser.new_context(
        locale=locale, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = open_game(context, base_url, CODE)
    welcome, goes_on = SAID[locale]
    body = page.locator("body").element_handle()
    message = page.locator('[data-role="message"]')
    expect(message).to_contain_text(welcome)
    for size in each_size(page):  # the welcome
        assert page.evaluate(COVERING) == [], size
        assert page.evaluate(SPILLING, body) == [], size
        assert page.evaluate(SMALL, body) == [], size
    page.set_viewport_size({"width": 390, "height": 844})
    table = Table(page, touch=True)
    table.tap("P4"), table.tap("P7")  # a game under way
    page.evaluate(f"location.hash = {BAD_LINK!r}")  # a link followed, that no deal has
    expect(message).to_contain_text(goes_on)
    for size in each_size(page):
        assert page.evaluate(COVERING) == [], size
        assert page.evaluate(SPILLING, body) == [], size
    # windows: the calendar's days, the statistics' buttons, the question before a game
    # under way is left (New game)
    for action, name in (("calendar", "calendar"), ("stats", "stats"), ("new", "confirm")):
        page.locator(f'[data-action="{action}"]').tap()
        dialog = page.locator(f"#dialog-{name}")
        expect(dialog).to_be_visible()
        window = dialog.element_handle()
        for size in each_size(page):
            assert page.evaluate(SPILLING, window) == [], (name, size)
            assert page.evaluate(SMALL, window) == [], (name, size)
        page.keyboard.press("Escape")
    context.close()


# The languages the tests above do not already measure at every size (pt, en).
MORE_LANGUAGES = [code for code in LANGUAGES if code not in ("pt", "en")]


def test_every_language_fits_each_screen_and_passes_axe(browser: Browser, base_url: str) -> None:
    """In each language, one page taken from one to the next by its address (``?lang=``):
    at a small phone, a phone and a desktop, with a move's line said, the table and the
    options window (its longest words) show no word over a card or out of the window, no
    label out of its button, nothing under 12 px; axe finds nothing on the table nor in
    the options."""
    context = browser.new_context(
        locale="pt-PT", viewport={"width": 320, "height": 568}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    for lang in MORE_LANGUAGES:
        page.goto(f"{base_url}/?lang={lang}{CODE}")
        wait_ready(page)
        assert page.evaluate("document.documentElement.lang") == html_lang(lang)
        table = Table(page, touch=True)
        table.tap("P4"), table.tap("P7")  # a pair: the line says its cards and the score
        expect(page.locator('[data-stat="moves"]')).to_have_text("1")
        body = page.locator("body").element_handle()
        for width, height in ((320, 568), (390, 844), (1366, 768)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function(RESIZED)
            size = f"{lang} {width}x{height}"
            assert page.evaluate(COVERING) == [], size
            assert page.evaluate(SPILLING, body) == [], size
            assert small_words(page) == [], size
            page.locator('[data-action="options"]').click()
            window = page.locator("#dialog-options")
            expect(window).to_be_visible()
            assert page.evaluate(SPILLING, window.element_handle()) == [], size
            assert page.evaluate(STICKING_OUT, window.element_handle()) == [], size
            assert small_words(page) == [], size
            if width > 1000:
                assert axe_violations(page) == [], f"options, {size}"
                # a laptop's screen shows the whole window: Close in sight, no scrolling
                fits = "(w) => w.scrollHeight <= w.clientHeight + 1"
                assert page.evaluate(fits, window.element_handle()), f"options scroll, {size}"
            page.keyboard.press("Escape")
        assert axe_violations(page) == [], f"table, {lang}"
        page.set_viewport_size({"width": 320, "height": 568})
    context.close()


# The board's width and the page's, each frame from a resize on (the first frames after
# it, as the player sees them).
FRAMES = """(width) => { window.__frames = new Promise((done) => {
  const board = document.querySelector('.board');
  const seen = [];
  const tick = () => {
    if (innerWidth === width)
      seen.push([board.getBoundingClientRect().width, document.documentElement.scrollWidth]);
    if (seen.length < 30) requestAnimationFrame(tick); else done(seen);
  };
  requestAnimationFrame(tick);
}); }"""


def test_a_window_turned_into_a_landscape_phone_fits_at_once(
    browser: Browser, base_url: str
) -> None:
    """From upright to a landscape phone's layout (the bar and the actions beside the
    table): the table fits its new room within two frames, not a few pixels a frame (it
    took ≈0.6 s, with up to 130 px of sideways overflow, when the felt's width followed
    the cards sized by it)."""
    context = browser.new_context(viewport={"width": 640, "height": 854})
    page = open_game(context, base_url, CODE)
    page.evaluate(FRAMES, 641)  # watching from now on
    page.set_viewport_size({"width": 641, "height": 401})
    seen = page.evaluate("window.__frames")
    settled = seen[-1]
    assert settled[1] == 641, seen  # nothing out of the page at the end
    changed = [i for i, row in enumerate(seen) if row != settled]
    assert max(changed, default=0) <= 2, seen  # and so from the third frame on
    context.close()


# ------------------------------------------- the smallest phones, in every language
# (issue 52, item 5).  What a 320-pixel phone shows in a wide font (DejaVu Sans, Debian's
# system-ui, the suite's): the longest words of every language on the actions, a
# challenge from a long name, and its two results side by side at the end.
SMALLEST = [(320, 568), (320, 480)]
NAME = "Maximiliana Fernandes"  # 21 characters

# The actions' labels a player cannot read whole: off the screen (``width`` wide: a phone's
# browser widens its page to what sticks out, and shows it smaller), out of their button,
# or nearer the next one in their row than a space (two labels then read as one word); and
# the page wider than the screen, scrolling sideways.
ACTION_LABELS = """(width) => {
  const seen = [];
  const range = document.createRange();
  const ink = document.createElement('canvas').getContext('2d');
  const labels = [...document.querySelectorAll('.actions .button')]
    .filter((b) => b.getClientRects().length)
    .map((b) => {
      const label = b.lastElementChild;
      range.selectNodeContents(label);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      ink.font = getComputedStyle(label).font;
      return { words: label.textContent, box: b.getBoundingClientRect(),
               space: ink.measureText(' ').width,
               left: Math.min(...rects.map((r) => r.left)),
               right: Math.max(...rects.map((r) => r.right)) };
    });
  for (const l of labels) {
    if (l.left < -0.5 || l.right > width + 0.5)
      seen.push(`"${l.words}" runs off the screen (${l.left.toFixed(1)} to ${l.right.toFixed(1)})`);
    else if (l.left < l.box.left - 0.5 || l.right > l.box.right + 0.5)
      seen.push(`"${l.words}" runs out of its button`);
    const next = labels
      .filter((o) => o.box.left > l.box.left + 1 && o.box.top < l.box.bottom && l.box.top < o.box.bottom)
      .sort((a, b) => a.box.left - b.box.left)[0];
    if (next && next.left - l.right < l.space)
      seen.push(`"${l.words}" touches "${next.words}" (${(next.left - l.right).toFixed(1)} px apart)`);
  }
  const sideways = Math.max(document.documentElement.scrollWidth, innerWidth) - width;
  if (sideways > 0) seen.push(`the page scrolls ${sideways} px sideways`);
  return seen;
}"""

# What the game says and a challenge's line: each whole in view (no line of it hidden in a
# scroll, none off the screen), over no card, neither the bar nor the actions.
CHALLENGE_SEEN = """() => {
  const seen = [];
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
    && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const range = document.createRange();
  const parts = [];
  for (const [name, role] of [['what the game says', 'message'], ["the challenge's words", 'challenge-words']]) {
    const el = document.querySelector(`[data-role="${role}"]`);
    const hidden = el.scrollHeight - el.clientHeight;
    if (hidden > 1) seen.push(`${name}: ${hidden} px of its lines hidden, scrolled ("${el.textContent}")`);
    range.selectNodeContents(el);
    for (const r of range.getClientRects()) if (r.width > 0) parts.push([name, r]);
  }
  for (const b of document.querySelectorAll('[data-role="challenge"] button'))
    if (b.getClientRects().length) parts.push([`the button "${b.textContent}"`, b.getBoundingClientRect()]);
  const things = [...document.querySelectorAll('#table .card')].map((c) => [c.dataset.card, c]);
  things.push(['the bar', document.querySelector('.bar')], ['the actions', document.querySelector('.actions')]);
  for (const [name, r] of parts) {
    if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
      seen.push(`${name} leaves the screen`);
    for (const [thing, el] of things)
      if (meet(r, el.getBoundingClientRect())) seen.push(`${name} over ${thing}`);
  }
  return [...new Set(seen)];
}"""

# Words cut inside, across two lines (a break at a hyphen is a break between words).
BROKEN_WORDS = """(scope) => {
  const broken = [];
  const range = document.createRange();
  const walk = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.parentElement.checkVisibility()) continue;
    for (const word of n.textContent.matchAll(/[^\\s-]+/g)) {
      range.setStart(n, word.index);
      range.setEnd(n, word.index + word[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0)
        .map((r) => Math.round(r.bottom)));
      if (lines.size > 1) broken.push(word[0]);
    }
  }
  return broken;
}"""


def test_every_word_reads_whole_on_the_smallest_phones_in_every_language(
    browser: Browser, base_url: str
) -> None:
    """At 320 × 568 and 320 × 480, in every language: every action's label inside the
    screen and its button and a space at least from the next, the page never scrolling
    sideways (French cut Calendrier and Statistiques at the screen's edges, Recommencer
    touched its neighbours, the page scrolled 3 px); a challenge from a 21-character name:
    what the game says and the challenge's line each whole in view (the line said "A
    challenge from Maximiliana", the rest hidden in a one-line scroll); and no word cut
    inside, there nor in the end window's two results ("Maximilia / na", "4 jugad / as")."""
    challenge = three_moves(WON.code, NAME)
    context = browser.new_context(
        locale="pt-PT", viewport={"width": 320, "height": 568}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    for lang in LANGUAGES:
        page.goto(f"{base_url}/?lang={lang}#{challenge.link_text()}")
        wait_ready(page)
        expect(page.locator('[data-role="challenge-words"]')).to_contain_text(NAME)
        body = page.locator("body").element_handle()
        for width, height in SMALLEST:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function(RESIZED)
            where = f"{lang}, {width}x{height}"
            assert page.evaluate(ACTION_LABELS, width) == [], f"the actions, {where}"
            assert page.evaluate(CHALLENGE_SEEN) == [], f"the challenge, {where}"
            assert page.evaluate(BROKEN_WORDS, body) == [], f"words cut inside, {where}"
        page.set_viewport_size({"width": 320, "height": 568})
    # the end, the challenger's result beside the player's, as each language says them
    # (on the game's own address: a ?lang= page keeps its language over another tab's)
    page.goto(f"{base_url}/#{challenge.link_text()}")
    wait_ready(page)
    page.evaluate(  # the whole winning line, each card clicked (the page's own path)
        """(taps) => taps.forEach((slot) => document.querySelector(
            `[data-slot="${slot}"] button[data-card]`).click())""",
        [slot for move in WON.moves for slot in move],
    )
    versus = page.locator('#dialog-end [data-role="versus"]')
    expect(versus).to_be_visible()
    for lang in LANGUAGES:
        another_tab_speaks(page, lang)
        expect(versus.locator("thead th")).to_have_text([NAME, text(lang, "challenge.versus.you")])
        for width, height in SMALLEST:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function(RESIZED)
            where = f"the two results, {lang}, {width}x{height}"
            assert page.evaluate(BROKEN_WORDS, versus.element_handle()) == [], where
            assert versus.evaluate("(v) => v.scrollWidth <= v.clientWidth + 1"), where
    context.close()


# ------------------------------------------ a phone on its side: no two targets overlap
# (issue 52, item 6).  Every control a finger taps, on the table and beside it: its box,
# named by what it does (or the card it is).
TARGETS = """() => [...document.querySelectorAll('button, a[href], input:not([type="file"]), select')]
  .filter((el) => el.getClientRects().length && !el.closest('dialog')
    && el.checkVisibility({visibilityProperty: true}))
  .map((el) => { const r = el.getBoundingClientRect();
    return [el.dataset.action || el.dataset.card || el.textContent.trim().slice(0, 24),
            r.left, r.top, r.right, r.bottom]; })"""


def test_no_two_targets_overlap_on_a_phone_on_its_side(browser: Browser, base_url: str) -> None:
    """At 844 × 390 and 667 × 375, touch, in every language: no two things a finger taps
    overlap, and none reaches off the screen (the deal code's copy target, 44 px tall,
    covered the top of Pause and Full screen, and began 2 px off the screen's left edge)."""
    context = browser.new_context(
        locale="pt-PT", viewport={"width": 844, "height": 390}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    for lang in LANGUAGES:
        page.goto(f"{base_url}/?lang={lang}{CODE}")
        wait_ready(page)
        for width, height in ((844, 390), (667, 375)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function(RESIZED)
            where = f"{lang}, {width}x{height}"
            targets = page.evaluate(TARGETS)
            assert len(targets) > 30, where  # the cards, the bar's and the actions'
            pairs = [
                f"{targets[i][0]} {targets[i][1:]} and {targets[j][0]} {targets[j][1:]}"
                for i, j in overlapping([t[1:] for t in targets])
            ]
            assert pairs == [], f"overlapping targets, {where}: {pairs}"
            off = [
                f"{name} ({left:.1f}, {top:.1f}, {right:.1f}, {bottom:.1f})"
                for name, left, top, right, bottom in targets
                if left < -0.5 or top < -0.5 or right > width + 0.5 or bottom > height + 0.5
            ]
            assert off == [], f"targets off the screen, {where}: {off}"
    context.close()
