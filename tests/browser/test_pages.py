"""The rules and examples pages: their diagrams and captions are the engine's, their
replays step by buttons, keyboard, slider and move list, they pass axe in both languages
and fit a phone, and they link to and from the game."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from halfmoon import Game
from halfmoon.host.examples import IMPASSE, WON
from halfmoon.host.guide import Frame, impasse_reason, position, replay, score_line
from halfmoon.host.locale import own_name, page_text
from halfmoon.page.replay import PLAY_MS
from halfmoon.rules.layout import SLOTS, place_caption
from halfmoon.words.i18n import LANGUAGES, Counted, text
from tests.browser.axe import axe_violations
from tests.browser.conftest import open_game, wait_ready

PAGES = {"pt": ("regras.html", "exemplos.html"), "en": ("rules.html", "examples.html")}


def open_page(context: BrowserContext, base_url: str, name: str) -> Page:
    page = context.new_page()
    page.goto(f"{base_url}/{name}")
    expect(page.locator("h1")).to_be_visible()
    return page


def drawn(scope: Locator) -> dict[str, dict[str, Any]]:
    """What a diagram shows at each place: card, count, caption and mark."""
    found: dict[str, dict[str, Any]] = scope.evaluate(
        """(root) => Object.fromEntries([...root.querySelectorAll('[data-slot]')].map(p => {
            const card = p.querySelector('[data-card]');
            return [p.dataset.slot, {
                card: card ? card.dataset.card : null,
                mark: card ? card.dataset.mark || null : null,
                count: Number(p.dataset.count),
                caption: p.querySelector('.caption').textContent,
                label: card ? card.getAttribute('aria-label') : null,
            }];
        }))"""
    )
    return found


def assert_shows(scope: Locator, game: Game, highlight: tuple[str, ...] = ()) -> None:
    places = drawn(scope)
    assert set(places) == set(SLOTS)
    for slot in SLOTS:
        top = game.top(slot)
        assert places[slot]["card"] == (top.code if top else None), slot
        assert places[slot]["count"] == game.count(slot), slot
        assert places[slot]["caption"] == place_caption(slot, game.count(slot)), slot
    assert {s for s, p in places.items() if p["mark"] in ("move", "selected")} == set(highlight)


def assert_step(page: Page, box: str, frame: Frame, game: Game) -> None:
    expect(page.locator(f'{box} [data-role="caption"]')).to_have_text(frame.caption)
    expect(page.locator(f'{box} [data-role="note"]')).to_have_text(frame.note)
    assert_shows(page.locator(f"{box} .stage"), game, frame.highlight)
    marked_new = {s for s, p in drawn(page.locator(f"{box} .stage")).items() if p["mark"] == "new"}
    assert marked_new == set(frame.revealed) - set(frame.highlight)


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_won_replay_shows_the_engines_positions_and_captions(
    any_context: BrowserContext, base_url: str, lang: str
) -> None:
    page = open_page(any_context, base_url, PAGES[lang][1])
    frames = replay(WON, lang)
    box = "#won"
    assert_step(page, box, frames[0], position(WON, 0))
    for number in (1, 2):  # the second and third moves, one tap of "next" each
        page.locator(f'{box} [data-step-action="next"]').click()
        assert_step(page, box, frames[number], position(WON, number))
    page.locator(f'{box} [data-step-action="prev"]').click()
    assert_step(page, box, frames[1], position(WON, 1))
    page.locator(f'{box} [data-step-action="last"]').click()
    assert_step(page, box, frames[-1], position(WON, 48))
    assert drawn(page.locator(f"{box} .stage"))["P1"]["card"] is None  # the table is empty
    assert frames[-1].caption == text(
        lang, "guide.won", moves=Counted(48, "moves"), points=Counted(520, "points")
    )
    expect(page.locator(f'{box} [data-role="stats"]')).to_have_text(score_line(520, 48, lang))
    # the last move (48th) is one step back, its cards marked
    page.locator(f'{box} [data-step-action="prev"]').click()
    assert_step(page, box, frames[47], position(WON, 47))


def test_the_impasse_replay_ends_with_its_reason(desktop: BrowserContext, base_url: str) -> None:
    page = open_page(desktop, base_url, "examples.html")
    page.locator('#impasse [data-step-action="last"]').click()
    end = position(IMPASSE, len(IMPASSE.moves))
    assert end.status == "impasse"
    caption = page.locator('#impasse [data-role="caption"]')
    expect(caption).to_contain_text(impasse_reason(end, "en"))
    expect(caption).to_contain_text(f"Impasse after {len(IMPASSE.moves)} moves")
    assert_shows(page.locator("#impasse .stage"), end)
    # the won example did not move
    expect(page.locator('#won [data-role="position"]')).to_have_text("Move 1 of 48")


def position_text(page: Page, box: str = "#won") -> str:
    return page.locator(f'{box} [data-role="position"]').inner_text()


def test_stepping_by_keyboard_slider_move_list_and_play(
    desktop: BrowserContext, base_url: str
) -> None:
    desktop.clock.install()  # the page's timers, moved on by the test
    page = open_page(desktop, base_url, "exemplos.html")
    expect(page.locator('#won [data-step-action="first"]')).to_be_disabled()
    expect(page.locator('#won [data-step-action="prev"]')).to_be_disabled()
    # keyboard: Tab to the diagram, then arrows, End and Home
    page.locator("#won a.button.primary").focus()
    page.keyboard.press("Tab")
    expect(page.locator("#won .stage")).to_be_focused()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert position_text(page) == "Jogada 4 de 48"
    page.keyboard.press("ArrowLeft")
    assert position_text(page) == "Jogada 3 de 48"
    page.keyboard.press("End")
    assert position_text(page) == "Fim da partida"
    expect(page.locator('#won [data-step-action="next"]')).to_be_disabled()
    page.keyboard.press("ArrowRight")  # nothing past the end
    assert position_text(page) == "Fim da partida"
    page.keyboard.press("Home")
    assert position_text(page) == "Jogada 1 de 48"
    # the "last" button disables itself: the focus stays in the example, on the diagram
    page.locator('#won [data-step-action="last"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator("#won .stage")).to_be_focused()
    page.keyboard.press("ArrowLeft")
    assert position_text(page) == "Jogada 48 de 48"
    page.keyboard.press("Home")
    # arrows also work with the focus on a control
    page.locator('#won [data-step-action="next"]').focus()
    page.keyboard.press("ArrowRight")
    assert position_text(page) == "Jogada 2 de 48"
    # the slider
    page.locator('#won [data-role="slider"]').fill("20")
    assert position_text(page) == "Jogada 21 de 48"
    expect(page.locator('#won [data-role="caption"]')).to_have_text(replay(WON, "pt")[20].caption)
    # the list of every move
    page.locator("#won .move-list summary").click()
    item = page.locator("#won .move-list [data-step]").nth(9)
    item.click()
    assert position_text(page) == "Jogada 10 de 48"
    expect(item).to_have_attribute("aria-current", "step")
    # play: a move every PLAY_MS; then pause: no move however long the page waits
    play = page.locator('#won [data-step-action="play"]')
    page.clock.pause_at(page.evaluate("Date.now()") + 1)  # time moves only when told
    play.click()
    expect(play).to_have_attribute("aria-pressed", "true")
    expect(play).to_contain_text("Pausa")
    page.clock.run_for(PLAY_MS - 1)
    assert position_text(page) == "Jogada 10 de 48"
    page.clock.run_for(1)
    assert position_text(page) == "Jogada 11 de 48"
    page.clock.run_for(PLAY_MS)
    assert position_text(page) == "Jogada 12 de 48"
    play.click()
    expect(play).to_have_attribute("aria-pressed", "false")
    page.clock.run_for(10 * PLAY_MS)
    assert position_text(page) == "Jogada 12 de 48"


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_rules_page_diagrams_are_engine_positions(
    any_context: BrowserContext, base_url: str, lang: str
) -> None:
    page = open_page(any_context, base_url, PAGES[lang][0])
    assert page.evaluate("document.documentElement.lang") == ("pt-PT" if lang == "pt" else "en")
    figures = page.locator("figure.diagram-figure")
    expect(figures).to_have_count(5)
    assert_shows(page.locator("#setup figure").first, Game.new(WON.code))
    trio = next(i for i, m in enumerate(WON.moves) if len(m) == 3)
    assert_shows(page.locator("#pairs figure").nth(1), position(WON, trio), WON.moves[trio])
    end = position(IMPASSE, len(IMPASSE.moves))
    assert_shows(page.locator("#end figure"), end)
    expect(page.locator("#end figcaption")).to_contain_text(impasse_reason(end, lang))
    # placement help: the selected card and the dimmed ones are the engine's
    help_game = Game.new(WON.code)
    help_game.tap(WON.moves[0][0])
    dimmed = page.locator("#options figure [data-dimmed='true']").evaluate_all(
        "cards => cards.map(c => c.closest('[data-slot]').dataset.slot)"
    )
    assert set(dimmed) == set(help_game.dimmed()) and dimmed
    # screen readers hear each card's name, place and count
    label = drawn(page.locator("#setup figure").first)["P1"]["label"]
    assert label == (
        "5♠ Cinco de Espadas, monte 1, 8 cartas"
        if lang == "pt"
        else "5♠ Five of Spades, pile 1, 8 cards"
    )


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("lang", ["pt", "en"])
def test_axe_finds_nothing_on_the_pages(
    browser: Browser, base_url: str, lang: str, theme: str
) -> None:
    context = browser.new_context(color_scheme=theme)  # type: ignore[arg-type]
    for name in PAGES[lang]:
        page = open_page(context, base_url, name)
        if name in ("exemplos.html", "examples.html"):
            page.locator("#won .move-list summary").click()
            page.locator('#won [data-step-action="next"]').click()
        assert axe_violations(page) == [], name
    context.close()


def test_pages_fit_a_small_phone(browser: Browser, base_url: str) -> None:
    context = browser.new_context(
        viewport={"width": 320, "height": 480}, is_mobile=True, has_touch=True
    )
    for name in PAGES["pt"]:
        page = open_page(context, base_url, name)
        assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth"), name
        for box in page.locator(".diagram .table").all():
            right = box.evaluate("t => t.getBoundingClientRect().right")
            assert right <= 320, name
    page.locator('#won [data-step-action="next"]').tap()
    assert position_text(page) == "Jogada 2 de 48"
    context.close()


def test_the_game_links_to_the_pages_in_its_language(
    desktop: BrowserContext, base_url: str
) -> None:
    for lang, (rules, examples) in PAGES.items():
        page = open_game(desktop, base_url, query=f"?lang={lang}")
        page.locator('[data-action="rules"]').click()
        links = page.locator("#dialog-rules a")
        expect(links.nth(0)).to_have_attribute("href", rules)
        expect(links.nth(1)).to_have_attribute("href", examples)
        links.nth(1).click()
        expect(page.locator("h1")).to_have_text(page_text(lang, "page.examples.title"))
        # and back: the page's "Play" link returns to the game in the same language
        page.locator("header nav a").first.click()
        wait_ready(page)
        assert page.evaluate("document.documentElement.lang") == ("pt-PT" if lang == "pt" else "en")
        page.close()


def test_the_example_deal_opens_in_the_game(desktop: BrowserContext, base_url: str) -> None:
    page = open_page(desktop, base_url, "examples.html")
    page.locator("#won a.button").click()
    wait_ready(page)
    expect(page.locator('[data-stat="code"]')).to_have_text(WON.code)
    expect(page.locator('[data-slot="P1"] button[data-card]')).to_have_attribute("data-card", "5S")
    assert page.evaluate("document.documentElement.lang") == "en"


def test_each_page_links_to_its_other_languages(desktop: BrowserContext, base_url: str) -> None:
    """Each page names every other language by its own name, and leads to it."""
    page = open_page(desktop, base_url, "regras.html")
    others = page.locator("a.other-language")
    expect(others).to_have_count(len(LANGUAGES) - 1)
    assert others.all_text_contents() == [own_name(c) for c in LANGUAGES if c != "pt"]
    page.locator('a.other-language[hreflang="en"]').click()
    expect(page.locator("h1")).to_have_text("Half Moon rules")
    page.locator('a.other-language[hreflang="pt-PT"]').click()
    expect(page.locator("h1")).to_have_text("Regras do Half Moon")
