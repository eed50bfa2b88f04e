"""The game in Firefox and WebKit, not only Chromium: boot, a pair, a trio, undo and redo
by click and by keyboard, an error message with its option on, a reload that starts from
the memory snapshot and resumes, a whole won game, offline play after one visit, the rules
and examples pages, an embedded frame, and a frame of another site keeping its game in
the storage these engines partition for it — each by real clicks and keys, and any error
the page reports fails the test (docs/reliability.md, "Every browser").

The engines come from Debian's packages (``firefox-esr``; ``webkit2gtk-driver`` with
``xvfb``), installed by ``tools/ensure_browsers.sh`` (``make browsers``); see
``tests/browser/drivers.py`` for how each is driven.  One engine alone:
``.venv/bin/python -m pytest tests/browser/test_firefox_webkit.py -k firefox``.
"""

from __future__ import annotations

import itertools
import warnings
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from halfmoon.host.examples import WON
from halfmoon.words.i18n import language_of_page
from tests.browser.conftest import other_origin
from tests.browser.drivers import Driver, Firefox, WebKit, virtual_screen
from tools.build_pages import PAGES
from tools.serve import serve_in_background

# one worker drives both engines, each launched once for the module (make test's
# workers share the other tests out one by one: --dist loadgroup)
pytestmark = [
    pytest.mark.xdist_group("firefox_webkit"),
    pytest.mark.motion,  # every engine plays with its animations (conftest.py)
    # A browser process that dies in the middle of a test (seen once: WebKitGTK's, on a
    # busy CI machine; not once here in some 40 runs, under load too) is not the page
    # failing: the test runs once more in a fresh browser, and the crash with what the
    # browser printed is in the run's rerun summary (--rerun-show-tracebacks) and its
    # warnings.  A page that crashes its browser every time fails.
    pytest.mark.flaky(reruns=1, only_rerun=["BrowserCrashed"]),
]

READY = "document.documentElement.dataset.app === 'ready'"
BOOT_S = 90.0


@pytest.fixture(scope="module", params=["firefox", "webkit"])
def launched(request: pytest.FixtureRequest) -> Iterator[Driver]:
    """The browser, launched once for the module."""
    if request.param == "firefox":
        driver: Driver = Firefox()
        yield driver
        driver.close()
        return
    with virtual_screen() as display:
        driver = WebKit(display)
        yield driver
        driver.close()


@pytest.fixture
def engine(launched: Driver) -> Driver:
    """The browser, started again if an earlier test's died (one crash fails one test,
    not every test after it)."""
    if not launched.alive():
        printed = launched.restart()  # said in the run's warnings, as a rerun is
        said = f"{launched.name} had crashed, started again; it printed:\n{printed}"
        warnings.warn(said, stacklevel=1)
    return launched


@pytest.fixture
def browser_page(engine: Driver) -> Iterator[Driver]:
    """The engine, its reported errors checked after the test."""
    engine.errors()
    yield engine
    if not engine.alive():
        return  # the test failed with the crash, and what the browser printed
    found = engine.errors()
    assert found == [], f"{engine.name} reported:\n" + "\n".join(found)


def open_game(driver: Driver, url: str) -> None:
    driver.goto(url)
    driver.wait(READY, BOOT_S)


def stat(driver: Driver, name: str) -> str:
    return driver.text(f'[data-stat="{name}"]').strip()


def tap(driver: Driver, *slots: str) -> None:
    for slot in slots:
        driver.click(f'[data-slot="{slot}"] button[data-card]')


def test_play_undo_redo_errors_a_reload_from_the_snapshot_and_a_whole_won_game(
    browser_page: Driver, base_url: str
) -> None:
    driver = browser_page
    url = f"{base_url}/?lang=pt#{WON.code}"
    open_game(driver, url)
    if stat(driver, "moves") != "0":  # a previous run of this module left it going
        driver.click('[data-action="restart"]')
        if driver.js("document.querySelector('[data-role=confirm]').open"):
            driver.click('[data-role="confirm"] [data-answer="yes"]')
    assert stat(driver, "code") == WON.code
    underline = "getComputedStyle(document.querySelector('.stats .code')).textDecorationLine"
    assert driver.js(underline) == "underline"  # WebKit once dropped the code's underline
    tap(driver, *WON.moves[0])  # a pair
    assert (stat(driver, "score"), stat(driver, "moves")) == ("10", "1")
    tap(driver, *WON.moves[1])  # a trio
    assert (stat(driver, "score"), stat(driver, "moves")) == ("25", "2")
    driver.click('[data-action="undo"]')
    assert stat(driver, "score") == "10"
    driver.click('[data-action="redo"]')
    assert stat(driver, "score") == "25"
    keys = (("u", False, "10"), ("r", False, "25"), ("z", True, "10"), ("y", True, "25"))
    for key, ctrl, score in keys:
        driver.press(key, ctrl=ctrl)
        assert stat(driver, "score") == score, (key, ctrl)
    # an error message, once its option is on
    driver.click('[data-action="options"]')
    if not driver.js("document.querySelector('[data-option=\"errors\"]').checked"):
        driver.click('[data-option="errors"]')
    driver.click('#dialog-options [value="close"]')
    tap(driver, "P1", "P2")  # 6♠ and 6♥
    assert driver.text('[data-role="message"]') == "A soma tem de ser igual a 11"
    # back in a blink here too: the memory snapshot this visit makes in the background
    # (or an earlier visit in this browser's profile made: then this one says so, or
    # started from it) restores on the next start, which resumes the game
    settled = "((d) => d.snapshotMade || (d.snapshotNext && d.snapshotNext !== 'making'))"
    driver.wait(f"{settled}(document.documentElement.dataset)", BOOT_S)
    said = driver.js("({...document.documentElement.dataset})")  # all of it, if it fails
    assert said.get("snapshotMade") != "failed", said
    assert said.get("snapshotNext") in ("making", "made", "restored"), said
    driver.reload()
    driver.wait(READY, BOOT_S)
    said = driver.js("({...document.documentElement.dataset})")
    assert said.get("snapshot") == "restored", said
    assert (stat(driver, "score"), stat(driver, "moves")) == ("25", "2")
    # and it is played to the end
    for move in WON.moves[2:]:
        tap(driver, *move)
    driver.wait("document.getElementById('dialog-end').open")
    assert driver.text("#end-title") == "Ganhou!"
    assert (stat(driver, "score"), stat(driver, "moves")) == ("520", "48")
    assert driver.js("document.documentElement.dataset.game") == "won"
    # and a new deal starts from there
    driver.click('#dialog-end [data-dialog-action="new"]')
    assert stat(driver, "code") != WON.code and stat(driver, "moves") == "0"


def test_the_rules_and_examples_pages(browser_page: Driver, base_url: str) -> None:
    driver = browser_page
    driver.goto(f"{base_url}/rules.html")
    assert "Half Moon" in driver.text("h1")
    assert driver.js("document.querySelectorAll('.diagram .card').length") > 20
    driver.goto(f"{base_url}/exemplos.html")
    position = '#won [data-role="position"]'
    assert driver.text(position) == "Jogada 1 de 48"
    driver.click('#won [data-step-action="next"]')
    assert driver.text(position) == "Jogada 2 de 48"
    card = "document.querySelector('#won .place .card')"
    height = driver.js(f"{card}.getBoundingClientRect().height")
    assert height > 40  # drawn cards, not collapsed ones


def test_an_embedded_frame(browser_page: Driver, base_url: str) -> None:
    driver = browser_page
    driver.goto(f"{base_url}/embed-demo.html")
    driver.js("document.getElementById('game').scrollIntoView()")
    driver.wait("document.querySelector('#log li[data-type=\"ready\"]')", BOOT_S)
    assert driver.text("#code") == "HM1-N-AAAAAAB"
    # the frame embed.js's element holds, in its shadow root
    frame = "document.querySelector('half-moon').shadowRoot.querySelector('iframe')"
    frame_errors = driver.js(f"{frame}.contentWindow.halfmoonErrors")
    assert frame_errors == [], frame_errors


HOST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>
<link rel="icon" href="data:,"></head><body style="margin:0">
<iframe id="game" src="{game}/?lang=en#{code}" width="600" height="700" style="border:0"></iframe>
</body></html>"""


def test_a_frame_of_another_site_keeps_the_game_in_its_partitioned_storage(
    browser_page: Driver, base_url: str, tmp_path: Path
) -> None:
    """These engines give a frame of another site storage of its own (partitioned, not
    blocked): the game keeps a move and an option there across a reload of the host
    page, and writes no cookie (docs/embedding.md, "What a frame keeps")."""
    driver = browser_page
    (tmp_path / "host.html").write_text(HOST.format(game=other_origin(base_url), code=WON.code))
    server, host = serve_in_background(tmp_path, headers=False)  # a plain host page
    try:
        driver.goto(f"{host}/host.html")
        with driver.inside("#game"):
            driver.wait(READY, BOOT_S)
            assert driver.js(
                "(() => { try { return localStorage.length >= 0 } catch { return false } })()"
            )
            tap(driver, *WON.moves[0])
            driver.wait("document.querySelector('[data-stat=\"moves\"]').textContent === '1'")
            driver.click('[data-action="options"]')
            driver.click('[data-option="four-colour"]')
            driver.press("Escape")
            driver.wait("document.documentElement.dataset.saved !== 'pending'")
        driver.reload()  # the host page
        with driver.inside("#game"):
            driver.wait(READY, BOOT_S)
            assert stat(driver, "moves") == "1"
            assert driver.js("document.documentElement.classList.contains('four-colour')")
            assert "hm." not in driver.js("document.cookie")
    finally:
        server.shutdown()


# Under WebDriver WebKit keeps no HTTP cache at all (a `force-cache` fetch of a file just
# downloaded goes to the server), so its service worker fetches again the files the
# page did not fetch by script (its modules, its stylesheet: a browser with an HTTP
# cache revalidates them, "not modified"); those the start fetches by script, the
# largest, it takes from what the page kept.  docs/performance.md, "Every browser".
BY_SCRIPT = ("pyodide.asm.wasm", "halfmoon-stdlib-", "engine.zip")
LATE = '["/static/motion.js", "/static/drag.js", "/static/sound.js"]'  # (static/boot.js)


def test_offline_after_one_visit_and_no_file_fetched_twice(
    browser_page: Driver, site: Path
) -> None:
    """A first visit from a server of its own: the page fetches every file once (the
    whole visit, offline copy included, in Firefox), the offline copy is kept, and with
    the server gone the game starts again, and a rules page of a language not kept comes
    in the language kept, saying why."""
    driver = browser_page
    sizes: list[tuple[str, int, int]] = []
    server, url = serve_in_background(site, "127.0.0.1", sizes=sizes)
    try:
        open_game(driver, f"{url}/#{WON.code}")
        # the page's own fetches: those before its service worker's script (the page
        # registers it at ready, and the worker's install may run before the test's
        # look at the page sees ready)
        page = list(itertools.takewhile(lambda row: row[0].split("?")[0] != "/sw.js", list(sizes)))
        offline = "document.querySelector('[data-role=\"offline\"]').textContent"
        driver.wait(f"navigator.serviceWorker.controller && {offline}", BOOT_S)
        for part, name in ((page, "the page"), (list(sizes), "the whole first visit")):
            fetched = Counter(path.split("?")[0] for path, status, _ in part if status == 200)
            twice = {path for path, n in fetched.items() if n > 1}
            if driver.name == "webkit" and part is not page:
                twice = {path for path in twice if any(big in path for big in BY_SCRIPT)}
            assert twice == set(), f"{driver.name}, {name}: fetched twice: {twice}"
        for name, part in (("page", page), ("whole first visit", sizes)):
            total = sum(size for _, status, size in part if status == 200)
            print(f"{driver.name}: {name} {total / 1e6:.2f} MB in {len(part)} responses")
    finally:
        server.shutdown()
        server.server_close()
    open_game(driver, f"{url}/#{WON.code}")  # nothing answers there now
    assert stat(driver, "code") == WON.code
    # the modules fetched once the game is ready, loaded before the page is left (Firefox
    # reports a fetch its service worker was still answering, cut off by the next page)
    driver.wait(
        f"{LATE}.every((m) => performance.getEntriesByName(new URL(m, location).href)"
        ".some((e) => e.responseEnd > 0))",
        BOOT_S,
    )
    # the rules page in a language the copy has not kept: the one it has, saying why
    lang = language_of_page(driver.js("document.documentElement.lang"))
    other = next(code for code in PAGES if code != lang)
    driver.goto(f"{url}/{PAGES[other]['rules']}")
    driver.wait("document.querySelector('[data-role=\"unkept\"]')?.hidden === false", BOOT_S)
    assert driver.js("location.pathname + location.search") == "/" + PAGES[lang]["rules"]


def test_errors_in_the_page_are_seen(engine: Driver, base_url: str) -> None:
    """The capture the other tests rely on: a console error and an uncaught exception
    both reach the test (so a test that reports none has really seen none)."""
    engine.goto(f"{base_url}/rules.html")
    engine.errors()
    engine.js(
        "console.error('seen: console'), setTimeout(() => { throw new Error('seen: thrown'); })"
    )
    engine.wait("new Promise((done) => setTimeout(() => done(true), 100))")
    found = " ".join(engine.errors())
    assert "seen: console" in found and "seen: thrown" in found, found
