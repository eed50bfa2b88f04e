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
from ..session import (
    GAME_KEY,
    PREFS_KEY,
    UNREADABLE_KEY,
    EventType,
    Feedback,
    Prefs,
    Session,
    code_error_text,
    code_from_hash,
)
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
        self.notice = ""  # a lasting condition (saving impossible), shown when nothing else is
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
        for name in ("new", "code", "options", "rules"):
            self.render.actions[name].disabled = False
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
            self._save(t)
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

    def _save(self, t: float) -> None:
        if not self.store.available:
            return
        if not self.store.set(GAME_KEY, self.session.snapshot_json(t)) and not self.save_warned:
            self.save_warned = True
            self.notice = "save.failed"
            self._say("")

    def _say(self, message: str) -> None:
        """Show ``message`` on the message line, or the lasting notice when it is empty."""
        if not message and self.notice:
            message = text(self.session.lang, self.notice)
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
            self._save(now())
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
