"""The table's controller: what the player (or another tab, or the address) does to the
game in play, turned into the session's actions; the session's answer
(:class:`~halfmoon.session.feedback.Feedback`) handed to the room that shows it
(:mod:`.show`) and the room that keeps it (:mod:`.keep`).

The table's buttons and keys are commands of :mod:`.table_commands`; the windows have
controllers of their own (``control_*.py``), composed by app.py with this one: they
hand the table's changes back to :meth:`Controller.apply`."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from typing import Any

import js  # type: ignore[import-not-found]

from ..keeping.saved import KEYS, Play, game_key, is_newer, peek, read_play, read_prefs
from ..page.choosing import Action
from ..page.drag import drop_taps
from ..records import safejson as sj
from ..rules.deal import CodeError, canonical_code
from ..session.feedback import Feedback, code_error_text
from ..session.leaving import leave_question, link_question, restart_question
from ..session.session import Session
from ..words import installed
from .clock import now
from .dom import Handlers, js_object
from .keep import Keep
from .opening import address_options
from .show import Show
from .words import fetch_words


class Controller:
    """Turns what is done to the game on the table into the session's actions, and
    hands each answer to the rooms that show it and keep it."""

    def __init__(self, session: Session, show: Show, keep: Keep, handlers: Handlers) -> None:
        self.session, self.show, self.keep = session, show, keep
        self.handlers = handlers  # the language's words downloaded: their answers guarded
        self.hushed = False  # a drop's first tap: one sound for a drop, its outcome's
        self.framed = bool(show.rooms.embed.embedded)  # where sound is an option of its own

    @property
    def lang(self) -> str:
        return self.session.lang

    def apply(self, feedback: Feedback, t: float, clear: bool = True, push: bool = True) -> None:
        """The session's answer, kept, then shown (``clear`` and ``push``:
        :meth:`.show.Show.apply`): a win's end window shows the statistics with it counted."""
        self.keep.take(feedback)
        self.show.apply(feedback, t, clear=clear, push=push, sound=not self.hushed)

    # ------------------------------------------------- what the player does
    def tap(self, slot: str, event: Any = None) -> None:
        """A card tapped (``event``: the click; None for a tap kept while the page
        started, played now).  While the player has paused, a tap ends the pause."""
        if self.session.paused:
            self.pause(False)
            return
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

    def now_do(self, act: Callable[[float], Feedback]) -> None:
        """Do what the session does at this moment, and show its answer."""
        t = now()
        self.apply(act(t), t)

    def leave(
        self,
        action: Action,
        go: Callable[[], None],
        *,
        code: str | None = None,
        day: date | None = None,
        no: Callable[[], None] | None = None,
    ) -> None:
        """An action that leaves the game on the table for another deal: done at once,
        or once confirmed (:func:`~halfmoon.session.leaving.leave_question`); ``no``: what a
        declined question comes back to."""
        self.show.ask(leave_question(self.session, action, code=code, day=day), go, no)

    def drop(self, source: str, target: str) -> None:
        """A card dragged onto another: played as two taps
        (:func:`~halfmoon.page.drag.drop_taps`)."""
        taps = drop_taps(self.session.game.selection, source, target)
        for n, slot in enumerate(taps, start=1):
            self.hushed = n < len(taps)  # one sound for a drop: its outcome's
            self.tap(slot)
        self.hushed = False

    def pause(self, on: bool | None = None) -> None:
        """The player's pause begun or ended (None: the other way round): the table is
        covered and the clock stops (:meth:`~halfmoon.session.session.Session.pause`)."""
        t = now()
        feedback = self.session.pause(t, on)
        self.show.paused()
        self.apply(feedback, t, clear=False)

    def covered(self, on: bool) -> None:
        """A window covers the table, or the last one closed: the clock stops meanwhile."""
        self.session.hold("window", now(), on)

    def ask_restart(self) -> None:
        """Restart the deal, once confirmed if that undoes moves (a slip costs nothing)."""
        self.show.ask(restart_question(self.session), self.restart)

    def restart(self) -> None:
        t = now()
        self.apply(self.session.restart(t), t)

    def code(self, typed: str) -> str | None:
        """A code typed in the dialog: play it (once confirmed, when that leaves a
        game under way), or say what is wrong with it."""
        try:
            canonical_code(typed)
        except CodeError as exc:
            return code_error_text(exc, self.lang)

        def play(t: float) -> Feedback:
            return self.session.new_game(t, typed)

        def back_to_window() -> None:
            self.show.code_window(typed)

        self.leave("code", lambda: self.now_do(play), code=typed, no=back_to_window)
        return None

    def link(self, fragment: str) -> None:
        """The address changed (a link, Back, Forward): the session decides, at once or
        once confirmed when it would leave a game under way
        (:func:`~halfmoon.session.leaving.link_question`); declined, the address shows the
        game on the table again.  A question open meanwhile is answered No: Back or
        Forward leave it, as a player means them to."""
        self.show.decline()

        def go() -> None:
            t = now()
            feedback = self.session.follow_link(fragment, t)
            if feedback.said or feedback.events:
                self.apply(feedback, t, push=False)
            self.show.address()

        self.show.ask(link_question(self.session, fragment), go, self.show.address)

    def option(self, name: str, value: str | bool) -> None:
        self.session.change_option(name, value, framed=self.framed)
        self.keep.store_prefs()
        self.options_changed()
        self.keep.save(now())  # the record of the table follows (help, language)

    def options_changed(self) -> None:
        """Show the options as they are now (changed here or in another tab); a language
        chosen whose words are not at hand is shown once they have been downloaded."""
        chosen = self.session.language_wanted()
        if chosen is not None and not installed(chosen):
            fetch_words(
                chosen,
                self.handlers.guard(lambda _: self.options_changed()),
                self.handlers.guard(lambda _: self.words_missing(chosen)),
            )
            return
        t = now()
        if chosen is not None:
            self.session.speak(chosen)
        self.show.options(t, spoken=chosen)
        self.keep.notice()

    def words_missing(self, code: str) -> None:
        """The words of the language just chosen could not be had: the options window
        says so under the language, which shows the page's again (the choice undone,
        and stored so: :meth:`~halfmoon.session.session.Session.words_missing`)."""
        if code != self.session.prefs.lang:
            return  # another choice was made meanwhile
        note = self.session.words_missing(code)
        self.keep.store_prefs()
        self.show.language_note(note)
        self.options_changed()

    def visibility(self, hidden: bool) -> None:
        """The clock stops while the page is hidden; hiding also saves."""
        t = now()
        self.session.hold("hidden", t, hidden)
        if hidden:
            self.keep.save(t)

    # -------------------------------------------------------- other tabs
    def other_tab(self, key: str, value: str) -> None:
        """Another tab changed a key (:mod:`.tabs`): show its newer play of this deal,
        its options; the windows show the rest (their statistics, their games)."""
        t = now()
        if key == game_key(self.session.play.code):
            stored = peek(value)
            if stored is not None and is_newer(stored, self.session.play):
                with contextlib.suppress(sj.Invalid):
                    self.adopt(read_play(value, self.session.play.code), t)
        elif key == KEYS["prefs"]:
            with contextlib.suppress(sj.Invalid):
                theirs = read_prefs(value)
                # a language chosen here stays when the other tab's options name none
                lang = theirs.lang or self.session.prefs.lang
                given = address_options(js.window)
                self.session.use_prefs(given.over(replace(theirs, lang=lang)))
                self.options_changed()

    def adopt(self, newer: Play, t: float) -> None:
        """Show another tab's newer play of this deal."""
        feedback = self.session.adopt(newer, t)
        self.apply(feedback, t, clear=False)

    def crash(self) -> None:
        """A handler failed: keep the game, and say so with a way out (reload)."""
        with contextlib.suppress(Exception):
            self.keep.save(now())
        self.show.crash()
