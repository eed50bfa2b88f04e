"""Your games: the history dialog, the replay of a kept game, and the statistics'
chart of recent games.

It shows what it is given — rows (:class:`halfmoon.page.results.Row`), replay frames
(:mod:`halfmoon.page.replay`), chart bars — and reports the player's choices through the
page's ``data-action`` buttons (each row's carry ``data-entry``, the game's id), which
the input room hands to the controller.  The replay steps by its buttons, the arrow
keys, Home and End, its slider, and a play button that advances on its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import js  # type: ignore[import-not-found]

from ..page.replay import PLAY_MS, Frame, position_text, score_line
from ..page.results import CHART_FEW, Bar, Row, chart_places, history_note
from ..page.view import card_class
from ..rules.cards import DOUBLE_DECK
from ..rules.layout import SLOTS
from ..words.i18n import text
from .dom import Handlers, absent, at_top, close_windows, js_object, write_codes
from .faces import SVG, Faces

CHART_W, CHART_H = 300, 110  # the chart's drawing box


class Games:
    """Shows your games: the history, a kept game's replay, the chart."""

    def __init__(self, document: Any, handlers: Handlers, faces: Faces) -> None:
        self.doc = document
        self.faces = faces
        self.history = document.getElementById("dialog-history")
        self.list = self.history.querySelector('[data-role="games"]')
        self.row = document.getElementById("game-row")
        self.replay = document.getElementById("dialog-replay")
        self.places = {s: self.replay.querySelector(f'[data-place="{s}"]') for s in SLOTS}
        self.slider = self.replay.querySelector('[data-role="slider"]')
        self.play_button = self.replay.querySelector('[data-step-action="play"]')
        self.frames: list[Frame] = []
        self.calm = False  # the replay of a calm table: no score
        self.total = 0
        self.lang = "pt"
        self.step = 0
        self.code = ""  # the deal of the game the replay shows
        self._timer: Any = None
        self._tick = handlers.proxy(lambda e: self._advance())
        for button in self.replay.querySelectorAll("[data-step-action]"):
            handlers.on(button, "click", self._clicked)
        handlers.on(self.slider, "input", lambda e: self.go(int(self.slider.value)))
        handlers.on(self.replay, "keydown", self._key)
        handlers.on(self.replay, "close", lambda e: self.pause())

    # ------------------------------------------------------------------ history
    def show_history(self, rows: Sequence[Row], lang: str) -> None:
        """Fill the history dialog (newest first) and open it."""
        self.list.replaceChildren()
        for row in rows:
            item = self.row.content.firstElementChild.cloneNode(True)
            item.querySelector('[data-action="again"]').dataset.i18n = row.again_key
            for el in item.querySelectorAll("[data-i18n]"):
                el.textContent = text(lang, el.dataset.i18n)
            item.dataset.ending = row.ending
            for role, value in (
                ("when", row.when),
                ("code", row.code),
                ("result", row.result),
                ("summary", row.summary),
                ("daily", row.daily),
            ):
                el = item.querySelector(f'[data-role="{role}"]')
                el.textContent = value
                el.hidden = not value
            challenge = text(lang, "challenge.row.label", code=row.code, when=row.when)
            labels = {
                "again": row.again,
                "replay": row.replay,
                "share": row.share,
                "challenge": challenge,
            }
            for action, label in labels.items():
                button = item.querySelector(f'[data-action="{action}"]')
                button.dataset.entry = row.id
                button.setAttribute("aria-label", label)
                # a game whose moves were not kept has no replay nor challenge
                button.hidden = action in ("replay", "challenge") and not row.replay
            self.list.appendChild(item)
        self.history.querySelector('[data-role="empty"]').hidden = bool(rows)
        note = self.history.querySelector('[data-role="history-note"]')
        note.textContent = history_note(lang)
        self.status("")
        if not self.history.open:
            self._only()
            self.history.showModal()
            at_top(self.history)

    def _only(self) -> None:
        """One window at a time (the statistics' or the history's gives way), so that
        Tab and Escape always belong to the one in front."""
        close_windows(self.doc)

    def status(self, words: str) -> None:
        """The status line of the windows (statistics, end, history, replay): a result
        shared or copied, damaged values found."""
        for line in self.doc.querySelectorAll('[data-role="dialog-status"]'):
            write_codes(line, words)

    def status_in_view(self, words: str) -> None:
        """The status line, brought into view in the window open in front: what a
        restore did, which the figures and chart it changed above it may have pushed
        out of sight (the line is a live region: screen readers hear it too)."""
        self.status(words)
        line = self.doc.querySelector('dialog[open] [data-role="dialog-status"]')
        if not absent(line):
            line.scrollIntoView(js_object({"block": "nearest", "behavior": "instant"}))

    # ------------------------------------------------------------------- replay
    def show_replay(
        self,
        title: str,
        when: str,
        frames: list[Frame],
        lang: str,
        entry: str,
        again: tuple[str, str] = ("action.again", ""),
        code: str = "",
        *,
        own: bool = True,
        calm: bool = False,
    ) -> None:
        """Open the replay of a game (``entry``, for its Play again and Share buttons)
        at its first position; ``again``: the again button's words (Resume or Play
        again: its catalogue key) and accessible name; ``own``: a game of the player's
        (a challenger's has neither button); ``calm``: no score beside the moves, as a
        calm table's bar shows none."""
        self.frames, self.total, self.lang = frames, len(frames) - 1, lang
        self.calm = calm
        self.code = code
        for button in self.replay.querySelectorAll("[data-action]"):
            button.dataset.entry = entry
            button.hidden = not own
        button = self.replay.querySelector('[data-action="again"]')
        button.dataset.i18n = again[0]
        button.textContent = text(lang, again[0])
        if again[1]:
            button.setAttribute("aria-label", again[1])
        else:
            button.removeAttribute("aria-label")
        write_codes(self.replay.querySelector('[data-role="replay-title"]'), title)
        self.replay.querySelector('[data-role="replay-when"]').textContent = when
        self.slider.max = str(self.total)
        self.status("")
        self.pause()
        self.go(0)
        if not self.replay.open:
            self._only()
            self.replay.showModal()
        self.replay.querySelector(".stage").focus()

    def follow(self, deals: tuple[str, ...]) -> None:
        """The deal on the table changed (``deals``: the one before, the one now): a
        replay of either closes, its Play again and Share no longer what they were."""
        if self.replay.open and self.code in deals:
            self.replay.close()

    def go(self, step: int) -> None:
        """Draw frame ``step`` (clamped): its places, marks, words and slider."""
        if not self.frames:
            return
        self.step = step = max(0, min(step, self.total))
        frame = self.frames[step]
        marks = dict.fromkeys(frame.revealed, "new") | dict.fromkeys(frame.highlight, "move")
        for slot in SLOTS:
            self._place(slot, frame, marks.get(slot, ""))
        for role, words in (
            ("position", position_text(frame, self.total, self.lang)),
            ("stats", "" if self.calm else score_line(frame.score, frame.moves, self.lang)),
            ("caption", frame.caption),
            ("note", frame.note),
        ):
            self.replay.querySelector(f'[data-role="{role}"]').textContent = words
        self.slider.value = str(step)
        self.slider.setAttribute("aria-valuetext", position_text(frame, self.total, self.lang))
        if step >= self.total:
            self.pause()

    def _place(self, slot: str, frame: Frame, mark: str) -> None:
        view = frame.views[slot]
        place = self.places[slot]
        place.dataset.count = str(view.count)
        caption = self.doc.createElement("span")
        caption.className = "caption"
        caption.setAttribute("aria-hidden", "true")
        caption.textContent = view.caption
        if view.card is None:
            place.replaceChildren(caption)
            return
        card = self.doc.createElement("span")
        card.className = card_class(view)
        card.setAttribute("role", "img")
        card.setAttribute("aria-label", view.aria)
        card.dataset.card = view.card
        card.dataset.suit = view.card[-1]
        if mark:
            card.dataset.mark = mark
        card.appendChild(self.faces.face(view))
        place.replaceChildren(card, caption)

    def _clicked(self, event: Any) -> None:
        action = str(event.currentTarget.dataset.stepAction)
        if action == "play":
            self.pause() if self._timer is not None else self.play()
            return
        self.pause()
        target = {"first": 0, "prev": self.step - 1, "next": self.step + 1, "last": self.total}
        self.go(target[action])

    def _key(self, event: Any) -> None:
        """←/→ step, Home/End jump (the slider keeps its own keys)."""
        key = str(event.key)
        moves = {"ArrowLeft": -1, "ArrowRight": 1}
        if key not in (*moves, "Home", "End") or str(event.target.tagName) == "INPUT":
            return
        event.preventDefault()
        self.pause()
        if key == "Home":
            self.go(0)
        elif key == "End":
            self.go(self.total)
        else:
            self.go(self.step + moves[key])

    def play(self) -> None:
        if self.step >= self.total:
            self.go(0)
        self._timer = js.setInterval(self._tick, PLAY_MS)
        self._playing(True)

    def pause(self) -> None:
        if self._timer is not None:
            js.clearInterval(self._timer)
            self._timer = None
        self._playing(False)

    def _playing(self, on: bool) -> None:
        button = self.play_button
        button.setAttribute("aria-pressed", "true" if on else "false")
        key = "step.pause" if on else "step.play"
        label = button.querySelector("[data-i18n]")
        label.dataset.i18n = key  # so that a change of language keeps it right
        label.textContent = text(self.lang, key)

    def _advance(self) -> None:
        self.go(self.step + 1)

    # -------------------------------------------------------------------- chart
    def chart(self, bars: Sequence[Bar], words: str) -> None:
        """Draw the recent games as bars of cards cleared (won games in gold), with
        ``words`` as the chart's text alternative."""
        svg = self.doc.querySelector('[data-role="chart"]')
        svg.replaceChildren()
        labels = self.doc.querySelector('[data-role="chart-labels"]')
        labels.replaceChildren()
        slot = CHART_W / chart_places(len(bars))  # few games: wider bars, with figures
        for i, bar in enumerate(bars):  # a full bar: every card of the two decks cleared
            height = max(3.0, bar.cleared / len(DOUBLE_DECK) * (CHART_H - 6))
            rect = self.doc.createElementNS(SVG, "rect")
            for name, value in (
                ("x", i * slot + 1.5),
                ("y", CHART_H - 1 - height),
                ("width", slot - 3),
                ("height", height),
                ("rx", 1.5),
            ):
                rect.setAttribute(name, f"{value:.1f}")
            rect.setAttribute("class", "bar won" if bar.won else "bar")
            svg.appendChild(rect)
            if len(bars) <= CHART_FEW:  # room for each bar's figure above it
                label = self.doc.createElement("span")
                label.textContent = str(bar.cleared)
                label.style.left = f"{(i + 0.5) * slot / CHART_W * 100:.2f}%"
                bottom = f"{(height + 1) / CHART_H * 100:.2f}%"
                label.style.bottom = f"min({bottom}, calc(100% - 1.1rem))"  # in the box
                labels.appendChild(label)
        full = CHART_H - 1 - (CHART_H - 6)  # a bar of every card: the scale's top
        top = self.doc.createElementNS(SVG, "line")
        for name, value in {"x1": 0, "x2": CHART_W, "y1": full, "y2": full}.items():
            top.setAttribute(name, str(value))
        top.setAttribute("class", "axis full")
        svg.appendChild(top)
        scale = self.doc.createElement("span")
        scale.className = "scale"
        scale.textContent = str(len(DOUBLE_DECK))  # the top line: all 104 cleared
        labels.appendChild(scale)
        base = self.doc.createElementNS(SVG, "line")
        ends = {"x1": 0, "x2": CHART_W, "y1": CHART_H - 0.5, "y2": CHART_H - 0.5}
        for name, value in ends.items():
            base.setAttribute(name, str(value))
        base.setAttribute("class", "axis")
        svg.appendChild(base)
        self.doc.querySelector('[data-role="chart-words"]').textContent = words
        self.doc.querySelector(".chart").dataset.empty = "true" if not bars else "false"
