"""The renderer: copies the views it is given onto the page, touching only what changed.

It receives plain values (place views, the options), never the session, and has its
own verb for the notice line under the table (:meth:`~Renderer.notice`, a lasting
condition).  It also keeps the table's one tab stop.  The bar is :mod:`.bar`'s, the
message line :mod:`.message`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

import js  # type: ignore[import-not-found]

from ..keeping.prefs import Prefs
from ..page.keys import fallback
from ..page.look import SIGN_MS
from ..page.view import PlaceView, card_class
from ..rules.layout import SLOTS
from ..words.i18n import count_words, html_lang, language_of_page, place_name, text
from .dom import Handlers, absent
from .faces import Faces
from .motion import Motion


class Moved(Protocol):
    """What the renderer reads of an action's answer to show which cards moved (the
    session's ``Feedback`` has it): the events (``"new"``: a deal dealt), the places
    whose card left, and those whose card came back."""

    @property
    def events(self) -> Iterable[str]: ...

    @property
    def removed(self) -> tuple[str, ...]: ...

    @property
    def returned(self) -> tuple[str, ...]: ...


class Renderer:
    """Copies the table's views and the options onto the page, touching only what
    changed, with the notice line, the pause cover, the signs and the table's one tab
    stop (the module's docstring)."""

    def __init__(self, document: Any, window: Any, handlers: Handlers) -> None:
        self.doc = document
        self.root = document.documentElement
        self.handlers = handlers
        self.places = {s: document.querySelector(f'[data-slot="{s}"]') for s in SLOTS}
        self.buttons: dict[str, Any] = {}
        self.captions: dict[str, Any] = {}
        self.views: dict[str, PlaceView] = {}
        self.shown: dict[str, object] = {}  # what the page shows now, by name
        self.notice_line = document.querySelector('[data-role="notice"]')
        self.table = document.getElementById("table")
        self.cover = document.querySelector('[data-role="paused"]')
        self.pause_button = document.querySelector('[data-action="pause"]')
        self._refocus = False  # the pause took the focus from a card: given back after
        self.system_reduced_motion = bool(
            window.matchMedia("(prefers-reduced-motion: reduce)").matches
        )
        self.reduced_motion = self.system_reduced_motion
        self.focus_slot = "P1"  # the one card of the table in the tab order
        self.tab_slot: str | None = None  # where tabIndex 0 is now
        self.faces = Faces(document)
        self.motion = Motion()
        self._rules_lang = ""  # the language the rules window's text is written in
        self._signed: list[tuple[Any, float]] = []  # cards showing a brief sign, until when
        self._unsign = handlers.proxy(lambda e: self._end_signs())

    # ------------------------------------------------------------------ set-up
    def take_over(self, painted: dict[str, PlaceView] | None = None) -> None:
        """Take the table over from the start-up script.  ``painted``: the table it drew
        from the saved record is the one these views show, so its cards and captions are
        kept as they are (not a pixel changes); otherwise whatever it drew (the loading
        skeleton's card backs, or a saved table that is no longer the game's) gives way
        to empty places, which :meth:`show` fills."""
        for slot, place in self.places.items():
            if painted is not None:
                self.captions[slot] = place.querySelector(".caption")
                button = place.querySelector("button.card")
                if not absent(button):
                    self.buttons[slot] = button
                    if button.tabIndex == 0:
                        self.focus_slot = self.tab_slot = slot
                continue
            caption = self.doc.createElement("span")
            caption.className = "caption"
            caption.setAttribute("aria-hidden", "true")
            place.replaceChildren(caption)
            self.captions[slot] = caption
        if painted is not None:
            self.views = dict(painted)
            for slot, view in painted.items():  # what a pile number counts, on hover
                self.captions[slot].title = self._counted(slot, view.count)

    def _counted(self, slot: str, count: int) -> str:
        """``Monte 5: 6 cartas``: what a place's number says, in the page's language."""
        lang = language_of_page(str(self.root.lang))
        words = text(
            lang, "place.count.title", place=place_name(slot, lang), count=count_words(count, lang)
        )
        return words[:1].upper() + words[1:]

    def ready(self) -> None:
        """Every button the page held back while it loaded (index.html: ``disabled``)
        works from now on, but undo and redo, which follow the game (:mod:`.bar`)."""
        for button in self.doc.querySelectorAll("[data-action][disabled]"):
            if button.dataset.action not in ("undo", "redo"):
                button.disabled = False

    def forget(self, slots: Iterable[str]) -> None:
        """The page shows something else at these places than the views say (a card the
        player tapped before Python was ready looks selected): draw them again at the
        next :meth:`show`."""
        for slot in slots:
            self.views.pop(slot, None)

    def words(self, lang: str) -> None:
        """Every catalogue string on the page, in ``lang`` (the start-up script has
        already written them in the language the page opened in)."""
        self.root.lang = html_lang(lang)
        for el in self.doc.querySelectorAll("[data-i18n]"):
            el.textContent = text(lang, el.dataset.i18n)
        for target in ("title", "aria-label", "href"):
            for el in self.doc.querySelectorAll(f"[data-i18n-{target}]"):
                el.setAttribute(target, text(lang, el.getAttribute(f"data-i18n-{target}")))
        meta = self.doc.querySelector('meta[name="description"]')
        if not absent(meta):
            meta.setAttribute("content", text(lang, "meta.description"))
        self._rules_lang = ""  # written again, in this language, when next opened

    def rules(self, lang: str) -> None:
        """The rules window's text, written when the window is first opened (and again
        after a change of language), not at every start."""
        if self._rules_lang == lang:
            return
        box = self.doc.getElementById("rules-text")
        box.replaceChildren()
        for block in text(lang, "rules.body").split("\n\n"):
            for line in block.split("\n"):
                heading = line.startswith("## ")
                el = self.doc.createElement("h3" if heading else "p")
                el.textContent = line[3:] if heading else line
                box.appendChild(el)
        self._rules_lang = lang

    def invalidate(self) -> None:
        """Forget what the table shows, so that the next :meth:`show` redraws every place
        (after a change of language, every card's name changes)."""
        self.views = {}

    # ------------------------------------------------------------------ state
    def show(
        self,
        views: dict[str, PlaceView],
        prefs: Prefs,
        moved: Moved | None = None,
    ) -> None:
        """Show the table and the options; ``moved`` says which cards moved (left, came
        back, were dealt), for the eye to follow."""
        reduced = self.system_reduced_motion or prefs.reduce_motion
        if reduced and not self.reduced_motion:
            self.motion.clear()
        self.reduced_motion = reduced
        how = _movements(moved) if moved is not None and not reduced else {}
        had_focus = bool(self.table.contains(self.doc.activeElement))
        for slot in SLOTS:
            view = views[slot]
            # a new deal deals every card, even one that happens to be the card it replaces
            if self.views.get(slot) != view or how.get(slot) == "dealt":
                self._place(slot, view, how.get(slot))
        self.views = views
        self._roving(had_focus)
        for name in ("pile-numbers", "four-colour", "large-index", "reduce-motion"):
            self._set(name, prefs.switch(name), self._class(name))
        self._set("theme", prefs.theme, lambda value: self.root.setAttribute("data-theme", value))
        self._set("felt", prefs.felt, lambda value: self.root.setAttribute("data-felt", value))

    def paused(self, on: bool) -> None:
        """The table covered (its cards hidden) while the player has paused, or shown
        again; a card that had the focus gives it to the pause button meanwhile."""
        if on == self.root.hasAttribute("data-paused"):
            return
        if on:
            self._refocus = bool(self.table.contains(self.doc.activeElement))
        self.root.toggleAttribute("data-paused", on)
        self.cover.hidden = not on
        self.pause_button.setAttribute("aria-pressed", "true" if on else "false")
        if on and self._refocus:
            self.pause_button.focus()
        elif not on and self._refocus and self.doc.activeElement == self.pause_button:
            self.focus_table()

    def celebrate(self) -> None:
        """A game won here: a short burst over the emptied table, unless motion is
        reduced (``static/motion.js``)."""
        if not self.reduced_motion:
            self.motion.celebrate()

    def sign(self, refused: Iterable[str], renewed: Iterable[str]) -> None:
        """A brief sign on cards, no words (CSS draws it: a shake, or a flash when motion
        is reduced): ``data-sign="refused"`` on cards a tap refused together, ``"renewed"``
        on a court that took over the selection; gone after :data:`SIGN_MS`."""
        until = float(js.performance.now()) + SIGN_MS
        for name, slots in (("refused", refused), ("renewed", renewed)):
            for slot in slots:
                button = self.buttons.get(slot)
                if button is None:
                    continue
                button.removeAttribute("data-sign")
                _ = button.offsetWidth  # the same sign again starts again
                button.setAttribute("data-sign", name)
                self._signed.append((button, until))
                js.setTimeout(self._unsign, SIGN_MS + 20)

    def _end_signs(self) -> None:
        moment = float(js.performance.now())
        for button, until in self._signed:
            if until <= moment:
                button.removeAttribute("data-sign")
        self._signed = [(b, until) for b, until in self._signed if until > moment]

    def saving(self, pending: bool) -> None:
        """``<html data-saved>``: ``pending`` from a move until the save it asks for has
        run (just after the event), then ``done``: what tests and ``make bench`` wait
        for before they look at what is stored."""
        self._set("saved", "pending" if pending else "done", self._dataset("saved"))

    def notice(self, value: str) -> None:
        """The notice line: a lasting condition, such as saving being impossible."""
        if self.notice_line.textContent != value:
            self.notice_line.textContent = value

    # Everything is written only when it changes: every write crosses from Python into
    # JavaScript, and the tap path is hot.
    def _set(self, name: str, value: object, write: Callable[[Any], None]) -> None:
        if self.shown.get(name, self) != value:
            self.shown[name] = value
            write(value)

    def _dataset(self, name: str) -> Callable[[Any], None]:
        return lambda value: setattr(self.root.dataset, name, value)

    def _class(self, name: str) -> Callable[[Any], None]:
        return lambda on: self.root.classList.toggle(name, on)

    # ------------------------------------------------------------ the tab stop
    @property
    def occupied(self) -> set[str]:
        """The places that show a card now."""
        return set(self.buttons)

    def _roving(self, had_focus: bool) -> None:
        """Keep exactly one card in the tab order; if the focused card left the table,
        hand the focus on (:func:`~halfmoon.page.keys.fallback`)."""
        slot = fallback(self.focus_slot, self.buttons) or self.focus_slot
        self.tab_to(slot)
        if had_focus and slot in self.buttons and not self.table.contains(self.doc.activeElement):
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

    def focus_table(self) -> bool:
        """Focus the table's card in the tab order; False if no card is left."""
        slot = fallback(self.focus_slot, self.buttons)
        if slot is None:
            return False
        self.move_focus(slot)
        return True

    def move_focus(self, slot: str) -> None:
        if slot in self.buttons:
            self.tab_to(slot)
            self.buttons[slot].focus()

    # ------------------------------------------------------------------ places
    def _place(self, slot: str, view: PlaceView, how: str | None) -> None:
        place = self.places[slot]
        place.dataset.count = str(view.count)
        self.captions[slot].textContent = view.caption
        self.captions[slot].title = self._counted(slot, view.count)
        button = self.buttons.get(slot)
        old = self.views.get(slot)
        if how == "away" and button is not None:
            self.motion.leave(place, button)
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
        if old is None or old.card != view.card or old.rank != view.rank or how == "dealt":
            self._face(button, view)
            if how == "back":
                self.motion.back(place, button)
            elif how == "dealt":
                self.motion.deal(place, button)
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
        button.replaceChildren(self.faces.face(view))  # built once, cloned in one call


def _movements(feedback: Moved) -> dict[str, str]:
    """How each place's card moved: ``away`` (it left), ``back`` (an undo brought it
    back), ``dealt`` (a new deal, or another deal resumed)."""
    if "new" in feedback.events:
        return dict.fromkeys(SLOTS, "dealt")
    how = dict.fromkeys(feedback.returned, "back")
    how.update(dict.fromkeys(feedback.removed, "away"))
    return how
