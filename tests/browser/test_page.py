"""The page itself: arch geometry, what is shown, the skeleton, start-up failure,
languages and remembered options."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from halfmoon import Game
from halfmoon.rules.layout import PILES, RESERVE, SLOTS
from halfmoon.words.i18n import LANGUAGES, choose_language, text
from tests.browser.conftest import BOOT_TIMEOUT, SITE, Problems, open_game, wait_ready
from tests.browser.table import Table, engine_tops, overlapping
from tools import build_site
from tools.archive import archive_bytes

VIEWPORTS = [(320, 480), (390, 844), (844, 390), (768, 1024), (1366, 768), (1920, 1080)]


def test_the_arch_and_reserve_geometry(browser: Browser, base_url: str) -> None:
    """On every screen, from a large desktop to a small phone held either way: the
    table opened on the largest, then the window resized to each, as a window dragged
    or a phone turned.  The cards follow at once (static/boot/size.js): from the
    largest down, cards left at an earlier size would run off the screen."""
    screens = sorted(VIEWPORTS, reverse=True)  # the widest first
    (width, height), *_ = screens
    context = browser.new_context(viewport={"width": width, "height": height}, locale="pt-PT")
    page = open_game(context, base_url, "#HM1-N-AAAAAAB")
    for width, height in screens:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        try:
            check_geometry(page, width, height)
        except AssertionError as failed:
            raise AssertionError(f"at {width}x{height}: {failed}") from failed
    context.close()


def check_geometry(page: Page, width: int, height: int) -> None:
    boxes = {s: page.locator(f'[data-slot="{s}"] button[data-card]').bounding_box() for s in SLOTS}
    assert all(boxes.values())
    box = {s: b for s, b in boxes.items() if b is not None}

    def cx(s: str) -> float:
        return box[s]["x"] + box[s]["width"] / 2

    def cy(s: str) -> float:
        return box[s]["y"] + box[s]["height"] / 2

    w, h = box["P1"]["width"], box["P1"]["height"]
    assert w >= 36 and h > w  # cards are never under 36 px wide (docs/design.md)
    top = [f"P{i}" for i in range(4, 11)]
    assert len({round(cy(s)) for s in top}) == 1  # 7 piles on one top row
    assert [cx(s) for s in top] == sorted(cx(s) for s in top)  # P4 … P10 left to right
    left = ["P4", "P3", "P2", "P1"]  # P3, P2, P1 under the top-left corner, going down
    assert len({round(cx(s)) for s in left}) == 1
    assert [cy(s) for s in left] == sorted(cy(s) for s in left)
    right = ["P10", "P11", "P12"]  # P11, P12 under the top-right corner
    assert len({round(cx(s)) for s in right}) == 1
    assert [cy(s) for s in right] == sorted(cy(s) for s in right)
    assert cy("P12") < cy("P1")  # the right side is shorter: 2 piles against 3
    row1, row2 = RESERVE[:4], RESERVE[4:]
    for row, beside in ((row1, "P3"), (row2, "P2")):
        assert {round(cy(s)) for s in row} == {round(cy(beside))}
        assert [cx(s) for s in row] == sorted(cx(s) for s in row)
        assert cx("P3") + w / 2 < box[row[0]]["x"] and box[row[-1]]["x"] + w < cx("P11")
    middle = (cx("R1") + cx("R4")) / 2  # the reserve is centred under the top row
    assert abs(middle - (cx("P4") + cx("P10")) / 2) < 2
    for s in SLOTS:  # everything is on screen
        b = box[s]
        assert b["x"] >= 0 and b["x"] + b["width"] <= width
        assert b["y"] >= 0 and b["y"] + b["height"] <= height
    # nothing overlaps: no card another, and none the bar or the row of actions
    chrome = [page.locator(sel).bounding_box() for sel in (".bar", ".actions")]
    rects = [(b["x"], b["y"], b["x"] + b["width"], b["y"] + b["height"]) for b in box.values()]
    assert overlapping(rects) == []
    for c in chrome:
        assert c is not None
        bar = (c["x"], c["y"], c["x"] + c["width"], c["y"] + c["height"])
        assert [r for r in rects if overlapping([bar, r])] == []
    no_scroll = page.evaluate(
        "document.scrollingElement.scrollHeight <= innerHeight && "
        "document.scrollingElement.scrollWidth <= innerWidth"
    )
    assert no_scroll


def test_exactly_the_top_cards_and_the_reserve_are_shown(
    desktop: BrowserContext, base_url: str
) -> None:
    page = open_game(desktop, base_url, "#HM1-N-AAAAAAA")
    game = Game.new("HM1-N-AAAAAAA")
    assert page.locator("button[data-card]").count() == 20
    assert Table(page).tops() == engine_tops(game)
    # No card below a top card exists anywhere in the page, not even hidden.
    assert page.locator("[data-card]").count() == 20
    assert page.locator("#table [aria-label]").count() == 20
    labels = page.locator("button[data-card]").evaluate_all(
        "bs => bs.map(b => b.getAttribute('aria-label'))"
    )
    assert labels[0] == "7♥ Sete de Copas, monte 1, 8 cartas"  # P1's top card is 7H
    assert "reserva 1, 1 carta" in labels[12]


def test_pile_numbers_option_shows_names_and_counts(desktop: BrowserContext, base_url: str) -> None:
    table = Table(open_game(desktop, base_url, "#HM1-N-AAAAAAB"))
    caption = table.page.locator('[data-slot="P1"] .caption')
    expect(caption).to_be_hidden()
    table.set_option("pile-numbers", True)
    expect(caption).to_have_text("1 (8)")
    assert table.page.locator('[data-slot="R3"] .caption').text_content() == "R3 (1)"
    table.tap("P5"), table.tap("P6")
    expect(table.page.locator('[data-slot="P5"] .caption')).to_have_text("5 (7)")
    table.page.reload()
    table.page.wait_for_function("document.documentElement.dataset.app === 'ready'")
    expect(table.page.locator('[data-slot="P5"] .caption')).to_be_visible()  # remembered
    assert table.page.locator('[data-option="pile-numbers"]').is_checked()


def test_the_skeleton_shows_before_python_is_ready(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="pt-PT")
    page = context.new_page()
    release: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: release.append(route))
    # a link to a deal the page holds no record of: what it deals is Python's to say
    # (a new player with no link gets a new deal painted: test_first_paint.py)
    page.goto(base_url + "/#HM1-N-AAAAAAB")
    page.wait_for_function("document.querySelectorAll('.back').length === 20")
    assert page.evaluate("document.documentElement.dataset.app") == "loading"
    expect(page.locator("#boot-status")).to_have_text("A preparar a mesa…")
    # the loading line is ordinary text, not drawn as the start-up error would be
    look = "el => [getComputedStyle(el).color, getComputedStyle(el).fontWeight]"
    loading = page.locator("#boot-status").evaluate(look)
    ink_dim = page.evaluate(
        "(() => { const s = document.createElement('span'); s.style.color = 'var(--ink-dim)';"
        " document.body.append(s); const c = getComputedStyle(s).color; s.remove(); return c })()"
    )
    assert loading == [ink_dim, "400"]
    page.evaluate("document.getElementById('boot-status').classList.add('error')")
    assert page.locator("#boot-status").evaluate(look) != loading  # the error style differs
    page.evaluate("document.getElementById('boot-status').classList.remove('error')")
    assert page.locator("button[data-card]").count() == 0
    assert page.locator('[data-action="new"]').is_disabled()
    for route in release:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm")
    page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=BOOT_TIMEOUT)
    assert page.locator(".back").count() == 0
    expect(page.locator("#boot-status")).to_be_hidden()
    context.close()


@pytest.mark.first_start  # a start from nothing reads the engine archive
def test_a_start_up_failure_is_shown_not_hidden(
    browser: Browser, base_url: str, tmp_path: Path, problems: Problems
) -> None:
    # the import's own report
    problems.allow(r"ImportError: bad magic number in 'halfmoon\.rules\.game'")
    context = browser.new_context(locale="en-GB")
    page = context.new_page()
    # the engine archive arrives, but one of its modules is not Python bytecode
    engine = build_site.read_archive(SITE / build_site.ENGINE_ARCHIVE)
    engine["halfmoon/rules/game.pyc"] = b"this is not python bytecode"
    broken = tmp_path / "engine.zip"
    build_site.write_archive(broken, engine)
    page.route(
        "**/engine.zip",
        lambda route: route.fulfill(
            status=200, body=broken.read_bytes(), content_type="application/zip"
        ),
    )
    page.goto(base_url + "/")
    page.wait_for_function(
        "document.documentElement.dataset.app !== 'loading'", timeout=BOOT_TIMEOUT
    )
    assert page.evaluate("document.documentElement.dataset.app") == "error"
    expect(page.locator("#boot-status")).to_be_visible()
    expect(page.locator("#boot-status")).to_have_text(
        "Half Moon could not start. Please reload the page."
    )
    context.close()


def test_a_fatal_error_in_python_is_not_blamed_on_the_network(
    browser: Browser, base_url: str, problems: Problems
) -> None:
    """Once Python runs, a failure is not the connection's: even one that kills the
    interpreter outright (here: parsing a value nested 20,000 deep, as a damaged save
    once did) says the game could not start, not to check the connection."""
    context = browser.new_context(locale="en-GB", service_workers="block")
    page = context.new_page()

    def broken(route: Route) -> None:
        page_text = route.fetch().text()
        assert "try:\n    from halfmoon.web.app import main" in page_text  # main.py, in the page
        route.fulfill(
            body=page_text.replace(
                "try:\n    from halfmoon.web.app import main",
                "import json\njson.loads('[' * 20000 + ']' * 20000)\n"
                "try:\n    from halfmoon.web.app import main",
                1,
            ),
            content_type="text/html",
        )

    page.route(f"{base_url}/", broken)
    problems.allow(  # the interpreter's own report of its death
        "Pyodide has suffered a fatal error",
        "The cause of the fatal error",
        "Maximum call stack size exceeded",
        r"^console error:\s+at ",
    )
    page.goto(base_url + "/")
    page.wait_for_function(
        "document.documentElement.dataset.app !== 'loading'", timeout=BOOT_TIMEOUT
    )
    assert page.evaluate("document.documentElement.dataset.app") == "error"
    expect(page.locator("#boot-status")).to_have_text(
        "Half Moon could not start. Please reload the page."
    )
    context.close()


@pytest.mark.first_start  # a start from nothing reads the standard library's archive
def test_a_module_left_out_of_the_page_s_python_shows_the_crash_window(
    browser: Browser, base_url: str, problems: Problems
) -> None:
    """The site's standard library keeps only what the page can import (tools/stdlib.py):
    were a module the game needs ever missing from it, the player would get the crash
    window's words (the game saved, reload), not a game that silently stops.  Here
    `secrets`, which a new random deal imports, is taken out of the archive."""
    context = browser.new_context(locale="en-GB", service_workers="block")
    page = context.new_page()
    name = re.search(r'"stdlib": "([^"]+)"', (SITE / "index.html").read_text(encoding="utf-8"))
    assert name is not None
    members = build_site.read_archive(SITE / name.group(1))
    del members["secrets.pyc"]
    page.route(
        "**/halfmoon-stdlib-*.zip",
        lambda route: route.fulfill(body=archive_bytes(members), content_type="application/zip"),
    )
    problems.allow("No module named 'secrets'")  # the crash, reported in the console too
    page.goto(base_url + "/#HM1-N-AAAAAAB")
    wait_ready(page)
    Table(page).tap("P5"), Table(page).tap("P6")  # the game plays: nothing else is missing
    expect(page.locator('[data-stat="moves"]')).to_have_text("1")
    Table(page).press("new")
    page.locator('[data-role="confirm"] [data-answer="yes"]').click()  # the game left
    expect(page.locator("#dialog-crash")).to_be_visible()
    expect(page.locator("#crash-text")).to_have_text(text("en", "app.crash"))
    assert any("No module named 'secrets'" in error for error in problems.items)
    context.close()


@pytest.mark.first_start  # a start from nothing reads the engine archive
@pytest.mark.parametrize("status", [404, 200])
def test_a_lost_or_damaged_engine_download_is_explained(
    browser: Browser, base_url: str, status: int, problems: Problems
) -> None:
    # the browser's and the start-up's own reports of the download that failed
    problems.allow("status of 404", r"engine\.zip: HTTP 404", "not a zip archive")
    context = browser.new_context(locale="pt-PT")
    page = context.new_page()
    page.route(
        "**/engine.zip",
        lambda route: route.fulfill(
            status=status, body=b"not a zip", content_type="application/zip"
        ),
    )
    page.goto(base_url + "/")
    page.wait_for_function(
        "document.documentElement.dataset.app !== 'loading'", timeout=BOOT_TIMEOUT
    )
    assert page.evaluate("document.documentElement.dataset.app") == "error"
    expect(page.locator("#boot-status")).to_have_text(
        "Não foi possível carregar o motor do jogo. Verifique a ligação e recarregue a página."
    )
    context.close()


@pytest.mark.parametrize(
    ("locale", "query", "lang", "undo"),
    [
        ("pt-PT", "", "pt-PT", "Anular"),
        ("en-US", "", "en", "Undo"),
        ("en-US", "?lang=pt", "pt-PT", "Anular"),
        ("pt-BR", "?lang=en", "en", "Undo"),
        ("fr-FR", "", "fr", "Annuler"),
        ("pt-BR", "", "pt-BR", "Desfazer"),  # a Brazilian bar (issue 52, item 10)
        ("de-DE", "", "pt-PT", "Anular"),
    ],
)
def test_language_of_the_page(
    browser: Browser, base_url: str, locale: str, query: str, lang: str, undo: str
) -> None:
    context = browser.new_context(locale=locale)
    page = open_game(context, base_url, "#HM1-N-AAAAAAB", query)
    assert page.evaluate("document.documentElement.lang") == lang
    expect(page.locator('[data-action="undo"]')).to_have_text(f"↶{undo}")
    context.close()


SPELLINGS = [
    ("?lang=english", "en"),
    ("?lang=English", "en"),
    ("?lang=EN-gb", "en"),
    ("?lang=en_US", "en"),
    ("?lang=ingl%C3%AAs", "en"),
    ("?lang=portugu%C3%AAs", "pt"),
    ("?lang=pt-BR", "pt-BR"),
    ("?lang=pt-PT", "pt"),
    ("?lang=es-MX", "es"),
    ("?lang=fran%C3%A7ais", "fr"),
    ("?lang=klingon", "en"),
    ("?lang=", "en"),
]
LOADING = {code: text(code, "app.loading") for code in LANGUAGES}
PAGE_LANG = {"pt": "pt-PT", "en": "en", "es": "es", "fr": "fr", "pt-BR": "pt-BR"}


def test_every_spelling_of_lang_agrees_from_first_paint_to_play(
    browser: Browser, base_url: str
) -> None:
    """The loading screen (the start-up script) and the game (Python) choose the
    language by one rule; an unknown value falls back to the browser's (English here).
    Each spelling is read by the loading screen, Python's files held back, and agrees
    with Python's rule (``choose_language``); two of them are then played in the page,
    where Python's choice must be the loading screen's."""
    context = browser.new_context(locale="en-GB")
    page = context.new_page()
    held: list[Route] = []  # Python's files, never answered: the page is left loading
    python = re.compile(r"/(engine\.zip|pyodide\.asm\.wasm)$")
    page.route(python, lambda route: held.append(route))
    for query, lang in SPELLINGS:
        page.goto(f"{base_url}/{query}#HM1-N-AAAAAAB")
        page.wait_for_function(
            "document.documentElement.dataset.app === 'loading' && "
            "document.getElementById('boot-status').textContent !== ''"
        )
        expect(page.locator("#boot-status")).to_have_text(LOADING[lang])
        assert page.evaluate("document.documentElement.lang") == PAGE_LANG[lang], query
        asked = unquote(query.partition("=")[2])
        assert choose_language(asked, None, ["en-GB"]) == lang, query  # Python's rule
    page.unroute(python)
    for query, lang in (SPELLINGS[4], SPELLINGS[5]):
        page.goto(f"{base_url}/{query}#HM1-N-AAAAAAB")
        first = page.evaluate("document.documentElement.lang")
        wait_ready(page)
        assert first == page.evaluate("document.documentElement.lang") == PAGE_LANG[lang]
        undo = {"pt": "Anular", "en": "Undo"}[lang]
        expect(page.locator('[data-action="undo"]')).to_have_text(f"↶{undo}")
    context.close()


def test_language_choice_is_remembered(desktop: BrowserContext, base_url: str) -> None:
    page = open_game(desktop, base_url, "#HM1-N-AAAAAAB")
    table = Table(page)
    table.press("options")
    page.locator('[data-option="language"]').select_option("en")
    page.keyboard.press("Escape")
    expect(page.locator('[data-action="new"]')).to_have_text("✚New game")
    label = page.locator('[data-slot="P2"] button').get_attribute("aria-label")
    assert label == "Q♣ Queen of Clubs, pile 2, 8 cards"
    assert page.locator('[data-slot="P2"] .idx .r').first.text_content() == "Q"
    page.reload()
    page.wait_for_function("document.documentElement.dataset.app === 'ready'")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator('[data-slot="P2"] .idx .r').first.text_content() == "Q"


def test_options_start_off_and_are_remembered(desktop: BrowserContext, base_url: str) -> None:
    table = Table(open_game(desktop, base_url))
    table.press("options")
    for name in ("errors", "placement-help", "pile-numbers"):
        assert not table.page.locator(f'[data-option="{name}"]').is_checked()
    table.page.keyboard.press("Escape")
    table.set_option("errors", True)
    table.set_option("placement-help", True)
    table.page.reload()
    table.page.wait_for_function("document.documentElement.dataset.app === 'ready'")
    table.press("options")
    assert table.page.locator('[data-option="errors"]').is_checked()
    assert table.page.locator('[data-option="placement-help"]').is_checked()
    assert not table.page.locator('[data-option="pile-numbers"]').is_checked()


def test_rules_dialog_in_both_languages(browser: Browser, base_url: str) -> None:
    for locale, heading in (("pt-PT", "Como se joga"), ("en-GB", "How to play")):
        context = browser.new_context(locale=locale)
        page = open_game(context, base_url)
        page.locator('[data-action="rules"]').click()
        dialog = page.locator("#dialog-rules")
        expect(dialog).to_be_visible()
        assert dialog.locator("h2").text_content() == heading
        assert dialog.locator("h3").count() >= 7
        assert "520" in (dialog.inner_text())
        context.close()


def test_places_with_no_card_are_empty_places(desktop: BrowserContext, base_url: str) -> None:
    table = Table(open_game(desktop, base_url, "#HM1-N-AAAAAAB"))
    table.tap("R6"), table.tap("R1")  # A♠ + 10♥: two reserve places empty
    expect(table.page.locator('[data-slot="R6"] button')).to_have_count(0)
    assert table.page.locator('[data-slot="R1"] button').count() == 0
    assert set(PILES) <= {s for s, c in table.tops().items() if c}
