"""The controller: each thing the player does, carried from the room that heard it to
the session, and the session's answer (:class:`~halfmoon.session.Feedback`) carried to
the rooms that show it, save it and tell the embedding page."""

from __future__ import annotations

import contextlib
from typing import Any

import js  # type: ignore[import-not-found]

from ..deal import CodeError
from ..i18n import text
from ..keys import Shortcut
from ..session import EventType, Feedback, Session, code_error_text
from ..view import stats_view
from .dialogs import Dialogs
from .dom import Handlers, js_object, now
from .embed import Embed
from .links import Links
from .persistence import Persistence
from .render import Renderer


class Controller:
    def __init__(
        self,
        session: Session,
        handlers: Handlers,
        *,
        store: Persistence,
        render: Renderer,
        dialogs: Dialogs,
        links: Links,
        embed: Embed,
    ) -> None:
        self.session = session
        self.store, self.render, self.dialogs = store, render, dialogs
        self.links, self.embed = links, embed
        self.notice = ""  # the catalogue key of a lasting condition, shown on its own line
        self._save_later = handlers.proxy(lambda e: self.save(now()))
        self._save_pending = False

    @property
    def lang(self) -> str:
        return self.session.lang

    # ------------------------------------------------- what the player does
    def tap(self, slot: str, event: Any) -> None:
        t = now()
        feedback = self.session.tap(slot, t)
        self.apply(feedback, t, clear=feedback.save)
        # Tap latency (read by make bench): from the input event, and from the moment
        # this handler started, to the DOM updated.
        done = now()
        for name, start in (("halfmoon-tap", event.timeStamp), ("halfmoon-tap-work", t)):
            js.performance.measure(name, js_object({"start": start, "end": done}))

    def action(self, name: str) -> None:
        """A button of the bar or the actions row (``data-action``)."""
        if name in ("undo", "redo", "new"):
            self.shortcut(name)
        elif name == "code":
            self.dialogs.open_code()
        elif name == "stats":
            self.dialogs.open_stats(stats_view(self.session.stats, self.lang))
        elif name == "copy":
            self.copy()
        else:  # options, rules
            self.dialogs.open(name)

    def shortcut(self, name: Shortcut | str) -> None:
        """Undo, redo or a new game, by key or button."""
        t = now()
        session = self.session
        feedback = {"undo": session.undo, "redo": session.redo, "new": session.new_game}[name](t)
        self.apply(feedback, t)

    def end(self, choice: str) -> None:
        """The end dialog's Undo or New game."""
        self.shortcut("undo" if choice == "undo" else "new")

    def code(self, typed: str) -> str | None:
        """A code typed in the dialog: play it, or say what is wrong with it."""
        t = now()
        try:
            feedback = self.session.new_game(t, typed)
        except CodeError as exc:
            return code_error_text(exc, self.lang)
        self.apply(feedback, t)
        return None

    def link(self, fragment: str) -> None:
        """The address changed: the session decides what the link opens."""
        t = now()
        feedback = self.session.follow_link(fragment, t)
        if feedback.message or feedback.events:
            self.apply(feedback, t)
        self.links.show(self.session.game.code)

    def option(self, name: str, value: str | bool) -> None:
        prefs = self.session.prefs
        prefs.change(name, value)
        if name == "language" and prefs.lang is not None:
            self.session.lang = prefs.lang
            self.render.words(prefs.lang)
            self.render.invalidate()
            self.render.notice(text(self.lang, self.notice) if self.notice else "")
        self.store.save_prefs(prefs)
        self.show(now())

    def copy(self) -> None:
        code = self.session.game.code
        if code is not None:
            self.links.copy(code, self.copied)

    def copied(self, ok: bool, link: str) -> None:
        self.render.say(text(self.lang, "code.copied" if ok else "code.copy-failed", link=link))

    def reset_stats(self) -> dict[str, str]:
        self.session.stats.reset()
        self.store.save_stats(self.session.stats)
        return stats_view(self.session.stats, self.lang)

    def visibility(self, hidden: bool) -> None:
        """The clock pauses while the page is hidden; hiding also saves."""
        t = now()
        if hidden:
            self.session.game.pause(t)
            self.save(t)
        else:
            self.session.game.resume(t)

    # ------------------------------------------------------ showing, saving
    def show(self, t: float, removed: tuple[str, ...] = ()) -> None:
        session = self.session
        self.render.show(session.table(), session.counters(t), session.prefs, removed)

    def apply(self, feedback: Feedback, t: float, clear: bool = True) -> None:
        self.show(t, feedback.removed)
        if feedback.message or clear:
            self.render.say(feedback.message)
        for kind in feedback.events:
            self.post(kind, t)
        if feedback.save and not self._save_pending:  # saved just after this event
            self._save_pending = True
            js.setTimeout(self._save_later, 0)
        if feedback.dialog is not None:
            self.end_dialog(t)
        if "new" in feedback.events:
            self.links.show(self.session.game.code)

    def end_dialog(self, t: float) -> None:
        end = self.session.end(t)
        if end is not None:
            self.dialogs.show_end(end)

    def save(self, t: float) -> None:
        self._save_pending = False
        if not self.store.save(self.session, t) and not self.notice:
            self.notice = "save.failed"
            self.render.notice(text(self.lang, self.notice))

    def post(self, kind: EventType, t: float) -> None:
        self.embed.post(self.session.event(kind, t))

    def crash(self) -> None:
        """A handler failed: keep the game, and say so with a way out (reload)."""
        with contextlib.suppress(Exception):
            self.save(now())
        self.dialogs.crash(text(self.lang, "app.crash.title"), text(self.lang, "app.crash"))
