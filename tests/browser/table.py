"""A player's-eye driver of the table: taps cards as a person would."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from playwright.sync_api import Locator, Page

from halfmoon import Game
from halfmoon.rules.layout import SLOTS


class Table:
    def __init__(self, page: Page, touch: bool = False) -> None:
        self.page = page
        self.touch = touch

    def card(self, slot: str) -> Locator:
        return self.page.locator(f'[data-slot="{slot}"] button[data-card]')

    def tap(self, slot: str) -> None:
        button = self.card(slot)
        if self.touch:
            button.tap()
        else:
            button.click()

    def play(self, moves: Iterable[Sequence[str]]) -> None:
        """Tap every card of every move, in order."""
        for move in moves:
            for slot in move:
                self.tap(slot)

    def press(self, action: str) -> None:
        button = self.page.locator(f'[data-action="{action}"]')
        if self.touch:
            button.tap()
        else:
            button.click()

    def shown(self, slot: str) -> str | None:
        button = self.card(slot)
        return button.get_attribute("data-card") if button.count() else None

    def tops(self) -> dict[str, str | None]:
        found = self.page.evaluate(
            """() => Object.fromEntries([...document.querySelectorAll('[data-slot]')].map(
                p => [p.dataset.slot, p.querySelector('button[data-card]')?.dataset.card ?? null]))"""
        )
        return {s: found[s] for s in SLOTS}

    def stat(self, name: str) -> str:
        return (self.page.locator(f'[data-stat="{name}"]').text_content() or "").strip()

    def selected(self) -> list[str]:
        return self.page.evaluate(
            """() => [...document.querySelectorAll('button[data-card][aria-pressed="true"]')]
                .map(b => b.parentElement.dataset.slot)"""
        )

    def dimmed(self) -> set[str]:
        return set(
            self.page.evaluate(
                """() => [...document.querySelectorAll('button[data-card][data-dimmed="true"]')]
                    .map(b => b.parentElement.dataset.slot)"""
            )
        )

    def message(self) -> str:
        return (self.page.locator('[data-role="message"]').text_content() or "").strip()

    def game_state(self) -> str:
        return self.page.evaluate("document.documentElement.dataset.game")

    def set_option(self, name: str, on: bool) -> None:
        self.press("options")
        box = self.page.locator(f'[data-option="{name}"]')
        if box.is_checked() != on:
            if self.touch:
                box.tap()
            else:
                box.click()
        self.page.keyboard.press("Escape")


def overlapping(boxes: Sequence[Sequence[float]]) -> list[tuple[int, int]]:
    """The pairs of boxes (left, top, right, bottom) that overlap by more than half a
    pixel."""
    return [
        (i, j)
        for i, a in enumerate(boxes)
        for j, b in enumerate(boxes[:i])
        if a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5
    ]


def engine_tops(game: Game) -> dict[str, str | None]:
    return {s: (c.code if (c := game.top(s)) else None) for s in SLOTS}


# Each card's corner as drawn: the rank's inked height (its glyphs, measured in the font the
# page draws them with) against the card's height, the boxes of the rank, the suit and a
# court card's figure, and the card's.
CORNERS = """() => {
  const ink = document.createElement('canvas').getContext('2d');
  const box = (e) => { const r = e.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height}; };
  return [...document.querySelectorAll('#table button.card')].map((card) => {
    const r = card.querySelector('.idx:not(.bottom) .r'), s = card.querySelector('.idx:not(.bottom) .s');
    const look = getComputedStyle(r);
    ink.font = `${look.fontWeight} ${look.fontSize} ${look.fontFamily}`;
    const m = ink.measureText(r.textContent);
    const figure = card.querySelector('.figure');
    return {card: card.dataset.card, rank: r.textContent, box: box(card),
            inked: (m.actualBoundingBoxAscent + m.actualBoundingBoxDescent) / card.getBoundingClientRect().height,
            r: box(r), s: box(s), rankSize: parseFloat(look.fontSize),
            suitSize: parseFloat(getComputedStyle(s).fontSize),
            figure: figure && box(figure)};
  });
}"""


def corners(page: Page) -> list[dict]:
    """The corners of the cards on the table (:data:`CORNERS`)."""
    return page.evaluate(CORNERS)


# Every piece of text a player can see (a text node with a box, not hidden), drawn under
# 12 px: its size, its element and its words.
SMALL_WORDS = """() => {
  const found = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const e = n.parentElement;
    if (!n.textContent.trim() || !e.checkVisibility({visibilityProperty: true})) continue;
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height || r.bottom < 0 || r.right < 0) continue;
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (size < 12) found.push(`${size.toFixed(1)} px ${e.tagName}.${e.className} ${n.textContent.trim().slice(0, 30)}`);
  }
  return found;
}"""


def small_words(page: Page) -> list[str]:
    """What the player can see written under 12 px (:data:`SMALL_WORDS`)."""
    return page.evaluate(SMALL_WORDS)
