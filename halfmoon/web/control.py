"""The controller: each thing the player (or another tab) does, carried from the room
that heard it to the session, and the session's answer (:class:`~halfmoon.session.
Feedback`) carried to the rooms that show it, save it and tell the embedding page."""

from __future__ import annotations

import contextlib
from datetime import date
from typing import Any

import js  # type: ignore[import-not-found]

from .. import safejson as sj
from ..backup import (
    MAX_BYTES,
    Refused,
    file_name,
    keeping,
    read_backup,
    refused_words,
    restored_words,
    write_backup,
)
from ..deal import CodeError
from ..history import Entry, find
from ..i18n import Phrase, phrase, say, text
from ..month import add_months, earliest, first_of, move
from ..painted import write
from ..presenter import Presenter
from ..replay import frames
from ..results import chart, chart_words, rows, share_text, when
from ..saved import KEYS, Head, Play, game_key, is_newer, peek, read_play, read_prefs
from ..session import EventType, Feedback, Session, code_error_text
from ..view import stats_view
from .dialogs import Dialogs
from .dom import Handlers, js_object, now, player_time
from .embed import Embed
from .files import Files
from .games import Games
from .links import Links
from .month import Calendar
from .persistence import Persistence
from .render import Renderer


class Controller:
    def __init__(
        self,
        session: Session,
        shown: Presenter,
        handlers: Handlers,
        *,
        store: Persistence,
        render: Renderer,
        dialogs: Dialogs,
        links: Links,
        embed: Embed,
        games: Games,
        files: Files,
        calendar: Calendar,
        build: str,
    ) -> None:
        self.session = session
        self.shown = shown  # what the page shows of the session
        self.build = build  # the deploy, written into the record of the table (painted)
        self.store, self.render, self.dialogs = store, render, dialogs
        self.links, self.embed, self.games, self.files = links, embed, games, files
        self.calendar = calendar
        self.month_day = shown.day  # the calendar's day with the focus
        self.month_entries: list[Entry] = []  # the history, read when the calendar opened
        self.said: tuple[Phrase, ...] = ()  # on the message line, to say again in a new language
        self._save_later = handlers.proxy(lambda e: self.save(now()))
        self._save_pending = False

    @property
    def lang(self) -> str:
        return self.session.lang

    # ------------------------------------------------- what the player does
    def tap(self, slot: str, event: Any = None) -> None:
        """A card tapped (``event``: the click; None for a tap kept while the page
        started, played now)."""
        t = now()
        feedback = self.session.tap(slot, t)
        self.apply(feedback, t, clear=feedback.save)
        if event is None:
            return
        # Tap latency (read by make bench): from the input event, and from the moment
        # this handler started, to the DOM updated.
        done = now()
        for name, start in (("halfmoon-tap", event.timeStamp), ("halfmoon-tap-work", t)):
            js.performance.measure(name, js_object({"start": start, "end": done}))

    def action(self, name: str, entry: str = "") -> None:
        """A button of the bar, the actions row or a window (``data-action``); ``entry``
        names a game of the history, for the buttons of its row."""
        if name in ("undo", "redo", "new"):
            self.shortcut(name)
        elif name == "daily":
            t = now()
            self.apply(self.session.daily(t), t)
        elif name == "code":
            self.dialogs.open_code()
        elif name == "restart":
            self.ask_restart()
        elif name == "stats":
            self.open_stats()
        elif name == "history":
            self.open_history()
        elif name == "calendar":
            self.open_calendar()
        elif name in ("previous-month", "next-month"):
            self.turn_month(-1 if name == "previous-month" else 1)
        elif name == "replay":
            self.replay(entry)
        elif name == "share":
            self.share(entry)
        elif name == "again":
            self.again(entry)
        elif name == "backup":
            self.backup()
        elif name == "restore":
            self.files.choose()
        elif name == "copy":
            code = self.session.game.code
            if code is not None:
                self.links.copy(code, self.copied)
        elif name == "rules":
            self.render.rules(self.lang)
            self.dialogs.open(name)
        else:  # options
            self.dialogs.open(name)

    def shortcut(self, name: str) -> None:
        """Undo, redo or a new game, by key or button."""
        t = now()
        session = self.session
        act = {
            "undo": session.undo,
            "redo": session.redo,
            "new": session.new_game,
            "read": session.read_aloud,
        }
        self.apply(act[name](t), t)

    def end(self, choice: str) -> None:
        """The end dialog's Undo, Restart or New game."""
        if choice == "restart":
            self.ask_restart()
        else:
            self.shortcut("undo" if choice == "undo" else "new")

    def ask_restart(self) -> None:
        """Restart the deal, once confirmed if that undoes moves (a slip costs nothing)."""
        if self.session.game.moves:
            self.dialogs.confirm_restart(self.shown.restart_words().text(self.lang))
        else:
            self.restart()

    def restart(self) -> None:
        t = now()
        self.apply(self.session.restart(t), t)

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
        """The address changed (a link, Back, Forward): the session decides."""
        t = now()
        feedback = self.session.follow_link(fragment, t)
        if feedback.said or feedback.events:
            self.apply(feedback, t, push=False)
        self.links.show(self.session.game.code)

    def option(self, name: str, value: str | bool) -> None:
        prefs = self.session.prefs
        prefs.change(name, value)
        self.store.save_prefs(prefs)
        self.options_changed()
        self.save(now())  # the record of the table follows (placement help, language)

    def options_changed(self) -> None:
        """Show the options as they are now (changed here or in another tab)."""
        prefs, t = self.session.prefs, now()
        if prefs.lang is not None and prefs.lang != self.session.lang:
            self.session.lang = prefs.lang
            self.render.words(prefs.lang)
            self.render.invalidate()
            self.render.say(say(self.said, prefs.lang))
        self.dialogs.show_options(prefs, self.lang)
        self.show(t)
        self.notice()

    # ----------------------------------------------------------- your games
    def open_stats(self) -> None:
        values = self.stats_values()
        self.games.status(say(self.store.take_said(), self.lang))  # damaged values found
        self.dialogs.open_stats(values)

    def stats_values(self) -> dict[str, str]:
        """The statistics' figures, the deal of the day's, the chart and whether this
        browser keeps the games (told when the browser answers)."""
        history = self.store.history()
        values = stats_view(self.store.stats(), self.lang) | self.shown.daily_results(history)
        bars = chart(history)
        self.games.chart(bars, chart_words(bars, self.lang))
        self.store.kept(self.keeping)
        return values

    def keeping(self, promised: bool | None) -> None:
        """Say whether this browser has promised to keep the games, and what to do if not."""
        installed = bool(js.window.matchMedia("(display-mode: standalone)").matches)
        store = self.store
        key = keeping(promised, blocked=store.blocked, installed=installed, framed=store.framed)
        self.dialogs.show_keeping(text(self.lang, key), key)

    # ------------------------------------------------------- backup and restore
    def backup(self) -> None:
        """Save everything the game keeps as a file (the play on the table saved first)."""
        t = now()
        self.save(t)
        session = self.session
        data = self.store.backup(session.play, session.prefs, session.books.wall())
        name = file_name(session.books.today())
        saved = self.files.save(name, write_backup(data))
        self.games.status(text(self.lang, "backup.saved" if saved else "backup.failed", name=name))

    def restore(self, raw: str | None, size: int) -> None:
        """A file chosen to restore: refused whole (saying why), or merged and said what
        changed."""
        self.games.status(self._restore(raw, size))

    def _restore(self, raw: str | None, size: int) -> str:
        if raw is None:
            return text(
                self.lang, "restore.error.size" if size > MAX_BYTES else "restore.error.read"
            )
        try:
            backup = read_backup(raw)
        except Refused as exc:
            return refused_words(exc, self.lang)
        t = now()
        session = self.session
        if self._save_pending:  # the play on the table is stored first, merged like any other
            self.save(t)
        merged = self.store.restore(backup, session.books.day_of, session.play.code)
        if merged is None:
            return text(self.lang, "restore.error.blocked")
        stored = self.store.find(session.play.code)
        if stored is not None and is_newer(Head(stored.id, stored.rev, stored.saved), session.play):
            self.adopt(stored, t)  # the file held this deal's game further on
        elif (feedback := session.restored(backup.last, t)) is not None:
            self.apply(feedback, t)  # a table with no move gives way to the file's game
        if merged.prefs:
            session.prefs = self.store.prefs()
            self.options_changed()
        if self.dialogs.is_open("stats"):
            self.dialogs.show_stats(self.stats_values())
        return restored_words(merged, self.lang)

    def open_history(self) -> None:
        history = self.store.history()
        self.games.show_history(
            rows(history, self.session.books.today(), player_time, self.lang), self.lang
        )
        self.games.status(say(self.store.take_said(), self.lang))

    def _entry(self, entry_id: str) -> Entry | None:
        """A game of the history, or (no id) the play in progress as it would be kept."""
        if not entry_id:
            played = self.session.books.entry(self.session.play, now())
            return played[0] if played else None
        return find(self.store.history(), entry_id)

    def replay(self, entry_id: str) -> None:
        entry = self._entry(entry_id)
        if entry is None:
            return
        try:
            drawn = frames(entry.code, entry.removals, self.lang)
        except ValueError:  # stored moves that are not legal on the deal
            self.games.status(text(self.lang, "history.broken"))
            return
        title = text(self.lang, "replay.title", code=entry.code)
        ended = when(player_time(entry.ended), self.session.books.today(), self.lang)
        self.games.show_replay(title, ended, drawn, self.lang, entry.id)

    def share(self, entry_id: str) -> None:
        entry = self._entry(entry_id)
        if entry is not None:
            words = share_text(entry, self.links.link(entry.code), self.lang)
            self.links.share(words, lambda how: self.shared(how, words))

    def shared(self, how: str, words: str) -> None:
        """Say how a share went, in the window it was asked from."""
        said = {"shared": "share.shared", "copied": "share.copied", "failed": "share.failed"}
        key = said.get(how)
        self.games.status(text(self.lang, key, text=words) if key else "")

    def again(self, entry_id: str) -> None:
        """Play a game of the history again (its play in progress, if it has one)."""
        entry = self._entry(entry_id)
        if entry is None:
            return
        for name in ("history", "replay"):
            if self.dialogs.is_open(name):
                self.dialogs.dialog(name).close()
        t = now()
        self.apply(self.session.again(entry.code, t, entry.daily), t)

    # ------------------------------------------------------------- the calendar
    def open_calendar(self) -> None:
        """The month of today, today's day in focus."""
        self.month_entries = self.store.history()
        self.month_day = self.shown.day
        self.show_month()
        self.games.status(say(self.store.take_said(), self.lang))

    def show_month(self, *, focus: bool = True) -> None:
        month = self.shown.month(self.month_entries, self.month_day)
        self.calendar.show(month, self.month_day, self.lang, focus=focus)

    def turn_month(self, step: int) -> None:
        """The previous or next month (buttons): the same day there, or its last; the
        focus stays on the button."""
        today, entries = self.shown.day, self.month_entries
        goal = add_months(self.month_day, step)
        goal = max(earliest(entries, today), min(today, goal))
        if first_of(goal) != first_of(self.month_day):
            self.month_day = goal
            self.show_month(focus=False)

    def month_key(self, key: str, shift: bool) -> None:
        """A key in the grid of days: the focus moves (to another month if need be)."""
        today, entries = self.shown.day, self.month_entries
        goal = move(self.month_day, key, shift=shift, first=earliest(entries, today), last=today)
        turned = first_of(goal) != first_of(self.month_day)
        self.month_day = goal
        if turned:
            self.show_month()
        else:
            self.calendar.move_focus(goal)

    def play_day(self, day: date) -> None:
        """A day chosen in the calendar: its deal."""
        self.calendar.close()
        t = now()
        self.apply(self.session.play_day(day, t), t)

    def copied(self, ok: bool, link: str) -> None:
        self.say((phrase("code.copied" if ok else "code.copy-failed", link=link),))

    def reset_stats(self) -> dict[str, str]:
        return stats_view(self.store.reset_stats(), self.lang)

    def visibility(self, hidden: bool) -> None:
        """The clock pauses while the page is hidden; hiding also saves."""
        t = now()
        if hidden:
            self.session.game.pause(t)
            self.save(t)
        else:
            self.session.game.resume(t)

    def tick(self) -> None:
        """Every half second: the clock; and past midnight, the new day on the deal of
        the day's button and the bar's badge (a tab left open overnight)."""
        t = now()
        self.render.time(self.shown.time_text(t))
        if self.shown.turn_day():
            self.render.today(self.shown.day.day)
            self.show(t)
            if self.calendar.open:
                self.show_month(focus=False)

    def refocus(self) -> None:
        """A window closed and the focus has nowhere to go back to (the card that
        opened it has left the table): the table's card, else New game."""
        if not self.render.focus_table():
            js.document.querySelector('[data-action="new"]').focus()

    # -------------------------------------------------------- other tabs
    def storage(self, key: str | None, value: str | None) -> None:
        """Another tab changed a key: show its newer play of this deal, its options, its
        statistics."""
        if key is None or value is None:
            return
        t = now()
        if key == game_key(self.session.play.code):
            stored = peek(value)
            if stored is not None and is_newer(stored, self.session.play):
                with contextlib.suppress(sj.Invalid):
                    self.adopt(read_play(value, self.session.play.code), t)
        elif key == KEYS["prefs"]:
            with contextlib.suppress(sj.Invalid):
                lang = self.session.prefs.lang
                self.session.prefs = read_prefs(value)
                self.session.prefs.lang = self.session.prefs.lang or lang
                self.options_changed()
        elif key in (KEYS["stats"], KEYS["history"]) and self.dialogs.is_open("stats"):
            self.dialogs.show_stats(self.stats_values())
        if key == KEYS["history"] and self.dialogs.is_open("history"):
            self.open_history()
        elif key == KEYS["history"] and self.calendar.open:
            self.month_entries = self.store.history()
            self.show_month(focus=False)

    # ------------------------------------------------------ showing, saving
    def show(self, t: float, feedback: Feedback | None = None) -> None:
        shown = self.shown
        self.render.show(shown.table(), shown.counters(t), self.session.prefs, feedback)

    def say(self, said: tuple[Phrase, ...], *, again: bool = False) -> None:
        """The message line: what the game just said, damaged values found since, in the
        page's language (``again``: said anew even if it is what the line holds)."""
        self.said = (*said, *self.store.take_said())
        self.render.say(say(self.said, self.lang), again=again)

    def apply(self, feedback: Feedback, t: float, clear: bool = True, push: bool = True) -> None:
        self.show(t, feedback)
        if feedback.said or clear:
            self.say(feedback.said, again=feedback.reading)
        for kind in feedback.events:
            self.post(kind, t)
        self.store.queue(feedback.counts, feedback.recorded)
        if feedback.ended:  # a finished game: the moment to ask the browser to keep them
            self.store.ask_to_keep()
        if feedback.left is not None:  # kept as it was left, its clock stopped
            self.store.save(feedback.left)
        if feedback.save and not self._save_pending:  # saved just after this event
            self._save_pending = True
            self.render.saving(True)
            js.setTimeout(self._save_later, 0)
        if feedback.deal:
            self.links.show(self.session.game.code, push=push)
        if feedback.dialog is not None:
            self.end_dialog(t)

    def adopt(self, newer: Play, t: float) -> None:
        """Show another tab's newer play of this deal."""
        feedback = self.session.adopt(newer, t, visible=not js.document.hidden)
        self.apply(feedback, t, clear=False)

    def end_dialog(self, t: float) -> None:
        end = self.shown.end(t)
        if end is not None:
            self.games.status("")
            self.dialogs.show_end(end)

    def save(self, t: float) -> None:
        """Save the play in progress, and with it what the table shows, for the next
        visit's first paint — unless another tab has saved a newer play of this deal
        meanwhile: that one is shown instead."""
        self._save_pending = False
        shown = self.shown
        newer = self.store.save(self.session.play, lambda: write(shown.painted(t, self.build)))
        if newer is not None:  # another tab went on with this deal meanwhile
            self.adopt(newer, t)
        self.notice()
        self.render.saving(self._save_pending)

    def notice(self) -> None:
        key = self.store.notice()
        self.render.notice(text(self.lang, key) if key else "")

    def post(self, kind: EventType, t: float) -> None:
        self.embed.post(self.shown.event(kind, t))

    def crash(self) -> None:
        """A handler failed: keep the game, and say so with a way out (reload)."""
        with contextlib.suppress(Exception):
            self.save(now())
        self.dialogs.crash(text(self.lang, "app.crash.title"), text(self.lang, "app.crash"))
