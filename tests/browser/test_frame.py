"""Issue 42, items 2 to 4, on the built site: a calm table in a frame whose address
gives every option (from the first frame, through a win's end window and its share
text), the player's own choices winning over the address after a reload and a changed
address; and the one-line ``<half-moon>`` element of embed.js on a host page of another
origin, its events heard, its attributes followed, no scrollbar from 320 px up; and
(issue 52, item 4) the element loaded as a classic script from a server that sends no
CORS header, and its link to the game where the host page refuses the frame.  The
decisions themselves are tested in CPython (tests/test_frame.py)."""

from __future__ import annotations

import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Frame, Page, expect

from halfmoon.host.examples import WON
from tests.browser.axe import axe_violations
from tests.browser.conftest import BOOT_TIMEOUT, Problems, other_origin
from tests.browser.test_ending import one_move_from_winning
from tools.serve import serve_in_background

READY = "document.documentElement?.dataset.app === 'ready' && !window.__before"
FITS = (
    "document.scrollingElement.scrollHeight <= innerHeight"
    " && document.scrollingElement.scrollWidth <= innerWidth"
)
# what the bar showed when the page was parsed, before Python (static/boot/look.js)
FIRST_FRAME = """document.addEventListener("DOMContentLoaded", () => {
  const time = document.querySelector('[data-stat="time"]');
  const root = document.documentElement;
  if (time) window.__first = [time.parentElement.hidden, root.dataset.app, root.dataset.painted];
});"""
FRAMED = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>
<link rel="icon" href="data:,"></head><body style="margin:0">
<iframe id="game" src="{game}/{query}" width="420" height="560" style="border:0"></iframe>
</body></html>"""
ELEMENT = """<!doctype html><html lang="pt"><head><meta charset="utf-8"><title>host</title>
<link rel="icon" href="data:,"><script type="module" src="{game}/embed.js"></script></head>
<body style="margin:0"><div id="box" style="width:320px"><half-moon lang="en" felt="blue"
code="HM1-N-AAAAAAB"></half-moon></div>
<script>
window.events = [];
for (const type of ["ready", "move", "won"]) {{
  document.querySelector("half-moon").addEventListener("halfmoon-" + type,
    (e) => window.events.push([e.type, e.detail]));
}}
</script></body></html>"""

# The README's line: embed.js as a classic script, which needs no CORS header
CLASSIC = """<!doctype html><html lang="pt"><head><meta charset="utf-8"><title>host</title>
<link rel="icon" href="data:,">{csp}<script src="{game}/embed.js" defer></script></head>
<body style="margin:0"><div style="width:400px"><half-moon lang="en"
code="HM1-N-AAAAAAB"></half-moon></div>
<script>
window.events = [];
document.querySelector("half-moon").addEventListener("halfmoon-move",
  (e) => window.events.push(e.detail));
</script></body></html>"""


@pytest.fixture
def plain_site(site: Path) -> Iterator[str]:
    """The built site served as a plain static server serves it (Python's, a bare
    nginx): none of netlify.toml's headers, so no ``Access-Control-Allow-Origin`` on
    embed.js; its address on localhost, another site than the host pages'."""
    server, url = serve_in_background(site, headers=False)
    yield other_origin(url)
    server.shutdown()


@pytest.fixture
def host(host_page: Callable[[str], str], base_url: str) -> Callable[..., str]:
    """Serves a host page (its text, ``{game}`` the game's address) on 127.0.0.1 and
    gives its address; the game is on another origin: localhost, another site, or with
    ``site=True`` on 127.0.0.1's other port, the same site (where this Chromium, as
    browsers that block third-party storage, leaves the frame its storage)."""

    def serve(page: str, *, site: bool = False) -> str:
        game = base_url if site else other_origin(base_url)
        return host_page(page.replace("{game}", game))

    return serve


def ready(page: Page) -> Frame:
    """The game's frame once its table is playable (a page it was loading anew)."""
    frame = page.wait_for_selector("#game, half-moon iframe").content_frame()
    assert frame is not None
    frame.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    return frame


def reload_with(page: Page, frame: Frame, query: str) -> Frame:
    """The frame loaded anew at the game's address with ``query``, as a host page does."""
    frame.evaluate("window.__before = true")
    game = frame.evaluate("location.origin")
    page.evaluate(f"document.getElementById('game').src = {f'{game}/{query}'!r}")
    return ready(page)


def look(frame: Frame) -> tuple[str | None, str | None, list[str]]:
    root = frame.locator("html")
    classes = (root.get_attribute("class") or "").split()
    shown = [c for c in ("four-colour", "large-index", "reduce-motion") if c in classes]
    return root.get_attribute("data-theme"), root.get_attribute("data-felt"), shown


def bar(frame: Frame) -> list[str]:
    """The bar's figures the player sees."""
    return [
        name
        for name in ("time", "score", "moves", "code")
        if frame.locator(f'[data-stat="{name}"]').is_visible()
    ]


def test_a_calm_table_and_every_option_from_a_frame_s_address_until_the_player_chooses(
    browser: Browser, host: Callable[..., str]
) -> None:
    context = browser.new_context(locale="en-GB", viewport={"width": 800, "height": 700})
    one_move_from_winning(context)
    context.add_init_script(FIRST_FRAME)
    query = "?lang=en&theme=dark&felt=burgundy&deck=four-colour&index=large&calm=1&motion=reduced"
    page = context.new_page()
    page.goto(host(FRAMED.replace("{query}", query), site=True))
    frame = ready(page)
    assert frame.evaluate("window.__first")[:2] == [True, "loading"]  # calm from the first frame
    assert look(frame) == ("dark", "burgundy", ["four-colour", "large-index", "reduce-motion"])
    assert bar(frame) == ["code"]
    frame.locator('[data-action="options"]').click()
    expect(frame.locator('[data-option="calm"]')).to_be_checked()
    assert axe_violations(frame) == []  # type: ignore[arg-type]  (a frame, as a page)
    page.keyboard.press("Escape")
    # the last move of a win: the end window and the share text speak of cards cleared
    for slot in WON.moves[47]:
        frame.locator(f'[data-slot="{slot}"] button[data-card]').click()
    end = frame.locator("#dialog-end")
    expect(end.locator("#end-text")).to_have_text("All 104 cards cleared from the table.")
    assert ":" not in (end.locator("#end-record").text_content() or "")  # no time
    assert axe_violations(frame) == []  # type: ignore[arg-type]
    end.locator('[data-action="share"]').click()
    expect(end.locator('[data-role="dialog-status"]')).to_contain_text(
        f"Half Moon · {WON.code}: won · 104 of 104 cards cleared"
    )
    assert "moves" not in (end.locator('[data-role="dialog-status"]').text_content() or "")
    page.keyboard.press("Escape")
    # the player's own choice, in the frame: the felt; a reload paints the calm table
    frame.locator('[data-action="options"]').click()
    frame.locator('[data-option="felt"]').select_option("grey")
    frame = reload_with(page, frame, query)
    assert frame.evaluate("window.__first") == [True, "loading", "true"]  # the painted table
    assert look(frame) == ("dark", "grey", ["four-colour", "large-index", "reduce-motion"])
    assert bar(frame) == ["code"]
    expect(frame.locator("#end-text")).to_have_text("All 104 cards cleared from the table.")
    frame.locator("#end-title").press("Escape")  # the won game's end window, shown again
    # the calm table turned off by the player: it stays off whatever the address says
    frame.locator('[data-action="options"]').click()
    frame.locator('[data-option="calm"]').uncheck()
    assert bar(frame) == ["time", "score", "moves", "code"]
    # another address: its options where the player has not chosen; nonsense ignored
    frame = reload_with(page, frame, "?theme=light&felt=blue&calm=1&index=huge&deck=%3Cb%3E")
    assert frame.evaluate("window.__first")[0] is False  # no calm flash either
    assert look(frame) == ("light", "grey", [])
    assert bar(frame) == ["time", "score", "moves", "code"]
    context.close()


def test_the_half_moon_element_on_a_page_of_another_origin(
    browser: Browser, host: Callable[..., str]
) -> None:
    context = browser.new_context(locale="pt-PT", viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(host(ELEMENT))
    frame = ready(page)
    element = page.locator("half-moon iframe")
    assert element.get_attribute("title") == "Half Moon solitaire"  # in the element's lang
    assert element.get_attribute("allow") == "clipboard-write; fullscreen"
    assert frame.evaluate("location.origin") != page.evaluate("location.origin")
    assert frame.evaluate("location.search") == "?lang=en&felt=blue"
    assert frame.evaluate("location.hash") == "#HM1-N-AAAAAAB"
    assert look(frame)[1] == "blue" and frame.evaluate("document.documentElement.lang") == "en"
    assert frame.evaluate("innerWidth") == 320 and frame.evaluate(FITS)  # no scrollbar
    # the game's messages, as events on the element; a message from elsewhere is not one
    page.evaluate("postMessage({source: 'halfmoon', type: 'won'}, '*')")
    frame.locator('[data-slot="P5"] button[data-card]').click()
    frame.locator('[data-slot="P6"] button[data-card]').click()
    page.wait_for_function("window.events.some(([type]) => type === 'halfmoon-move')")
    events = page.evaluate("window.events")
    assert [type for type, _ in events] == ["halfmoon-ready", "halfmoon-move"]
    move = events[1][1]
    assert (move["source"], move["code"], move["score"], move["moves"]) == (
        "halfmoon",
        "HM1-N-AAAAAAB",
        10,
        1,
    )
    # a changed attribute loads the frame with it; a wider element, a wider table
    frame.evaluate("window.__before = true")
    page.evaluate("document.querySelector('half-moon').setAttribute('felt', 'grey')")
    page.evaluate("document.getElementById('box').style.width = '1000px'")
    frame = ready(page)
    assert look(frame)[1] == "grey" and frame.evaluate("innerWidth") == 1000
    page.wait_for_function("document.querySelector('half-moon').offsetHeight === 625")
    assert frame.evaluate(FITS)
    context.close()


def test_the_element_loaded_as_a_classic_script_from_a_site_that_sends_no_cors_header(
    browser: Browser, host_page: Callable[[str], str], plain_site: str
) -> None:
    with urllib.request.urlopen(f"{plain_site}/embed.js") as response:
        assert response.headers["Access-Control-Allow-Origin"] is None  # a plain server
    context = browser.new_context(locale="pt-PT", viewport={"width": 800, "height": 900})
    page = context.new_page()
    page.goto(host_page(CLASSIC.format(game=plain_site, csp="")))
    frame = ready(page)
    assert frame.evaluate("location.href") == f"{plain_site}/?lang=en#HM1-N-AAAAAAB"
    assert page.locator("half-moon iframe").get_attribute("title") == "Half Moon solitaire"
    # the game is played by taps on its cards, and the host hears the move
    frame.locator('[data-slot="P5"] button[data-card]').click()
    frame.locator('[data-slot="P6"] button[data-card]').click()
    expect(frame.locator('[data-stat="score"]')).to_have_text("10")
    page.wait_for_function("window.events.length === 1")
    assert page.evaluate("window.events[0].score") == 10
    assert frame.evaluate(FITS)
    context.close()


def test_an_element_whose_frame_the_host_page_refuses_shows_a_link_to_the_game(
    browser: Browser, host_page: Callable[[str], str], plain_site: str, problems: Problems
) -> None:
    # the host page's own policy refuses frames of the game's site: Chromium says so
    problems.allow("Refused to frame", "frame-src")
    refuse = """<meta http-equiv="Content-Security-Policy" content="frame-src 'none'">"""
    context = browser.new_context(locale="pt-PT", viewport={"width": 800, "height": 900})
    page = context.new_page()
    page.goto(host_page(CLASSIC.format(game=plain_site, csp=refuse)))
    link = page.locator("half-moon a")
    expect(link).to_be_visible()
    expect(link).to_have_text("Half Moon solitaire")  # in the element's language
    assert link.get_attribute("href") == f"{plain_site}/?lang=en#HM1-N-AAAAAAB"
    assert link.get_attribute("target") == "_blank"
    expect(page.locator("half-moon iframe")).to_be_hidden()
    # a changed attribute changes where the link goes
    page.evaluate("document.querySelector('half-moon').setAttribute('felt', 'blue')")
    expect(link).to_have_attribute("href", f"{plain_site}/?lang=en&felt=blue#HM1-N-AAAAAAB")
    context.close()


TWO = """<!doctype html><html lang="pt"><head><meta charset="utf-8"><title>host</title>
<link rel="icon" href="data:,"><script src="{game}/embed.js" defer></script></head>
<body style="margin:0"><half-moon id="en" lang="en"></half-moon>
<half-moon id="es" lang="es"></half-moon></body></html>"""


def spoken(frame: Frame) -> str:
    """The language the page is written in (``<html lang>``'s first part)."""
    return str(frame.evaluate("document.documentElement.lang")).split("-")[0]


def both(page: Page) -> dict[str, Frame]:
    """The English and the Spanish element's frames, each once its game is ready."""
    frames = {}
    for lang in ("en", "es"):
        frame = page.locator(f"half-moon#{lang} iframe").element_handle().content_frame()
        assert frame is not None
        frame.wait_for_function(READY, timeout=BOOT_TIMEOUT)
        frames[lang] = frame
    return frames


def test_the_player_s_language_wins_over_the_address_and_each_frame_keeps_its_own(
    browser: Browser, base_url: str, host: Callable[..., str]
) -> None:
    """(Issue 52, item 2.) ``/?lang=fr``, Español chosen in the options, a reload: still
    Español, and the game's own page without ``?lang=`` still the browser's English (the
    address's French never stored as the player's choice).  Two ``<half-moon>`` elements
    of one host page, English and Spanish, sharing their storage: each speaks its own,
    across reloads, until the player chooses a language in one — that one only."""
    context = browser.new_context(locale="en-GB", viewport={"width": 900, "height": 1300})
    page = context.new_page()
    page.goto(f"{base_url}/?lang=fr")
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    assert spoken(page.main_frame) == "fr"
    page.locator('[data-action="options"]').click()
    page.locator('[data-option="language"]').select_option("es")
    page.wait_for_function("document.documentElement.lang.startsWith('es')")
    page.reload()
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    assert spoken(page.main_frame) == "es", "the player's choice lost to the address"
    page.goto(f"{base_url}/")
    page.wait_for_function(READY, timeout=BOOT_TIMEOUT)
    assert spoken(page.main_frame) == "en", "the address's language stored as the player's"
    # two frames of one host page (the same site: they share the game's storage)
    page.goto(host(TWO, site=True))
    frames = both(page)
    assert (spoken(frames["en"]), spoken(frames["es"])) == ("en", "es")
    page.reload()
    frames = both(page)
    assert (spoken(frames["en"]), spoken(frames["es"])) == ("en", "es"), "the frames fight"
    frames["en"].locator('[data-action="options"]').click()
    frames["en"].locator('[data-option="language"]').select_option("pt")
    frames["en"].wait_for_function("document.documentElement.lang.startsWith('pt')")
    assert spoken(frames["es"]) == "es"  # the other frame heard the options, kept its own
    page.reload()
    frames = both(page)
    assert (spoken(frames["en"]), spoken(frames["es"])) == ("pt", "es")
    context.close()
