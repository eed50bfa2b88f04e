"""Nothing breaks, nothing is lost: hostile links and codes, storage faults, a crash in
a handler, and a seeded random parity fuzz of the page against the engine in CPython."""

from __future__ import annotations

import os
import random
import re
import urllib.parse

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from halfmoon import CodeError, Game, parse_code
from halfmoon.rules.deal import DEAL_COUNT, format_code
from halfmoon.words.i18n import text
from tests.browser.conftest import Problems, follow, open_game, wait_ready
from tests.browser.table import Table, engine_tops
from tests.solver import legal_moves

CODE = "HM1-N-AAAAAAB"

HOSTILE = [
    " ",
    "HM2-N-AAAAAAB",
    "HM0-N-AAAAAAB",
    "HM10-N-AAAAAAB",
    "HM1-X-AAAAAAB",
    "HM1-R-AAAAAAB",
    "HM1-N-AAAAAA",
    "HM1-N-AAAAAAAB",
    "HM1-N-",
    "HM1-N-AAAAAA1",
    "HM1-N-1234567",
    "HM1_N_AAAAAAB",
    "HM1NAAAAAAB",
    "HM1-N-AAAAAAB-X",
    "HM1--AAAAAAB",
    "HM1-N-AAAAAAΒ",  # Greek Beta
    "HM1-N-AAAAAAА",  # Cyrillic A
    "HM1-N-AAAAAAſ",  # long s
    "HM1-N-AAAAAAＢ",  # fullwidth B
    "HM1-N-AAA\u200bAAAB",  # zero-width space
    "ΗΜ1-N-AAAAAAB",  # Greek Eta and Mu
    "<img src=x onerror=alert(1)>",
    "<script>alert(1)</script>",
    '"><svg onload=alert(1)>',
    "javascript:alert(1)",
    "HM1-N-AAAAAAB\x00",
    "HM1%2DN%2DAAAAAA",
    "HM1-N-%41%41%41%41%41%41%41%41",
    "%3Cb%3Ebold%3C%2Fb%3E",
    "%E0%A4%A",  # broken percent-encoding
    "A" * 10_000,
    "HM1-N-AAAAAAB" * 50,
    "null",
    "undefined",
    "HM1-N-AAAAAA\n",
]


def test_the_hostile_list_is_all_invalid() -> None:
    assert len(HOSTILE) >= 30
    for raw in HOSTILE:
        with pytest.raises(CodeError):
            parse_code(urllib.parse.unquote(raw, errors="replace").strip() or "x" * 99)


def as_the_browser_reads_it(raw: str) -> str:
    """The fragment's text after URL parsing (which drops tabs and newlines and strips
    control characters and spaces at the ends) and our percent-decoding."""
    cleaned = "".join(ch for ch in raw if ch not in "\t\n\r").strip("\x00\x01\x1f ")
    return urllib.parse.unquote(cleaned, errors="replace").strip()


def snapshot_of(page: Page) -> tuple[object, ...]:
    table = Table(page)
    return (table.tops(), table.stat("score"), table.stat("moves"), table.stat("code"))


def only_codes(page: Page, where: str) -> bool:
    """Nothing typed or linked becomes markup: the only elements in ``where`` are the
    game's own spans that keep a deal code in one piece, each holding a code as text."""
    found = page.evaluate(
        """(where) => [...document.querySelectorAll(where + ' *')].map(
            e => [e.tagName, e.className, e.children.length, e.textContent])""",
        where,
    )
    pattern = re.compile(r"HM1-[A-Z]-[A-Z]{7}")
    return all(
        tag == "SPAN" and cls == "deal-code" and kids == 0 and pattern.fullmatch(words)
        for tag, cls, kids, words in found
    )


def test_hostile_links_are_explained_and_change_nothing(
    desktop: BrowserContext, base_url: str
) -> None:
    # a first visit by an invalid link: no game was under way, a new deal is dealt
    page = open_game(desktop, base_url, "#HM1-X-AAAAAAB")
    message = page.locator('[data-role="message"]')
    expect(message).to_have_text(
        re.compile(
            r"^A ligação aberta não tem um código de partida válido: .+ Eis uma partida nova\.$"
        )
    )
    follow(page, f"{base_url}/#{CODE}")
    Table(page).tap("P5"), Table(page).tap("P6")
    before = snapshot_of(page)
    markup = page.locator("img, script, svg, iframe, object")
    own_markup = markup.count()  # the page's own (its icon, its scripts)
    for raw in HOSTILE:
        page.evaluate("() => { document.querySelector('[data-role=message]').textContent = ''; }")
        follow(page, f"{base_url}/#{raw}")  # and the game has handled it
        if as_the_browser_reads_it(raw) not in ("", CODE):
            said = message.text_content() or ""
            assert said.startswith("A ligação aberta não tem um código de partida válido: "), raw
            assert said.endswith(" A partida em curso continua."), raw
        else:  # the link is the game in progress, or empty: nothing to say
            assert message.text_content() == ""
        assert snapshot_of(page) == before, raw
        assert page.evaluate("location.hash") == "#" + CODE
        assert only_codes(page, "[data-role=message]"), raw
        assert markup.count() == own_markup
    # A hostile link opened fresh: explained, and the saved game resumes.
    fresh = open_game(desktop, base_url, "#%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E")
    expect(fresh.locator('[data-role="message"]')).to_contain_text(
        "A ligação aberta não tem um código de partida válido"
    )
    assert snapshot_of(fresh) == before
    assert fresh.evaluate("location.hash") == "#" + CODE


def test_hostile_codes_in_the_dialog(desktop: BrowserContext, base_url: str) -> None:
    page = open_game(desktop, base_url, "#" + CODE)
    Table(page).tap("P5"), Table(page).tap("P6")
    before = snapshot_of(page)
    for raw in HOSTILE:
        typed = raw[:64]  # the field holds at most 64 characters, as a person would find
        page.locator('[data-action="code"]').click()
        page.locator("#code-input").fill(typed)
        page.locator("#code-input").press("Enter")
        error = page.locator("#code-error")
        expect(error).not_to_be_empty()
        try:
            parse_code(typed)
        except CodeError as exc:
            assert error.text_content() == text("pt", f"code.error.{exc.reason}")
        assert only_codes(page, "#code-error"), raw
        page.keyboard.press("Escape")
        assert snapshot_of(page) == before, raw


@pytest.mark.parametrize("link", ["#%20hm1-n-aaaaaac%20", "#HM1%2DN%2DAAAAAAC", "#hm1-N-aAaAaAc"])
def test_valid_links_in_any_case_or_encoding_are_accepted(
    desktop: BrowserContext, base_url: str, link: str
) -> None:
    page = open_game(desktop, base_url, link)
    assert Table(page).tops() == engine_tops(Game.new("HM1-N-AAAAAAC"))
    assert page.evaluate("location.hash") == "#HM1-N-AAAAAAC"


# ------------------------------------------------------------------------ crash
def test_a_crash_in_a_handler_shows_a_way_out_and_keeps_the_game(
    browser: Browser, base_url: str, problems: Problems
) -> None:
    problems.allow("Error: boom")  # the crash is reported in the console as well
    context = browser.new_context(locale="en-GB")
    page = open_game(context, base_url, "#" + CODE)
    table = Table(page)
    table.tap("P5"), table.tap("P6")
    # Sabotage: a DOM call the "Play a code" handler makes now throws, so the Python
    # handler raises.
    page.evaluate(
        "() => { document.getElementById('code-input').focus = () => { throw new Error('boom'); }; }"
    )
    page.locator('[data-action="code"]').click()
    dialog = page.locator("#dialog-crash")
    expect(dialog).to_be_visible()
    expect(dialog.locator("h2")).to_have_text("Oops — the game stopped")
    expect(dialog.locator("p")).to_have_text(text("en", "app.crash"))
    dialog.locator('[data-dialog-action="reload"]').click()
    page.wait_for_load_state()
    wait_ready(page)
    assert (table.stat("moves"), table.stat("score"), table.stat("code")) == ("1", "10", CODE)
    context.close()


# ------------------------------------------------------------------ parity fuzz
PAGE_STATE = """() => {
  const places = [...document.querySelectorAll('[data-slot]')];
  const card = (p) => p.querySelector('button[data-card]');
  return {
    tops: Object.fromEntries(places.map(p => [p.dataset.slot, card(p)?.dataset.card ?? null])),
    selected: places.filter(p => card(p)?.getAttribute('aria-pressed') === 'true').map(p => p.dataset.slot),
    dimmed: places.filter(p => card(p)?.dataset.dimmed === 'true').map(p => p.dataset.slot),
    score: document.querySelector('[data-stat=score]').textContent,
    moves: document.querySelector('[data-stat=moves]').textContent,
    status: document.documentElement.dataset.game,
    endOpen: document.getElementById('dialog-end').open,
  };
}"""


def engine_state(game: Game) -> dict[str, object]:
    return {
        "tops": engine_tops(game),
        "selected": sorted(game.selection),
        "dimmed": sorted(game.dimmed()),
        "score": str(game.score),
        "moves": str(game.moves),
        "status": game.status,
    }


def test_random_play_in_the_page_matches_the_engine(desktop: BrowserContext, base_url: str) -> None:
    """A seeded walk: the seed chooses the deal and every action, so a failure replays
    exactly with ``HALFMOON_FUZZ_SEED=<seed>`` (it is printed, and named on failure)."""
    seed = int(os.environ.get("HALFMOON_FUZZ_SEED", "20261129"))
    rng = random.Random(seed)
    code = format_code(rng.randrange(DEAL_COUNT))
    print(f"fuzz: seed {seed}, deal {code}")
    page = open_game(desktop, base_url, "#" + code)
    table = Table(page)
    table.set_option("placement-help", True)
    # the walk compares states, not motion (test_play and test_look watch the flights and
    # a refused tap's shake): without motion no tap waits for a shaking card to be still
    page.emulate_media(reduced_motion="reduce")
    game = Game.new(code)
    steps = 200
    for step in range(steps):
        roll = rng.random()
        if roll < 0.1:
            action = "undo"
        elif roll < 0.15:
            action = "redo"
        elif roll < 0.55 and game.status == "playing":
            tops = game.tops()
            move = rng.choice(legal_moves(tops))
            action = next((s for s in move if s not in game.selection), move[0])
        else:
            action = rng.choice(game.playable() or ("P1",))
        if action in ("undo", "redo"):
            button = page.locator(f'[data-action="{action}"]')
            if button.is_enabled():
                button.click()
            getattr(game, action)()
        elif game.top(action) is not None and game.status == "playing":
            table.tap(action)
            game.tap(action)
        got = page.evaluate(PAGE_STATE)
        got["selected"], got["dimmed"] = sorted(got["selected"]), sorted(got["dimmed"])
        ended = got.pop("endOpen")
        assert got == engine_state(game), f"seed {seed}, step {step}, action {action}, deal {code}"
        if ended:
            page.keyboard.press("Escape")
