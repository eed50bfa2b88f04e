"""Wires the session to the page: start-up, input, clock, saving, links, embedding."""

from __future__ import annotations

import asyncio
import contextlib
import traceback
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, create_proxy, to_js  # type: ignore[import-not-found]

from ..deal import CodeError
from ..i18n import normalise_language, pick_language, text
from ..keys import ARROWS, first, neighbour, shortcut
from ..layout import SLOTS
from ..session import (
    GAME_KEY,
    PREFS_KEY,
    STATS_KEY,
    THEMES,
    UNREADABLE_KEY,
    EventType,
    Feedback,
    Prefs,
    Session,
    code_error_text,
    code_from_hash,
)
from ..stats import Stats
from .ffi import absent
from .render import Renderer
from .storage import Storage

try:  # written into the site by the build, with the version of every file
    from .build import BUILD  # type: ignore[import-not-found,unused-ignore]
except ImportError:
    BUILD = "dev"

OPTION_NAMES = {
    "errors": "errors",
    "placement-help": "placement_help",
    "pile-numbers": "pile_numbers",
    "four-colour": "four_colour",
    "reduce-motion": "reduce_motion",
}


def now() -> float:
    return float(js.performance.now())


class App:
    def __init__(self) -> None:
        self.doc = js.document
        self.win = js.window
        self.root = self.doc.documentElement
        self.store = Storage(self.win)
        self.render = Renderer(self.doc, self.win)
        self.embedded = self.root.getAttribute("data-embedded") == "true"
        self.save_warned = False
        self.notice = ""  # a lasting condition (saving impossible), on its own line
        self.save_pending = False
        self.save_later = create_proxy(self._guard(self._save_now))
        self.proxies: list[Any] = []
        prefs = Prefs.from_json(self.store.get(PREFS_KEY))
        asked = normalise_language(js.URLSearchParams.new(self.win.location.search).get("lang"))
        if asked is not None and asked != prefs.lang:
            prefs.lang = asked
            self.store.set(PREFS_KEY, prefs.to_json())
        lang = prefs.lang or pick_language(list(self.win.navigator.languages or []))
        self.session, notice = Session.start(
            saved_game=self.store.get(GAME_KEY),
            prefs=prefs,
            fragment=str(self.win.location.hash or ""),
            lang=lang,
            stats=Stats.from_json(self.store.get(STATS_KEY)),
        )
        if self.session.unreadable_save is not None:  # keep it aside, never overwrite it
            self.store.set(UNREADABLE_KEY, self.session.unreadable_save)
        if self.store.read_failed:
            notice = " ".join(filter(None, [notice, text(lang, "save.unreadable")]))
        t = now()
        if not self.doc.hidden:
            self.session.game.resume(t)
        self.render.take_over(lambda action, ms: js.setTimeout(create_once_callable(action), ms))
        self.render.words(lang)
        self.render.state(self.session, t)
        self._options()
        self._address()
        self._say(notice)
        self._save(t)
        self._bind()
        for name in ("new", "code", "options", "rules", "stats"):
            self.doc.querySelector(f'[data-action="{name}"]').disabled = False
        self.root.dataset.build = BUILD
        self.root.dataset.app = "ready"
        self._post("ready", t)
        if self.session.game.status != "playing":
            self._end_dialog(t)

    # ----------------------------------------------------------------- binding
    def _on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None:
        proxy = create_proxy(self._guard(handler))
        self.proxies.append(proxy)
        target.addEventListener(event, proxy)

    def _guard(self, handler: Callable[[Any], None]) -> Callable[[Any], None]:
        def guarded(event: Any = None) -> None:
            try:
                handler(event)
            except Exception:
                self._crash()

        return guarded

    def _bind(self) -> None:
        doc = self.doc
        self._on(doc.getElementById("table"), "click", self._tap)
        for name, handler in (
            ("undo", self._undo),
            ("redo", self._redo),
            ("new", self._new),
            ("code", self._open_code),
            ("options", lambda e: doc.getElementById("dialog-options").showModal()),
            ("rules", lambda e: doc.getElementById("dialog-rules").showModal()),
            ("stats", self._open_stats),
            ("copy", self._copy),
        ):
            self._on(doc.querySelector(f'[data-action="{name}"]'), "click", handler)
        for box in doc.querySelectorAll("[data-option]"):
            self._on(box, "change", self._option)
        self._on(doc.getElementById("code-form"), "submit", self._submit_code)
        self._on(
            doc.querySelector('#dialog-code [data-dialog-action="cancel"]'),
            "click",
            lambda e: doc.getElementById("dialog-code").close(),
        )
        end = doc.getElementById("dialog-end")
        self._on(end.querySelector('[data-dialog-action="undo"]'), "click", self._end_undo)
        self._on(end.querySelector('[data-dialog-action="new"]'), "click", self._end_new)
        stats = doc.getElementById("dialog-stats")
        for action, handler in (
            ("reset", lambda e: self._confirm_reset(True)),
            ("reset-cancel", lambda e: self._confirm_reset(False)),
            ("reset-yes", self._reset_stats),
        ):
            self._on(stats.querySelector(f'[data-dialog-action="{action}"]'), "click", handler)
        self._on(doc, "keydown", self._key)
        self._on(doc.getElementById("table"), "focusin", self._focus)
        self._on(self.win, "hashchange", self._hash)
        self._on(doc, "visibilitychange", self._visibility)
        self._on(self.win, "pagehide", lambda e: self._save(now()))
        tick = create_proxy(self._guard(lambda e: self._tick()))
        self.proxies.append(tick)
        js.setInterval(tick, 500)

    # ----------------------------------------------------------------- actions
    def _tap(self, event: Any) -> None:
        button = event.target.closest("button.card[data-card]")
        if absent(button):
            return
        t = now()
        feedback = self.session.tap(button.parentElement.dataset.slot, t)
        self._apply(feedback, t, clear=bool(feedback.save))
        # Tap latency (read by make bench): from the input event, and from the moment
        # this handler started, to the DOM updated.
        done = now()
        for name, start in (("halfmoon-tap", event.timeStamp), ("halfmoon-tap-work", t)):
            options = to_js({"start": start, "end": done}, dict_converter=js.Object.fromEntries)
            js.performance.measure(name, options)

    def _key(self, event: Any) -> None:
        """Arrow keys move between cards; U, R, N and Ctrl/Cmd+Z, Ctrl+Shift+Z, Ctrl+Y
        are shortcuts.  Nothing happens while a window is open or text is typed."""
        if event.defaultPrevented:
            return
        dialog = self.doc.querySelector("dialog[open]")
        if not absent(dialog):
            if str(event.key) == "Tab":
                self._trap(dialog, event)
            return
        target = event.target
        tag = str(getattr(target, "tagName", "") or "").lower()
        if tag in ("input", "select", "textarea"):
            return
        key = str(event.key)
        direction = ARROWS.get(key)
        card: Any = target.closest("button.card[data-card]") if tag == "button" else None
        if direction is not None or key in ("Home", "End"):
            if absent(card):
                return
            occupied = set(self.render.buttons)
            slot = str(card.parentElement.dataset.slot)
            if direction is not None:
                goal = neighbour(slot, direction, occupied)
            elif key == "Home":
                goal = first(occupied)
            else:
                goal = next((s for s in reversed(SLOTS) if s in occupied), None)
            event.preventDefault()
            if goal is not None:
                self.render.move_focus(goal)
            return
        action = shortcut(
            key,
            ctrl=bool(event.ctrlKey),
            meta=bool(event.metaKey),
            shift=bool(event.shiftKey),
            alt=bool(event.altKey),
        )
        if action is None:
            return
        event.preventDefault()
        {"undo": self._undo, "redo": self._redo, "new": self._new}[action](event)

    def _trap(self, dialog: Any, event: Any) -> None:
        """Tab and Shift+Tab go round the open window's controls and never leave it."""
        controls = [
            el
            for el in dialog.querySelectorAll("button, input, select, [tabindex='0']")
            if not el.disabled and el.checkVisibility()
        ]
        if not controls:
            return
        active = self.doc.activeElement
        if event.shiftKey and (active == controls[0] or not dialog.contains(active)):
            event.preventDefault()
            controls[-1].focus()
        elif not event.shiftKey and (active == controls[-1] or not dialog.contains(active)):
            event.preventDefault()
            controls[0].focus()

    def _focus(self, event: Any) -> None:
        card = event.target.closest("button.card[data-card]")
        if not absent(card):
            self.render.tab_to(str(card.parentElement.dataset.slot))

    def _open_stats(self, event: Any) -> None:
        self.render.fill_stats(self.session)
        self._confirm_reset(False)
        self.doc.getElementById("dialog-stats").showModal()

    def _confirm_reset(self, asking: bool) -> None:
        self.doc.getElementById("stats-confirm").hidden = not asking
        self.doc.getElementById("stats-buttons").hidden = asking
        target = "reset-cancel" if asking else "reset"
        self.doc.querySelector(f'#dialog-stats [data-dialog-action="{target}"]').focus()

    def _reset_stats(self, event: Any) -> None:
        self.session.stats.reset()
        self.store.set(STATS_KEY, self.session.stats.to_json())
        self.render.fill_stats(self.session)
        self._confirm_reset(False)

    def _undo(self, event: Any) -> None:
        t = now()
        self._apply(self.session.undo(t), t)

    def _redo(self, event: Any) -> None:
        t = now()
        self._apply(self.session.redo(t), t)

    def _new(self, event: Any) -> None:
        t = now()
        self._apply(self.session.new_game(t), t)
        self._address()

    def _end_undo(self, event: Any) -> None:
        self.doc.getElementById("dialog-end").close()
        self._undo(event)

    def _end_new(self, event: Any) -> None:
        self.doc.getElementById("dialog-end").close()
        self._new(event)

    def _apply(self, feedback: Feedback, t: float, clear: bool = True) -> None:
        self.render.state(self.session, t, feedback.removed)
        if feedback.message or clear:
            self._say(feedback.message)
        for kind in feedback.events:
            self._post(kind, t)
        if feedback.save:
            self._save_soon()
        if feedback.dialog is not None:
            self._end_dialog(t)

    def _end_dialog(self, t: float) -> None:
        lang = self.session.lang
        won = self.session.game.status == "won"
        dialog = self.doc.getElementById("dialog-end")
        self.doc.getElementById("end-title").textContent = text(
            lang, "end.won.title" if won else "end.impasse.title"
        )
        self.doc.getElementById("end-text").textContent = self.session.end_text(t)
        dialog.querySelector('[data-dialog-action="undo"]').hidden = won
        dialog.dataset.end = "won" if won else "impasse"
        if not dialog.open:
            dialog.showModal()

    # -------------------------------------------------------------- deal codes
    def _open_code(self, event: Any) -> None:
        field = self.doc.getElementById("code-input")
        field.value = ""
        field.removeAttribute("aria-invalid")
        self.doc.getElementById("code-error").textContent = ""
        self.doc.getElementById("dialog-code").showModal()
        field.focus()

    def _submit_code(self, event: Any) -> None:
        event.preventDefault()
        field = self.doc.getElementById("code-input")
        t = now()
        try:
            feedback = self.session.new_game(t, str(field.value))
        except CodeError as exc:
            field.setAttribute("aria-invalid", "true")
            self.doc.getElementById("code-error").textContent = code_error_text(
                exc, self.session.lang
            )
            return
        self.doc.getElementById("dialog-code").close()
        self._apply(feedback, t)
        self._address()

    def _hash(self, event: Any) -> None:
        wanted = code_from_hash(str(self.win.location.hash or "")).strip()
        current = self.session.game.code
        if not wanted or wanted == current:
            self._address()
            return
        t = now()
        try:
            feedback = self.session.new_game(t, wanted)
        except CodeError as exc:
            lang = self.session.lang
            self._say(text(lang, "code.link-invalid", reason=code_error_text(exc, lang)))
            self._address()
            return
        if self.session.game.code == current:
            return
        self._apply(feedback, t)
        self._address()

    def _address(self) -> None:
        """The address bar always shows the deal being played."""
        code = self.session.game.code
        if code is None:
            return
        location = self.win.location
        if location.hash != "#" + code:
            url = str(location.pathname) + str(location.search) + "#" + code
            self.win.history.replaceState(None, "", url)

    def _copy(self, event: Any) -> None:
        code = self.session.game.code
        if code is None:
            return
        location = self.win.location
        link = str(location.origin) + str(location.pathname) + "#" + code
        self._pending = asyncio.ensure_future(self._write_clipboard(link))

    async def _write_clipboard(self, link: str) -> None:
        lang = self.session.lang
        try:
            await self.win.navigator.clipboard.writeText(link)
        except Exception:
            self._say(text(lang, "code.copy-failed", link=link))
        else:
            self._say(text(lang, "code.copied"))

    # ----------------------------------------------------------------- options
    def _options(self) -> None:
        prefs = self.session.prefs
        for option, attr in OPTION_NAMES.items():
            self.doc.querySelector(f'[data-option="{option}"]').checked = getattr(prefs, attr)
        self.doc.querySelector('[data-option="language"]').value = self.session.lang
        self.doc.querySelector('[data-option="theme"]').value = prefs.theme

    def _option(self, event: Any) -> None:
        target = event.target
        name = str(target.dataset.option)
        prefs = self.session.prefs
        if name == "language":
            lang = normalise_language(str(target.value)) or self.session.lang
            prefs.lang = lang
            self.session.lang = lang
            self.render.words(lang)
            self.render.views = {}
            self._show_notice()
        elif name == "theme":
            value = str(target.value)
            prefs.theme = next((t for t in THEMES if t == value), "auto")
        else:
            setattr(prefs, OPTION_NAMES[name], bool(target.checked))
        self.store.set(PREFS_KEY, prefs.to_json())
        self.render.state(self.session, now())

    # ------------------------------------------------------------ clock, saving
    def _tick(self) -> None:
        self.render.time(self.session.time_text(now()))

    def _visibility(self, event: Any) -> None:
        t = now()
        if self.doc.hidden:
            self.session.game.pause(t)
            self._save(t)
        else:
            self.session.game.resume(t)

    def _save_soon(self) -> None:
        """Save right after this event, off the tap's path (several changes in one
        event are saved once; leaving the page saves at once)."""
        if not self.save_pending:
            self.save_pending = True
            js.setTimeout(self.save_later, 0)

    def _save_now(self, event: Any = None) -> None:
        self.save_pending = False
        self._save(now())

    def _save(self, t: float) -> None:
        if not self.store.available:
            return
        saved = self.store.set(GAME_KEY, self.session.snapshot_json(t))
        self.store.set(STATS_KEY, self.session.stats.to_json())
        if not saved and not self.save_warned:
            self.save_warned = True
            self.notice = "save.failed"
            self._show_notice()

    def _show_notice(self) -> None:
        """A lasting condition (saving impossible) has its own line, in the language."""
        value = text(self.session.lang, self.notice) if self.notice else ""
        if self.render.notice.textContent != value:
            self.render.notice.textContent = value

    def _say(self, message: str) -> None:
        """The message line, a polite live region: errors, moves, the end."""
        if self.render.message.textContent != message:
            self.render.message.textContent = message

    def _post(self, kind: EventType, t: float) -> None:
        if not self.embedded:
            return
        payload = to_js(self.session.event(kind, t), dict_converter=js.Object.fromEntries)
        self.win.parent.postMessage(payload, "*")

    # ------------------------------------------------------------------ errors
    def _crash(self) -> None:
        """A handler failed: keep the game, and say so with a way out (reload)."""
        js.console.error(traceback.format_exc())
        with contextlib.suppress(Exception):
            self._save_now()
        dialog = self.doc.getElementById("dialog-crash")
        lang = self.session.lang
        with contextlib.suppress(Exception):
            self.doc.getElementById("crash-title").textContent = text(lang, "app.crash.title")
            self.doc.getElementById("crash-text").textContent = text(lang, "app.crash")
        for other in self.doc.querySelectorAll("dialog[open]"):
            other.close()
        if not dialog.open:
            dialog.showModal()


def main() -> None:
    try:
        app = App()
    except Exception:
        js.console.error(traceback.format_exc())
        root = js.document.documentElement
        root.dataset.app = "error"
        status = js.document.getElementById("boot-status")
        status.classList.add("error")
        lang = "en" if str(root.lang).startswith("en") else "pt"
        status.textContent = text(lang, "app.error")
        return
    _running.append(app)  # keeps the app alive for the page's lifetime


_running: list[App] = []
