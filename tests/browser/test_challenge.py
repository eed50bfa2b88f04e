"""A challenge by link (issue 42, item 1), as two players meet it on the built site: one
wins a deal and shares a challenge with a name; the other opens the link in another
browser, sees whose result is to beat and nothing of their moves, plays to the end,
sees the two results side by side and watches the challenger's game; then a tampered
link deals its cards and says truthfully that the challenge could not be read, and a
hostile name is shown as text, and a challenge given up to see the challenger's game."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from halfmoon import Game
from halfmoon.challenges import challenge_link
from halfmoon.challenges.challenge import Challenge, Result
from halfmoon.host.examples import WON
from tests.browser.axe import axe_violations
from tests.browser.conftest import DESKTOP, follow, open_game, wait_ready, wait_saved
from tests.browser.table import Table
from tests.browser.test_ending import one_move_from_winning, win
from tests.solver import legal_moves

OTHER = "HM1-N-AAAAAAB"


def three_moves(code: str, name: str) -> Challenge:
    """A challenge of the first three legal moves of ``code``."""
    game, made = Game.new(code), []
    for _ in range(3):
        move = legal_moves(game.tops())[0]
        for slot in move:
            game.tap(slot)
        made.append(tuple(move))
    return Challenge(code, Result(104 - game.cards_left, 75, 3), name, tuple(made))


def another_tab_speaks(page: Page, lang: str) -> None:
    """Another tab of the game sets the language (its options saved, heard here)."""
    page.evaluate(
        """(lang) => {
            const key = "halfmoon.v2.prefs";
            const prefs = JSON.parse(localStorage.getItem(key) || "{}");
            const value = JSON.stringify({ ...prefs, lang });
            localStorage.setItem(key, value);
            dispatchEvent(new StorageEvent("storage", { key, newValue: value }));
        }""",
        lang,
    )


def test_a_challenge_made_opened_played_watched_and_a_tampered_one(
    desktop: BrowserContext, browser: Browser, base_url: str
) -> None:
    # ---- the challenger wins and shares the challenge, named
    desktop.grant_permissions(["clipboard-read", "clipboard-write"])
    one_move_from_winning(desktop)
    table, won_in = win(desktop, base_url)
    page, end = table.page, table.page.locator("#dialog-end")
    end.locator('[data-action="challenge"]').click()
    asking = page.locator("#dialog-challenge")
    expect(asking).to_be_visible()
    expect(asking.locator("#challenge-name")).to_be_focused()
    assert axe_violations(page) == [], "the name window"
    page.keyboard.type("Ana")
    page.keyboard.press("Enter")
    expect(end.locator('[data-role="dialog-status"]')).to_contain_text("Desafio copiado")
    shared = page.evaluate("navigator.clipboard.readText()")
    assert shared.startswith(f"Desafio Half Moon: tirei 104 cartas da mesa em {won_in}")
    found = re.search(r"(#HM1-\S+)$", shared)
    assert found is not None, shared
    link = found.group(1)
    assert len(link) < 160

    # ---- the friend, in another browser, in English
    friend = browser.new_context(locale="en-GB", viewport=DESKTOP)
    friend.clock.install()  # their clock moves only as the test says: faster than Ana
    try:
        them = Table(open_game(friend, base_url, link))
        other = them.page
        line = other.locator('[data-role="challenge"]')
        expect(line.locator('[data-role="challenge-words"]')).to_have_text(
            f"Ana cleared 104 cards in {won_in} and 48 moves — beat that!"
        )
        expect(line.locator('[data-action="see-theirs"]')).to_be_visible()
        assert them.stat("moves") == "0" and them.stat("code") == WON.code
        expect(other.locator('[data-action="watch"]:visible')).to_have_count(0)
        assert axe_violations(other) == [], "the table with the challenge's line"
        other.evaluate(  # the whole winning line, each card clicked (the page's own path)
            """(taps) => taps.forEach((slot) => document.querySelector(
                `[data-slot="${slot}"] button[data-card]`).click())""",
            [slot for move in WON.moves for slot in move],
        )
        versus = other.locator('#dialog-end [data-role="versus"]')
        expect(versus).to_be_visible()
        expect(versus.locator("thead th")).to_have_text(["Ana", "You"])
        expect(versus.locator("tbody tr").first).to_have_text("Cards cleared104 cards104 cards")
        expect(versus.locator(".verdict")).to_have_text("You beat Ana's result!")
        assert axe_violations(other) == [], "the two results side by side"
        another_tab_speaks(other, "pt")  # the window stays open, in the other language
        expect(versus.locator("thead th")).to_have_text(["Ana", "Você"])
        expect(versus.locator(".verdict")).to_have_text("Bateu o resultado de Ana!")
        another_tab_speaks(other, "en")
        expect(versus.locator(".verdict")).to_have_text("You beat Ana's result!")
        other.locator('#dialog-end [data-action="watch"]').click()
        replay = other.locator("#dialog-replay")
        expect(replay).to_be_visible()
        expect(replay.locator('[data-role="replay-title"]')).to_have_text(
            f"Ana's game — {WON.code}"
        )
        expect(replay.locator('[data-role="position"]')).to_have_text("Move 1 of 48")
        expect(replay.locator('[data-action="again"]')).to_be_hidden()  # theirs: no play again
        other.keyboard.press("End")
        expect(replay.locator('[data-role="position"]')).to_have_text("End of the game")
        other.keyboard.press("Escape")
        expect(line.locator('[data-action="watch"]')).to_be_visible()

        # ---- a tampered link: a move letter flipped
        parts = three_moves(OTHER, "Bo").link_text().split(".")
        parts[4] = ("B" if parts[4][0] == "A" else "A") + parts[4][1:]
        follow(other, f"{base_url}/#{'.'.join(parts)}")
        expect(other.locator('[data-stat="code"]')).to_have_text(OTHER)
        expect(other.locator('[data-role="message"]')).to_contain_text(
            "The challenge in this link could not be read: the deal is dealt without it."
        )
        expect(line).to_be_hidden()

        # ---- a hostile name, shown as text
        hostile = three_moves("HM1-N-AAAAAAC", "<img src=x onerror=f()>")
        follow(other, f"{base_url}/#{hostile.link_text()}")
        expect(line.locator('[data-role="challenge-words"]')).to_have_text(
            f"<img src=x onerror=f()> cleared {hostile.result.cleared} cards in 1:15 and 3 moves"
            " — beat that!"
        )
        expect(other.locator("img")).to_have_count(0)

        # ---- given up after a move, to see their game: asked first, then shown
        them.play([legal_moves(Game.new("HM1-N-AAAAAAC").tops())[0]])
        line.locator('[data-action="see-theirs"]').click()
        confirm = other.locator('[data-role="confirm"]')
        expect(confirm.locator("#confirm-title")).to_have_text("See their game?")
        confirm.locator('[data-answer="yes"]').click()
        expect(replay.locator('[data-role="replay-title"]')).to_have_text(
            "<img src=x onerror=f()>'s game — HM1-N-AAAAAAC"
        )
        expect(replay.locator('[data-role="position"]')).to_have_text("Move 1 of 3")
        other.keyboard.press("Escape")
        expect(line.locator('[data-role="challenge-words"]')).to_contain_text(
            "You gave up <img src=x onerror=f()>'s challenge"
        )
        expect(other.locator("img")).to_have_count(0)

        # ---- a challenge link while a game is under way: asked first; no keeps it all
        follow(other, f"{base_url}/{link}")
        expect(confirm.locator("#confirm-title")).to_have_text("Leave this game?")
        confirm.locator('[data-answer="no"]').click()
        expect(confirm).to_be_hidden()
        assert them.stat("code") == "HM1-N-AAAAAAC"
        expect(other).to_have_url(re.compile(r"#HM1-N-AAAAAAC$"))  # the game's own address back

        # ---- another challenge of the deal under way: asked first, as it starts again
        cy = three_moves("HM1-N-AAAAAAC", "Cy")
        follow(other, f"{base_url}/#{cy.link_text()}")
        expect(confirm.locator("#confirm-title")).to_have_text("Take the challenge?")
        expect(confirm).to_contain_text("HM1-N-AAAAAAC is under way (1 move)")
        expect(confirm).to_contain_text("where you can replay it but not resume it")
        confirm.locator('[data-answer="yes"]').click()
        expect(line.locator('[data-role="challenge-words"]')).to_contain_text("Cy cleared")
        assert them.stat("moves") == "0"

        # ---- and one opened in a new page while Cy's is under way: asked at start-up
        them.play([legal_moves(Game.new("HM1-N-AAAAAAC").tops())[0]])
        wait_saved(other)
        other.goto("about:blank")
        other.goto(f"{base_url}/#{three_moves('HM1-N-AAAAAAC', 'Di').link_text()}")
        wait_ready(other)
        expect(confirm.locator("#confirm-title")).to_have_text("Take the challenge?")
        expect(line.locator('[data-role="challenge-words"]')).to_contain_text("Cy cleared")
        assert them.stat("moves") == "1"  # Cy's game, as it was, until the answer
        confirm.locator('[data-answer="yes"]').click()
        expect(line.locator('[data-role="challenge-words"]')).to_contain_text("Di cleared")
        assert them.stat("moves") == "0"
    finally:
        friend.close()


def test_a_challenge_seen_cannot_be_beaten_afterwards(browser: Browser, base_url: str) -> None:
    """(Issue 52, item 1.) One move, *Give up and see their game*, the replay closed, then
    the challenger's line played on the same game to a win: the end window does not say
    "You beat Ana's result!" but that the game was played after seeing hers; Your games
    says so too; and *Restart* does not bring back "beat that!" nor *Give up…*."""
    ana = Challenge(WON.code, Result(104, 252, 48), "Ana", tuple(WON.moves))
    context = browser.new_context(locale="en-GB", viewport=DESKTOP)
    try:
        table = Table(open_game(context, base_url, "#" + ana.link_text()))
        page = table.page
        line = page.locator('[data-role="challenge"]')
        words = line.locator('[data-role="challenge-words"]')
        expect(words).to_contain_text("beat that!")
        table.play(WON.moves[:1])
        line.locator('[data-action="see-theirs"]').click()
        page.locator('[data-role="confirm"] [data-answer="yes"]').click()
        replay = page.locator("#dialog-replay")
        expect(replay).to_be_visible()
        page.keyboard.press("Escape")
        expect(replay).to_be_hidden()
        table.play(WON.moves[1:])
        end = page.locator("#dialog-end")
        expect(end).to_be_visible()
        verdict = end.locator('[data-role="versus"] .verdict')
        expect(verdict).to_have_text("Played after seeing Ana's game: not compared.")
        expect(words).to_have_text("You gave up Ana's challenge (104 cards, 4:12, 48 moves).")
        page.keyboard.press("Escape")
        page.locator('[data-action="stats"]').click()
        page.locator('#dialog-stats [data-action="history"]').click()
        row = page.locator("#dialog-history li.game").first
        expect(row.locator('[data-role="summary"]')).to_contain_text(
            "after seeing the challenger's game"
        )
        page.keyboard.press("Escape")
        expect(page.locator("dialog[open]")).to_have_count(0)
        table.press("restart")
        page.locator('[data-role="confirm"] [data-answer="yes"]').click()  # 48 moves undone
        expect(page.locator('[data-stat="moves"]')).to_have_text("0")
        expect(words).not_to_contain_text("beat that!")
        expect(line.locator('[data-action="see-theirs"]')).to_be_hidden()
        expect(line.locator('[data-action="watch"]')).to_be_visible()
    finally:
        context.close()


FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # man, woman, girl: one family
PERSIAN = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # «می‌خواهم», a ZWNJ inside


def test_a_name_keeps_its_joiners_where_they_join(
    desktop: BrowserContext, base_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 52, item 9: a family emoji and a Persian word keep their joiners in the
    challenge line; the bidi override and the joiners that join nothing are gone."""
    name = f"\u200d\u202e{PERSIAN} \u200d{FAMILY}\u200d\u200d"
    challenge = three_moves("HM1-N-AAAAAAC", name)
    with monkeypatch.context() as sender:  # the link as it comes, whatever this side keeps
        sender.setattr(challenge_link, "clean_name", lambda name: name)
        link = challenge.link_text()
    page = open_game(desktop, base_url, f"#{link}", "?lang=en")
    words = page.locator('[data-role="challenge"] [data-role="challenge-words"]')
    expect(words).to_have_text(
        f"{PERSIAN} {FAMILY} cleared {challenge.result.cleared} cards in 1:15 and 3 moves"
        " — beat that!"
    )


def test_a_calm_table_watches_the_challenger_s_game_without_times_or_points(
    browser: Browser, base_url: str
) -> None:
    """(Issue 52, item 8.) On a calm table (no clock, score or moves in the bar), the
    challenger's replay says their result without its time, and its steps without
    points, as the line under the table already did."""
    bo = three_moves(OTHER, "Bo")
    context = browser.new_context(locale="en-GB", viewport=DESKTOP)
    try:
        table = Table(open_game(context, base_url, "#" + bo.link_text(), "?calm=1"))
        page = table.page
        line = page.locator('[data-role="challenge"]')
        expect(line.locator('[data-role="challenge-words"]')).to_have_text(
            f"Bo cleared {bo.result.cleared} cards in 3 moves — beat that!"
        )
        table.play([legal_moves(Game.new(OTHER).tops())[0]])
        line.locator('[data-action="see-theirs"]').click()
        page.locator('[data-role="confirm"] [data-answer="yes"]').click()
        replay = page.locator("#dialog-replay")
        expect(replay.locator('[data-role="replay-when"]')).to_have_text(
            f"{bo.result.cleared} cards, 3 moves"
        )
        for step in range(4):
            stats = replay.locator('[data-role="stats"]').text_content() or ""
            assert "point" not in stats and ":" not in stats, (step, stats)
            page.keyboard.press("ArrowRight")
    finally:
        context.close()


def test_back_while_leave_this_game_is_open_answers_no(browser: Browser, base_url: str) -> None:
    """(Issue 52, item 7.) A challenge link followed while a game is under way asks
    *Leave this game?*; Back meanwhile answers No: the question closes, the game under
    way stays with its address, and Forward asks again — the challenge never dealt into
    the deal's own entry of the history."""
    context = browser.new_context(locale="en-GB", viewport=DESKTOP)
    try:
        table = Table(open_game(context, base_url, "#" + OTHER))
        page = table.page
        table.play([legal_moves(Game.new(OTHER).tops())[0]])
        wait_saved(page)
        cy = three_moves("HM1-N-AAAAAAC", "Cy")
        follow(page, f"{base_url}/#{cy.link_text()}")
        confirm = page.locator('[data-role="confirm"]')
        expect(confirm.locator("#confirm-title")).to_have_text("Leave this game?")
        page.go_back()
        expect(confirm).to_be_hidden()
        expect(page).to_have_url(re.compile(f"#{OTHER}$"))
        assert table.stat("code") == OTHER and table.stat("moves") == "1"
        page.go_forward()
        expect(confirm.locator("#confirm-title")).to_have_text("Leave this game?")
        confirm.locator('[data-answer="yes"]').click()
        expect(page.locator('[data-role="challenge-words"]')).to_contain_text("Cy cleared")
        page.go_back()  # the game left, in its own entry, as it was
        expect(page).to_have_url(re.compile(f"#{OTHER}$"))
        expect(page.locator('[data-stat="moves"]')).to_have_text("1")
        assert table.stat("code") == OTHER
    finally:
        context.close()
