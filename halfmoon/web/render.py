"""Copies the session onto the page, touching only what changed."""

from __future__ import annotations

from typing import Any

from ..clock import format_time
from ..i18n import text
from ..keys import first, neighbour
from ..layout import SLOTS
from ..session import Session
from ..view import Part, PlaceView, card_class, face_parts, table_view
from .ffi import absent

GHOST_MS = 240


class Renderer:
    def __init__(self, document: Any, window: Any) -> None:
        self.doc = document
        self.win = window
        self.root = document.documentElement
        self.places = {s: document.querySelector(f'[data-slot="{s}"]') for s in SLOTS}
        self.buttons: dict[str, Any] = {}
        self.captions: dict[str, Any] = {}
        self.views: dict[str, PlaceView] = {}
        self.stats = {
            name: document.querySelector(f'[data-stat="{name}"]')
            for name in ("time", "score", "moves", "code")
        }
        self.shown: dict[str, str] = {}
        self.actions = {
            name: document.querySelector(f'[data-action="{name}"]')
            for name in ("undo", "redo", "new", "code", "options", "rules")
        }
        self.message = document.querySelector('[data-role="message"]')
        self.notice = document.querySelector('[data-role="notice"]')
        self.table = document.getElementById("table")
        self.system_reduced_motion = bool(
            window.matchMedia("(prefers-reduced-motion: reduce)").matches
        )
        self.reduced_motion = self.system_reduced_motion
        self.focus_slot = "P1"  # the one card of the table in the tab order
        self.tab_slot: str | None = None  # where tabIndex 0 is now
        self.page_state: dict[str, object] = {}
        self._faces: dict[tuple[str, str, bool], Any] = {}  # drawn card faces, to clone
        self._timeout: Any = None

    # ------------------------------------------------------------------ set-up
    def take_over(self, set_timeout: Any) -> None:
        """Replace the loading skeleton's card backs with real places."""
        self._timeout = set_timeout
        for slot, place in self.places.items():
            for back in list(place.querySelectorAll(".back")):
                back.remove()
            caption = self.doc.createElement("span")
            caption.className = "caption"
            caption.setAttribute("aria-hidden", "true")
            place.appendChild(caption)
            self.captions[slot] = caption

    def words(self, lang: str) -> None:
        """Every catalogue string on the page, in ``lang``."""
        self.root.lang = "en" if lang == "en" else "pt-PT"
        for el in self.doc.querySelectorAll("[data-i18n]"):
            el.textContent = text(lang, el.dataset.i18n)
        for target in ("title", "aria-label", "href"):
            for el in self.doc.querySelectorAll(f"[data-i18n-{target}]"):
                el.setAttribute(target, text(lang, el.getAttribute(f"data-i18n-{target}")))
        meta = self.doc.querySelector('meta[name="description"]')
        if not absent(meta):
            meta.setAttribute("content", text(lang, "meta.description"))
        self._rules(lang)

    def _rules(self, lang: str) -> None:
        box = self.doc.getElementById("rules-text")
        box.replaceChildren()
        for block in text(lang, "rules.body").split("\n\n"):
            for line in block.split("\n"):
                if line.startswith("## "):
                    el = self.doc.createElement("h3")
                    el.textContent = line[3:]
                else:
                    el = self.doc.createElement("p")
                    el.textContent = line
                box.appendChild(el)

    # ------------------------------------------------------------------ state
    def state(self, session: Session, now: float, removed: tuple[str, ...] = ()) -> None:
        game = session.game
        prefs = session.prefs
        self.reduced_motion = self.system_reduced_motion or prefs.reduce_motion
        views = table_view(game, session.lang, prefs.placement_help)
        had_focus = bool(self.table.contains(self.doc.activeElement))
        for slot in SLOTS:
            view = views[slot]
            if self.views.get(slot) != view:
                self._place(slot, view, animate=slot in removed)
        self.views = views
        self._roving(had_focus)
        self._stat("time", session.time_text(now))
        self._stat("score", str(game.score))
        self._stat("moves", str(game.moves))
        self._stat("code", game.code or "—")
        self._set("undo-disabled", not game.can_undo, self._undo_disabled)
        self._set("redo-disabled", not game.can_redo, self._redo_disabled)
        self._set("status", game.status, self._status)
        self._set("pile-numbers", prefs.pile_numbers, self._class("pile-numbers"))
        self._set("four-colour", prefs.four_colour, self._class("four-colour"))
        self._set("reduce-motion", prefs.reduce_motion, self._class("reduce-motion"))
        self._set("theme", prefs.theme, self._theme)

    # Page-wide attributes are written only when they change: every write crosses
    # from Python into JavaScript, and the tap path is hot.
    def _set(self, name: str, value: object, write: Any) -> None:
        if self.page_state.get(name, self) != value:
            self.page_state[name] = value
            write(value)

    def _undo_disabled(self, value: bool) -> None:
        self.actions["undo"].disabled = value

    def _redo_disabled(self, value: bool) -> None:
        self.actions["redo"].disabled = value

    def _status(self, value: str) -> None:
        self.root.dataset.game = value

    def _theme(self, value: str) -> None:
        self.root.setAttribute("data-theme", value)

    def _class(self, name: str) -> Any:
        return lambda on: self.root.classList.toggle(name, on)

    def _roving(self, had_focus: bool) -> None:
        """Keep exactly one card in the tab order; if the focused card left the table,
        hand the focus to the nearest card still there."""
        occupied = set(self.buttons)
        slot = self.focus_slot
        if slot not in occupied:
            slot = next(
                (n for d in ("right", "left", "down", "up") if (n := neighbour(slot, d, occupied))),
                first(occupied) or slot,
            )
        self.tab_to(slot)
        if had_focus and slot in occupied and not self.table.contains(self.doc.activeElement):
            self.buttons[slot].focus()

    def tab_to(self, slot: str) -> None:
        """Move the table's one tab stop (new buttons are created out of the tab order)."""
        self.focus_slot = slot
        if self.tab_slot == slot:
            return
        if self.tab_slot in self.buttons:
            self.buttons[self.tab_slot].tabIndex = -1
        if slot in self.buttons:
            self.buttons[slot].tabIndex = 0
            self.tab_slot = slot
        else:
            self.tab_slot = None

    def move_focus(self, slot: str) -> None:
        if slot in self.buttons:
            self.tab_to(slot)
            self.buttons[slot].focus()

    def fill_stats(self, session: Session) -> None:
        """Fill the statistics dialog."""
        stats, lang = session.stats, session.lang
        none = text(lang, "stats.none")
        rate = stats.win_rate
        values = {
            "played": str(stats.played),
            "won": str(stats.won),
            "rate": none if rate is None else text(lang, "stats.rate.value", rate=rate),
            "best-time": none if stats.best_time_ms is None else format_time(stats.best_time_ms),
            "streak": str(stats.streak),
            "best-streak": str(stats.best_streak),
        }
        for name, value in values.items():
            self.doc.querySelector(f'[data-stats="{name}"]').textContent = value

    def time(self, value: str) -> None:
        self._stat("time", value)

    def _stat(self, name: str, value: str) -> None:
        if self.shown.get(name) != value:
            self.stats[name].textContent = value
            self.shown[name] = value

    def _place(self, slot: str, view: PlaceView, *, animate: bool) -> None:
        place = self.places[slot]
        place.dataset.count = str(view.count)
        self.captions[slot].textContent = view.caption
        button = self.buttons.get(slot)
        old = self.views.get(slot)
        if animate and button is not None and not self.reduced_motion:
            self._ghost(place, button)
        if view.card is None:
            if button is not None:
                button.remove()
                del self.buttons[slot]
                if self.tab_slot == slot:
                    self.tab_slot = None
            return
        if button is None:
            button = self._new_button()
            place.insertBefore(button, self.captions[slot])
            self.buttons[slot] = button
        if old is None or old.card != view.card or old.rank != view.rank:
            self._face(button, view)
            if animate and not self.reduced_motion:
                button.classList.add("arrive")
                self._later(lambda b=button: b.classList.remove("arrive"))
        button.setAttribute("aria-label", view.aria)
        button.setAttribute("aria-pressed", "true" if view.pressed else "false")
        if view.dimmed:
            button.setAttribute("data-dimmed", "true")
        else:
            button.removeAttribute("data-dimmed")

    def _new_button(self) -> Any:
        button = self.doc.createElement("button")
        button.type = "button"
        button.tabIndex = -1
        return button

    def _face(self, button: Any, view: PlaceView) -> None:
        button.dataset.card = view.card
        button.dataset.suit = (view.card or " ")[-1]
        button.className = card_class(view)
        # The tap path is hot: each face is built once, then cloned in one call.
        key = (view.rank, view.suit, view.face)
        face = self._faces.get(key)
        if face is None:
            face = self.doc.createDocumentFragment()
            for part in face_parts(view):
                face.appendChild(self._part(part, hidden=True))
            self._faces[key] = face
        button.replaceChildren(face.cloneNode(True))

    def _part(self, part: Part, *, hidden: bool = False) -> Any:
        span = self.doc.createElement("span")
        span.className = part.cls
        if hidden:
            span.setAttribute("aria-hidden", "true")
        if part.text:
            span.textContent = part.text
        for child in part.children:
            span.appendChild(self._part(child))
        return span

    def _ghost(self, place: Any, button: Any) -> None:
        """A silent copy of the leaving card that fades out above the new one."""
        ghost = self.doc.createElement("div")
        ghost.className = button.className + " ghost"
        ghost.setAttribute("aria-hidden", "true")
        for child in button.children:
            ghost.appendChild(child.cloneNode(True))
        place.appendChild(ghost)
        self._later(lambda: ghost.remove())

    def _later(self, action: Any) -> None:
        if self._timeout is not None:
            self._timeout(action, GHOST_MS)
